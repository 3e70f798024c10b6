import { type Collection, type Row, valuesOf } from './collections';
import { type FulltextMode, fulltextMask, parseFulltext, relevance } from './fulltext';
import { and, type CollectionIndex, type Mask, sortValue } from './indexes';
import { evaluate, parseQueryText, SearchError } from './query';
import type { SearchRegistry } from './registry';

/** What a list call asks (protocol §8.2), for one path (one or several collections). */
export interface ListSpec {
  collections: Collection[];
  /** the `query` of a collection: `query_{resource}` for meta paths, else `query` */
  queryOf(collection: Collection): string | null;
  fulltext: string;
  fulltextMode: FulltextMode;
  orderby: string | null;
  sortByRelevance: boolean;
}

/** The matched rows in order: row `i` is `positions[i]` of the index `indexes[owners[i]]`. */
export interface Result {
  indexes: CollectionIndex[];
  /** per collection: every row the query and the fulltext match */
  masks: Mask[];
  owners: Uint8Array;
  positions: Int32Array;
}

export interface OrderKey {
  field: string;
  descending: boolean;
}

/** `name asc, created desc`, `-created`, `+name`, `name`: fields with directions, left to right. */
export function parseOrderby(orderby: string | null, collections: Collection[]): OrderKey[] {
  if (!orderby?.trim()) return [];
  return orderby
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [rawField = '', direction = 'asc'] = part.split(/\s+/);
      const descending = rawField.startsWith('-') || direction.toLowerCase() === 'desc';
      const field = rawField.replace(/^[-+]/, '');
      if (!/^(asc|desc)$/i.test(direction))
        throw new SearchError(400, `Invalid order direction "${direction}"`);
      if (!collections.some((collection) => collection.fields.has(field))) {
        throw new SearchError(
          400,
          `Unknown order field ${field} for ${collections.map((c) => c.resource).join(',')}`,
        );
      }
      return { field, descending };
    });
}

const orders = new WeakMap<CollectionIndex, Map<string, Int32Array>>();

/** Every row of an index in the given order (ties by id), computed once per order and index. */
function orderOf(index: CollectionIndex, keys: OrderKey[]): Int32Array | undefined {
  if (keys.length === 0) return undefined;
  const name = keys.map((key) => `${key.descending ? '-' : ''}${key.field}`).join(',');
  let byName = orders.get(index);
  if (!byName) {
    byName = new Map();
    orders.set(index, byName);
  }
  let order = byName.get(name);
  if (!order) {
    const ranks = keys.map((key) => {
      const field = index.field(key.field);
      return { rank: field ? index.rank(field) : undefined, sign: key.descending ? -1 : 1 };
    });
    order = Int32Array.from(index.rows.keys()).sort((a, b) => {
      for (const { rank, sign } of ranks) {
        if (rank && rank[a] !== rank[b]) return sign * ((rank[a] as number) - (rank[b] as number));
      }
      return a - b;
    });
    byName.set(name, order);
  }
  return order;
}

function orderedPositions(
  index: CollectionIndex,
  mask: Mask,
  keys: OrderKey[],
  scores?: Uint16Array,
): Int32Array {
  const order = orderOf(index, keys);
  const found: number[] = [];
  if (order) {
    for (const position of order) if (mask[position] === 1) found.push(position);
  } else {
    for (let position = 0; position < mask.length; position++) if (mask[position] === 1) found.push(position);
  }
  // stable: rows with the same relevance keep the asked order
  if (scores) found.sort((a, b) => (scores[b] as number) - (scores[a] as number));
  return Int32Array.from(found);
}

/** The sort key of a row for merging meta lists: the same forms `rank` sorts on. */
function mergeKey(index: CollectionIndex, row: Row, key: OrderKey): number | string | undefined {
  const field = index.field(key.field);
  const [first] = field ? valuesOf(row, field) : [];
  if (!field || first === undefined) return undefined;
  if (field.relation)
    return String(index.related(field.relation)?.byId(Number(first))?.name ?? first).toLowerCase();
  return sortValue(first, field);
}

function compareMerged(
  a: (number | string | undefined)[],
  b: (number | string | undefined)[],
  keys: OrderKey[],
): number {
  for (let i = 0; i < keys.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x === y) continue;
    const sign = (keys[i] as OrderKey).descending ? -1 : 1;
    if (x === undefined) return sign;
    if (y === undefined) return -sign;
    return sign * (x < y ? -1 : 1);
  }
  return 0;
}

const CACHE_SIZE = 24;
const results = new Map<string, Result>();

