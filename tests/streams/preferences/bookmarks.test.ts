import { describe, expect, it } from 'vitest';
import { combineEpics } from '../../../streams/core/epic';
import { AppError, ERROR_CODES } from '../../../streams/core/errors';
import type { HttpRequest } from '../../../streams/core/http';
import { fulltextChanged, registrationRequested } from '../../../streams/cursors/events';
import {
  BOOKMARKS_KEY,
  LEGACY_BOOKMARKS_KEY,
  findBookmark,
  mergedBookmarks,
} from '../../../streams/preferences/bookmarks';
import { addBookmark, loadPortalPreferences, loadPreference } from '../../../streams/preferences/epics';
import { selectCursorBookmarks } from '../../../streams/preferences/selectors';
import type { RootState } from '../../../streams/root';
import { bookmarkRequested } from '../../../streams/saved-searches/events';
import { keepCursorBookmark } from '../../../streams/search/bookmark-epics';
import { aliceKnown, visitorKnown } from '../../helpers/identities';
import { epicStore } from '../../helpers/marbles';
import { fakeHttp, testDeps } from '../../helpers/test-deps';
import { answer, failure } from '../session/session-fixtures';

const epics = combineEpics<RootState>({
  addBookmark,
  loadPreference,
  loadPortalPreferences,
  keepCursorBookmark,
});

const old = { cursorName: 'search', path: 'dam/data/asset', fulltextTokens: ['(dog)'] };

/** `/json/userpref`: the legacy key holds one bookmark, the written key none; writes are echoed. */
function server(request: HttpRequest<unknown>) {
  const form = request.body && 'form' in request.body ? request.body.form : undefined;
  if (form) return answer({ response: { data: { ...form } } });
  return read(request);
}

function read(request: HttpRequest<unknown>) {
  const key = request.query?.key;
  const value = key === LEGACY_BOOKMARKS_KEY ? JSON.stringify([old]) : undefined;
  return answer({ response: { data: value === undefined ? null : { key, value } } });
}

function portal(who = aliceKnown(), serve = server) {
  const http = fakeHttp(serve);
  const store = epicStore(testDeps({ http }), epics);
  store.dispatch(who);
  store.dispatch(registrationRequested({ name: 'search', path: 'dam/data/asset' }));
  return { http, store };
}

const writes = (http: ReturnType<typeof fakeHttp>) =>
  http.requests.flatMap((request) => (request.body && 'form' in request.body ? [request.body.form] : []));

describe('preference bookmarks (seed 002 §9; protocol §17.2)', () => {
  it('reads both keys; a bookmark of the older key shows', () => {
    const { http, store } = portal();
    const asked = http.requests
      .filter((request) => request.method === 'GET')
      .map((request) => request.query?.key);
    expect(asked).toEqual(expect.arrayContaining([BOOKMARKS_KEY, LEGACY_BOOKMARKS_KEY]));
    expect(selectCursorBookmarks(store.getState()).map((bookmark) => bookmark.fulltextTokens)).toEqual([
      ['(dog)'],
    ]);
  });

  it('writes only we-bookmarkedCursors, with what both keys held, when the search has fulltext tokens', () => {
    const { http, store } = portal();
    store.dispatch(fulltextChanged({ name: 'search', fulltext: '', tokens: ['(cat)'] }));
    store.dispatch(bookmarkRequested({ name: 'Cats', cursorName: 'search' }));
    const [written] = writes(http);
    expect(writes(http)).toHaveLength(1);
    expect(written?.key).toBe(BOOKMARKS_KEY);
    const list = JSON.parse(String(written?.value));
    expect(list.map((bookmark: { fulltextTokens: string[] }) => bookmark.fulltextTokens)).toEqual([
      ['(dog)'],
      ['(cat)'],
    ]);
    expect(list[1]).toMatchObject({
      cursorName: 'search',
      name: '',
      path: 'dam/data/asset',
      userConstraints: {},
    });
  });

  it('offline, a second bookmark is still written, onto what the server held before the first (the outbox keeps both)', () => {
    const cut = new AppError({ code: ERROR_CODES.network, message: 'Failed to fetch' });
    const { http, store } = portal(aliceKnown(), (request) =>
      request.method === 'POST' ? failure(cut) : read(request),
    );
    store.dispatch(fulltextChanged({ name: 'search', fulltext: '', tokens: ['(cat)'] }));
    store.dispatch(bookmarkRequested({ name: 'Cats', cursorName: 'search' }));
    store.dispatch(fulltextChanged({ name: 'search', fulltext: '', tokens: ['(bird)'] }));
    store.dispatch(bookmarkRequested({ name: 'Birds', cursorName: 'search' }));
    const tokens = writes(http).map((form) =>
      JSON.parse(String(form.value)).map(
        (bookmark: { fulltextTokens: string[] }) => bookmark.fulltextTokens[0],
      ),
    );
    expect(tokens).toEqual([
      ['(dog)', '(cat)'],
      ['(dog)', '(bird)'],
    ]);
  });

  it('stores nothing without fulltext tokens or user constraints, nothing twice, nothing for a visitor', () => {
    const plain = portal();
    plain.store.dispatch(bookmarkRequested({ name: 'All', cursorName: 'search' }));
    expect(writes(plain.http)).toEqual([]);
    const again = portal();
    again.store.dispatch(fulltextChanged({ name: 'search', fulltext: '', tokens: ['(dog)'] }));
    again.store.dispatch(bookmarkRequested({ name: 'Dogs', cursorName: 'search' }));
    expect(writes(again.http)).toEqual([]);
    const visitor = portal(visitorKnown());
    visitor.store.dispatch(fulltextChanged({ name: 'search', fulltext: '', tokens: ['(cat)'] }));
    visitor.store.dispatch(bookmarkRequested({ name: 'Cats', cursorName: 'search' }));
    expect(writes(visitor.http)).toEqual([]);
  });

  it('matches on sorted tokens and excluded paths, with the list name first, then without', () => {
    const stored = mergedBookmarks([{ ...old, fulltextTokens: ['b a'], excludedPaths: ['y', 'x'] }], null);
    const candidate = {
      ...stored[0]!,
      cursorName: 'other',
      fulltextTokens: ['a', 'b'],
      excludedPaths: ['x', 'y'],
    };
    expect(findBookmark(stored, candidate)).toBe(stored[0]);
    expect(findBookmark(stored, { ...candidate, path: 'dam/data/keyword' })).toBeNull();
  });
});
