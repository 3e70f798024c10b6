import { filter, type Observable } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { cartsDomain } from '../../../streams/carts/domain';
import {
  createRequested,
  deleteRequested,
  editRequested,
  itemsAddRequested,
  itemsRemoveRequested,
  retryRequestOf,
} from '../../../streams/carts/edit-events';
import { listLoaded } from '../../../streams/carts/events';
import { selectMutation } from '../../../streams/carts/selectors';
import { config } from '../../../streams/core/config';
import { domainEpics } from '../../../streams/core/epic';
import { AppError, ERROR_CODES } from '../../../streams/core/errors';
import type { AnyEvent } from '../../../streams/core/event';
import type { HttpRequest, HttpResponse } from '../../../streams/core/http';
import { liveInputs } from '../../../streams/core/recorded-inputs';
import { resimulate } from '../../../streams/recorder/resimulate';
import type { RootState } from '../../../streams/root';
import { rootReducer } from '../../helpers/all-domains';
import { whoAmILoaded } from '../../../streams/session/events';
import { epicStore, fold, marbleScheduler, typesOf } from '../../helpers/marbles';
import { logOf } from '../../helpers/recorded-run';
import { fakeHttp, testDeps } from '../../helpers/test-deps';
import { aCart } from './fixtures';

const alice = whoAmILoaded({ me: { id: 1, login: 'alice', isUser: true } });
const allCarts = domainEpics<RootState>(cartsDomain);
const lost = new AppError({ code: ERROR_CODES.network, message: 'Failed to fetch' });
const wireCart = (id: string, fields: Record<string, unknown> = {}) => ({
  id,
  name: `Cart ${id}`,
  isMine: true,
  private: true,
  items: [],
  ...fields,
});
type Reply = (request: HttpRequest<unknown>) => Observable<HttpResponse<unknown>>;

/** A store of alice's carts whose http answers through `reply`; the write is the lost one. */
function setup(reply: Reply) {
  const scheduler = marbleScheduler();
  const http = fakeHttp((request) => reply(request));
  const listed = listLoaded({
    carts: [
      aCart({ id: '4', name: 'Before', items: { asset: ['1', '2'] }, total: 2 }),
      aCart({ id: '5', name: 'Other' }),
    ],
  });
  const store = (recordInputs = false) =>
    epicStore(
      testDeps({ scheduler, http }),
      allCarts,
      fold([alice, listed]),
      recordInputs ? liveInputs(scheduler) : undefined,
    );
  return { scheduler, http, store };
}

const paths = (requests: HttpRequest<unknown>[]) =>
  requests.map((request) => `${request.method} ${request.path}`);

