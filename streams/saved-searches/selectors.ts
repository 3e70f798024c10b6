import { nameMatcher } from '../core/name-matcher';
import { selectCursor } from '../cursors/selectors';
import { selectQuery } from '../queries/selectors';
import { selectUserId, type WithSession } from '../session/selectors';
import type { SavedSearch, SavedSearchData } from './api';
import { bookmarkDataOf, findBookmark, type WithList } from './bookmark';
import type { SavedSearchEntry, SavedSearchesState } from './state';

export type { SavedSearch, SavedSearchData } from './api';
export type WithSavedSearches = { savedSearches: SavedSearchesState } & WithSession;

export interface ShownSavedSearch extends SavedSearchEntry {
  isMine: boolean;
  isPrivatelyShared: boolean;
}

/** seed 001 §6, protocol §17.2: mine when the owner is me (as strings); privately shared when a subscriber is not the owner. */
function describeSearch(search: SavedSearchEntry, userId: string | null): ShownSavedSearch {
  return {
    ...search,
    isMine: userId !== null && search.ownerId === userId,
    isPrivatelyShared: search.subscriberIds.some((id) => id !== search.ownerId),
  };
}

export const selectSavedSearchesStatus = (state: WithSavedSearches) => state.savedSearches.status;
export const selectSavedSearchesNotice = (state: WithSavedSearches) => state.savedSearches.notice;
export const selectSavedSearchesFilter = (state: WithSavedSearches) => state.savedSearches.filter;
export const selectSavedSearchesLoaded = (state: WithSavedSearches) => state.savedSearches.items !== null;

let shownCache: {
  items: SavedSearchEntry[] | null;
  filter: string;
  userId: string | null;
  shown: ShownSavedSearch[];
} | null = null;

/** The searches whose name matches the filter (`*` wildcard, case and diacritics ignored), in server order. */
export function selectSavedSearches(state: WithSavedSearches): ShownSavedSearch[] {
  const { items, filter } = state.savedSearches;
  const userId = selectUserId(state);
  if (
    shownCache &&
    shownCache.items === items &&
    shownCache.filter === filter &&
    shownCache.userId === userId
  ) {
    return shownCache.shown;
  }
  const matches = nameMatcher(filter);
  const shown = (items ?? [])
    .filter((search) => matches(search.name))
    .map((search) => describeSearch(search, userId));
  shownCache = { items, filter, userId, shown };
  return shown;
}

export function selectSavedSearch(state: WithSavedSearches, id: string): ShownSavedSearch | null {
  const search = state.savedSearches.items?.find((candidate) => candidate.id === id);
  return search ? describeSearch(search, selectUserId(state)) : null;
}

/** How the bookmark request `requestId` (the id `dispatch` returned) ended: fetching, loaded or error; null when unknown. */
export function selectBookmarkOutcome(
  state: WithSavedSearches,
  requestId: string | null,
): SavedSearchesState['lastBookmark'] {
  const last = state.savedSearches.lastBookmark;
  return requestId !== null && last?.requestId === requestId ? last : null;
}

const bookmarkCache = new WeakMap<object, { items: unknown; query: unknown; found: SavedSearch | null }>();

/** The saved search that searches what the cursor searches now, own first (protocol §17.2 "is bookmarked"). */
export function selectBookmarkOf(
  state: WithSavedSearches & WithList,
  cursorName: string,
): SavedSearch | null {
  const cursor = selectCursor(state, cursorName);
  const { items } = state.savedSearches;
  if (!cursor || !items) return null;
  const query = selectQuery(state, cursorName);
  const cached = bookmarkCache.get(cursor);
  if (cached && cached.items === items && cached.query === query) return cached.found;
  const current = bookmarkDataOf(state, cursorName, '', 0);
  const found = current ? findBookmark(items, current, selectUserId(state)) : null;
  bookmarkCache.set(cursor, { items, query, found });
  return found;
}

/** The text a saved search looks for: its tokens, kept as `(token)` (protocol §8.3), unwrapped. */
export function savedSearchText(data: SavedSearchData): string {
  return (data.fulltextTokens ?? []).map((token) => token.replace(/^\((.*)\)$/s, '$1')).join(' ');
}
