import { NEVER } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { contentFilterChanged, itemPlayerRequested, viewLoaded } from '../../../streams/carts/content-events';
import {
  createRequested,
  editRequested,
  itemsAddRequested,
  itemsRemoveRequested,
} from '../../../streams/carts/edit-events';
import { CART_LIST_TYPES } from '../../../streams/carts/api';
import { cartsDomain } from '../../../streams/carts/domain';
import { listLoaded, listOpened } from '../../../streams/carts/events';
import { itemKey } from '../../../streams/carts/model';
import { selectMutation } from '../../../streams/carts/selectors';
import { config } from '../../../streams/core/config';
import { domainEpics, combineEpics } from '../../../streams/core/epic';
import { AppError } from '../../../streams/core/errors';
import type { HttpRequest } from '../../../streams/core/http';
import { logFailures } from '../../../streams/logs/epics';
import { whoAmILoaded } from '../../../streams/session/events';
import type { RootState } from '../../../streams/root';
import { appStarted } from '../../helpers/app-started';
import { epicStore, fold, marbleScheduler, typesOf } from '../../helpers/marbles';
import { fakeHttp, testDeps } from '../../helpers/test-deps';
import { aCart, aWireCart } from './fixtures';

const alice = whoAmILoaded({ me: { id: 1, login: 'alice', isUser: true } });
const allCarts = domainEpics<RootState>(cartsDomain);
const ok = (data: unknown) => ({ status: 200, data });
const wireCart = (id: string, fields: Record<string, unknown> = {}) => ({
  id,
  name: `Cart ${id}`,
  isMine: true,
  private: true,
  items: [],
  ...fields,
});
const fail = (status: number, message = 'boom') =>
  new AppError({ code: `error.http.${status}`, message, status, body: { error: String(status), message } });

describe('carts list (protocol §6.3)', () => {
  it('goes initial then loaded, a reload fetching then loaded, and a load asked while one runs is skipped', () => {
    const scheduler = marbleScheduler();
    const statuses: string[] = [];
    const seen: string[] = [];
    const http = fakeHttp();
    scheduler.run(({ hot, cold }) => {
      http.request = ((request: HttpRequest<unknown>) => {
        http.requests.push(request);
        return cold('---r|', { r: ok([wireCart('1')]) });
      }) as typeof http.request;
      const store = epicStore(testDeps({ scheduler, http }), allCarts, fold([alice]));
      store.state$.subscribe((state) => statuses.push(state.carts.list.status));
      typesOf(store, 'carts/list').subscribe((type) => seen.push(`${scheduler.now()} ${type}`));
      hot('ab-----c', { a: listOpened({}), b: listOpened({}), c: listOpened({}) }).subscribe(store.dispatch);
    });
    expect(seen).toEqual([
      '0 carts/listOpened',
      '0 carts/listFetchStarted',
      '1 carts/listOpened',
      '3 carts/listLoaded',
      '7 carts/listOpened',
      '7 carts/listFetchStarted',
      '10 carts/listLoaded',
    ]);
    expect([...new Set(statuses)]).toEqual(['resolved', 'initial', 'loaded', 'fetching']);
    expect(statuses.at(-1)).toBe('loaded');
    expect(http.requests.map((request) => [request.path, request.query])).toEqual([
      ['/wedia/cart/listCarts', { type: CART_LIST_TYPES, output: 'list' }],
      ['/wedia/cart/listCarts', { type: CART_LIST_TYPES, output: 'list' }],
    ]);
  });

  it('the Add to cart menu reuses a list loaded less than cartListFreshMs ago, then reads it again (issue 12 item 16)', () => {
    const scheduler = marbleScheduler();
    const fresh = config.cartListFreshMs;
    const readAt: number[] = [];
    scheduler.run(({ hot, cold }) => {
      const http = fakeHttp(() => {
        readAt.push(scheduler.now());
        return cold('--r|', { r: ok([wireCart('7')]) });
      });
      const store = epicStore(testDeps({ scheduler, http }), allCarts, fold([alice]));
      const menu = listOpened({ reuseFresh: true });
      // opened, opened again while fresh, once more after the list aged; the carts page always reads
      hot(`a 9ms a ${fresh - 8}ms a 9ms b`, { a: menu, b: listOpened({}) }).subscribe(store.dispatch);
    });
    expect(readAt).toEqual([0, fresh + 3, fresh + 13]);
  });

  it('a failed load gives error and is logged through the log domain (seed 000 §4)', () => {
    const scheduler = marbleScheduler();
    let state: RootState | undefined;
    scheduler.run(({ hot, cold, expectObservable }) => {
      const http = fakeHttp(() => cold('-#', {}, fail(500)));
      const store = epicStore(
        testDeps({ scheduler, http }),
        combineEpics({ allCarts, logFailures }),
        fold([alice]),
      );
      hot('a', { a: listOpened({}) }).subscribe(store.dispatch);
      expectObservable(typesOf(store, 'logs/')).toBe('-a', { a: 'logs/entryAdded' });
      scheduler.schedule(() => {
        state = store.getState();
      }, 5);
    });
    expect(state?.carts.list.status).toBe('error');
    expect(state?.logs.pending[0]?.message).toContain('carts/listLoadFailed');
  });

  it('keeps carts without `modified`, compares ids as strings, and applies the shared-cart limits from the settings', () => {
    const scheduler = marbleScheduler();
    let state: RootState | undefined;
    scheduler.run(({ hot, cold }) => {
      const answer = [
        wireCart('1'),
        wireCart('2', { isMine: false }),
        wireCart('3', { isMine: false }),
        wireCart('4', { isMine: false, private: false }),
        wireCart('5', { isMine: false, private: false }),
        wireCart('6', { isMine: false, private: false }),
        { id: 7, name: 'numeric id', isMine: true, items: [{ id: 11, type: 'asset' }] },
      ];
      const http = fakeHttp(() => cold('-r|', { r: ok(answer) }));
      const started = appStarted({
        settings: { applicationCartsMaxSharedCarts: '1', applicationCartsMaxPublicCarts: '2' },
      });
      const store = epicStore(testDeps({ scheduler, http }), allCarts, fold([started, alice]));
      hot('a', { a: listOpened({}) }).subscribe(store.dispatch);
      scheduler.schedule(() => {
        state = store.getState();
      }, 5);
    });
    expect(state?.carts.list.ids).toEqual(['1', '2', '4', '5', '7']);
    expect(state?.carts.carts['7']?.items).toEqual({ asset: ['11'] });
    expect(state?.carts.carts['1']?.modified).toBeNull();
  });
});

