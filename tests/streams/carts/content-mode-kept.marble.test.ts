import { NEVER, type Observable, of, throwError } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { cartOpened, contentModeChosen } from '../../../streams/carts/content-events';
import { cartsDomain } from '../../../streams/carts/domain';
import { listOpened } from '../../../streams/carts/events';
import { selectContentMode } from '../../../streams/carts/selectors';
import { config } from '../../../streams/core/config';
import { domainEpics } from '../../../streams/core/epic';
import type { HttpRequest, HttpResponse } from '../../../streams/core/http';
import { cursorsDomain } from '../../../streams/cursors/domain';
import { restored } from '../../../streams/outbox/events';
import { preferencesDomain } from '../../../streams/preferences/domain';
import { loaded, portalRequested, setRequested } from '../../../streams/preferences/events';
import { queriesDomain } from '../../../streams/queries/domain';
import { navigated } from '../../../streams/router/events';
import type { RootState } from '../../../streams/root';
import { schemasDomain } from '../../../streams/schemas/domain';
import { appStarted } from '../../helpers/app-started';
import { aliceKnown } from '../../helpers/identities';
import { epicStore, fold, marbleScheduler } from '../../helpers/marbles';
import { fakeHttp, testDeps } from '../../helpers/test-deps';
import { assetHeaders } from '../cursors/fixtures';
import { httpError } from '../session/session-fixtures';
import { aWireCart } from './fixtures';

const epics = domainEpics<RootState>(
  cartsDomain,
  cursorsDomain,
  queriesDomain,
  schemasDomain,
  preferencesDomain,
);
const KEY = 'cartContentMode';
const namespace = config.defaultPreferenceNamespace;
/** How long the saved preferences take to answer after a reload, in virtual time. */
const PREFERENCE_ANSWER_MS = 50;

type Ask = HttpRequest<unknown>;
type Answer = Observable<HttpResponse<unknown>>;

/**
 * The demo server after a reload: the saved content mode answers late (`savedMode`), the other
 * portal preferences are missing; cart 20 holds two assets, each list page returns nothing.
 */
function server(savedMode: (request: Ask) => Answer) {
  return (request: Ask): Answer => {
    if (request.path === '/json/userpref' && request.method === 'GET')
      return request.query?.key === KEY ? savedMode(request) : throwError(() => httpError(404));
    if (request.path === '/json/userpref') return of({ status: 200, data: { response: { data: {} } } });
    if (request.path.endsWith('/headers')) return of({ status: 200, data: assetHeaders });
    if (request.path.includes('/cart/'))
      return of({
        status: 200,
        data: aWireCart('20', {
          items: [
            { id: '1', type: 'asset' },
            { id: '2', type: 'asset' },
          ],
        }),
      });
    return NEVER;
  };
}

const pathsOf = (requests: Ask[]) => requests.map((request) => request.path);

