import type { SerializedError } from '../core/errors';
import type { Status } from '../core/status';
import { type CursorState, type CursorsState, type Row, sentFulltext } from './model';
import { keyAt, rowIn } from './rows';

export type { CursorOptions, CursorState, CursorsState, Row } from './model';
export type WithCursors = { cursors: CursorsState };

export const selectCursor = (state: WithCursors, name: string): CursorState | undefined =>
  state.cursors.byName[name];

export const selectCursorStatus = (state: WithCursors, name: string): Status =>
  state.cursors.byName[name]?.status ?? 'unknown';

/** The last refusal (unknown list, failed checks) if it was about `name`, else null. */
export const selectCursorRefusal = (state: WithCursors, name: string) =>
  state.cursors.lastRefusal?.name === name ? state.cursors.lastRefusal : null;

export const selectCursorError = (state: WithCursors, name: string): SerializedError | null =>
  state.cursors.byName[name]?.error ?? null;

export const selectCursorTotal = (state: WithCursors, name: string): number =>
  state.cursors.byName[name]?.total ?? 0;

export const selectCursorHasMore = (state: WithCursors, name: string): boolean =>
  state.cursors.byName[name]?.hasMoreResults ?? false;

const NO_IDS: readonly string[] = Object.freeze([]);
const idsCache = new WeakMap<object, readonly string[]>();

/** Row keys in list order (`$uuid`, or `{resource}:{id}`), copied once per change (for short lists; grids use selectCursorKeys). */
export function selectCursorIds(state: WithCursors, name: string): readonly string[] {
  const chunks = state.cursors.byName[name]?.idChunks;
  if (!chunks || chunks.length === 0) return NO_IDS;
  const cached = idsCache.get(chunks);
  if (cached) return cached;
  const ids = Object.freeze(chunks.flat());
  idsCache.set(chunks, ids);
  return ids;
}

/** A list of row keys read by position (what a virtualised grid needs): `at` is constant time. */
interface CursorKeys {
  readonly length: number;
  at(index: number): string | undefined;
}

const NO_KEYS: CursorKeys = Object.freeze({ length: 0, at: () => undefined });
const keysCache = new WeakMap<object, CursorKeys>();

/**
 * The row keys in list order without copying them: the same object until a page adds keys, so a
 * view that selects it re-renders once per page, and 100 000 keys are never flattened.
 */
export function selectCursorKeys(state: WithCursors, name: string): CursorKeys {
  const cursor = state.cursors.byName[name];
  if (!cursor || cursor.size === 0) return NO_KEYS;
  const { idChunks, size } = cursor;
  const cached = keysCache.get(idChunks);
  if (cached) return cached;
  const keys: CursorKeys = Object.freeze({
    length: size,
    at: (index: number) => (index >= 0 && index < size ? keyAt(idChunks, index) : undefined),
  });
  keysCache.set(idChunks, keys);
  return keys;
}

export function selectCursorRow(state: WithCursors, name: string, key: string): Row | undefined {
  const cursor = state.cursors.byName[name];
  return cursor ? rowIn(cursor.rows, key) : undefined;
}

/** The row at a position of the list, in constant time: what a virtualised grid asks for. */
export function selectCursorRowAt(state: WithCursors, name: string, index: number): Row | undefined {
  const cursor = state.cursors.byName[name];
  const key = cursor ? keyAt(cursor.idChunks, index) : undefined;
  return cursor && key !== undefined ? rowIn(cursor.rows, key) : undefined;
}

const rowsCache = new WeakMap<object, Row[]>();

/** Every row in order, computed once per change (for short lists; grids use selectCursorRowAt). */
export function selectCursorRows(state: WithCursors, name: string): readonly Row[] {
  const cursor = state.cursors.byName[name];
  if (!cursor) return [];
  const cached = rowsCache.get(cursor.idChunks);
  if (cached) return cached;
  const rows = selectCursorIds(state, name).flatMap((key) => {
    const row = rowIn(cursor.rows, key);
    return row ? [row] : [];
  });
  rowsCache.set(cursor.idChunks, rows);
  return rows;
}

/** The `id`s of the loaded rows (what a `cursordata` sub-query uses). */
export function selectCursorRowIds(state: WithCursors, name: string): Array<string | number> {
  return selectCursorRows(state, name).map((row) => row.id);
}

/** Inline aggregates of the last first page, keyed by field (protocol §9.1). */
export const selectCursorAggregates = (state: WithCursors, name: string): Record<string, unknown> | null =>
  state.cursors.byName[name]?.aggregates ?? null;

/** What a request over the same list needs (aggregates, suggestions): not memoised, for epics. */
export interface CursorScope {
  path: string;
  /** the fulltext the list sends (tokens as `(t1) (t2)`, adapted) */
  fulltext: string;
  staticQuery: Record<string, unknown> | null;
}

export function selectCursorScope(state: WithCursors, name: string): CursorScope | undefined {
  const cursor = state.cursors.byName[name];
  if (!cursor) return undefined;
  return {
    path: cursor.path,
    fulltext: sentFulltext(cursor),
    staticQuery: cursor.options.staticQuery,
  };
}

/** Temporary cursors (`~name`) are tolerated when unknown (seed 002 §5). */
export const isTemporaryCursor = (name: string): boolean => name.startsWith('~');

/** The constraint the cursor aggregate filter keeps on a list (protocol §8.4). */
export const aggregateFilterKey = (monitored: string, field: string): string =>
  `__aggregates__filter_${monitored}_${field}`;
