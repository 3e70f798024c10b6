import { type Field, valuesOf } from './collections';
import { and, type CollectionIndex, countOf, EMPTY_KEY, type Mask, valueKey } from './indexes';
import { evaluate, OPERATORS, parseQuery, SearchError } from './query';

/** A count of rows per value (protocol §9.1): `data` is `{id, name}`, or null for rows without a value (id −1). */
export interface Bucket {
  count: number;
  /** `/aggs` only: the count without the constraint's own key (what unchecking it would give) */
  total?: number;
  data: { id: number | string | boolean; name: string } | null;
}

/** The id aggregates use for "no value". */
export const NO_VALUE_ID = -1;

/** The fields a list counts when `aggFields` is not given: those the schema offers as facets. */
export function defaultAggregateFields(index: CollectionIndex): string[] {
  return Object.entries(index.collection.schema.headers)
    .filter(([, header]) => header.aggregatable)
    .map(([name]) => name);
}

function fieldOf(index: CollectionIndex, name: string): Field {
  const field = index.field(name);
  if (!field)
    throw new SearchError(400, `Unknown aggregate field ${name} for resource ${index.collection.resource}`);
  return field;
}

/** What a bucket shows for a value key: the related row's id and name, or the value itself. */
function bucketData(index: CollectionIndex, field: Field, key: string, posting?: Int32Array): Bucket['data'] {
  if (key === EMPTY_KEY) return null;
  if (field.relation) {
    const row = index.related(field.relation)?.byId(key);
    return { id: Number(key), name: String(row?.name ?? key) };
  }
  const first = posting?.[0];
  const original =
    first === undefined
      ? key
      : valuesOf(index.rows[first] as never, field).find((value) => valueKey(value, field) === key);
  const value = original ?? key;
  return { id: value, name: String(value) };
}

function byCountThenName(a: Bucket, b: Bucket): number {
  return b.count - a.count || String(a.data?.name ?? '').localeCompare(String(b.data?.name ?? ''));
}

/**
 * Inline aggregates of a list (`withAggregates=true`): per field, the count of matched rows for
 * each value, the largest first, at most `limit` values. Values no matched row has are left out.
 */
export function fieldAggregates(
  index: CollectionIndex,
  mask: Mask,
  fields: readonly string[],
  limit?: number,
): Record<string, Bucket[]> {
  const out: Record<string, Bucket[]> = {};
  for (const name of fields) {
    const field = fieldOf(index, name);
    const buckets: Bucket[] = [];
    for (const [key, posting] of index.facet(field)) {
      let count = 0;
      for (let at = 0; at < posting.length; at++) count += mask[posting[at] as number] as number;
      if (count > 0) buckets.push({ count, data: bucketData(index, field, key, posting) });
    }
    buckets.sort(byCountThenName);
    out[name] = limit === undefined ? buckets : buckets.slice(0, limit);
  }
  return out;
}

interface AggregateAsk {
  field: string;
  operator?: string;
  ids?: unknown[];
}

interface MetaEntry {
  constraint?: unknown;
  aggregate?: AggregateAsk;
  unconstrainedAggregate?: AggregateAsk;
}

/**
 * The `$meta-query` of an `/aggs` form field `query`, which must be `{"$meta-query": {…}}` itself
 * (protocol §9.1, what the reference client sends): a body wrapped in `{"query": …}`, or a plain
 * query, is refused like a real server would not understand it.
 */
export function metaQueryOf(query: unknown): Record<string, MetaEntry> {
  const meta =
    typeof query === 'object' && query !== null
      ? (query as Record<string, unknown>)['$meta-query']
      : undefined;
  if (typeof meta !== 'object' || meta === null || Array.isArray(meta))
    throw new SearchError(
      400,
      `The /aggs query must be {"$meta-query": {…}}, not ${JSON.stringify(query).slice(0, 200)}`,
    );
  return meta as Record<string, MetaEntry>;
}

function bucketMask(index: CollectionIndex, ask: AggregateAsk, id: unknown): Mask {
  const [operator] = OPERATORS[ask.operator ?? 'in'] ?? ['in'];
  if (Number(id) === NO_VALUE_ID) return evaluate(parseQuery({ [ask.field]: { empty: true } }), index);
  return evaluate(parseQuery({ [ask.field]: { [operator === 'ct' ? 'in' : operator]: [id] } }), index);
}

function countIn(mask: Mask, posting: Int32Array | undefined): number {
  let count = 0;
  if (posting) for (let at = 0; at < posting.length; at++) count += mask[posting[at] as number] as number;
  return count;
}

function countsOf(full: Mask, without: Mask, bucket: Mask): { count: number; total: number } {
  return { count: countOf(and(full, bucket)), total: countOf(and(without, bucket)) };
}

/**
 * Constraint counts (protocol §9.1, `/aggs`): for each key of the meta-query, a bucket for every id
 * its `aggregate` and `unconstrainedAggregate` ask for, zeros included, so the client never misses
 * an id. `count` is over the whole query (every constraint and the fulltext), `total` over the
 * query without the key's own constraint. `response.total` counts the whole query.
 */
export function constraintAggregates(
  index: CollectionIndex,
  base: Mask,
  meta: Record<string, MetaEntry> | undefined,
): { total: number; aggregates: Record<string, Bucket[]> } {
  const entries = Object.entries(meta ?? {});
  const masks = entries.map(([, entry]) => evaluate(parseQuery(entry.constraint ?? {}), index));
  const full = masks.reduce(and, base);
  const aggregates: Record<string, Bucket[]> = {};
  entries.forEach(([key, entry], at) => {
    const asks = [entry.aggregate, entry.unconstrainedAggregate].filter(
      (ask): ask is AggregateAsk => typeof ask?.field === 'string',
    );
    if (asks.length === 0) return;
    const without = masks.filter((_, other) => other !== at).reduce(and, base);
    const seen = new Set<string>();
    const buckets: Bucket[] = [];
    for (const ask of asks) {
      const field = fieldOf(index, ask.field);
      for (const id of ask.ids ?? []) {
        const idKey = Number(id) === NO_VALUE_ID ? EMPTY_KEY : valueKey(id, field);
        if (seen.has(idKey)) continue;
        seen.add(idKey);
        const posting = index.facet(field).get(idKey);
        // one value's rows are one posting, unless the value is a tree node (its whole sub-tree)
        const single = ask.operator !== 'dof' && ask.operator !== 'descendantof';
        const counts = single
          ? { count: countIn(full, posting), total: countIn(without, posting) }
          : countsOf(full, without, bucketMask(index, ask, id));
        buckets.push({ ...counts, data: bucketData(index, field, idKey, posting) });
      }
    }
    aggregates[key] = buckets;
  });
  return { total: countOf(full), aggregates };
}
