import { NEVER, type Observable, of, throwError } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { cartCursorName } from '../../../streams/carts/cart-cursor';
import {
  cartOpened,
  chunkRequested,
  contentFilterChanged,
  contentModeChosen,
  itemsListed,
  visibleRangeChanged,
} from '../../../streams/carts/content-events';
import { cartsDomain } from '../../../streams/carts/domain';
import { listLoaded } from '../../../streams/carts/events';
import { selectContentMode, selectItemGroups } from '../../../streams/carts/selectors';
import { config } from '../../../streams/core/config';
import { domainEpics } from '../../../streams/core/epic';
import { AppError } from '../../../streams/core/errors';
import type { HttpRequest, HttpResponse } from '../../../streams/core/http';
import { cursorsDomain } from '../../../streams/cursors/domain';
import { queriesDomain } from '../../../streams/queries/domain';
import type { RootState } from '../../../streams/root';
import { schemasDomain } from '../../../streams/schemas/domain';
import { whoAmILoaded } from '../../../streams/session/events';
import { appStarted } from '../../helpers/app-started';
import { epicStore, fold, marbleScheduler } from '../../helpers/marbles';
import { fakeHttp, testDeps } from '../../helpers/test-deps';
import { assetHeaders } from '../cursors/fixtures';
import { aCart, aWireCart } from './fixtures';

const alice = whoAmILoaded({ me: { id: 1, login: 'alice', isUser: true } });
const epics = domainEpics<RootState>(cartsDomain, cursorsDomain, queriesDomain, schemasDomain);
const max = config.cartCursorMax;
const ids = (from: number, count: number) => Array.from({ length: count }, (_, i) => String(from + i));
const name = cartCursorName('20');

type Ask = HttpRequest<unknown>;

/** The demo's answers: schema headers, the cart's items, and list pages of the asked ids (page size max). */
function server(items: Record<string, string[]>, list: (request: Ask) => Observable<HttpResponse<unknown>>) {
  return (request: Ask): Observable<HttpResponse<unknown>> => {
    if (request.path.endsWith('/headers')) return of({ status: 200, data: assetHeaders });
    if (request.path.includes('/listCartItems/'))
      return of({
        status: 200,
        data: aWireCart('20', {
          items: Object.entries(items).flatMap(([type, list]) => list.map((id) => ({ id, type }))),
        }),
      });
    return list(request);
  };
}

/** The ids a list request asks for, resource by resource (its `query`). */
function askedIds(request: Ask): Record<string, unknown> {
  const query = request.query?.query as { and?: Record<string, { in: unknown }>[] } | Record<string, unknown>;
  const parts = ('and' in query ? (query.and as Record<string, { in: unknown }>[]) : [query]) ?? [];
  return Object.fromEntries(
    parts.flatMap((part) =>
      Object.entries(part)
        .filter(([key]) => key.endsWith('@id'))
        .map(([key, value]) => [key, (value as { in: unknown }).in]),
    ),
  );
}

/** A page of the asked asset ids (at most `max` rows), its state echoed, more after it when `next`. */
function page(request: Ask, next: string | null = null): HttpResponse<unknown> {
  const wanted = (askedIds(request)['asset@id'] as string[]).filter((id) => id !== '0' && String(id) !== '0');
  const after = request.query?.after ? Number(request.query.after) : 0;
  const rows = wanted.slice(after, after + max).map((id) => ({ id: Number(id), name: `asset ${id}.jpg` }));
  return {
    status: 200,
    data: {
      resource: 'asset',
      response: { data: rows, total: wanted.length, count: rows.length },
      links: next ? { nextResultsToken: next } : {},
      state: String(request.query?.state),
    },
  };
}

const lists = (requests: Ask[]) => requests.filter((request) => request.path === '/rest/dam/asset');

