import {
  DEFAULT_GRID_DENSITY,
  GRID_DENSITIES,
  type GridDensity,
  PAGE_SIZES,
  type PageSize,
  PORTAL_PREFERENCES,
} from './portal-preferences';
import { type CursorBookmark, mergedBookmarks } from './bookmarks';

export { BOOKMARKS_KEY, type CursorBookmark, findBookmark } from './bookmarks';
export { PORTAL_PREFERENCES } from './portal-preferences';
import type { PreferenceState, PreferencesState } from './state';

export type WithPreferences = { preferences: PreferencesState };

/** A read that has answered: the value, its absence, or the failure. */
const SETTLED = new Set(['loaded', 'not_found', 'error']);

/** One preference, `undefined` until it was asked for. */
export const selectPreference = (
  state: WithPreferences,
  namespace: string,
  name: string,
): PreferenceState | undefined => state.preferences.values[namespace]?.[name];

/** One of the portal's own preferences (page size, density), in the namespace they were read from. */
export const selectPortalPreference = (state: WithPreferences, name: string): PreferenceState | undefined => {
  const { portalNamespace } = state.preferences;
  return portalNamespace === null ? undefined : selectPreference(state, portalNamespace, name);
};

/** The setter's last refusal ('Invalid parameter'), shown as an alert. */
export const selectPreferenceRefusal = (state: WithPreferences): string | null => state.preferences.refusal;

/** A portal preference's value; after a failed save (value null, protocol §4.2) what the server kept. */
function portalRawValue(state: WithPreferences, name: string): unknown {
  const found = selectPortalPreference(state, name);
  return found?.status === 'error' && found.failedOn === 'write' ? found.kept : found?.value;
}

function portalValue<T>(state: WithPreferences, name: string, allowed: readonly T[], fallback: T): T {
  const value = portalRawValue(state, name);
  return allowed.includes(value as T) ? (value as T) : fallback;
}

/**
 * Results per page: the user's choice among 24, 48 and 96, else the default page size the
 * caller passes (the cursors' default `max`, seed 002 §9).
 */
export const selectPageSize = (state: WithPreferences, fallback: number): PageSize =>
  portalValue(state, PORTAL_PREFERENCES.pageSize, PAGE_SIZES, fallback as PageSize);

/** Grid density: 'comfortable' (default) or 'compact'. */
export const selectGridDensity = (state: WithPreferences): GridDensity =>
  portalValue(state, PORTAL_PREFERENCES.gridDensity, GRID_DENSITIES, DEFAULT_GRID_DENSITY);

/** The cart content mode the user saved (seed 002 §4), as stored: the carts check it. */
export const selectSavedCartContentMode = (state: WithPreferences): unknown =>
  portalRawValue(state, PORTAL_PREFERENCES.cartContentMode);

/** The last answer of selectCursorBookmarks, kept while neither preference changes. */
let lastBookmarks: { written?: PreferenceState; legacy?: PreferenceState; merged: CursorBookmark[] } | null =
  null;

/** The user's preference bookmarks: both keys read, `we-bookmarkedCursors` first (protocol §17.2). */
export function selectCursorBookmarks(state: WithPreferences): CursorBookmark[] {
  const written = selectPortalPreference(state, PORTAL_PREFERENCES.bookmarks);
  const legacy = selectPortalPreference(state, PORTAL_PREFERENCES.legacyBookmarks);
  const last = lastBookmarks;
  if (last && last.written === written && last.legacy === legacy) return last.merged;
  const merged = mergedBookmarks(
    portalRawValue(state, PORTAL_PREFERENCES.bookmarks),
    portalRawValue(state, PORTAL_PREFERENCES.legacyBookmarks),
  );
  lastBookmarks = { written, legacy, merged };
  return merged;
}

/**
 * The bookmarks once both keys have answered (undefined before), or null when a key failed to
 * read: a list read in part is not written back over what the server keeps. After a failed save
 * (kept by the outbox) the list is what the server held before it.
 */
export function selectCursorBookmarksRead(state: WithPreferences): CursorBookmark[] | null | undefined {
  const entries = [PORTAL_PREFERENCES.bookmarks, PORTAL_PREFERENCES.legacyBookmarks].map((key) =>
    selectPortalPreference(state, key),
  );
  if (!entries.every((entry) => entry && SETTLED.has(entry.status))) return undefined;
  const unread = entries.some((entry) => entry?.status === 'error' && entry.failedOn !== 'write');
  return unread ? null : selectCursorBookmarks(state);
}