describe('cart create and edit (seed 000 §5, protocol §6.4)', () => {
  it("refuses a missing or empty name with the spec's messages and sends nothing", () => {
    const scheduler = marbleScheduler();
    const http = fakeHttp();
    const messages: (string | null)[] = [];
    scheduler.run(({ hot }) => {
      const store = epicStore(testDeps({ scheduler, http }), allCarts, fold([alice]));
      hot('a-b', {
        a: createRequested({ description: '', isPrivate: true, collaborators: [] }),
        b: createRequested({ name: '', description: '', isPrivate: true, collaborators: [] }),
      }).subscribe((event) => {
        const request = store.dispatch(event);
        messages.push(selectMutation(store.getState(), request?.meta.id)?.message ?? null);
      });
    });
    expect(messages).toEqual(['A cart requires a name', 'A cart requires a non empty name']);
    expect(http.requests).toEqual([]);
  });

  it('creates from the first element of the answer, then reloads the list', () => {
    const scheduler = marbleScheduler();
    const http = fakeHttp();
    scheduler.run(({ hot, cold, expectObservable }) => {
      http.request = ((request: HttpRequest<unknown>) => {
        http.requests.push(request);
        return request.path.includes('createCart') ? cold('-r|', { r: ok([wireCart('9')]) }) : NEVER;
      }) as typeof http.request;
      const store = epicStore(testDeps({ scheduler, http }), allCarts, fold([alice]));
      hot('a', {
        a: createRequested({ name: ' New ', description: 'd', isPrivate: false, collaborators: [] }),
      }).subscribe(store.dispatch);
      expectObservable(typesOf(store, 'carts/')).toBe('a(bc)', {
        a: 'carts/createRequested',
        b: 'carts/created',
        c: 'carts/listFetchStarted',
      });
    });
    expect(http.requests[0]?.body).toEqual({
      json: { name: 'New', description: 'd', private: false, collaborators: [], type: '', expires: null },
    });
    expect(http.requests[1]?.path).toBe('/wedia/cart/listCarts');
  });

  it('"New cart…" of "Add to cart": creates, then adds the asked items to the new cart (issue 13)', () => {
    const scheduler = marbleScheduler();
    const http = fakeHttp();
    let state: RootState | undefined;
    const seen: string[] = [];
    scheduler.run(({ hot, cold }) => {
      http.request = ((request: HttpRequest<unknown>) => {
        http.requests.push(request);
        if (request.path.includes('createCart'))
          return cold('-r|', { r: ok([wireCart('9', { name: 'Trip' })]) });
        if (request.path.includes('addCartItems'))
          return cold('--r|', {
            r: ok(wireCart('9', { name: 'Trip', items: [{ id: '7', type: 'asset' }] })),
          });
        return NEVER;
      }) as typeof http.request;
      const store = epicStore(testDeps({ scheduler, http }), allCarts, fold([alice]));
      hot('a', {
        a: createRequested({
          name: 'Trip',
          description: '',
          isPrivate: true,
          collaborators: [],
          addItems: { asset: ['7'] },
        }),
      }).subscribe(store.dispatch);
      typesOf(store, 'carts/').subscribe((type) => seen.push(`${scheduler.now()} ${type}`));
      scheduler.schedule(() => {
        state = store.getState();
      }, 5);
    });
    expect(seen).toEqual([
      '0 carts/createRequested',
      '1 carts/created',
      '1 carts/listFetchStarted',
      '1 carts/createdCartFilled',
      '3 carts/itemsAdded',
    ]);
    expect(http.requests.map((request) => request.path)).toEqual([
      '/wedia/cart/createCart/',
      '/wedia/cart/listCarts',
      '/wedia/cart/addCartItems/9',
    ]);
    expect(http.requests[2]?.body).toEqual({ json: { items: { asset: ['7'] } } });
    expect(state?.carts.carts['9']?.items).toEqual({ asset: ['7'] });
  });

  it('applies an edit at once and rolls it back visibly when the server refuses it', () => {
    const scheduler = marbleScheduler();
    const names: string[] = [];
    let state: RootState | undefined;
    scheduler.run(({ hot, cold }) => {
      const http = fakeHttp(() => cold('--#', {}, fail(403, 'Only the owner of a cart can do this')));
      const listed = listLoaded({ carts: [aCart({ id: '4', name: 'Before' })] });
      const store = epicStore(testDeps({ scheduler, http }), allCarts, fold([alice, listed]));
      store.state$.subscribe((current) => names.push(current.carts.carts['4']?.name ?? ''));
      hot('a', {
        a: editRequested({ cartId: '4', name: 'After', description: '', isPrivate: true }),
      }).subscribe(store.dispatch);
      scheduler.schedule(() => {
        state = store.getState();
      }, 5);
    });
    expect([...new Set(names)]).toEqual(['Before', 'After']);
    expect(state?.carts.carts['4']?.name).toBe('Before');
    expect(Object.values(state?.carts.notices ?? {})).toMatchObject([
      {
        kind: 'edit',
        cartId: '4',
        message: 'Only the owner of a cart can do this',
      },
    ]);
    expect(state?.carts.undo).toEqual({});
  });

  it("refuses an edit of a cart the portal does not know with 'Unknown cart' (seed 000 §8); nothing is sent", () => {
    const scheduler = marbleScheduler();
    const http = fakeHttp(() => NEVER);
    const refused: unknown[] = [];
    scheduler.run(({ hot }) => {
      const listed = listLoaded({ carts: [aCart({ id: '4', name: 'Before' })] });
      const store = epicStore(testDeps({ scheduler, http }), allCarts, fold([alice, listed]));
      store.event$.subscribe((event) => {
        if (event.type === 'carts/editRefused') refused.push(event.payload);
      });
      hot('a', {
        a: editRequested({ cartId: '404', name: 'After', description: '', isPrivate: true }),
      }).subscribe(store.dispatch);
    });
    expect(refused).toEqual([{ cartId: '404', message: 'Unknown cart' }]);
    expect(http.requests).toEqual([]);
  });
});