describe('cart content as a list query (seed 002 §4, §8, §9; protocol §6.6)', () => {
  it('the content mode is the mount setting carts-cart-content-mode, else cart; the user’s choice wins', () => {
    const base = fold([appStarted(), alice]);
    expect(selectContentMode(base)).toBe('cart');
    const set = fold([appStarted({ settings: { applicationCartsCartContentMode: 'both' } }), alice]);
    expect(selectContentMode(set)).toBe('both');
    const odd = fold([appStarted({ settings: { applicationCartsCartContentMode: 'nope' } }), alice]);
    expect(selectContentMode(odd)).toBe('cart');
    const chosen = fold([
      appStarted({ settings: { applicationCartsCartContentMode: 'both' } }),
      alice,
      contentModeChosen({ mode: 'cursor' }),
    ]);
    expect(selectContentMode(chosen)).toBe('cursor');
  });

  it('cart mode reads viewCart and registers no list query', () => {
    const scheduler = marbleScheduler();
    const http = fakeHttp(server({ asset: ids(1, 3) }, () => NEVER));
    scheduler.run(({ hot }) => {
      const store = epicStore(testDeps({ scheduler, http }), epics, fold([appStarted(), alice]));
      hot('a', { a: cartOpened({ cartId: '20' }) }).subscribe(store.dispatch);
    });
    const paths = http.requests.map((request) => request.path);
    expect(paths).toContain('/wedia/cart/viewCart/20');
    expect(lists(http.requests)).toEqual([]);
  });

  it('a small cart the carts list counted is viewed at once, its items not listed again (issue 26: one call)', () => {
    const scheduler = marbleScheduler();
    const http = fakeHttp(server({ asset: ids(1, 3) }, () => NEVER));
    const counted = (total: number) => aCart({ id: '20', items: { asset: ids(1, 3) }, total });
    const opened = (total: number) =>
      scheduler.run(({ hot }) => {
        const store = epicStore(
          testDeps({ scheduler, http }),
          epics,
          fold([appStarted(), alice, listLoaded({ carts: [counted(total)] })]),
        );
        hot('a', { a: cartOpened({ cartId: '20' }) }).subscribe(store.dispatch);
      });
    opened(3);
    expect(http.requests.map((request) => request.path)).toEqual(['/wedia/cart/viewCart/20']);
    // a huge one is listed first: its items are read in chunks (protocol §6.6)
    http.requests.length = 0;
    opened(config.hugeCartItems + 1);
    expect(http.requests.map((request) => request.path)[0]).toBe('/wedia/cart/listCartItems/20');
  });

  it('cursor mode registers ~[CART@{id}] on dam/asset (max the cart cursor max, at most 100, techprops none, no aggregates): registered, resolved, then constraints updated', () => {
    const scheduler = marbleScheduler();
    const steps: (string | null)[] = [];
    const cart = { asset: ids(1, 3), video: ids(50, 2) };
    const http = fakeHttp(server(cart, (request) => of(page(request))));
    let state: RootState | undefined;
    scheduler.run(({ hot }) => {
      const store = epicStore(
        testDeps({ scheduler, http }),
        epics,
        fold([appStarted({ settings: { applicationCartsCartContentMode: 'cursor' } }), alice]),
      );
      store.state$.subscribe((now) => steps.push(now.carts.contents['20']?.cursorStatus ?? null));
      hot('a', { a: cartOpened({ cartId: '20' }) }).subscribe(store.dispatch);
      scheduler.schedule(() => {
        state = store.getState();
      }, config.listFetchDebounceMs + 10);
    });
    expect([...new Set(steps.filter(Boolean))]).toEqual(['registered', 'resolved', 'constraintsUpdated']);
    expect(max).toBeLessThanOrEqual(100);
    expect(state?.cursors.byName[name]).toMatchObject({
      path: 'dam/asset',
      options: { max, techprops: ['none'], withAggregates: false, fulltext: '' },
    });
    // no viewCart in cursor mode: the details come from the list's page
    expect(http.requests.some((request) => request.path.includes('/viewCart/'))).toBe(false);
    const [list] = lists(http.requests);
    expect(list?.query?.max).toBe(max);
    expect(askedIds(list!)).toEqual({ 'asset@id': ids(1, 3), 'video@id': ids(50, 2) });
    expect(state?.carts.contents['20']?.status).toBe('loaded');
    const shown = selectItemGroups(state!, '20').flatMap((group) => group.items);
    expect(shown.filter((item) => item.details).map((item) => item.details?.name)).toEqual([
      'asset 1.jpg',
      'asset 2.jpg',
      'asset 3.jpg',
    ]);
  });

  it('cursor mode asks the next page once the grid comes within half the cursor max of the rows loaded', () => {
    const scheduler = marbleScheduler();
    const cart = { asset: ids(1, 3 * max) };
    const http = fakeHttp(
      server(cart, (request) => of(page(request, String(Number(request.query?.after ?? 0) + max)))),
    );
    const half = max / 2;
    scheduler.run(({ hot }) => {
      const store = epicStore(
        testDeps({ scheduler, http }),
        epics,
        fold([appStarted({ settings: { applicationCartsCartContentMode: 'cursor' } }), alice]),
      );
      hot('a 99ms b 9ms c', {
        a: cartOpened({ cartId: '20' }),
        // the last visible item is more than half the max before the end of the first page: nothing
        b: visibleRangeChanged({ cartId: '20', first: 0, last: max - half - 2 }),
        // within half the max: the next page
        c: visibleRangeChanged({ cartId: '20', first: 10, last: max - half }),
      }).subscribe(store.dispatch);
    });
    expect(lists(http.requests).map((request) => request.query?.after ?? null)).toEqual([null, String(max)]);
  });

  it('both mode views the cart and keeps asking the next page while there are more results', () => {
    const scheduler = marbleScheduler();
    const cart = { asset: ids(1, 3 * max) };
    const http = fakeHttp(
      server(cart, (request) => {
        const after = Number(request.query?.after ?? 0) + max;
        return of(page(request, after < 3 * max ? String(after) : null));
      }),
    );
    scheduler.run(({ hot }) => {
      const store = epicStore(
        testDeps({ scheduler, http }),
        epics,
        fold([appStarted({ settings: { applicationCartsCartContentMode: 'both' } }), alice]),
      );
      hot('a', { a: cartOpened({ cartId: '20' }) }).subscribe(store.dispatch);
    });
    expect(http.requests.some((request) => request.path === '/wedia/cart/viewCart/20')).toBe(true);
    expect(lists(http.requests).map((request) => request.query?.after ?? null)).toEqual([
      null,
      String(max),
      String(2 * max),
    ]);
  });

  it('cursor mode: "Search in this cart" runs through ~[CART@{id}] with the fulltext once the typing pauses; cleared, the whole cart again', () => {
    const scheduler = marbleScheduler();
    const cart = { asset: ids(1, 3) };
    // the demo's search: the rows whose name holds the text
    const http = fakeHttp(
      server(cart, (request) => {
        const answer = page(request);
        const text = String(request.query?.fulltext ?? '');
        const data = answer.data as { response: { data: { name: string }[] } };
        data.response.data = data.response.data.filter((row) => row.name.includes(text));
        return of(answer);
      }),
    );
    const shownAt: Record<string, string[]> = {};
    const shown = (state: RootState) =>
      selectItemGroups(state, '20').flatMap((group) => group.items.map((item) => item.key));
    // the typing pauses, then the list asks (its own debounce) and answers
    const settle = config.fulltextDebounceMs + config.listFetchDebounceMs + 20;
    const [typed, typedAgain] = [100, 100 + config.fulltextDebounceMs - 2];
    const cleared = typedAgain + settle + 10;
    scheduler.run(() => {
      const store = epicStore(
        testDeps({ scheduler, http }),
        epics,
        fold([appStarted({ settings: { applicationCartsCartContentMode: 'cursor' } }), alice]),
      );
      const at = (time: number, event: Parameters<typeof store.dispatch>[0]) =>
        scheduler.schedule(() => store.dispatch(event), time);
      at(0, cartOpened({ cartId: '20' }));
      at(typed, contentFilterChanged({ cartId: '20', fulltext: 'asset', mode: 'must' }));
      at(typedAgain, contentFilterChanged({ cartId: '20', fulltext: 'asset 2', mode: 'must' }));
      at(cleared, contentFilterChanged({ cartId: '20', fulltext: '', mode: 'must' }));
      for (const time of [typedAgain - 1, typedAgain + settle, cleared + settle])
        scheduler.schedule(() => {
          shownAt[time] = shown(store.getState());
        }, time);
    });
    const asked = lists(http.requests).map((request) => [
      request.query?.fulltext ?? null,
      request.query?.fulltextMode ?? null,
    ]);
    // the first page, the search once the typing paused (the keystroke before it waited), then cleared
    expect(asked).toEqual([
      [null, null],
      ['asset 2', 'must'],
      [null, null],
    ]);
    expect(http.requests.some((request) => request.path.includes('/viewCart/'))).toBe(false);
    expect(Object.values(shownAt)).toEqual([
      ['asset/1', 'asset/2', 'asset/3'],
      ['asset/2'],
      ['asset/1', 'asset/2', 'asset/3'],
    ]);
  });

  it('a huge cart is read in chunks of the cursor max, one sequence at a time, only around what is on screen (at most half the max on each side)', () => {
    const scheduler = marbleScheduler();
    const all = ids(1, 10_000);
    const huge = itemsListed({
      cart: aCart({ id: '20', items: { asset: all, video: ids(20_001, 5) }, total: all.length + 5 }),
      huge: true,
      chunkSize: max,
      contentMode: 'cart',
    });
    const http = fakeHttp(server({}, (request) => of(page(request))));
    const requested: number[][] = [];
    let state: RootState | undefined;
    scheduler.run(({ hot }) => {
      const store = epicStore(testDeps({ scheduler, http }), epics, fold([appStarted(), alice]));
      store.event$.subscribe((event) => {
        if (chunkRequested.match(event)) requested.at(-1)?.push(event.payload.index);
      });
      hot('a 99ms b 99ms c', {
        a: huge,
        b: visibleRangeChanged({ cartId: '20', first: 0, last: 23 }),
        c: visibleRangeChanged({ cartId: '20', first: 130, last: 160 }),
      }).subscribe((event) => {
        requested.push([]);
        store.dispatch(event);
      });
      scheduler.schedule(() => {
        state = store.getState();
      }, 1000);
    });
    // 0..23 widened by max/2: chunk 0; 130..160 widened: 80..210, chunks 0, 1, 2 (0 kept)
    expect(requested).toEqual([[], [0], [1, 2]]);
    const asked = lists(http.requests).map(askedIds);
    expect(asked).toEqual([
      { 'asset@id': all.slice(0, max), 'video@id': [0] },
      { 'asset@id': all.slice(max, 2 * max), 'video@id': [0] },
      { 'asset@id': all.slice(2 * max, 3 * max), 'video@id': [0] },
    ]);
    expect(lists(http.requests).every((request) => request.query?.max === max)).toBe(true);
    const content = state?.carts.contents['20'];
    expect(content?.chunks).toEqual({ '0': 'loaded', '1': 'loaded', '2': 'loaded' });
    expect(Object.keys(content?.details ?? {})).toHaveLength(3 * max);
  });

  it('chunks that leave the window give their details back: what is held stays bounded', () => {
    const scheduler = marbleScheduler();
    const all = ids(1, 10_000);
    const huge = itemsListed({
      cart: aCart({ id: '20', items: { asset: all }, total: all.length }),
      huge: true,
      chunkSize: max,
      contentMode: 'cursor',
    });
    const http = fakeHttp(server({}, (request) => of(page(request))));
    let state: RootState | undefined;
    scheduler.run(({ hot }) => {
      const store = epicStore(testDeps({ scheduler, http }), epics, fold([appStarted(), alice]));
      hot('a 99ms b 99ms c', {
        a: huge,
        b: visibleRangeChanged({ cartId: '20', first: 0, last: 23 }),
        c: visibleRangeChanged({ cartId: '20', first: 5000, last: 5030 }),
      }).subscribe(store.dispatch);
      scheduler.schedule(() => {
        state = store.getState();
      }, 1000);
    });
    const content = state?.carts.contents['20'];
    // 5000..5030 widened by half the max: 4950..5080, chunks 49 and 50
    expect(Object.keys(content?.chunks ?? {})).toEqual(['49', '50']);
    expect(Object.keys(content?.details ?? {})).toHaveLength(2 * max);
    expect(content?.details['asset/1']).toBeUndefined();
  });

  it('a cart the server does not know is in error: its list query is never asked', () => {
    const scheduler = marbleScheduler();
    const http = fakeHttp((request) =>
      request.path.includes('/listCartItems/')
        ? throwError(() => new AppError({ code: 'error.http.404', message: 'Unknown cart 999', status: 404 }))
        : NEVER,
    );
    let state: RootState | undefined;
    scheduler.run(({ hot }) => {
      const store = epicStore(
        testDeps({ scheduler, http }),
        epics,
        fold([appStarted({ settings: { applicationCartsCartContentMode: 'cursor' } }), alice]),
      );
      hot('a', { a: cartOpened({ cartId: '999' }) }).subscribe(store.dispatch);
      scheduler.schedule(() => {
        state = store.getState();
      }, 100);
    });
    expect(state?.carts.contents['999']?.status).toBe('error');
    expect(state?.cursors.byName[cartCursorName('999')]).toBeUndefined();
  });
});
