import { config } from '../core/config';
import type { AnyEvent } from '../core/event';
import type { EventSink } from '../core/store';
import { type AppIdentity, createLogFile, type EventLogFile, type SessionInfo } from './log-format';
import { approximateBytes } from './approximate-bytes';
import { exportedEvent, recordedEvent, recordedState, redactState } from './redact';

export interface RecorderOptions<S = unknown> {
  /** events kept; older ones are overwritten */
  capacity: number;
  /**
   * about how many bytes of events and snapshots are kept (approximateBytes): past it, the oldest
   * events go, a snapshot interval at a time, so that a few huge answers cannot grow the recorder
   * without bound; unlimited when absent
   */
  maxBytes?: number;
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
  /** about how many bytes the buffered events and the snapshots take (shared data counted each time) */
  readonly bytes: number;
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
  bytes: number;
}

/**
 * A ring buffer of redacted events (fixed array + head: O(1) append, no shifting) with redacted
 * state snapshots, bounded in count (`capacity`) and in bytes (`maxBytes`). Redaction at dispatch
 * copies only what is not frozen: frozen data (the state, the server lists reducers froze) is kept
 * by reference and redacted on export (remembered by identity), so a 10 MB answer costs a
 * reference and a size estimate, not a copy, and a snapshot costs a reference to the state.
 */
export function createRecorder<S>(options: RecorderOptions<S>): Recorder<S> {
  const { capacity, snapshotEvery, app } = options;
  if (!Number.isInteger(capacity) || capacity < 1)
    throw new RangeError(`capacity must be >= 1, got ${capacity}`);
  if (!Number.isInteger(snapshotEvery) || snapshotEvery < 1 || snapshotEvery > capacity) {
    // a snapshot interval longer than the buffer would leave wrapped exports without a fold base
    throw new RangeError(`snapshotEvery must be within 1..capacity (${capacity}), got ${snapshotEvery}`);
  }
  const maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
  const buffer = new Array<AnyEvent | undefined>(capacity);
  const sizes = new Array<number>(capacity).fill(0);
  let bytes = 0;
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
    const kept = snapshots.filter((snapshot) => snapshot.ordinal >= appended - count);
    for (const snapshot of snapshots) if (!kept.includes(snapshot)) bytes -= snapshot.bytes;
    snapshots = kept;
  }

  /** Forgets the `n` oldest buffered events. */
  function dropOldest(n: number): void {
    let index = (head - count + capacity) % capacity;
    for (let i = 0; i < n; i += 1) {
      buffer[index] = undefined;
      bytes -= sizes[index]!;
      sizes[index] = 0;
      index = index + 1 === capacity ? 0 : index + 1;
    }
    count -= n;
  }

  /**
   * Over the byte budget: the oldest events go up to the next snapshot, which becomes the fold
   * base; with no later snapshot, the current state becomes one and every event goes.
   */
  function shed(): void {
    while (bytes > maxBytes && count > 0 && latest) {
      const oldest = appended - count;
      const next = snapshots.find((snapshot) => snapshot.ordinal > oldest);
      if (!next) takeSnapshot(latest.seq, latest.state);
      dropOldest((next?.ordinal ?? appended) - oldest);
      coversStart = false;
      pruneSnapshots();
    }
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
    const kept = recordedState(state);
    const size = approximateBytes(kept);
    bytes += size;
    snapshots.push({ ordinal: appended, seq, state: kept, bytes: size });
    pruneSnapshots();
  }

  return {
    append(event, state) {
      if (count === capacity) {
        coversStart = false;
        bytes -= sizes[head]!;
      } else count += 1;
      const recorded = recordedEvent(event);
      buffer[head] = recorded;
      sizes[head] = approximateBytes(recorded.payload) + 160;
      bytes += sizes[head]!;
      head = head + 1 === capacity ? 0 : head + 1;
      appended += 1;
      // a reference, not a copy: states are immutable, and clear() may need it as a base
      latest = { seq: event.meta.seq, state };
      sinceSnapshot += 1;
      if (sinceSnapshot === snapshotEvery) takeSnapshot(event.meta.seq, state);
      if (bytes > maxBytes) shed();
    },

    get size() {
      return count;
    },

    get snapshotCount() {
      return snapshots.length;
    },

    get bytes() {
      return bytes;
    },

    setSession(update) {
      session = { ...session, ...update };
    },

    export() {
      if (coversStart) {
        const { initialState } = options;
        const start = initialState === undefined ? null : { seq: 0, state: redactState(initialState) };
        return createLogFile({
          app,
          session,
          snapshot: start,
          events: newestEvents(count).map(exportedEvent),
        });
      }
      // the oldest base from which every later event is still buffered folds the most events
      const base = snapshots.find((snapshot) => snapshot.ordinal >= appended - count);
      if (!base) throw new Error('recorder invariant: a wrapped buffer always has a snapshot');
      const events = newestEvents(appended - base.ordinal).map(exportedEvent);
      const state = redactState(base.state);
      return createLogFile({ app, session, snapshot: { seq: base.seq, state }, events });
    },

    clear() {
      dropOldest(count);
      head = 0;
      if (!latest) return;
      coversStart = false;
      takeSnapshot(latest.seq, latest.state);
    },
  };
}
