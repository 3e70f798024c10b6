import { type Observable, of } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { cartCursorName } from '../../../streams/carts/cart-cursor';
import { cartOpened, contentModeChosen } from '../../../streams/carts/content-events';
import { cartsDomain } from '../../../streams/carts/domain';
import { config } from '../../../streams/core/config';
import { domainEpics } from '../../../streams/core/epic';
import type { HttpRequest, HttpResponse } from '../../../streams/core/http';
import { applyToRequested, registrationRequested } from '../../../streams/cursors/events';
import { cursorsDomain } from '../../../streams/cursors/domain';
import { queriesDomain } from '../../../streams/queries/domain';
import { selectQuery } from '../../../streams/queries/selectors';
import type { RootState } from '../../../streams/root';
import { schemasDomain } from '../../../streams/schemas/domain';
import { whoAmILoaded } from '../../../streams/session/events';
import { appStarted } from '../../helpers/app-started';
import { epicStore, fold, marbleScheduler } from '../../helpers/marbles';
import { fakeHttp, testDeps } from '../../helpers/test-deps';
import { assetHeaders } from '../cursors/fixtures';
import { aWireCart } from './fixtures';

const alice = whoAmILoaded({ me: { id: 1, login: 'alice', isUser: true } });
const epics = domainEpics<RootState>(cartsDomain, cursorsDomain, queriesDomain, schemasDomain);
const CART = cartCursorName('20');
const settled = config.listFetchDebounceMs + 10;

/** Headers, the cart's three items, and an empty page for every list (its `state` echoed). */
function server(request: HttpRequest<unknown>): Observable<HttpResponse<unknown>> {
  if (request.path.endsWith('/headers')) return of({ status: 200, data: assetHeaders });
  if (request.path.includes('/listCartItems/'))
    return of({
      status: 200,
      data: aWireCart('20', { items: ['1', '2', '3'].map((id) => ({ id, type: 'asset' })) }),
    });
  return of({
    status: 200,
    data: {
      resource: 'asset',
      response: { data: [], total: 0, count: 0 },
      state: String(request.query?.state),
    },
  });
}

describe('a search applied onto a cart in cursor mode (seed 002 §5 applyTo, §4 cart cursor)', () => {
  it('filters what the cart shows, survives the cart listed again, and is taken back when the cart is read in cart mode', () => {
    const scheduler = marbleScheduler();
    const http = fakeHttp(server);
    const states: Record<string, RootState> = {};
    const at = 10 * settled;
    scheduler.run(({ hot }) => {
      const store = epicStore(
        testDeps({ scheduler, http }),
        epics,
        fold([appStarted({ settings: { applicationCartsCartContentMode: 'cursor' } }), alice]),
      );
      const search = registrationRequested({
        name: 'search',
        path: 'dam/data/asset',
        fulltext: 'lake',
        constraints: { f_author: { field: 'author', operator: 'in', value: ['Ann'] } },
      });
      hot(`a ${at}ms b ${at}ms c ${at}ms d`, {
        a: cartOpened({ cartId: '20' }),
        b: registrationRequested(search.payload),
        c: applyToRequested({ name: 'search', target: CART }),
        d: cartOpened({ cartId: '20' }),
      }).subscribe(store.dispatch);
      scheduler.schedule(
        () => {
          states.applied = store.getState();
        },
        3 * at + settled,
      );
      hot(`${4 * at}ms e ${at}ms f`, {
        e: contentModeChosen({ mode: 'cart' }),
        f: cartOpened({ cartId: '20' }),
      }).subscribe(store.dispatch);
      scheduler.schedule(() => {
        states.cartMode = store.getState();
      }, 6 * at);
    });
    const applied = states.applied!;
    // the cart listed again (its own constraints replaced) keeps the search applied onto it
    expect(Object.keys(selectQuery(applied, CART)?.constraints ?? {}).sort()).toEqual([
      '__applied_f_author',
      'asset_items',
    ]);
    expect(applied.carts.contents['20']).toMatchObject({ searchApplied: true, filtered: true });
    const lists = http.requests.filter((request) => request.path === '/rest/dam/asset');
    // applied, then listed again: both ask the cart's ids with the search's filter and text
    const searched = lists.filter((request) => request.query?.fulltext === 'lake');
    expect(searched).toHaveLength(2);
    for (const request of searched) expect(JSON.stringify(request.query?.query)).toContain('"author"');

    const cartMode = states.cartMode!;
    expect(cartMode.carts.contents['20']?.searchApplied).toBe(false);
    expect(cartMode.cursors.byName[CART]?.applied).toBeNull();
    expect(Object.keys(selectQuery(cartMode, CART)?.constraints ?? {})).toEqual(['asset_items']);
    expect(lists.at(-1)?.query?.fulltext).toBeUndefined();
  });
});
