import type { Observable } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { started } from '../../../streams/app/events';
import { cacheDomain } from '../../../streams/cache/domain';
import { type CachedRecord, restored } from '../../../streams/cache/events';
import { recordKey } from '../../../streams/cache/epics';
import { selectCachedSearch, selectSearchFreshness } from '../../../streams/cache/selectors';
import { config } from '../../../streams/core/config';
import type { DurablePort } from '../../../streams/core/deps';
import { domainEpics } from '../../../streams/core/epic';
import { AppError, ERROR_CODES, serializeError } from '../../../streams/core/errors';
import type { AnyEvent } from '../../../streams/core/event';
import { fetchFailed, pageLoaded } from '../../../streams/cursors/events';
import { connectivityChanged } from '../../../streams/outbox/connectivity-events';
import type { RootState } from '../../../streams/root';
import { providerFailed, signedOut, whoAmILoaded } from '../../../streams/session/events';
import { epicStore, fold, marbleScheduler, typesOf } from '../../helpers/marbles';
import { memoryDurable, testDeps } from '../../helpers/test-deps';

const epics = domainEpics<RootState>(cacheDomain);
const offline = serializeError(new AppError({ code: ERROR_CODES.network, message: 'Failed to fetch' }));
const visitor = whoAmILoaded({ me: { id: 9, login: 'portal', application: 'portal' } });
const alice = whoAmILoaded({ me: { id: 1, login: 'alice', isUser: true } });
const bob = whoAmILoaded({ me: { id: 2, login: 'bob', isUser: true } });

const arrival = started({
  locale: 'en',
  apiPath: '',
  path: '/search',
  search: '?q=cat',
  applicationName: null,
  hasApplicationCredentials: true,
  cookieAuth: false,
  sessionAuth: false,
  settings: {},
});

const kept = (name: string, query = '?q=cat'): CachedRecord => ({
  search: { query, resource: 'asset', rows: [{ id: 1, name }], total: 12, watermarked: true },
});

const firstPage = pageLoaded({
  name: 'search',
  page: 'first',
  signature: 's1',
  resource: 'asset',
  rows: [{ id: 1, name: 'Fresh cat' }],
  total: 13,
  count: 13,
  nextResultsToken: null,
  aggregates: null,
});

/** Durable records answered after `frames` of virtual time (IndexedDB answers later than the start). */
function slowDurable(
  records: Map<string, unknown>,
  after: (value: unknown) => Observable<unknown>,
): DurablePort & { records: Map<string, unknown> } {
  const durable = memoryDurable(records);
  return { ...durable, read: (key) => after(records.get(key)) };
}

