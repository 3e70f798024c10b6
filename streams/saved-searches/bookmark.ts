import { wireConstraint } from '../core/query/operators';
import { stableJson } from '../core/signature';
import { selectCursor, type WithCursors } from '../cursors/selectors';
import { type ConstraintEntry, selectQuery, selectWireQuery, type WithQueries } from '../queries/selectors';
import type { SavedSearch, SavedSearchData } from './api';

export type WithList = WithCursors & WithQueries;

/** Words and quoted phrases of a text: `red "big car"` -> `red`, `"big car"`. */
function textTokens(text: string): string[] {
  return text.match(/"[^"]*"|\S+/g) ?? [];
}

function wireConstraints(entries: Record<string, ConstraintEntry>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(entries).map(([key, { constraint }]) => [
      key,
      wireConstraint(constraint.field, constraint.operator, constraint.value),
    ]),
  );
}

/**
 * What a bookmark of a cursor saves (protocol §17.1 `data`), or null when the cursor is unknown.
 * The fulltext becomes tokens `(word)`; constraints are kept per key in their wire form.
 */
export function bookmarkDataOf(
  state: WithList,
  cursorName: string,
  name: string,
  date: number,
): SavedSearchData | null {
  const cursor = selectCursor(state, cursorName);
  if (!cursor) return null;
  const query = selectQuery(state, cursorName);
  const { options } = cursor;
  const tokens = options.fulltextTokens.length > 0 ? options.fulltextTokens : textTokens(options.fulltext);
  return {
    name,
    date,
    path: cursor.path,
    cursorName,
    context: '',
    excludedPaths: [...cursor.excludedPaths],
    fulltextTokens: tokens.map((token) => `(${token})`),
    userConstraints: query ? wireConstraints(query.constraints) : {},
    staticConstraints: query ? wireConstraints(query.staticConstraints) : {},
    customParams: { ...options.customParams },
    query: selectWireQuery(state, cursorName),
    fulltextMode: options.fulltextMode ?? undefined,
  };
}

const isEmpty = (value: object | undefined): boolean => !value || Object.keys(value).length === 0;

/** seed 002 §5: a search needs fulltext tokens, user constraints or custom params to be saved. */
export function isBookmarkable(data: SavedSearchData): boolean {
  return !isEmpty(data.fulltextTokens) || !isEmpty(data.userConstraints) || !isEmpty(data.customParams);
}

/** The server's default mode is `must` (demo server README): an unset mode means it. */
const modeOf = (data: SavedSearchData) => data.fulltextMode ?? 'must';

/**
 * User constraints as the search screen replays them: a stored `dof` opens as its facet's `in`
 * (streams/search/url.ts paramsOfSaved; the demo seeds save Nature, a flat list, with `dof`), so a
 * saved search opened again is still known as bookmarked.
 */
function comparable(constraints: Record<string, unknown> | undefined): string {
  const out: Record<string, unknown> = {};
  for (const [key, wire] of Object.entries(constraints ?? {})) {
    const entries = wire && typeof wire === 'object' ? Object.entries(wire as Record<string, unknown>) : [];
    const [field, test] = entries[0] ?? [];
    const tests = test && typeof test === 'object' ? Object.entries(test as Record<string, unknown>) : [];
    const [operator, value] = tests[0] ?? [];
    out[key] =
      entries.length === 1 && tests.length === 1 && operator === 'dof' && field
        ? { [field]: { in: value } }
        : wire;
  }
  return stableJson(out);
}

/**
 * protocol §17.2 "is bookmarked": same path, customParams, userConstraints, fulltextTokens and
 * fulltextMode; the context too when the stored search has one.
 */
function sameSearch(stored: SavedSearchData, current: SavedSearchData): boolean {
  if (stored.context && stored.context !== current.context) return false;
  return (
    stored.path === current.path &&
    modeOf(stored) === modeOf(current) &&
    stableJson(stored.customParams ?? {}) === stableJson(current.customParams ?? {}) &&
    comparable(stored.userConstraints) === comparable(current.userConstraints) &&
    stableJson(stored.fulltextTokens ?? []) === stableJson(current.fulltextTokens ?? [])
  );
}

/** The most recent of searches (by `created`, then the later in the list), or null. */
function latest(searches: readonly SavedSearch[]): SavedSearch | null {
  return searches.reduce<SavedSearch | null>(
    (best, search) => (best === null || (search.created ?? -1) >= (best.created ?? -1) ? search : best),
    null,
  );
}

/**
 * The saved search matching `current`, own searches first, then shared ones (protocol §17.2).
 * Saved more than once, the latest save is the one named.
 */
export function findBookmark(
  searches: readonly SavedSearch[],
  current: SavedSearchData,
  userId: string | null,
): SavedSearch | null {
  const matches = searches.filter((search) => sameSearch(search.data, current));
  return latest(matches.filter((search) => search.ownerId === userId)) ?? latest(matches);
}
