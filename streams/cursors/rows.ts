import { deepFreeze } from '../core/deep-freeze';
import type { FieldValue, pageLoaded, rowRefreshed } from './events';
import {
  bucketOf,
  type CursorGroup,
  type CursorState,
  ID_CHUNK,
  type IdChunks,
  ROW_GROUP_SIZE,
  ROW_GROUPS,
  type Row,
  type RowBuckets,
  rowKey,
  type WireGroup,
} from './model';

type Bucket = Readonly<Record<string, Row>> | null;

type PagePayload = ReturnType<typeof pageLoaded>['payload'];

/**
 * Adds rows to the buckets, copying each touched group and bucket once; a row whose key is already
 * present is dropped (protocol §8.4, §23 item 9). Everything new is frozen, so immer never walks
 * into the (possibly huge) list later.
 */
class BucketWriter {
  private readonly groups: Array<ReadonlyArray<Bucket> | null>;
  private readonly copiedGroups = new Map<number, Bucket[]>();
  private readonly copiedBuckets = new Map<number, Record<string, Row>>();

  constructor(from: RowBuckets) {
    this.groups = from.length === ROW_GROUPS ? from.slice() : new Array(ROW_GROUPS).fill(null);
  }

  private has(bucket: number, key: string): boolean {
    const group = this.groups[Math.floor(bucket / ROW_GROUP_SIZE)];
    return group?.[bucket % ROW_GROUP_SIZE]?.[key] !== undefined;
  }

  private writable(bucket: number): Record<string, Row> {
    const known = this.copiedBuckets.get(bucket);
    if (known) return known;
    const groupIndex = Math.floor(bucket / ROW_GROUP_SIZE);
    let group = this.copiedGroups.get(groupIndex);
    if (!group) {
      group = this.groups[groupIndex]?.slice() ?? new Array(ROW_GROUP_SIZE).fill(null);
      this.copiedGroups.set(groupIndex, group);
      this.groups[groupIndex] = group;
    }
    const copy = { ...group[bucket % ROW_GROUP_SIZE] };
    group[bucket % ROW_GROUP_SIZE] = copy;
    this.copiedBuckets.set(bucket, copy);
    return copy;
  }

  add(rows: readonly Row[], resource: string): string[] {
    const added: string[] = [];
    for (const row of rows) {
      const key = rowKey(row, resource);
      const bucket = bucketOf(key);
      if (this.has(bucket, key)) continue;
      this.writable(bucket)[key] = deepFreeze(row);
      added.push(key);
    }
    return added;
  }

  done(): RowBuckets {
    for (const bucket of this.copiedBuckets.values()) Object.freeze(bucket);
    for (const group of this.copiedGroups.values()) Object.freeze(group);
    return Object.freeze(this.groups);
  }
}

/** Appends keys: the last chunk is copied and filled, new chunks follow. */
function appendIds(chunks: IdChunks, added: readonly string[]): IdChunks {
  if (added.length === 0) return chunks;
  const out = chunks.slice();
  const last = out.length > 0 ? (out[out.length - 1] as readonly string[]) : null;
  let start = 0;
  if (last && last.length < ID_CHUNK) {
    const take = added.slice(0, ID_CHUNK - last.length);
    out[out.length - 1] = Object.freeze(last.concat(take));
    start = take.length;
  }
  for (; start < added.length; start += ID_CHUNK)
    out.push(Object.freeze(added.slice(start, start + ID_CHUNK)));
  return Object.freeze(out);
}

function groupOf(writer: BucketWriter, group: WireGroup, resource: string): CursorGroup {
  return {
    key: group.key,
    label: group.label,
    total: group.total,
    ids: writer.add(group.data, resource),
    nextToken: group.nextToken,
  };
}

/**
 * A page folded into a cursor (protocol §8.4): the first page replaces rows, total, aggregates and
 * `lastFetchDataLength`; `after` pages append; grouped pages add groups or rows of one group.
 */
