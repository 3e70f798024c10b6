import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { domainEpics } from '../../../streams/core/epic';
import { AppError } from '../../../streams/core/errors';
import type { AnyEvent } from '../../../streams/core/event';
import type { HttpRequest } from '../../../streams/core/http';
import { outboxDomain } from '../../../streams/outbox/domain';
import { selectOutboxEntries } from '../../../streams/outbox/selectors';
import { BOOKMARKS_KEY, type CursorBookmark } from '../../../streams/preferences/bookmarks';
import { preferencesDomain } from '../../../streams/preferences/domain';
import { bookmarkAddRequested } from '../../../streams/preferences/events';
import type { RootState } from '../../../streams/root';
import { epicStore, fold, marbleScheduler } from '../../helpers/marbles';
import { fakeHttp, memoryDurable, testDeps } from '../../helpers/test-deps';
import { alice, offline, offlineUntil10s, outboxEvents } from './setup';

const bookmark = (token: string): CursorBookmark => ({
  cursorName: 'search',
  cursorQueryNamespaces: {},
  name: '',
  date: 0,
  path: 'dam/data/asset',
  excludedPaths: [],
  fulltextTokens: [token],
  userConstraints: {},
  staticConstraints: {},
});
const lake = bookmark('lake');
/** added meanwhile in another tab, while this one was offline */
const forest = bookmark('forest');

/** What the server answers once back: the stored list (`null`: not set, a 404), or a refusal. */
type Back = { stored: CursorBookmark[] | null; refuseWrites?: AppError };

/**
 * Alice bookmarks "lake" onto an empty list while offline; back online at 10 s the server holds
 * `stored`. The writes that reached it (their lists' tokens), the outbox's events, the state at 20 s.
 */
function bookmarkedOffline({ stored, refuseWrites }: Back) {
  const scheduler = marbleScheduler();
  let up = false;
  const http = fakeHttp((request: HttpRequest<unknown>) => {
    if (!up) return scheduler.createColdObservable('-#', {}, offline);
    if (request.method === 'POST' && refuseWrites)
      return scheduler.createColdObservable('-#', {}, refuseWrites);
    if (request.method === 'POST') {
      const form = (request.body as { form: Record<string, string> }).form;
      return scheduler.createColdObservable('-r|', {
        r: { status: 200, data: { response: { data: form } } },
      });
    }
    if (stored === null)
      return scheduler.createColdObservable(
        '-#',
        {},
        new AppError({ code: 'error.404', message: '', status: 404 }),
      );
    const data = { key: BOOKMARKS_KEY, value: JSON.stringify(stored) };
    return scheduler.createColdObservable('-r|', { r: { status: 200, data: { response: { data } } } });
  });
  const network = new Subject<boolean>();
  const seen: Array<[number, string]> = [];
  let state: RootState | undefined;
  scheduler.run(({ hot }) => {
    const store = epicStore(
      testDeps({ scheduler, http, durable: memoryDurable(), network: { online$: network } }),
      domainEpics<RootState>(preferencesDomain, outboxDomain),
      fold([]),
    );
    store.event$.subscribe((event: AnyEvent) => seen.push([scheduler.now(), event.type]));
    hot('a b', { a: alice, b: bookmarkAddRequested({ bookmark: lake, onto: [] }) }).subscribe((event) =>
      store.dispatch(event),
    );
    offlineUntil10s(scheduler, network, () => {
      up = true;
    });
    scheduler.schedule(() => {
      state = store.getState();
    }, 20_000);
  });
  const written = http.requests.flatMap((request) =>
    request.method === 'POST'
      ? [JSON.parse((request.body as { form: { value: string } }).form.value) as CursorBookmark[]]
      : [],
  );
  const types = outboxEvents(seen).map(([, type]) => type);
  return { http, types, state: state!, written };
}

const tokens = (lists: CursorBookmark[][]) => lists.map((list) => list.map((one) => one.fulltextTokens[0]));
const sentWrites = (http: ReturnType<typeof fakeHttp>) =>
  http.requests.filter((request) => request.method === 'POST').length;

describe('a preference bookmark added offline (issue 25, protocol §17.2)', () => {
  it('is kept, and back online the preference is read first: holding it already (its answer was lost), it is not written again', () => {
    const { http, types } = bookmarkedOffline({ stored: [lake] });
    expect(types).toContain('outbox/queued');
    expect(types.slice(-2)).toEqual(['outbox/resendStarted', 'outbox/alreadySaved']);
    // the write that failed offline, and no other
    expect(sentWrites(http)).toBe(1);
  });

  it('not holding it, it is written once onto the list as the server holds it: a bookmark added meanwhile elsewhere stays', () => {
    const { types, written } = bookmarkedOffline({ stored: [forest] });
    expect(types.slice(-3)).toEqual(['outbox/resendStarted', 'outbox/checked', 'outbox/resent']);
    expect(tokens(written.slice(-1))).toEqual([['forest', 'lake']]);
  });

  it('a server with no bookmarks yet (a 404 on the read) gets it written onto an empty list', () => {
    const { types, written } = bookmarkedOffline({ stored: null });
    expect(types.slice(-3)).toEqual(['outbox/resendStarted', 'outbox/checked', 'outbox/resent']);
    expect(tokens(written.slice(-1))).toEqual([['lake']]);
  });

  it('refused when sent again (a 4xx): it waits in "Pending changes" for the user, named by its search', () => {
    const refusal = new AppError({ code: 'error.403', message: 'Forbidden', status: 403 });
    const { types, state } = bookmarkedOffline({ stored: [], refuseWrites: refusal });
    expect(types.at(-1)).toBe('outbox/resendFailed');
    expect(selectOutboxEntries(state)).toMatchObject([
      { state: 'refused', label: { key: 'outbox.preferences.bookmark', values: { text: 'lake' } } },
    ]);
  });
});
