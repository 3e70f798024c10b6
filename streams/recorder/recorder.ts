import { config } from '../core/config';
import type { AnyEvent } from '../core/event';
import type { EventSink } from '../core/store';
import { type AppIdentity, createLogFile, type EventLogFile, type SessionInfo } from './log-format';
import { redactEvent, redactState } from './redact';

export interface RecorderOptions<S = unknown> {
  /** events kept; older ones are overwritten */
  capacity: number;
  /** a redacted state snapshot every this many events, so that an export always has a fold base */
  snapshotEvery: number;
  /** written into every export */
  app: AppIdentity;
  /** the default `session.startedAt` */
  now?: () => number;
  /**
   * The store's initial state when it differs from the root's (the live portal starts with its
   * lazy domains deferred): an export covering the start then folds from it, as a snapshot at seq 0.
   */
  initialState?: S;
}

export interface Recorder<S> extends EventSink<S> {
  /** events currently buffered */
  readonly size: number;
  /** state snapshots currently kept (bounded by capacity / snapshotEvery + 1) */
  readonly snapshotCount: number;
  setSession(session: Partial<SessionInfo>): void;
  /** the buffered events with the snapshot they fold from; the events are shared, treat them as read-only */
  export(): EventLogFile;
  /** forgets the events; the current state becomes the fold base of the next export */
  clear(): void;
}

interface Snapshot<S> {
  /** how many events had been appended when it was taken: seq may have gaps, this cannot */
  ordinal: number;
  seq: number;
  state: S;
}

/**
 * A ring buffer of redacted events (fixed array + head: O(1) append, no shifting) with redacted
 * state snapshots. Redaction of a small payload is cheap, a state copy is not: the state is only
 * copied every `snapshotEvery` events.
 */
export function createRecorder<S>(options: RecorderOptions<S>): Recorder<S> {
  const { capacity, snapshotEvery, app } = options;
  if (!Number.isInteger(capacity) || capacity < 1)
    throw new RangeError(`capacity must be >= 1, got ${capacity}`);
  if (!Number.isInteger(snapshotEvery) || snapshotEvery < 1 || snapshotEvery > capacity) {
    // a snapshot interval longer than the buffer would leave wrapped exports without a fold base
    throw new RangeError(`snapshotEvery must be within 1..capacity (${capacity}), got ${snapshotEvery}`);
  }
  const buffer = new Array<AnyEvent | undefined>(capacity);
  let head = 0;
  let count = 0;
  let appended = 0;
  let sinceSnapshot = 0;
  /** true while the buffer holds every event since the store's initial state */
  let coversStart = true;
  let snapshots: Snapshot<S>[] = [];
  let latest: { seq: number; state: S } | undefined;
  let session: SessionInfo = {
    startedAt: (options.now ?? Date.now)(),
    locale: config.defaultLocale,
    seed: null,
  };

  /** Drops the snapshots some of whose later events were overwritten: they can no longer be a base. */
  function pruneSnapshots(): void {
    snapshots = snapshots.filter((snapshot) => snapshot.ordinal >= appended - count);
  }

  function newestEvents(n: number): AnyEvent[] {
    const events = new Array<AnyEvent>(n);
    let index = (head - n + capacity) % capacity;
    for (let i = 0; i < n; i += 1) {
      events[i] = buffer[index]!;
      index = index + 1 === capacity ? 0 : index + 1;
    }
    return events;
  }

  function takeSnapshot(seq: number, state: S): void {
    sinceSnapshot = 0;
    snapshots.push({ ordinal: appended, seq, state: redactState(state) });
    pruneSnapshots();
  }

  return {
    append(event, state) {
      if (count === capacity) coversStart = false;
      else count += 1;
      buffer[head] = redactEvent(event);
      head = head + 1 === capacity ? 0 : head + 1;
      appended += 1;
      // a reference, not a copy: states are immutable, and clear() may need it as a base
      latest = { seq: event.meta.seq, state };
      sinceSnapshot += 1;
      if (sinceSnapshot === snapshotEvery) takeSnapshot(event.meta.seq, state);
    },

    get size() {
      return count;
    },

    get snapshotCount() {
      return snapshots.length;
    },

    setSession(update) {
      session = { ...session, ...update };
    },

    export() {
      if (coversStart) {
        const { initialState } = options;
        const start = initialState === undefined ? null : { seq: 0, state: redactState(initialState) };
        return createLogFile({ app, session, snapshot: start, events: newestEvents(count) });
      }
      // the oldest base from which every later event is still buffered folds the most events
      const base = snapshots.find((snapshot) => snapshot.ordinal >= appended - count);
      if (!base) throw new Error('recorder invariant: a wrapped buffer always has a snapshot');
      const events = newestEvents(appended - base.ordinal);
      return createLogFile({ app, session, snapshot: { seq: base.seq, state: base.state }, events });
    },

    clear() {
      buffer.fill(undefined);
      head = 0;
      count = 0;
      if (!latest) return;
      coversStart = false;
      takeSnapshot(latest.seq, latest.state);
    },
  };
}
