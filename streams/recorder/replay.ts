import type { AnyEvent } from '../core/event';
import type { Reducer } from '../core/store';
import type { EventLogFile } from './log-file';

/**
 * Replay of a recorded log with epics off (rule 4): a plain fold, which is all the store does in
 * replay mode, without publishing intermediate states.
 */
export function replayLog<S>(log: EventLogFile, reducer: Reducer<S>, initialState: S): S {
  return foldRange(baseState(log, initialState), log.events, 0, log.events.length, reducer);
}

/** The state right after the event `seq` (scrubbing). Events are in seq order (import checks it). */
export function foldUntil<S>(log: EventLogFile, seq: number, reducer: Reducer<S>, initialState: S): S {
  if (log.snapshot && seq < log.snapshot.seq) {
    throw new RangeError(`seq ${seq} is before the log's snapshot (seq ${log.snapshot.seq})`);
  }
  const end = log.events.findIndex((event) => event.meta.seq > seq);
  return foldRange(
    baseState(log, initialState),
    log.events,
    0,
    end === -1 ? log.events.length : end,
    reducer,
  );
}

export function baseState<S>(log: EventLogFile, initialState: S): S {
  return log.snapshot ? (log.snapshot.state as S) : initialState;
}

/** Folds `events[start..end)` onto `from`. */
export function foldRange<S>(
  from: S,
  events: readonly AnyEvent[],
  start: number,
  end: number,
  reducer: Reducer<S>,
): S {
  let state = from;
  for (let i = start; i < end; i += 1) {
    try {
      state = reducer(state, events[i]!);
    } catch {
      // as in the store: the state stays; the recorded `system/reducerFailed` follows in the log
    }
  }
  return state;
}

interface StateError {
  /** where in the state, e.g. `carts.byId.c1.error` */
  path: string;
  code: string;
  message: string;
}

export interface ReplaySummary {
  events: number;
  firstSeq: number | null;
  lastSeq: number | null;
  firstAt: number | null;
  lastAt: number | null;
  spanMs: number;
  /** events flagged `error: true` */
  failures: number;
  /** by the part of `type` before `/`, most frequent first */
  byDomain: Record<string, number>;
  bySource: Record<string, number>;
  /** every string value of a key named `status` in the state, with its count */
  statuses: Record<string, number>;
  /** objects of the state shaped like a serialized error, `{code, message}` */
  errors: StateError[];
}

export function summarizeState(state: unknown, events: readonly AnyEvent[]): ReplaySummary {
  const byDomain = new Map<string, number>();
  const bySource = new Map<string, number>();
  let failures = 0;
  for (const event of events) {
    const slash = event.type.indexOf('/');
    increment(byDomain, slash === -1 ? event.type : event.type.slice(0, slash));
    increment(bySource, event.meta.source);
    if (event.error) failures += 1;
  }
  const statuses = new Map<string, number>();
  const errors: StateError[] = [];
  walk(state, [], statuses, errors);
  const first = events[0]?.meta;
  const last = events[events.length - 1]?.meta;
  return {
    events: events.length,
    firstSeq: first?.seq ?? null,
    lastSeq: last?.seq ?? null,
    firstAt: first?.at ?? null,
    lastAt: last?.at ?? null,
    spanMs: first && last ? last.at - first.at : 0,
    failures,
    byDomain: byCountDescending(byDomain),
    bySource: byCountDescending(bySource),
    statuses: byCountDescending(statuses),
    errors,
  };
}

function walk(node: unknown, path: string[], statuses: Map<string, number>, errors: StateError[]): void {
  if (typeof node !== 'object' || node === null) return;
  if (Array.isArray(node)) {
    node.forEach((item, index) => {
      path.push(`[${index}]`);
      walk(item, path, statuses, errors);
      path.pop();
    });
    return;
  }
  const record = node as Record<string, unknown>;
  if (typeof record.code === 'string' && typeof record.message === 'string') {
    // an error's own fields (http status, body) are not state to count
    errors.push({ path: pathText(path), code: record.code, message: record.message });
    return;
  }
  for (const [key, value] of Object.entries(record)) {
    // string statuses only: numeric `status` fields are HTTP codes or CMS flags, not the spec's statuses
    if (key === 'status' && typeof value === 'string') increment(statuses, value);
    path.push(`.${key}`);
    walk(value, path, statuses, errors);
    path.pop();
  }
}

function pathText(path: string[]): string {
  return path.join('').replace(/^\./, '') || '(root)';
}

function increment(counts: Map<string, number>, key: string): void {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

function byCountDescending(counts: Map<string, number>): Record<string, number> {
  return Object.fromEntries([...counts].sort(([a, x], [b, y]) => y - x || a.localeCompare(b)));
}