describe('cart content (protocol §6.4, §6.6)', () => {
  it('asks for the full-text filter 200 ms after the typing pauses; the mode goes only when should or must', () => {
    const scheduler = marbleScheduler();
    const http = fakeHttp(() => NEVER);
    const pause = config.fulltextDebounceMs;
    scheduler.run(({ hot, expectObservable }) => {
      const store = epicStore(testDeps({ scheduler, http }), allCarts, fold([alice]));
      const typed = (fulltext: string, mode: 'default' | 'should' | 'must') =>
        contentFilterChanged({ cartId: '1', fulltext, mode });
      // b comes before the pause ends, c exactly when it would: only c is asked, a pause after it
      hot(`a ${pause / 2}ms b ${pause - 1}ms c`, {
        a: typed('ca', 'default'),
        b: typed('cat', 'default'),
        c: typed('cat dog', 'should'),
      }).subscribe(store.dispatch);
      expectObservable(typesOf(store, 'carts/viewStarted')).toBe(
        `- ${pause / 2}ms - ${pause - 1}ms - ${pause - 1}ms a`,
        {
          a: 'carts/viewStarted',
        },
      );
    });
    expect(http.requests.map((request) => request.query)).toEqual([
      { no_preview: true, output: 'list', fulltext: 'cat dog', fulltextMode: 'should' },
    ]);
  });

  it('skips a player request while the same player is initial or fetching (protocol §23.8)', () => {
    const scheduler = marbleScheduler();
    const http = fakeHttp();
    scheduler.run(({ hot, cold }) => {
      http.request = ((request: HttpRequest<unknown>) => {
        http.requests.push(request);
        return cold('---r|', { r: ok({ html: '<p>x</p>', javascriptUrls: [] }) });
      }) as typeof http.request;
      const store = epicStore(testDeps({ scheduler, http }), allCarts, fold([alice]));
      const target = { cartId: '1', resource: 'asset', id: '11', player: 'fo.player' };
      hot('a-b----c', {
        a: itemPlayerRequested(target),
        b: itemPlayerRequested(target),
        c: itemPlayerRequested(target),
      }).subscribe(store.dispatch);
    });
    expect(http.requests.map((request) => request.path)).toEqual([
      '/wedia/cart/itemPreview/player/fo.player/1/asset/11',
      '/wedia/cart/itemPreview/player/fo.player/1/asset/11',
    ]);
  });

  it('a change answered while the view it set off is on its way views the cart again once that view lands', () => {
    // "Remove" then "Undo": the view after the removal is read by the server before the Undo's
    // addition, but answered after it; viewed again, the cart holds the item that came back
    const scheduler = marbleScheduler();
    const withItem = aWireCart('7', { items: [{ id: '1', type: 'asset', name: 'a.jpg' }] });
    const without = aWireCart('7');
    // the first view was read by the server before the addition, and is answered after it
    const answers: Record<string, string[]> = {
      removeCartItems: ['-r|'],
      viewCart: ['-----r|', '-a|'],
      addCartItems: ['--a|'],
    };
    const http = fakeHttp();
    scheduler.run(({ hot, cold }) => {
      http.request = ((request: HttpRequest<unknown>) => {
        http.requests.push(request);
        const verb = request.path.split('/')[3] ?? '';
        return cold(answers[verb]?.shift() ?? '', { r: ok(without), a: ok(withItem) });
      }) as typeof http.request;
      const opened = viewLoaded({
        cart: aCart({ id: '7', items: { asset: ['1'] }, total: 1 }),
        details: [],
        filtered: false,
      });
      const store = epicStore(testDeps({ scheduler, http }), allCarts, fold([alice, opened]));
      hot('ab', {
        a: itemsRemoveRequested({ cartId: '7', keys: [itemKey('asset', '1')] }),
        b: itemsAddRequested({ cartId: '7', items: { asset: ['1'] } }),
      }).subscribe(store.dispatch);
      scheduler.flush();
      expect(store.getState().carts.contents['7']?.keys).toEqual([itemKey('asset', '1')]);
    });
    expect(http.requests.map((request) => request.path.split('/')[3])).toEqual([
      'removeCartItems',
      'viewCart',
      'addCartItems',
      'viewCart',
    ]);
  });
});
