import { filter, first, map, mergeMap, of } from 'rxjs';
import type { Epic } from '../core/epic';
import { ofType } from '../core/operators/of-type';
import { selectCursor, type WithCursors } from '../cursors/selectors';
import { selectQuery, type WithQueries } from '../queries/selectors';
import { bookmarkRequested } from '../saved-searches/events';
import { selectIsUser, type WithSession } from '../session/selectors';
import { BOOKMARKS_KEY, cursorBookmarkOf, findBookmark } from './bookmarks';
import { setRequested } from './events';
import { PORTAL_PREFERENCES } from './portal-preferences';
import { selectCursorBookmarks, selectPortalPreference, type WithPreferences } from './selectors';

type S = WithPreferences & WithCursors & WithQueries & WithSession;

const SETTLED = new Set(['loaded', 'not_found', 'error']);

/** Both bookmark keys have answered; a key that failed to read is not overwritten (null). */
function readBookmarks(state: S) {
  const keys = [PORTAL_PREFERENCES.bookmarks, PORTAL_PREFERENCES.legacyBookmarks];
  const entries = keys.map((key) => selectPortalPreference(state, key));
  if (!entries.every((entry) => entry && SETTLED.has(entry.status))) return undefined;
  return entries.some((entry) => entry?.status === 'error') ? null : selectCursorBookmarks(state);
}

/**
 * A search bookmarked by a user is kept in the preference bookmarks as well (protocol §17.2), only
 * when it has fulltext tokens or user constraints, and not twice. The list written to
 * `we-bookmarkedCursors` holds what both keys held, so bookmarks of the older key carry over.
 */
export const keepCursorBookmark: Epic<S> = (event$, state$, { clock }) =>
  event$.pipe(
    ofType(bookmarkRequested),
    filter(() => selectIsUser(state$.value)),
    mergeMap((request) => {
      const { cursorName } = request.payload;
      const cursor = selectCursor(state$.value, cursorName);
      const bookmark = cursor && cursorBookmarkOf(cursor, selectQuery(state$.value, cursorName), clock.now());
      if (!bookmark) return of();
      return state$.pipe(
        map(readBookmarks),
        first((list) => list !== undefined),
        mergeMap((list) => {
          if (!list || findBookmark(list, bookmark)) return of();
          return of(setRequested({ input: { key: BOOKMARKS_KEY, value: [...list, bookmark] } }, request));
        }),
      );
    }),
  );
