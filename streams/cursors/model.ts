import * as z from 'zod/mini';
import { gte } from '../core/bounds';
import type { SerializedError } from '../core/errors';
import { adaptFulltext, fulltextOfTokens } from '../core/query/operators';
import { hashOf } from '../core/signature';
import type { Status } from '../core/status';

/** The options of a list (seed 002 §3 Cursor; protocol §8.2), all optional at registration. */
export const cursorOptionsSchema = z.object({
  max: z.int().check(gte(0)),
  /** e.g. ['name asc', 'created desc']; fields unknown to the schema are dropped when sent */
  orderby: z.array(z.string()),
  fulltext: z.string(),
  fulltextMode: z.nullable(z.enum(['should', 'must'])),
  fulltextTokens: z.array(z.string()),
  props: z.array(z.string()),
  techprops: z.array(z.string()),
  group: z.nullable(z.string()),
  groupMax: z.nullable(z.int().check(gte(1))),
  limit: z.nullable(z.int()),
  maxchildren: z.nullable(z.int()),
  i18nQuery: z.nullable(z.boolean()),
  sortByRelevance: z.nullable(z.boolean()),
  suggest: z.nullable(z.string()),
  security: z.array(z.string()),
  withRights: z.boolean(),
  withAggregates: z.boolean(),
  aggregatesFields: z.array(z.string()),
  customParams: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  staticQuery: z.nullable(z.record(z.string(), z.unknown())),
  workflows: z.nullable(z.boolean()),
  /**
   * The schema's headers come back with the first page (`headers=true`) instead of a headers call
   * of their own (protocol §8.2, §11.2): a short-lived list whose schema nothing else needs.
   */
  inlineHeaders: z.boolean(),
});
export type CursorOptions = z.infer<typeof cursorOptionsSchema>;

/**
 * The options of a new cursor besides those it was registered with. `max` and `staticQuery` come
 * with `cursors/registered` (the configured defaults when not asked), never from config here.
 */
export function defaultOptions(): CursorOptions {
  return {
    max: 0,
    orderby: [],
    fulltext: '',
    fulltextMode: null,
    fulltextTokens: [],
    props: [],
    techprops: [],
    group: null,
    groupMax: null,
    limit: null,
    maxchildren: null,
    i18nQuery: null,
    sortByRelevance: null,
    suggest: null,
    security: [],
    withRights: false,
    withAggregates: false,
    aggregatesFields: [],
    customParams: {},
    staticQuery: null,
    workflows: null,
    inlineHeaders: false,
  };
}

/** A row as the server sends it: every row needs an `id` (protocol §8.1). */
export const rowSchema = z.looseObject({ id: z.union([z.number(), z.string()]) });
export type Row = z.infer<typeof rowSchema>;

/** One group of a grouped list (protocol §23 item 23), rows included. */
export const groupSchema = z.object({
  key: z.string(),
  label: z.string(),
  total: z.number(),
  data: z.array(rowSchema),
  nextToken: z.nullable(z.string()),
});
export type WireGroup = z.infer<typeof groupSchema>;

/**
 * What a request loads: the first page, the page after `nextResultsToken`, more groups after
 * `nextGroups`, or more rows of one group.
 */
export const pageKindSchema = z.enum(['first', 'next', 'nextGroups', 'group']);
export type PageKind = z.infer<typeof pageKindSchema>;

/**
 * Rows are kept by key in hash buckets, 128 groups of 128, so that appending a page copies a few
 * small arrays and buckets, never one map of every row: 100 000 rows fold in pages without
 * quadratic copying. Keys in list order are kept in chunks of ID_CHUNK for the same reason.
 */
export const ROW_GROUPS = 128;
export const ROW_GROUP_SIZE = 128;
export const ID_CHUNK = 1024;

/** protocol §8.4: rows are the same when their `$uuid` is; rows without one, on (resource, id). */
export function rowKey(row: Row, resource: string): string {
  const uuid = row.$uuid;
  if (typeof uuid === 'string' && uuid) return uuid;
  const own = typeof row.$resource === 'string' && row.$resource ? row.$resource : resource;
  return `${own}:${row.id}`;
}

export function bucketOf(key: string): number {
  return (hashOf(key) >>> 0) % (ROW_GROUPS * ROW_GROUP_SIZE);
}

export interface CursorGroup {
  key: string;
  label: string;
  total: number;
  /** row keys of the group, in order */
  ids: string[];
  nextToken: string | null;
}

/**
 * The search another list applied onto this one (seed 002 §5 applyTo): its fulltext as that list
 * sends it, searched beside this list's own; its user constraints are in this list's query under
 * `__applied_{key}`.
 */
interface AppliedSearch {
  from: string;
  fulltext: string;
}

/**
 * The fulltext sent: tokens as `(t1) (t2)` when there are tokens, adapted (protocol §1.6, §8.3);
 * an applied search's text joins the list's own, so that both are searched.
 */
export function sentFulltext(cursor: Pick<CursorState, 'options' | 'applied'>): string {
  const { fulltext, fulltextTokens } = cursor.options;
  const own = adaptFulltext(fulltextTokens.length > 0 ? fulltextOfTokens(fulltextTokens) : fulltext);
  // `?.`: a snapshot recorded before applyTo was built has no `applied`
  return [own, cursor.applied?.fulltext ?? ''].filter(Boolean).join(' ');
}

type Bucket = Readonly<Record<string, Row>> | null;
/** Rows by key: ROW_GROUPS groups of ROW_GROUP_SIZE buckets (an empty array before the first row). */
export type RowBuckets = ReadonlyArray<ReadonlyArray<Bucket> | null>;
/** Row keys in list order, in chunks of ID_CHUNK (every chunk full but the last). */
export type IdChunks = ReadonlyArray<ReadonlyArray<string>>;

export interface CursorState {
  name: string;
  path: string;
  status: Status;
  error: SerializedError | null;
  options: CursorOptions;
  excludedPaths: string[];
  /** the search another list applied onto this one, or null */
  applied: AppliedSearch | null;
  /** id of the registration event that created it */
  registration: string;
  /** row keys in list order, in chunks (see rows.ts); `size` of them */
  idChunks: IdChunks;
  size: number;
  /** rows by key, spread over hash buckets (see rows.ts) */
  rows: RowBuckets;
  total: number;
  count: number;
  hasMoreResults: boolean;
  nextResultsToken: string | null;
  lastFetchDataLength: number;
  /** inline aggregates of the first page, keyed by field */
  aggregates: Record<string, unknown> | null;
  groups: CursorGroup[];
  nextGroups: string | null;
  /** the `state` of the request in flight or last sent */
  signature: string | null;
  /** the `state` the last answer echoed */
  lastSignature: string | null;
  /** a fetch has started for the current user: option changes load it again (false again when the user changes) */
  fetched: boolean;
}

export interface CursorsState {
  byName: Record<string, CursorState>;
  /** the last refused registration or fetch, for the screen that asked */
  lastRefusal: { name: string; message: string; code?: string } | null;
}

/** seed 002 §5: a path built from a missing value (`undefined`, `dam/undefined/asset`) cannot be asked. */
export function hasUndefinedPath(path: string): boolean {
  return path === 'undefined' || path.includes('/undefined');
}
