import { freeze } from 'immer';
import type { pageLoaded } from './events';
import { bucketOf, type CursorGroup, ROW_BUCKETS, type Row, rowKey, type WireGroup } from './model';
import type { CursorState } from './reducer';

/** Rows by key in ROW_BUCKETS buckets (an empty array before the first row); null: an empty bucket. */
export type RowBuckets = ReadonlyArray<Readonly<Record<string, Row>> | null>;

type PagePayload = ReturnType<typeof pageLoaded>['payload'];

/**
 * Adds rows to buckets, copying each touched bucket once. A row whose key is already present is
 * dropped (protocol §8.4, §23 item 9). Returns the keys added, in order.
 */
class BucketWriter {
  private readonly buckets: Array<Readonly<Record<string, Row>> | null>;
  private readonly copied = new Set<number>();

  constructor(from: RowBuckets) {
    this.buckets = from.length === ROW_BUCKETS ? from.slice() : new Array(ROW_BUCKETS).fill(null);
  }

  add(rows: readonly Row[], resource: string): string[] {
    const added: string[] = [];
    for (const row of rows) {
      const key = rowKey(row, resource);
      const index = bucketOf(key);
      const bucket = this.buckets[index];
      if (bucket?.[key] !== undefined) continue;
      let writable = bucket as Record<string, Row> | null;
      if (!this.copied.has(index)) {
        writable = { ...bucket };
        this.buckets[index] = writable;
        this.copied.add(index);
      }
      (writable as Record<string, Row>)[key] = freeze(row, true);
      added.push(key);
    }
    return added;
  }

  done(): RowBuckets {
    for (const index of this.copied) Object.freeze(this.buckets[index]);
    return Object.freeze(this.buckets);
  }
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
  const next: CursorState = {
    ...cursor,
    status: 'loaded',
    error: null,
    rows: writer.done(),
    ids: Object.freeze(
      first ? added : page.page === 'next' ? cursor.ids.concat(added) : cursor.ids,
    ) as string[],
    groups: freeze(groups, true),
    lastSignature: page.signature,
  };
  if (first) {
    next.total = page.total;
    next.aggregates = page.aggregates ? freeze(page.aggregates, true) : null;
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
  return buckets[bucketOf(key)]?.[key] ?? undefined;
}