describe('a change whose answer was lost is reconciled from the server state (issue 12 item 10)', () => {
  it('a create: the list read back holds the new cart, so it is created once and never sent again', () => {
    let state: RootState | undefined;
    let requestId: string | undefined;
    const {
      scheduler,
      http,
      store: make,
    } = setup((request) => {
      if (request.path.includes('createCart')) return scheduler.createColdObservable('-#', {}, lost);
      return scheduler.createColdObservable('-r|', {
        r: { status: 200, data: [wireCart('9', { name: 'New', modified: 0 }), wireCart('4')] },
      });
    });
    scheduler.run(({ hot, expectObservable }) => {
      const store = make();
      hot('a', {
        a: createRequested({ name: ' New ', description: '', isPrivate: true, collaborators: [] }),
      }).subscribe((event) => {
        requestId = store.dispatch(event)?.meta.id;
      });
      const changes = typesOf(store, 'carts/').pipe(filter((type) => !type.startsWith('carts/list')));
      expectObservable(changes).toBe('abc', {
        a: 'carts/createRequested',
        b: 'carts/answerLost',
        c: 'carts/created',
      });
      scheduler.schedule(() => {
        state = store.getState();
      }, 10);
    });
    expect(paths(http.requests).filter((path) => path.includes('createCart'))).toHaveLength(1);
    expect(state && selectMutation(state, requestId)?.status).toBe('loaded');
    expect(state?.carts.list.ids).toContain('9');
  });

  it('a create: a cart of the same name that existed before, or is older than the request, is not taken for it', () => {
    let state: RootState | undefined;
    let requestId: string | undefined;
    const at = 10 * config.reconcileCreateSkewMs;
    const {
      scheduler,
      http,
      store: make,
    } = setup((request) => {
      if (request.path.includes('createCart')) return scheduler.createColdObservable('-#', {}, lost);
      return scheduler.createColdObservable('-r|', {
        r: {
          status: 200,
          data: [wireCart('5', { name: 'Other' }), wireCart('8', { name: 'Other', modified: 0 })],
        },
      });
    });
    scheduler.run(({ hot }) => {
      const store = make();
      scheduler.schedule(() => {
        requestId = store.dispatch(
          createRequested({ name: 'Other', description: '', isPrivate: true, collaborators: [] }),
        )?.meta.id;
      }, at);
      hot('').subscribe();
      scheduler.schedule(() => {
        state = store.getState();
      }, at + 10);
    });
    expect(paths(http.requests)).toEqual(['POST /wedia/cart/createCart/', 'GET /wedia/cart/listCarts']);
    const mutation = state && selectMutation(state, requestId);
    expect(mutation?.status).toBe('error');
    expect(mutation?.error?.code).toBe(ERROR_CODES.network);
  });

  it('an edit the server saved stays, without "undone"; one it did not save is rolled back with a retry', () => {
    const states: RootState[] = [];
    const { scheduler, store: make } = setup((request) => {
      if (request.path.includes('editCart')) return scheduler.createColdObservable('-#', {}, lost);
      const saved = request.path.endsWith('/4');
      return scheduler.createColdObservable('-r|', {
        r: { status: 200, data: wireCart(saved ? '4' : '5', { name: saved ? 'After' : 'Other' }) },
      });
    });
    scheduler.run(({ hot }) => {
      const store = make();
      hot('a 9ms b', {
        a: editRequested({ cartId: '4', name: 'After', description: '', isPrivate: true }),
        b: editRequested({ cartId: '5', name: 'Renamed', description: '', isPrivate: true }),
      }).subscribe(store.dispatch);
      scheduler.schedule(() => states.push(store.getState()), 20);
    });
    const [state] = states;
    expect(state?.carts.carts['4']?.name).toBe('After');
    expect(state?.carts.carts['5']?.name).toBe('Other');
    const notices = Object.values(state?.carts.notices ?? {});
    expect(notices.map(({ kind, cartId }) => ({ kind, cartId }))).toEqual([{ kind: 'edit', cartId: '5' }]);
    expect(notices[0]?.error?.code).toBe(ERROR_CODES.network);
    expect(retryRequestOf('edit', notices[0]?.retry)).toMatchObject({
      type: 'carts/editRequested',
      payload: { cartId: '5', name: 'Renamed' },
    });
    expect(state?.carts.undo).toEqual({});
  });

  it('a delete: gone from the list read back is a success; still there is rolled back', () => {
    let state: RootState | undefined;
    const { scheduler, store: make } = setup((request) => {
      if (request.path.includes('deleteCart')) return scheduler.createColdObservable('-#', {}, lost);
      return scheduler.createColdObservable('-r|', { r: { status: 200, data: [wireCart('5')] } });
    });
    scheduler.run(({ hot, expectObservable }) => {
      const store = make();
      hot('a', { a: deleteRequested({ cartId: '4' }) }).subscribe(store.dispatch);
      expectObservable(typesOf(store, 'carts/')).toBe('abc', {
        a: 'carts/deleteRequested',
        b: 'carts/answerLost',
        c: 'carts/deleted',
      });
      scheduler.schedule(() => {
        state = store.getState();
      }, 10);
    });
    expect(state?.carts.carts['4']).toBeUndefined();
    expect(state?.carts.notices).toEqual({});

    const again = setup((request) => {
      if (request.path.includes('deleteCart')) return again.scheduler.createColdObservable('-#', {}, lost);
      return again.scheduler.createColdObservable('-r|', { r: { status: 200, data: [wireCart('4')] } });
    });
    again.scheduler.run(({ hot }) => {
      const store = again.store();
      hot('a', { a: deleteRequested({ cartId: '4' }) }).subscribe(store.dispatch);
      again.scheduler.schedule(() => {
        state = store.getState();
      }, 10);
    });
    expect(state?.carts.list.ids).toContain('4');
    expect(Object.values(state?.carts.notices ?? {}).map(({ kind }) => kind)).toEqual(['delete']);
  });

  it('adds and removes of items: read back from the cart, saved ones confirmed', () => {
    let state: RootState | undefined;
    const { scheduler, store: make } = setup((request) => {
      if (/(add|remove)CartItems/.test(request.path)) return scheduler.createColdObservable('-#', {}, lost);
      return scheduler.createColdObservable('-r|', {
        r: {
          status: 200,
          data: wireCart('4', {
            items: [
              { id: '2', type: 'asset' },
              { id: '3', type: 'asset' },
            ],
          }),
        },
      });
    });
    scheduler.run(({ hot, expectObservable }) => {
      const store = make();
      hot('a 9ms b', {
        a: itemsAddRequested({ cartId: '4', items: { asset: ['3'] } }),
        b: itemsRemoveRequested({ cartId: '4', keys: ['asset/1'] }),
      }).subscribe(store.dispatch);
      expectObservable(typesOf(store, 'carts/items')).toBe('a-c 7ms d-f', {
        a: 'carts/itemsAddRequested',
        c: 'carts/itemsAdded',
        d: 'carts/itemsRemoveRequested',
        f: 'carts/itemsRemoved',
      });
      scheduler.schedule(() => {
        state = store.getState();
      }, 20);
    });
    expect(state?.carts.notices).toEqual({});
    expect(state?.carts.carts['4']?.items).toEqual({ asset: ['2', '3'] });
  });

  it('a read back that never answers is tried reconcileReadAttempts times, then the change is unconfirmed and not offered again', () => {
    let state: RootState | undefined;
    const R = config.reconcileReadRetryMs;
    const {
      scheduler,
      http,
      store: make,
    } = setup((request) => scheduler.createColdObservable('#', {}, request.method === 'GET' ? lost : lost));
    const reads: number[] = [];
    scheduler.run(({ hot }) => {
      const store = make();
      const request = http.request.bind(http);
      http.request = ((req: HttpRequest<unknown>) => {
        if (req.method === 'GET') reads.push(scheduler.now());
        return request(req);
      }) as typeof http.request;
      hot('a', { a: itemsRemoveRequested({ cartId: '4', keys: ['asset/1'] }) }).subscribe(store.dispatch);
      scheduler.schedule(() => {
        state = store.getState();
      }, 10 * R);
    });
    expect(config.reconcileReadAttempts).toBe(3);
    expect(reads).toEqual([0, R, 3 * R]);
    const notices = Object.values(state?.carts.notices ?? {});
    expect(notices[0]?.error?.code).toBe(ERROR_CODES.unconfirmed);
    expect(notices[0]?.retry).toBeUndefined();
    expect(state?.carts.carts['4']?.items).toEqual({ asset: ['1', '2'] });
  });

  it('the lost answer is a server fact caused by the request, and the read back it drives re-simulates from the log', () => {
    const recorded: AnyEvent[] = [];
    const R = config.reconcileReadRetryMs;
    let reads = 0;
    const { scheduler, store: make } = setup((request) => {
      if (/(editCart|deleteCart|createCart)/.test(request.path))
        return scheduler.createColdObservable('-#', {}, lost);
      reads += 1;
      // the first read back fails too: its retry is a timer of the read back
      if (reads === 1) return scheduler.createColdObservable('-#', {}, lost);
      if (request.path.includes('listCarts'))
        return scheduler.createColdObservable('-r|', {
          r: { status: 200, data: [wireCart('9', { name: 'New', modified: 0 }), wireCart('5')] },
        });
      return scheduler.createColdObservable('-r|', {
        r: { status: 200, data: wireCart('4', { name: 'After' }) },
      });
    });
    scheduler.run(({ hot }) => {
      const store = make(true);
      store.event$.subscribe((event) => recorded.push(event));
      hot(`a ${3 * R}ms b ${3 * R}ms c`, {
        a: editRequested({ cartId: '4', name: 'After', description: '', isPrivate: true }),
        b: createRequested({ name: 'New', description: '', isPrivate: true, collaborators: [] }),
        c: deleteRequested({ cartId: '4' }),
      }).subscribe(store.dispatch);
    });
    const lostAnswers = recorded.filter((event) => event.type === 'carts/answerLost');
    expect(lostAnswers.map(({ meta, payload }) => [meta.source, meta.cause, payload])).toEqual(
      ['carts/editRequested', 'carts/createRequested', 'carts/deleteRequested'].map((type) => [
        'server',
        recorded.find((event) => event.type === type)?.meta.id,
        expect.objectContaining({ error: expect.objectContaining({ code: ERROR_CODES.network }) }),
      ]),
    );
    expect(recorded.map(({ type }) => type).filter((type) => /edited|created|deleted/.test(type))).toEqual([
      'carts/edited',
      'carts/created',
      'carts/deleted',
    ]);
    // the store's log starts from the state the setup folded: the re-simulation starts there too
    const log = logOf(recorded);
    const base = fold([
      alice,
      listLoaded({
        carts: [
          aCart({ id: '4', name: 'Before', items: { asset: ['1', '2'] }, total: 2 }),
          aCart({ id: '5', name: 'Other' }),
        ],
      }),
    ]);
    const result = resimulate(log, {
      reducer: rootReducer,
      rootEpic: allCarts,
      initialState: base,
    });
    expect(result.divergence).toBeNull();
    expect(result.matched).toBe(recorded.length);
  });
});