describe('the content mode a user chose is kept in their preferences (seed 002 §4)', () => {
  it('choosing a mode saves it as the portal preference cartContentMode', () => {
    const http = fakeHttp(server(() => NEVER));
    const store = epicStore(testDeps({ http }), epics, fold([appStarted(), aliceKnown()]));
    store.dispatch(contentModeChosen({ mode: 'both' }));
    const save = http.requests.find((request) => request.method === 'POST');
    expect(save?.path).toBe('/json/userpref');
    expect(save?.body).toMatchObject({ form: { namespace, key: KEY, value: '"both"' } });
  });

  it('the saved mode comes before the mount setting; a choice of this session before both', () => {
    const mountCursor = appStarted({ settings: { applicationCartsCartContentMode: 'cursor' } });
    const saved = fold([
      mountCursor,
      aliceKnown(),
      portalRequested({ namespace }),
      loaded({ namespace, name: KEY, value: 'both' }),
    ]);
    expect(selectContentMode(saved)).toBe('both');
    expect(selectContentMode(fold([contentModeChosen({ mode: 'cart' })], saved))).toBe('cart');
    // a value the portal does not know is no mode: the mount setting says
    const odd = fold([loaded({ namespace, name: KEY, value: 'sideways' })], saved);
    expect(selectContentMode(odd)).toBe('cursor');
  });

  it('after a reload the cart opens at once, then is listed again in the saved mode once it is read (cursor: the list query)', () => {
    const scheduler = marbleScheduler();
    const http = fakeHttp(
      server(() =>
        scheduler.createColdObservable(`${PREFERENCE_ANSWER_MS}ms (a|)`, {
          a: { status: 200, data: { response: { data: { key: KEY, value: '"cursor"' } } } },
        }),
      ),
    );
    let before: string[] = [];
    scheduler.run(({ hot }) => {
      const store = epicStore(
        testDeps({ scheduler, http }),
        epics,
        fold([appStarted(), navigated({ path: '/carts/20', search: '', via: 'link' })]),
      );
      hot('a b', { a: aliceKnown(), b: cartOpened({ cartId: '20' }) }).subscribe(store.dispatch);
      scheduler.schedule(() => {
        before = pathsOf(http.requests).filter((path) => /listCartItems|viewCart|dam\/asset/.test(path));
      }, PREFERENCE_ANSWER_MS - 1);
    });
    // read as a cart first (the mount setting's mode), no list query yet
    expect(before).toContain('/wedia/cart/viewCart/20');
    expect(before).not.toContain('/rest/dam/asset');
    const after = pathsOf(http.requests);
    expect(after).toContain('/wedia/cart/listCartItems/20');
    expect(after).toContain('/rest/dam/asset');
  });

  it('is read when a carts screen first opens, not when the user is known nor for the carts of /search', () => {
    const http = fakeHttp(server(() => of({ status: 200, data: { response: { data: { key: KEY } } } })));
    const store = epicStore(testDeps({ http }), epics, fold([appStarted()]));
    const modeReads = () =>
      http.requests.filter((request) => request.method === 'GET' && request.query?.key === KEY).length;
    store.dispatch(aliceKnown());
    store.dispatch(navigated({ path: '/search', search: '', via: 'link' }));
    store.dispatch(listOpened({ reuseFresh: true }));
    expect(modeReads()).toBe(0);
    store.dispatch(navigated({ path: '/carts', search: '', via: 'link' }));
    store.dispatch(listOpened({}));
    expect(modeReads()).toBe(1);
    store.dispatch(navigated({ path: '/carts/20', search: '', via: 'link' }));
    store.dispatch(cartOpened({ cartId: '20' }));
    expect(modeReads()).toBe(1);
  });

  it('a saved mode that cannot be read leaves the cart to the mount setting, without waiting longer', () => {
    const scheduler = marbleScheduler();
    const http = fakeHttp(server(() => throwError(() => httpError(500))));
    scheduler.run(({ hot }) => {
      const store = epicStore(testDeps({ scheduler, http }), epics, fold([appStarted()]));
      hot('a b', { a: aliceKnown(), b: cartOpened({ cartId: '20' }) }).subscribe(store.dispatch);
    });
    expect(pathsOf(http.requests)).toContain('/wedia/cart/viewCart/20');
  });

  it('a choice whose save the outbox still keeps after a reload stands over the older saved value, and the open cart follows it', () => {
    const scheduler = marbleScheduler();
    const http = fakeHttp(
      server(() =>
        scheduler.createColdObservable(`${PREFERENCE_ANSWER_MS}ms (a|)`, {
          a: { status: 200, data: { response: { data: { key: KEY, value: '"cart"' } } } },
        }),
      ),
    );
    const kept = {
      id: 'w1',
      type: setRequested.type,
      payload: { input: { key: KEY, value: 'cursor' } },
      domain: 'preferences',
      label: { key: 'outbox.preferences.set', values: {} },
      queuedAt: 0,
      attempts: 1,
      error: { code: 'error.http.500', message: 'Fault injected', status: 500 },
      state: 'waiting' as const,
    };
    let store: ReturnType<typeof epicStore> | undefined;
    scheduler.run(({ hot }) => {
      store = epicStore(
        testDeps({ scheduler, http }),
        epics,
        fold([appStarted(), navigated({ path: '/carts/20', search: '', via: 'link' })]),
      );
      hot('a b 10ms c', {
        a: aliceKnown(),
        b: cartOpened({ cartId: '20' }),
        c: restored({ user: 'alice', entries: [kept] }),
      }).subscribe(store.dispatch);
    });
    // the server still says "cart" (the write has not reached it): the kept choice is the user's
    expect(selectContentMode(store!.getState())).toBe('cursor');
    expect(pathsOf(http.requests)).toContain('/rest/dam/asset');
    // the restore itself sends nothing: the outbox sends the kept write, once
    expect(http.requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });
});
