import * as z from 'zod';
import { serializedErrorSchema } from '../core/errors';
import { defineEvent } from '../core/event';

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
 * - Sorted aggregates: `aggregates/sortedRegistered` {id, cursor, field, max?, fields?, mode?,
 *   operator?, constraintKey?} (max 20, fields 'id,name', mode 'auto'), `aggregates/sortedFilterChanged`
 *   {id, filter}: asked 300 ms after the last change, limit = the largest max of that field + 2.
 * - Tree aggregates: selectTreeAggregates(cursor, field) gives counts by node id from the field
 *   aggregates of a tree field (register it with `aggregates/fieldRegistered`).
 *
 * Selectors (`streams/aggregates/selectors.ts`): selectCursorAggregates (status, total,
 * constraints), selectConstraintCounts(cursor, key), selectFieldAggregate, selectSortedAggregate,
 * selectTreeAggregates.
 */

export const constraintRegistered = defineEvent(
  'aggregates/constraintRegistered',
  z.object({
    cursor: z.string(),
    key: z.string(),
    field: z.string(),
    operator: z.string(),
    showEmptyAggregate: z.boolean().optional(),
  }),
  { source: 'ui', redact: [] },
);
export const constraintRefused = defineEvent(
  'aggregates/constraintRefused',
  z.object({ cursor: z.string(), key: z.string(), message: z.string() }),
  { source: 'system', redact: [], failure: true },
);
export const idsWanted = defineEvent(
  'aggregates/idsWanted',
  z.object({ cursor: z.string(), key: z.string(), ids: z.array(z.string()) }),
  { source: 'ui', redact: [] },
);

/** A count request leaves: reset (counts cleared, status fetching) or missing ids only (next). */
export const fetchStarted = defineEvent(
  'aggregates/fetchStarted',
  z.object({ cursor: z.string(), reset: z.boolean(), signature: z.string() }),
  { source: 'system', redact: [] },
);
export const bucketSchema = z.object({
  count: z.number(),
  total: z.number().optional(),
  data: z.object({ id: z.union([z.number(), z.string(), z.boolean()]), name: z.string() }).nullable(),
});
export type Bucket = z.infer<typeof bucketSchema>;

export const loaded = defineEvent(
  'aggregates/loaded',
  z.object({
    cursor: z.string(),
    signature: z.string(),
    total: z.number(),
    aggregates: z.record(z.string(), z.array(bucketSchema)),
  }),
  { source: 'server', redact: [] },
);
/** A stale `state` echo or ids still missing: asked again (seed 001 §4). */
export const invalidated = defineEvent(
  'aggregates/invalidated',
  z.object({ cursor: z.string(), sent: z.string(), received: z.string().nullable() }),
  { source: 'server', redact: [] },
);
export const fetchFailed = defineEvent(
  'aggregates/fetchFailed',
  z.object({ cursor: z.string(), error: serializedErrorSchema }),
  { source: 'server', redact: [], failure: true },
);
export const fetchRefused = defineEvent(
  'aggregates/fetchRefused',
  z.object({ cursor: z.string(), message: z.string() }),
  { source: 'system', redact: [], failure: true },
);

export const fieldRegistered = defineEvent(
  'aggregates/fieldRegistered',
  z.object({ cursor: z.string(), field: z.string() }),
  { source: 'ui', redact: [] },
);

export const sortedRegistered = defineEvent(
  'aggregates/sortedRegistered',
  z.object({
    id: z.string(),
    cursor: z.string(),
    field: z.string(),
    max: z.number().int().min(1).optional(),
    fields: z.string().optional(),
    mode: z.string().optional(),
    operator: z.string().optional(),
    constraintKey: z.string().optional(),
  }),
  { source: 'ui', redact: [] },
);
export const sortedFilterChanged = defineEvent(
  'aggregates/sortedFilterChanged',
  z.object({ id: z.string(), filter: z.string() }),
  { source: 'ui', redact: [] },
);
export const sortedFetchStarted = defineEvent(
  'aggregates/sortedFetchStarted',
  z.object({ id: z.string(), signature: z.string() }),
  { source: 'system', redact: [] },
);
export const sortedLoaded = defineEvent(
  'aggregates/sortedLoaded',
  z.object({ id: z.string(), signature: z.string(), values: z.array(bucketSchema) }),
  { source: 'server', redact: [] },
);
export const sortedFailed = defineEvent(
  'aggregates/sortedFailed',
  z.object({ id: z.string(), error: serializedErrorSchema }),
  { source: 'server', redact: [], failure: true },
);
