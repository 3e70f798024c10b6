import { selectCursorAggregates, type WithCursors } from '../cursors/selectors';
import type { Bucket } from './events';
import type { AggregatesState, Count, SortedAggregate } from './state';

export type { Bucket } from './events';
export type { AggregatesState, Count, CursorAggregates, SortedAggregate } from './state';
export type WithAggregates = { aggregates: AggregatesState };

const NO_COUNTS: Readonly<Record<string, Count>> = Object.freeze({});

/** Counts of a facet by value id (`-1`: no value). */
export const selectConstraintCounts = (
  state: WithAggregates,
  cursor: string,
  key: string,
): Readonly<Record<string, Count>> =>
  state.aggregates.byCursor[cursor]?.constraints[key]?.counts ?? NO_COUNTS;

export const selectSortedAggregate = (state: WithAggregates, id: string): SortedAggregate | undefined =>
  state.aggregates.sorted[id];

/** Why a list's counts failed, while they stay failed (a new count request clears it). */
export const selectAggregatesFailure = (state: WithAggregates, cursor: string) => {
  const target = state.aggregates.byCursor[cursor];
  return target?.status === 'error' ? target.error : null;
};

const NO_BUCKETS: readonly Bucket[] = Object.freeze([]);

/**
 * The inline aggregate of one field of a list (protocol §9.1): `[{count, data: {id, name}}]`.
 * Meta-schemas nest one level deeper by resource; counts are summed across resources.
 */
export function selectFieldAggregate(state: WithCursors, cursor: string, field: string): readonly Bucket[] {
  const aggregates = selectCursorAggregates(state, cursor);
  if (!aggregates) return NO_BUCKETS;
  const direct = aggregates[field];
  if (Array.isArray(direct)) return direct as Bucket[];
  const summed = new Map<string, Bucket>();
  for (const perResource of Object.values(aggregates)) {
    const buckets = (perResource as Record<string, unknown> | null)?.[field];
    if (!Array.isArray(buckets)) continue;
    for (const bucket of buckets as Bucket[]) {
      const id = String(bucket.data?.id ?? -1);
      const known = summed.get(id);
      summed.set(id, known ? { ...known, count: known.count + bucket.count } : bucket);
    }
  }
  return summed.size > 0 ? [...summed.values()] : NO_BUCKETS;
}

/**
 * The constraint aggregates a list counts, by key, with the ids each asks counts for;
 * undefined until the list has any (what the search screen asks next depends on them).
 */
export const selectCountedConstraints = (
  state: WithAggregates,
  cursor: string,
): Readonly<AggregatesState['byCursor'][string]['constraints']> | undefined =>
  state.aggregates.byCursor[cursor]?.constraints;
