import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { EMPTY } from 'rxjs';
import { config } from '../../streams/core/config';
import type { AnyEvent } from '../../streams/core/event';
import { createStore } from '../../streams/core/store';
import { createLogFile, serializeLog } from '../../streams/recorder/log-file';
import { createRecorder } from '../../streams/recorder/recorder';
import { replayLog } from '../../streams/recorder/replay';
import { initialRootState, type RootState } from '../../streams/root';
import { rootReducer } from '../helpers/all-domains';
import { testDeps } from '../helpers/test-deps';
import { mixedEvents } from './reducer-fold';

const APP = { version: 'bench', commit: 'bench' };
const SESSION = { startedAt: 0, locale: 'en', seed: null };

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}

/** `replayLog` over a log of `count` mixed events: the fold a replay or a scrub does. */
export function benchReplay(count = 100_000): { events: number; perSecond: number } {
  const log = createLogFile({ app: APP, session: SESSION, snapshot: null, events: mixedEvents(count) });
  replayLog(log, rootReducer, initialRootState);
  const rates = [0, 1, 2].map(() => {
    const started = performance.now();
    replayLog(log, rootReducer, initialRootState);
    return Math.round(count / ((performance.now() - started) / 1000));
  });
  return { events: count, perSecond: median(rates) };
}

/** A live store with a recorder and no epics, dispatching `events` again and again. */
function recordedSession(capacity: number, snapshotEvery: number) {
  const recorder = createRecorder<RootState>({ capacity, snapshotEvery, app: APP });
  const store = createStore({
    reducer: rootReducer,
    rootEpic: () => EMPTY,
    deps: testDeps(),
    initialState: initialRootState,
    recorder,
  });
  const dispatchAll = (events: readonly AnyEvent[]) => {
    for (const { type, payload, error, meta } of events) {
      store.dispatch({ type, payload, ...(error ? { error } : {}), meta: { source: meta.source } });
    }
  };
  return { recorder, dispatchAll };
}

/** Export of a full 50 000-event buffer: build the log and serialise it (what "Export" does). */
export function benchExport(count = 50_000): { events: number; ms: number; bytes: number } {
  const { recorder, dispatchAll } = recordedSession(count, config.recorderSnapshotEvery);
  dispatchAll(mixedEvents(count));
  let bytes = 0;
  const times = [0, 1, 2].map(() => {
    const started = performance.now();
    bytes = serializeLog(recorder.export()).length;
    return performance.now() - started;
  });
  return { events: count, ms: Math.round(median(times)), bytes };
}

/**
 * Heap retained by a long session with the app's recorder settings: measured after 100 000 and
 * after 400 000 events; a bounded recorder keeps the two about equal.
 */
export function benchRecorderMemory(): { afterMB: number[]; events: number[]; bufferedEvents: number } {
  setFlagsFromString('--expose_gc');
  const gc = runInNewContext('gc') as () => void;
  const { recorder, dispatchAll } = recordedSession(config.recorderCapacity, config.recorderSnapshotEvery);
  const batch = mixedEvents(50_000).slice(1);
  const checkpoints = [100_000, 400_000];
  const afterMB: number[] = [];
  gc();
  const base = process.memoryUsage().heapUsed;
  let dispatched = 0;
  for (const checkpoint of checkpoints) {
    while (dispatched < checkpoint) {
      dispatchAll(batch);
      dispatched += batch.length;
    }
    gc();
    afterMB.push(Math.round((process.memoryUsage().heapUsed - base) / 1024 / 102.4) / 10);
  }
  return { afterMB, events: checkpoints, bufferedEvents: recorder.size };
}
