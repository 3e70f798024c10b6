import * as z from 'zod/mini';
import { stableJson } from '../core/signature';

/**
 * Preference bookmarks (seed 002 §3, §9; protocol §17.2). Both keys appear in the seeds: the
 * portal reads both and writes only `we-bookmarkedCursors`, the one protocol §17.2 describes;
 * `we-cursor-bookmarker-v1` is read for bookmarks an older client kept, and never sent.
 */
export const BOOKMARKS_KEY = 'we-bookmarkedCursors';
export const LEGACY_BOOKMARKS_KEY = 'we-cursor-bookmarker-v1';

const constraintsSchema = z.record(z.string(), z.unknown());

/** One bookmarked cursor as protocol §17.2 stores it; members an older client left out default. */
const cursorBookmarkSchema = z.object({
  cursorName: z.string(),
  cursorQueryNamespaces: z._default(z.record(z.string(), z.string()), {}),
  name: z._default(z.string(), ''),
  date: z._default(z.number(), 0),
  path: z.string(),
  excludedPaths: z._default(z.array(z.string()), []),
  fulltextTokens: z._default(z.array(z.string()), []),
  userConstraints: z._default(constraintsSchema, {}),
  staticConstraints: z._default(constraintsSchema, {}),
});
export type CursorBookmark = z.infer<typeof cursorBookmarkSchema>;

/** The bookmarks a stored value holds: a JSON array (or its text); anything else holds none. */
function bookmarksIn(value: unknown): CursorBookmark[] {
  let list = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry) => {
    const parsed = cursorBookmarkSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * What two bookmarks are compared on (protocol §17.2): tokens split and sorted, excludedPaths
 * sorted, with the list name and namespaces or without them.
 */
function bookmarkMatchKey(bookmark: CursorBookmark, withCursor: boolean): string {
  const tokens = bookmark.fulltextTokens.flatMap((token) => token.split(/\s+/)).filter(Boolean);
  return stableJson({
    ...(withCursor && { cursorName: bookmark.cursorName, namespaces: bookmark.cursorQueryNamespaces }),
    path: bookmark.path,
    excludedPaths: [...bookmark.excludedPaths].sort(),
    tokens: tokens.sort(),
    userConstraints: bookmark.userConstraints,
    staticConstraints: bookmark.staticConstraints,
  });
}

/** The bookmark of `candidate` in `list`: first with the list name and namespaces, then without. */
export function findBookmark(
  list: readonly CursorBookmark[],
  candidate: CursorBookmark,
): CursorBookmark | null {
  for (const withCursor of [true, false]) {
    const key = bookmarkMatchKey(candidate, withCursor);
    const found = list.find((bookmark) => bookmarkMatchKey(bookmark, withCursor) === key);
    if (found) return found;
  }
  return null;
}

/** Both keys' bookmarks, the written key's first; one already in the list is not repeated. */
export function mergedBookmarks(written: unknown, legacy: unknown): CursorBookmark[] {
  const merged: CursorBookmark[] = [];
  for (const bookmark of [...bookmarksIn(written), ...bookmarksIn(legacy)]) {
    if (!findBookmark(merged, bookmark)) merged.push(bookmark);
  }
  return merged;
}
