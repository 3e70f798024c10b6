import { BOOKMARKS_KEY, LEGACY_BOOKMARKS_KEY } from './bookmarks';

/**
 * The preferences the portal itself keeps for a user (issue 3): how many results a page shows,
 * how dense the grids are, and how a cart's content is read (seed 002 §4). Search and cart views
 * read them through the selectors.
 */
export const PAGE_SIZES = [24, 48, 96] as const;
export type PageSize = (typeof PAGE_SIZES)[number];

export const GRID_DENSITIES = ['comfortable', 'compact'] as const;
export type GridDensity = (typeof GRID_DENSITIES)[number];

/** Their names (wire keys) in the default namespace; both bookmark keys are read (see bookmarks.ts). */
export const PORTAL_PREFERENCES = {
  pageSize: 'pageSize',
  gridDensity: 'gridDensity',
  cartContentMode: 'cartContentMode',
  bookmarks: BOOKMARKS_KEY,
  legacyBookmarks: LEGACY_BOOKMARKS_KEY,
} as const;

/**
 * Read once a user is known. The cart content mode is not: only the carts screens use it, and
 * they ask for it when first opened (issue 26: no call at start for every user).
 */
export const PREFERENCES_READ_AT_START = [
  PORTAL_PREFERENCES.pageSize,
  PORTAL_PREFERENCES.gridDensity,
  PORTAL_PREFERENCES.bookmarks,
  PORTAL_PREFERENCES.legacyBookmarks,
] as const;

export const DEFAULT_GRID_DENSITY: GridDensity = 'comfortable';