describe('what the user saw last is shown at once, then revalidated (issue 22, stale-while-revalidate)', () => {
  it("a repeat visit shows the visitor's last first page at once, marked stale, until the fresh page replaces it", () => {
    const scheduler = marbleScheduler();
    const records = new Map<string, unknown>([[recordKey('visitor'), kept('Cached cat')]]);
    const durable = slowDurable(records, (value) => scheduler.createColdObservable('--r|', { r: value }));
    const states: Array<RootState> = [];
    scheduler.run(({ hot, expectObservable }) => {
      const store = epicStore(testDeps({ scheduler, durable }), epics);
      hot('a 4ms p', { a: arrival, p: firstPage }).subscribe((event) => store.dispatch(event));
      scheduler.schedule(() => states.push(store.getState()), 3);
      scheduler.schedule(() => states.push(store.getState()), 6);
      expectObservable(typesOf(store, 'cache/')).toBe('--a', { a: 'cache/restored' });
    });
    const [cached, fresh] = states as [RootState, RootState];
    expect(selectCachedSearch(cached, '?q=cat')?.rows).toEqual([{ id: 1, name: 'Cached cat' }]);
    expect(selectSearchFreshness(cached)).toBe('stale');
    // another address is not this one's page
    expect(selectCachedSearch(cached, '?q=dog')).toBeNull();
    expect(selectSearchFreshness(fresh)).toBe('fresh');
  });

  it('the fresh page that answers before the cache is read stays the one shown, and is what is kept', () => {
    const scheduler = marbleScheduler();
    const records = new Map<string, unknown>([[recordKey('visitor'), kept('Cached cat')]]);
    const durable = slowDurable(records, (value) =>
      scheduler.createColdObservable('----------r|', { r: value }),
    );
    let state: RootState | undefined;
    scheduler.run(({ hot }) => {
      const store = epicStore(testDeps({ scheduler, durable }), epics);
      hot('a-p-v', { a: arrival, p: firstPage, v: visitor }).subscribe((event) => store.dispatch(event));
      scheduler.schedule(() => {
        state = store.getState();
      }, 20);
    });
    expect(selectSearchFreshness(state!)).toBe('fresh');
    // written once who-am-I named the visitor, not under a guess before
    expect(records.get(recordKey('visitor'))).toEqual({
      search: {
        query: '?q=cat',
        resource: 'asset',
        rows: [{ id: 1, name: 'Fresh cat' }],
        total: 13,
        // the visitor's role says nothing of watermarks: watermarked (seed 002 §8)
        watermarked: true,
      },
    });
  });

  it('storage that cannot be read leaves the visit without a cache: the requests still bring the page', () => {
    const scheduler = marbleScheduler();
    const durable = slowDurable(new Map(), () =>
      scheduler.createColdObservable('-#', {}, new Error('QuotaExceededError')),
    );
    let state: RootState | undefined;
    scheduler.run(({ hot, expectObservable }) => {
      const store = epicStore(testDeps({ scheduler, durable }), epics);
      hot('a', { a: arrival }).subscribe((event) => store.dispatch(event));
      scheduler.schedule(() => {
        state = store.getState();
      }, 5);
      expectObservable(typesOf(store, 'cache/')).toBe('-a', { a: 'cache/readFailed' });
    });
    expect(selectCachedSearch(state!, '?q=cat')).toBeNull();
    expect(selectSearchFreshness(state!)).toBeNull();
    expect(selectSearchFreshness(fold([firstPage], state!))).toBe('fresh');
  });

  it('a reload reads the record of the user whose refresh token is kept; another user signing in drops it and reads theirs', () => {
    const scheduler = marbleScheduler();
    const records = new Map<string, unknown>([
      [recordKey('1'), kept("Alice's cat")],
      [recordKey('2'), kept("Bob's cat")],
    ]);
    const durable = slowDurable(records, (value) => scheduler.createColdObservable('--r|', { r: value }));
    const deps = testDeps({ scheduler, durable });
    deps.storage.setItem(config.refreshTokenStorageKey, 'refresh');
    deps.storage.setItem(config.cacheSurferStorageKey, '1');
    const states: RootState[] = [];
    const reads: string[] = [];
    scheduler.run(({ hot }) => {
      const store = epicStore(deps, epics);
      store.event$.subscribe((event: AnyEvent) => {
        if (restored.match(event)) reads.push(event.payload.surfer);
      });
      hot('a 4ms b', { a: arrival, b: bob }).subscribe((event) => store.dispatch(event));
      scheduler.schedule(() => states.push(store.getState()), 3);
      scheduler.schedule(() => states.push(store.getState()), 6);
      scheduler.schedule(() => states.push(store.getState()), 9);
    });
    const [aliceShown, bobKnown, bobShown] = states as [RootState, RootState, RootState];
    expect(selectCachedSearch(aliceShown, '?q=cat')?.rows[0]?.name).toBe("Alice's cat");
    // at bob's who-am-I, alice's page is gone before bob's is read
    expect(selectCachedSearch(bobKnown, '?q=cat')).toBeNull();
    expect(selectCachedSearch(bobShown, '?q=cat')?.rows[0]?.name).toBe("Bob's cat");
    expect(reads).toEqual(['1', '2']);
    expect(deps.storage.getItem(config.cacheSurferStorageKey)).toBe('2');
  });

  it("a visitor never reads the last user's record, and a read for a user no longer signed in is dropped", () => {
    const scheduler = marbleScheduler();
    const records = new Map<string, unknown>([[recordKey('1'), kept("Alice's cat")]]);
    const durable = slowDurable(records, (value) => scheduler.createColdObservable('-r|', { r: value }));
    const deps = testDeps({ scheduler, durable });
    // alice signed in without a kept refresh token: the next visit is a visitor's
    deps.storage.setItem(config.cacheSurferStorageKey, '1');
    const reads: string[] = [];
    scheduler.run(({ hot }) => {
      const store = epicStore(deps, epics);
      store.event$.subscribe((event: AnyEvent) => {
        if (restored.match(event)) reads.push(event.payload.surfer);
      });
      hot('a', { a: arrival }).subscribe((event) => store.dispatch(event));
    });
    expect(reads).toEqual(['visitor']);
    const late = fold([
      alice,
      signedOut({}),
      visitor,
      restored({ surfer: '1', record: kept("Alice's cat") }),
    ]);
    expect(selectCachedSearch(late, '?q=cat')).toBeNull();
  });

  it('sign-out forgets whose record to read next; what alice kept stays hers', () => {
    const scheduler = marbleScheduler();
    const records = new Map<string, unknown>([[recordKey('1'), kept("Alice's cat")]]);
    const deps = testDeps({ scheduler, durable: memoryDurable(records) });
    scheduler.run(({ hot }) => {
      const store = epicStore(deps, epics);
      hot('a s', { a: alice, s: signedOut({}) }).subscribe((event) => store.dispatch(event));
    });
    expect(deps.storage.getItem(config.cacheSurferStorageKey)).toBeNull();
    expect(records.has(recordKey('1'))).toBe(true);
  });

  it('the kept page is marked offline when the network is out of reach, and fresh once an answer comes', () => {
    const cached = fold([restored({ surfer: 'visitor', record: kept('Cached cat') })]);
    expect(selectSearchFreshness(cached)).toBe('stale');
    expect(selectSearchFreshness(fold([providerFailed({ error: offline })], cached))).toBe('offline');
    expect(
      selectSearchFreshness(fold([fetchFailed({ name: 'search', page: 'first', error: offline })], cached)),
    ).toBe('offline');
    const server = serializeError(
      new AppError({ code: ERROR_CODES.http(500), message: 'Down', status: 500 }),
    );
    expect(
      selectSearchFreshness(fold([fetchFailed({ name: 'search', page: 'first', error: server })], cached)),
    ).toBe('stale');
    // the browser's own offline event, as the outbox folds it
    expect(selectSearchFreshness(fold([connectivityChanged({ online: false })], cached))).toBe('offline');
    expect(selectSearchFreshness(fold([firstPage], cached))).toBe('fresh');
  });
});