export function foldPage(cursor: CursorState, page: PagePayload): CursorState {
  const first = page.page === 'first';
  const writer = new BucketWriter(first ? [] : cursor.rows);
  const added = writer.add(page.rows, page.resource);
  let groups = cursor.groups;
  if (page.groups) {
    const loaded = page.groups.map((group) => groupOf(writer, group, page.resource));
    groups = first ? loaded : [...cursor.groups, ...loaded];
  } else if (first) groups = [];
  if (page.page === 'group') {
    groups = cursor.groups.map((group) =>
      group.key === page.groupKey
        ? { ...group, ids: [...group.ids, ...added], nextToken: page.nextResultsToken }
        : group,
    );
  }
  const listPage = page.page === 'first' || page.page === 'next';
  const idChunks = first
    ? appendIds([], added)
    : page.page === 'next'
      ? appendIds(cursor.idChunks, added)
      : cursor.idChunks;
  const next: CursorState = {
    ...cursor,
    status: 'loaded',
    error: null,
    rows: writer.done(),
    idChunks,
    size: idChunks.reduce((sum, chunk) => sum + chunk.length, 0),
    groups: deepFreeze(groups),
    lastSignature: page.signature,
  };
  if (first) {
    next.total = page.total;
    next.aggregates = page.aggregates ? deepFreeze(page.aggregates) : null;
    next.lastFetchDataLength = page.count;
  }
  if (listPage) {
    next.count = first ? page.count : cursor.count + page.count;
    next.nextResultsToken = page.nextResultsToken;
    next.hasMoreResults = page.nextResultsToken !== null;
  }
  if (page.nextGroups !== undefined) next.nextGroups = page.nextGroups;
  return Object.freeze(next);
}

export function rowIn(buckets: RowBuckets, key: string): Row | undefined {
  if (buckets.length === 0) return undefined;
  const bucket = bucketOf(key);
  return buckets[Math.floor(bucket / ROW_GROUP_SIZE)]?.[bucket % ROW_GROUP_SIZE]?.[key] ?? undefined;
}

/** The key at a position of the list. */
export function keyAt(chunks: IdChunks, index: number): string | undefined {
  return chunks[Math.floor(index / ID_CHUNK)]?.[index % ID_CHUNK];
}

type RefreshPayload = ReturnType<typeof rowRefreshed>['payload'];
interface InlineBucket {
  count: number;
  data: { id: unknown; name?: unknown } | null;
}

/** An inline aggregate of one field with a row's lost values counted once less, its gained once more. */
function shiftBuckets(buckets: readonly InlineBucket[], change: RefreshPayload['changes'][string]) {
  const idOf = (bucket: InlineBucket) => String(bucket.data?.id ?? -1);
  const step = (values: FieldValue[], by: number, into: InlineBucket[]) => {
    for (const value of values) {
      const at = into.findIndex((bucket) => idOf(bucket) === String(value.id));
      if (at >= 0) {
        const bucket = into[at] as InlineBucket;
        into[at] = { ...bucket, count: Math.max(0, bucket.count + by) };
      } else if (by > 0) {
        into.push({ count: by, data: value.id === -1 ? null : { id: value.id, name: value.name } });
      }
    }
  };
  const shifted = buckets.slice();
  step(change.removed, -1, shifted);
  step(change.added, 1, shifted);
  return shifted.filter((bucket) => bucket.count > 0);
}

/**
 * A row read again replaces the one the list holds (the other rows shared as they are), and the
 * list's inline aggregates of the changed fields move its count from the lost values to the gained.
 */
export function refreshRow(cursor: CursorState, refresh: RefreshPayload): CursorState {
  const bucket = bucketOf(refresh.key);
  const groupIndex = Math.floor(bucket / ROW_GROUP_SIZE);
  const group = cursor.rows[groupIndex];
  if (!group?.[bucket % ROW_GROUP_SIZE]?.[refresh.key]) return cursor;
  const rows = cursor.rows.slice();
  const copied = group.slice();
  copied[bucket % ROW_GROUP_SIZE] = Object.freeze({
    ...copied[bucket % ROW_GROUP_SIZE],
    [refresh.key]: deepFreeze(refresh.row),
  });
  rows[groupIndex] = Object.freeze(copied);
  let aggregates = cursor.aggregates;
  if (aggregates) {
    const shifted = { ...aggregates };
    for (const [field, change] of Object.entries(refresh.changes)) {
      const buckets = shifted[field];
      if (Array.isArray(buckets)) shifted[field] = shiftBuckets(buckets as InlineBucket[], change);
    }
    aggregates = deepFreeze(shifted);
  }
  return Object.freeze({ ...cursor, rows: Object.freeze(rows), aggregates });
}
