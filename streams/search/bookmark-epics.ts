import { filter, first, map, mergeMap, of } from 'rxjs';
import type { Epic } from '../core/epic';
import { ofType } from '../core/operators/of-type';
import { bookmarkRequested } from '../saved-searches/events';
import { selectIsUser, type WithSession } from '../session/selectors';
import { wireConstraint } from '../core/query/operators';
import { type CursorState, selectCursor, type WithCursors } from '../cursors/selectors';
import { bookmarkAddRequested } from '../preferences/events';
import {
  type CursorBookmark,
  findBookmark,
  selectCursorBookmarksRead,
  type WithPreferences,
} from '../preferences/selectors';
import { type QueryState, selectQuery, type WithQueries } from '../queries/selectors';

const wireOf = (entries: QueryState['constraints']): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(entries).map(([key, { constraint }]) => [
      key,
      wireConstraint(constraint.field, constraint.operator, constraint.value),
    ]),
  );

/**
 * The bookmark of what a cursor searches now, or null when it has neither fulltext tokens nor
 * user constraints: only those are stored (protocol §17.2).
 */
function cursorBookmarkOf(
  cursor: CursorState,
  query: QueryState | undefined,
  date: number,
): CursorBookmark | null {
  const { fulltextTokens, fulltext } = cursor.options;
  const tokens = fulltextTokens.length > 0 ? [...fulltextTokens] : fulltext.trim() ? [fulltext.trim()] : [];
  const userConstraints = query ? wireOf(query.constraints) : {};
  if (tokens.length === 0 && Object.keys(userConstraints).length === 0) return null;
  return {
    cursorName: cursor.name,
    cursorQueryNamespaces: { ...(query?.namespaces ?? {}) },
    name: '',
    date,
    path: cursor.path,
    excludedPaths: [...cursor.excludedPaths],
    fulltextTokens: tokens,
    userConstraints,
    staticConstraints: query ? wireOf(query.staticConstraints) : {},
  };
}

export type BookmarkSlices = WithPreferences & WithCursors & WithQueries & WithSession;

/**
 * A search bookmarked by a user is kept in the preference bookmarks as well (protocol §17.2), only
 * when it has fulltext tokens or user constraints, and not twice. The list written to
 * `we-bookmarkedCursors` holds what both keys held, so bookmarks of the older key carry over. A
 * bookmark added offline is kept by the outbox (streams/preferences/outbox.ts).
 */
export const keepCursorBookmark: Epic<BookmarkSlices> = (event$, state$, { clock }) =>
  event$.pipe(
    ofType(bookmarkRequested),
    filter(() => selectIsUser(state$.value)),
    mergeMap((request) => {
      const { cursorName } = request.payload;
      const cursor = selectCursor(state$.value, cursorName);
      const bookmark = cursor && cursorBookmarkOf(cursor, selectQuery(state$.value, cursorName), clock.now());
      if (!bookmark) return of();
      return state$.pipe(
        map(selectCursorBookmarksRead),
        first((list) => list !== undefined),
        mergeMap((list) => {
          if (!list || findBookmark(list, bookmark)) return of();
          return of(bookmarkAddRequested({ bookmark, onto: list }, request));
        }),
      );
    }),
  );
