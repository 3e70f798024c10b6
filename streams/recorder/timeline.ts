import type { AnyEvent } from '../core/event';
import type { Reducer } from '../core/store';
import type { EventLogFile } from './log-file';
import { baseState, foldRange } from './replay';

/** Events folded between two cached states: a jump folds at most this many events. */
const CHECKPOINT_EVERY = 256;

export interface Timeline<S> {
  readonly events: readonly AnyEvent[];
  /** seq of the fold base: the snapshot's, or 0 for the initial state */
  readonly baseSeq: number;
  /** the state after the first `count` events of the log (0 = the base) */
  stateAfter(count: number): S;
  /** how many of the log's events have a seq <= `seq` */
  countUntil(seq: number): number;
}

/**
 * Scrubbing over a recorded log: states are cached every CHECKPOINT_EVERY events as the fold
 * first reaches them, so any jump folds from the nearest cached state at or before it.
 */
export function createTimeline<S>(log: EventLogFile, reducer: Reducer<S>, initialState: S): Timeline<S> {
  const { events } = log;
  const checkpoints: S[] = [baseState(log, initialState)];

  function stateAfter(count: number): S {
    const end = Math.max(0, Math.min(count, events.length));
    const wanted = Math.floor(end / CHECKPOINT_EVERY);
    while (checkpoints.length <= wanted) {
      const from = (checkpoints.length - 1) * CHECKPOINT_EVERY;
      checkpoints.push(
        foldRange(checkpoints[checkpoints.length - 1]!, events, from, from + CHECKPOINT_EVERY, reducer),
      );
    }
    const start = wanted * CHECKPOINT_EVERY;
    return foldRange(checkpoints[wanted]!, events, start, end, reducer);
  }

  function countUntil(seq: number): number {
    // binary search: events are in seq order (import checks it)
    let low = 0;
    let high = events.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (events[middle]!.meta.seq <= seq) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  return { events, baseSeq: log.snapshot?.seq ?? 0, stateAfter, countUntil };
}
