import * as z from 'zod/mini';
import { gte } from '../core/bounds';
import { defineAnswer, defineEvent, defineFact, defineFailure, defineIntent } from '../core/event';

/**
 * Aggregates and facets (seed 001 §3, §4, §5, §9; seed 002 §9; protocol §9).
 *
 * Public API (events to dispatch)
 * - Cursor aggregates (counts per constraint value, `POST /rest/{path}/aggs`):
 *   `aggregates/constraintRegistered` {cursor, key, field, operator, showEmptyAggregate?} counts the
 *   values of a facet whose constraint is the cursor's query constraint `key` (same key);
 *   `aggregates/idsWanted` {cursor, key, ids} names the values a view shows: missing counts are asked
 *   200 ms after the last such event. Counts are asked again (reset) 100 ms after the cursor's first
 *   page loads. A key cannot change mode (`aggregates/constraintRefused`).
 * - Field aggregates (inline, `withAggregates=true&aggFields=`): `aggregates/fieldRegistered`
 *   {cursor, field}; the fields registered within 50 ms are set on the cursor at once, which loads
 *   again. Read them with selectFieldAggregate (values of one field).
 * - Sorted aggregates: `aggregates/sortedRegistered` {id, cursor, field, max, fields, mode,
 *   operator?, constraintKey?} (the caller gives the configured defaults: sortedAggregateDefaultMax,
 *   sortedAggregateDefaultFields, sortedAggregateDefaultMode), `aggregates/sortedFilterChanged`
 *   {id, filter}: asked 300 ms after the last change, limit = the largest max of that field + 2.
 *
 * Selectors (`streams/aggregates/selectors.ts`): selectConstraintCounts(cursor, key),
 * selectFieldAggregate(cursor, field) (also the counts of a tree field), selectSortedAggregate.
 */

const cursor = z.string();
const refusal = { cursor, message: z.string() };

export const constraintRegistered = defineIntent('aggregates/constraintRegistered', {
  cursor,
  key: z.string(),
  field: z.string(),
  operator: z.string(),
  showEmptyAggregate: z.optional(z.boolean()),
});
export const constraintRefused = defineEvent(
  'aggregates/constraintRefused',
  z.object({ cursor, key: z.string(), message: z.string() }),
  { source: 'system', redact: [], failure: true },
);
export const idsWanted = defineIntent('aggregates/idsWanted', {
  cursor,
  key: z.string(),
  ids: z.array(z.string()),
});

/** A count request leaves: reset (counts cleared, status fetching) or missing ids only (next). */
export const fetchStarted = defineFact('aggregates/fetchStarted', 'system', {
  cursor,
  reset: z.boolean(),
  signature: z.string(),
});
export const bucketSchema = z.object({
  count: z.number(),
  total: z.optional(z.number()),
  data: z.nullable(z.object({ id: z.union([z.number(), z.string(), z.boolean()]), name: z.string() })),
});
export type Bucket = z.infer<typeof bucketSchema>;

export const loaded = defineAnswer('aggregates/loaded', {
  cursor,
  signature: z.string(),
  total: z.number(),
  aggregates: z.record(z.string(), z.array(bucketSchema)),
});
/** A stale `state` echo or ids still missing: asked again (seed 001 §4). */
export const invalidated = defineAnswer('aggregates/invalidated', {
  cursor,
  sent: z.string(),
  received: z.nullable(z.string()),
});
export const fetchFailed = defineFailure('aggregates/fetchFailed', { cursor });
/** The user asks a list's counts again after they failed: asked afresh, like after a change. */
export const retryRequested = defineIntent('aggregates/retryRequested', { cursor });
/**
 * The list's rows changed on the server (a batch of writes finished): its counts, moved locally
 * with each row read after a write, are asked afresh so they are the server's.
 */
export const countsOutdated = defineFact('aggregates/countsOutdated', 'system', { cursor });
export const fetchRefused = defineEvent('aggregates/fetchRefused', z.object(refusal), {
  source: 'system',
  redact: [],
  failure: true,
});

export const fieldRegistered = defineIntent('aggregates/fieldRegistered', { cursor, field: z.string() });

export const sortedRegistered = defineIntent('aggregates/sortedRegistered', {
  id: z.string(),
  cursor,
  field: z.string(),
  max: z.int().check(gte(1)),
  fields: z.string(),
  mode: z.string(),
  operator: z.optional(z.string()),
  constraintKey: z.optional(z.string()),
});
export const sortedFilterChanged = defineIntent('aggregates/sortedFilterChanged', {
  id: z.string(),
  filter: z.string(),
});
export const sortedFetchStarted = defineFact('aggregates/sortedFetchStarted', 'system', {
  id: z.string(),
  signature: z.string(),
});
export const sortedLoaded = defineAnswer('aggregates/sortedLoaded', {
  id: z.string(),
  signature: z.string(),
  values: z.array(bucketSchema),
});
export const sortedFailed = defineFailure('aggregates/sortedFailed', { id: z.string() });
