import { describe, expect, it } from 'vitest';
import { editRequested, itemsAddRequested } from '../../../streams/carts/edit-events';
import { config } from '../../../streams/core/config';
import { AppError, ERROR_CODES } from '../../../streams/core/errors';
import { discardAllRequested, type OutboxEntry } from '../../../streams/outbox/events';
import { storageKey } from '../../../streams/outbox/epics';
import { selectOutboxEntries, selectWriteState } from '../../../streams/outbox/selectors';
import type { RootState } from '../../../streams/root';
import { signedOut, whoAmILoaded } from '../../../streams/session/events';
import { aWireCart } from '../carts/fixtures';
import { alice, listed, offline, outboxEvents, paths, setup } from './setup';

const bob = whoAmILoaded({ me: { id: 2, login: 'bob', isUser: true } });
const serverError = new AppError({ code: ERROR_CODES.http(503), message: 'Unavailable', status: 503 });
/** Cart 5 after the addition of asset 2. */
const cartWithBoth = aWireCart('5', {
  items: [
    { id: '1', type: 'asset' },
    { id: '2', type: 'asset' },
  ],
});

describe('the outbox keeps writes that could not reach the server and sends them once (issue 25)', () => {
  it('kept offline in order, stored under the user; back online, each is read first and sent again only when the server does not hold it', () => {
    let online = false;
    const { scheduler, http, network, durable, seen, start, answered } = setup((request) => {
      if (!online) return 'fail';
      if (request.path.includes('listCartItems/4')) return answered(aWireCart('4', { name: 'Before' }));
      if (request.path.includes('editCart/4')) return answered(aWireCart('4', { name: 'After' }));
      // the addition had reached the server, its answer was lost: it is there
      if (request.path.includes('listCartItems/5')) return answered(cartWithBoth);
      return 'fail';
    });
    let state: RootState | undefined;
    let stored: unknown;
    scheduler.run(({ hot }) => {
      const store = start();
      // the list as alice sees it: her sign-in resets the carts the portal knows
      hot('a l b c', {
        a: alice,
        l: listed,
        b: editRequested({ cartId: '4', name: 'After', description: '', isPrivate: true }),
        c: itemsAddRequested({ cartId: '5', items: { asset: ['2'] } }),
      }).subscribe((event) => store.dispatch(event));
      scheduler.schedule(() => network.next(false), 1);
      scheduler.schedule(() => {
        stored = durable.records.get(storageKey('1'));
      }, 9000);
      scheduler.schedule(() => {
        online = true;
        network.next(true);
      }, 10_000);
      scheduler.schedule(() => {
        state = store.getState();
      }, 20_000);
    });
    expect((stored as OutboxEntry[]).map((entry) => entry.type)).toEqual([
      'carts/editRequested',
      'carts/itemsAddRequested',
    ]);
    // the reads and the edit after the network came back: the addition is not sent again
    expect(paths(http.requests.slice(-3)).map((path) => path.split('/').slice(-2).join('/'))).toEqual([
      'listCartItems/4',
      'editCart/4',
      'listCartItems/5',
    ]);
    expect(paths(http.requests.slice(-3)).map((path) => path.split(' ')[0])).toEqual(['GET', 'POST', 'GET']);
    expect(
      outboxEvents(seen)
        .filter(([at]) => at >= 10_000)
        .map(([, type]) => type),
    ).toEqual([
      'outbox/connectivityChanged',
      'outbox/resendStarted',
      'outbox/checked',
      'outbox/resent',
      'outbox/resendStarted',
      'outbox/alreadySaved',
    ]);
    expect(state && selectOutboxEntries(state)).toEqual([]);
    expect(state?.carts.carts['4']?.name).toBe('After');
    expect(state?.carts.carts['5']?.total).toBe(2);
    expect(durable.records.has(storageKey('1'))).toBe(false);
  });

  it(`a write failing on a server error is tried again after ${config.outboxRetryMs} ms, then after twice as long, until it is saved`, () => {
    const { scheduler, http, seen, start, answered } = setup((request, now) => {
      if (now < 5000) return 'fail';
      if (request.path.includes('listCartItems/5'))
        return answered(aWireCart('5', { items: [{ id: '1', type: 'asset' }] }));
      if (request.path.includes('addCartItems/5')) return answered(cartWithBoth);
      return 'fail';
    }, serverError);
    scheduler.run(({ hot }) => {
      const store = start();
      hot('a b', { a: alice, b: itemsAddRequested({ cartId: '5', items: { asset: ['2'] } }) }).subscribe(
        (event) => store.dispatch(event),
      );
    });
    const first = 1 + 1; // the write at frame 1 fails a frame later
    const retry = config.outboxRetryMs;
    expect(outboxEvents(seen)).toEqual([
      [0, 'outbox/restored'],
      [first, 'outbox/queued'],
      [first + retry, 'outbox/retryDue'],
      [first + retry, 'outbox/resendStarted'],
      [first + retry + 1, 'outbox/resendFailed'],
      [first + retry + 1 + 2 * retry, 'outbox/retryDue'],
      [first + retry + 1 + 2 * retry, 'outbox/resendStarted'],
      [first + retry + 1 + 2 * retry + 1, 'outbox/checked'],
      [first + retry + 1 + 2 * retry + 2, 'outbox/resent'],
    ]);
    expect(paths(http.requests).filter((path) => path.includes('addCartItems'))).toHaveLength(2);
  });

  it('a refusal (4xx) is not kept: it stays the domain’s error', () => {
    const refused = new AppError({ code: ERROR_CODES.http(403), message: 'Forbidden', status: 403 });
    const { scheduler, seen, start } = setup(() => 'fail', refused);
    scheduler.run(({ hot }) => {
      const store = start();
      hot('a b', { a: alice, b: itemsAddRequested({ cartId: '5', items: { asset: ['2'] } }) }).subscribe(
        (event) => store.dispatch(event),
      );
    });
    expect(outboxEvents(seen).map(([, type]) => type)).toEqual(['outbox/restored']);
  });

  it('the writes read back are the signed-in user’s only; signed out, they leave the tab, not the storage', () => {
    const kept = (id: string, user: string): OutboxEntry => ({
      id,
      type: 'carts/itemsAddRequested',
      payload: { cartId: '5', items: { asset: [user] } },
      domain: 'carts',
      label: { key: 'outbox.carts.itemsAdd', values: { count: 1, name: 'Other' } },
      queuedAt: 0,
      attempts: 0,
      error: { code: ERROR_CODES.network, message: 'Failed to fetch' },
      state: 'waiting',
    });
    const records = new Map<string, unknown>([
      [storageKey('1'), [kept('a1', '1')]],
      [storageKey('2'), [kept('b1', '2')]],
    ]);
    const { scheduler, network, start } = setup(() => 'fail', offline, records);
    const states: Record<string, OutboxEntry[]> = {};
    scheduler.run(({ hot }) => {
      const store = start();
      scheduler.schedule(() => network.next(false), 0);
      hot('-a-s-b', { a: alice, s: signedOut({}), b: bob }).subscribe((event) => {
        store.dispatch(event);
        states[event.type === 'session/signedOut' ? 'out' : String(store.getState().outbox.user)] =
          selectOutboxEntries(store.getState());
      });
    });
    expect(states['1']?.map((entry) => entry.id)).toEqual(['a1']);
    expect(states.out).toEqual([]);
    expect(states['2']?.map((entry) => entry.id)).toEqual(['b1']);
    expect(records.get(storageKey('1'))).toHaveLength(1);
  });

  it('a kept write reads as pending in its domain; discarded on sign-out, it reads as the failure it was and leaves the storage', () => {
    const { scheduler, network, durable, start } = setup(() => 'fail');
    let pending: string | null = null;
    let discarded: string | null = 'pending';
    scheduler.run(({ hot }) => {
      const store = start();
      let requestId: string | undefined;
      scheduler.schedule(() => network.next(false), 0);
      hot('a b', { a: alice, b: itemsAddRequested({ cartId: '5', items: { asset: ['2'] } }) }).subscribe(
        (event) => {
          const dispatched = store.dispatch(event);
          if (event.type === 'carts/itemsAddRequested') requestId = dispatched?.meta.id;
        },
      );
      scheduler.schedule(() => {
        pending = selectWriteState(store.getState(), requestId);
        store.dispatch(discardAllRequested({}));
        discarded = selectWriteState(store.getState(), requestId);
      }, 9000);
    });
    expect(pending).toBe('pending');
    expect(discarded).toBeNull();
    expect(durable.records.has(storageKey('1'))).toBe(false);
  });
});
