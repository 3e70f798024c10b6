import type { AnyEvent } from '../../streams/core/event';
import type { EventSink } from '../../streams/core/store';
import type { SessionInfo } from '../../streams/recorder/log-format';
import type { Recorder, RecorderOptions } from '../../streams/recorder/recorder';

/**
 * The session's recorder, whose code (ring buffer, redaction, log format) loads beside the first
 * screen rather than in the first download. What is dispatched before it arrives waits here, in
 * order, with the state after each event, and goes into it as soon as it is there.
 */
interface DeferredRecorder<S> extends EventSink<S> {
  /** resolves once the recorder holds every event so far */
  readonly ready: Promise<Recorder<S>>;
  setSession(session: Partial<SessionInfo>): void;
  /** the log as an `*.evlog.json` text, with the user's note if any; throws before `ready` */
  text(note?: string): string;
}

export function deferredRecorder<S>(options: RecorderOptions<S>): DeferredRecorder<S> {
  let recorder: Recorder<S> | undefined;
  let session: Partial<SessionInfo> = {};
  let format: typeof import('../../streams/recorder/log-format') | undefined;
  const waiting: Array<readonly [AnyEvent, S]> = [];
  const ready = Promise.all([
    import('../../streams/recorder/recorder'),
    import('../../streams/recorder/log-format'),
  ]).then(([{ createRecorder }, logFormat]) => {
    const created = createRecorder(options);
    created.setSession(session);
    for (const [event, state] of waiting.splice(0)) created.append(event, state);
    recorder = created;
    format = logFormat;
    return created;
  });
  return {
    ready,
    append(event, state) {
      if (recorder) recorder.append(event, state);
      else waiting.push([event, state]);
    },
    setSession(update) {
      session = { ...session, ...update };
      recorder?.setSession(update);
    },
    text(note = '') {
      if (!recorder || !format) throw new Error('The event recorder is still loading');
      return format.serializeLog(format.withNote(recorder.export(), note));
    },
  };
}