/** Runs a list query: every matching row, in order. Results are cached, so next pages cost a slice. */
export function search(registry: SearchRegistry, spec: ListSpec): Result {
  const indexes = spec.collections.map((collection) => registry.index(collection));
  const cacheKey = JSON.stringify([
    spec.collections.map((collection) => [collection.path, spec.queryOf(collection)]),
    spec.fulltext,
    spec.fulltextMode,
    spec.orderby,
    spec.sortByRelevance,
  ]);
  const cached = results.get(cacheKey);
  if (cached?.indexes.every((index, at) => index === indexes[at])) {
    results.delete(cacheKey);
    results.set(cacheKey, cached);
    return cached;
  }
  const keys = parseOrderby(spec.orderby, spec.collections);
  const terms = parseFulltext(spec.fulltext);
  const masks = indexes.map((index) =>
    and(
      evaluate(parseQueryText(spec.queryOf(index.collection)), index),
      fulltextMask(index, terms, spec.fulltextMode),
    ),
  );
  const lists = indexes.map((index, at) =>
    orderedPositions(
      index,
      masks[at] as Mask,
      keys,
      spec.sortByRelevance && terms.length > 0 ? relevance(index, terms) : undefined,
    ),
  );
  const result =
    lists.length === 1 ? single(indexes, masks, lists[0] as Int32Array) : merge(indexes, masks, lists, keys);
  results.set(cacheKey, result);
  if (results.size > CACHE_SIZE) results.delete(results.keys().next().value as string);
  return result;
}

function single(indexes: CollectionIndex[], masks: Mask[], positions: Int32Array): Result {
  return { indexes, masks, owners: new Uint8Array(positions.length), positions };
}

/** Meta paths: the ordered lists of each collection merged on the order keys (ties: path order, then id). */
function merge(indexes: CollectionIndex[], masks: Mask[], lists: Int32Array[], keys: OrderKey[]): Result {
  const total = lists.reduce((sum, list) => sum + list.length, 0);
  const owners = new Uint8Array(total);
  const positions = new Int32Array(total);
  const cursors = lists.map(() => 0);
  const head = (owner: number) => {
    const index = indexes[owner] as CollectionIndex;
    const row = index.rows[(lists[owner] as Int32Array)[cursors[owner] as number] as number] as Row;
    return keys.length === 0 ? [row.id] : keys.map((key) => mergeKey(index, row, key));
  };
  for (let out = 0; out < total; out++) {
    let best = -1;
    let bestKey: (number | string | undefined)[] = [];
    for (let owner = 0; owner < lists.length; owner++) {
      if ((cursors[owner] as number) >= (lists[owner] as Int32Array).length) continue;
      const key = head(owner);
      if (
        best < 0 ||
        compareMerged(key, bestKey, keys.length === 0 ? [{ field: 'id', descending: false }] : keys) < 0
      ) {
        best = owner;
        bestKey = key;
      }
    }
    owners[out] = best;
    positions[out] = (lists[best] as Int32Array)[cursors[best] as number] as number;
    cursors[best] = (cursors[best] as number) + 1;
  }
  return { indexes, masks, owners, positions };
}

/** The row at an offset of a result, with the collection it belongs to. */
export function hitAt(result: Result, offset: number): { index: CollectionIndex; row: Row } {
  const index = result.indexes[result.owners[offset] as number] as CollectionIndex;
  return { index, row: index.rows[result.positions[offset] as number] as Row };
}

interface PageToken {
  /** offset of the next row */
  o: number;
  /** resource and id of the row before it: the page goes on after that row even if rows moved */
  r?: string;
  i?: number;
}

export function encodeToken(token: object): string {
  return Buffer.from(JSON.stringify(token)).toString('base64url');
}

export function decodeToken<T>(text: string): T {
  try {
    return JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as T;
  } catch {
    throw new SearchError(400, `Invalid next results token ${text}`);
  }
}

/** Where a page starts: at the token's offset, or just after the row the token names when rows moved. */
export function startOf(result: Result, after: string | null): number {
  if (!after) return 0;
  const token = decodeToken<PageToken>(after);
  if (!Number.isInteger(token.o) || token.o < 0)
    throw new SearchError(400, `Invalid next results token ${after}`);
  if (token.i === undefined || token.o === 0) return token.o;
  const previous = token.o <= result.positions.length ? hitAt(result, token.o - 1) : undefined;
  if (previous?.row.id === token.i && previous.index.collection.resource === token.r) return token.o;
  for (let offset = 0; offset < result.positions.length; offset++) {
    const hit = hitAt(result, offset);
    if (hit.row.id === token.i && hit.index.collection.resource === token.r) return offset + 1;
  }
  return token.o;
}

/** The token of the page after the rows `[start, end)`, or undefined when they are the last. */
export function nextToken(result: Result, end: number): string | undefined {
  if (end >= result.positions.length) return undefined;
  const last = hitAt(result, end - 1);
  return encodeToken({ o: end, r: last.index.collection.resource, i: last.row.id } satisfies PageToken);
}
