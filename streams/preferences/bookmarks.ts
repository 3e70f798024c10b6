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

/**
 * A member an older client left out reads as `fallback()`: what `z._default` does, written out
 * because zod's code is one module that the first download holds with every kind of schema any
 * screen builds, and this file alone would bring `z._default`'s there (0.2 KB gz).
 */
function orElse<S extends z.ZodMiniType>(schema: S, fallback: () => z.output<S>) {
  return z.pipe(
    z.optional(schema),
    z.transform((value): z.output<S> => (value === undefined ? fallback() : (value as z.output<S>))),
  );
}

/** A bookmark as the portal writes it, every member present: what a bookmark's intent carries. */
export const writtenBookmarkSchema = z.object({
  cursorName: z.string(),
  cursorQueryNamespaces: z.record(z.string(), z.string()),
  name: z.string(),
  date: z.number(),
  path: z.string(),
  excludedPaths: z.array(z.string()),
  fulltextTokens: z.array(z.string()),
  userConstraints: constraintsSchema,
  staticConstraints: constraintsSchema,
});

/** One bookmarked cursor as protocol §17.2 stores it; members an older client left out default. */
const cursorBookmarkSchema = z.object({
  cursorName: z.string(),
  cursorQueryNamespaces: orElse(z.record(z.string(), z.string()), () => ({})),
  name: orElse(z.string(), () => ''),
  date: orElse(z.number(), () => 0),
  path: z.string(),
  excludedPaths: orElse(z.array(z.string()), () => []),
  fulltextTokens: orElse(z.array(z.string()), () => []),
  userConstraints: orElse(constraintsSchema, () => ({})),
  staticConstraints: orElse(constraintsSchema, () => ({})),
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
