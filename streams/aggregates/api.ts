import * as z from 'zod/mini';
import type { HttpRequest } from '../core/http';
import { aggregateOperator, type WireQuery, wireConstraint } from '../core/query/operators';
import { wireId } from '../core/wire-id';
import { signatureOf } from '../core/signature';
import type { CursorScope } from '../cursors/selectors';
import { type QueryState, wireQueryOf } from '../queries/selectors';
import { type Bucket, bucketSchema } from './events';
import type { CursorAggregates, SortedAggregate } from './state';

const aggsAnswerSchema = z.looseObject({
  state: z.nullish(z.union([z.string(), z.number()])),
  response: z.looseObject({
    total: z.optional(z.number()),
    aggregates: z.nullish(z.record(z.string(), z.array(bucketSchema))),
  }),
});
export type AggsAnswer = z.infer<typeof aggsAnswerSchema>;

const STATIC_QUERY_KEY = '!! static_query !!';

/** The ids of a constraint's value: the values it is constrained to. */
function constrainedIds(query: QueryState | undefined, key: string): string[] {
  const resolved = query?.constraints[key]?.resolved;
  if (!resolved) return [];
  const values = Array.isArray(resolved.value) ? resolved.value : [resolved.value];
  return values.map((value) =>
    String(
      typeof value === 'object' && value !== null && 'id' in value ? (value as { id: unknown }).id : value,
    ),
  );
}

/** The ids a count request asks: every wanted one on a reset, else those without a count yet. */
export function missingIds(aggregates: CursorAggregates, key: string, reset: boolean): string[] {
  const constraint = aggregates.constraints[key];
  if (!constraint) return [];
  return reset ? constraint.wanted : constraint.wanted.filter((id) => constraint.counts[id] === undefined);
}

/**
 * The `/aggs` form field `query` of protocol §9.1: `{"$meta-query": {…}}` itself, not wrapped in
 * another `query` member (what the reference client sends). Every constraint of the list under
 * its key, with the aggregate asks of the registered keys (empty asks left out), plus the static
 * query.
 */
export function metaQuery(
  aggregates: CursorAggregates,
  query: QueryState | undefined,
  reset: boolean,
): WireQuery {
  const meta: Record<string, Record<string, unknown>> = {};
  for (const [key, entry] of Object.entries(query?.constraints ?? {})) {
    if (entry.resolved) {
      meta[key] = {
        constraint: wireConstraint(entry.constraint.field, entry.resolved.operator, entry.resolved.value),
      };
    }
  }
  for (const [key, constraint] of Object.entries(aggregates.constraints)) {
    const operator = aggregateOperator(constraint.operator);
    // a value the list is constrained to is counted without its own constraint, and only there
    const constrained = constrainedIds(query, key);
    const missing = missingIds(aggregates, key, reset).filter((id) => !constrained.includes(id));
    meta[key] = {
      ...meta[key],
      ...(missing.length > 0 && {
        aggregate: { field: constraint.field, operator, ids: missing.map(wireId) },
      }),
      ...(constrained.length > 0 && {
        unconstrainedAggregate: { field: constraint.field, operator, ids: constrained.map(wireId) },
      }),
    };
  }
  meta[STATIC_QUERY_KEY] = { constraint: query?.staticQuery ?? {} };
  return { '$meta-query': meta };
}

export function aggsSignature(list: CursorScope, body: WireQuery): string {
  return signatureOf([list.path, list.fulltext, body]);
}

/** `POST /rest/{path}/aggs` overridden to GET, form body (protocol §1.7, §9.1). */
export function aggsRequest(list: CursorScope, body: WireQuery, signature: string): HttpRequest<AggsAnswer> {
  return {
    method: 'GET',
    override: 'GET',
    path: `/rest/${list.path}/aggs`,
    body: { form: { fulltext: list.fulltext, query: body, state: signature } },
    schema: aggsAnswerSchema,
  };
}

/** protocol §9.2: the search limit of a field's sorted aggregates is their largest max + 2. */
export function sortedLimit(
  all: readonly SortedAggregate[],
  sorted: SortedAggregate,
  margin: number,
): number {
  const maxes = all
    .filter((other) => other.cursor === sorted.cursor && other.field === sorted.field)
    .map((other) => other.max);
  return Math.max(sorted.max, ...maxes) + margin;
}

export function sortedSignature(
  list: CursorScope,
  query: QueryState | undefined,
  sorted: SortedAggregate,
  limit: number,
): string {
  return signatureOf([list.path, list.fulltext, query ? wireQueryOf(query) : {}, sorted.field, limit]);
}

/** [conv] protocol §9.1: `POST /rest/{path}` overridden to GET with a form body, `max=0`. */
export function sortedRequest(
  list: CursorScope,
  query: QueryState | undefined,
  sorted: SortedAggregate,
  limit: number,
  signature: string,
): HttpRequest<AggsAnswer> {
  return {
    method: 'GET',
    override: 'GET',
    path: `/rest/${list.path}`,
    body: {
      form: {
        aggFields: sorted.field,
        fulltext: list.fulltext,
        limit,
        max: 0,
        query: query ? wireQueryOf(query) : (list.staticQuery ?? {}),
        state: signature,
        withAggregates: true,
      },
    },
    schema: aggsAnswerSchema,
  };
}

/** The client filters on `data.name`, case-insensitive substring, and keeps `max` values. */
export function filterSorted(buckets: readonly Bucket[], filter: string, max: number): Bucket[] {
  const wanted = filter.trim().toLowerCase();
  return buckets
    .filter((bucket) => !wanted || (bucket.data?.name ?? '').toLowerCase().includes(wanted))
    .slice(0, max);
}
