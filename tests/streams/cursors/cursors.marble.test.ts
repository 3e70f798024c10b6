import { filter } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { config } from '../../../streams/core/config';
import { AppError } from '../../../streams/core/errors';
import {
  fetchRequested,
  fulltextChanged,
  nextPageRequested,
  registered,
  registrationRequested,
} from '../../../streams/cursors/events';
import { selectCursorIds, selectCursorRowAt } from '../../../streams/cursors/selectors';
import type { RootState } from '../../../streams/root';
import { epicStore, fold, marbleScheduler, typesOf } from '../../helpers/marbles';
import { fakeHttp, testDeps } from '../../helpers/test-deps';
import { assetHeaders, listAnswer, rows, searchServer } from './fixtures';
import { listEpics } from './helpers';

const register = registrationRequested({ name: 'search', path: 'dam/data/asset' });
const fetch = fetchRequested({ name: 'search' });
const { listFetchDebounceMs: debounce, cursorStatusDelayMs: statusDelay } = config;

describe('cursors.epic', () => {
  it('goes registering -> registered -> resolving -> resolved -> initial -> loaded (seed 002 §4)', () => {
    const scheduler = marbleScheduler();
    const statuses: string[] = [];
    scheduler.run(({ hot, cold }) => {
      const http = fakeHttp(searchServer((request) => cold('5ms r|', { r: listAnswer(request) })));
      const store = epicStore(testDeps({ scheduler, http }), listEpics);
      store.state$.subscribe((state) => statuses.push(state.cursors.byName.search?.status ?? 'unknown'));
      hot('a', { a: register }).subscribe(store.dispatch);
      hot('a', { a: fetch }).subscribe(store.dispatch);
    });
    expect([...new Set(statuses)]).toEqual([
      'unknown',
      'registering',
      'registered',
      'resolving',
      'resolved',
      'initial',
      'loaded',
    ]);
  });

  it('asks the first page 50 ms after the last fetch request (list fetch debounce, protocol §24)', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, cold, expectObservable }) => {
      const http = fakeHttp(searchServer((request) => cold('5ms r|', { r: listAnswer(request) })));
      const store = epicStore(testDeps({ scheduler, http }), listEpics);
      hot('a', { a: register }).subscribe(store.dispatch);
      hot('10ms a 19ms a 19ms a', { a: fetch }).subscribe(store.dispatch);
      expectObservable(typesOf(store, 'cursors/fetchStarted')).toBe(`${50 + debounce}ms a`, {
        a: 'cursors/fetchStarted',
      });
    });
  });

  it('processes a fetch that waited for the schema 50 ms after the cursor resolved (status delay, seed 002 §9)', () => {
    const scheduler = marbleScheduler();
    const schemaAt = 100;
    scheduler.run(({ hot, cold, expectObservable }) => {
      const http = fakeHttp(
        searchServer(
          (request) => cold('5ms r|', { r: listAnswer(request) }),
          () => cold(`${schemaAt}ms r|`, { r: { status: 200, data: assetHeaders } }),
        ),
      );
      const store = epicStore(testDeps({ scheduler, http }), listEpics);
      hot('a', { a: register }).subscribe(store.dispatch);
      hot('a', { a: fetch }).subscribe(store.dispatch);
      expectObservable(typesOf(store, 'cursors/resolved')).toBe(`${schemaAt}ms a`, { a: 'cursors/resolved' });
      expectObservable(typesOf(store, 'cursors/fetchStarted')).toBe(`${schemaAt + statusDelay}ms a`, {
        a: 'cursors/fetchStarted',
      });
    });
  });

  it('skips a fetch while the cursor is fetching; the changed signature then asks again (protocol §8.4)', () => {
    const scheduler = marbleScheduler();
    const http = fakeHttp();
    scheduler.run(({ hot, cold, expectObservable }) => {
      http.request = ((request) => {
        http.requests.push(request);
        return searchServer((list) => cold('100ms r|', { r: listAnswer(list) }))(request);
      }) as typeof http.request;
      const store = epicStore(testDeps({ scheduler, http }), listEpics);
      hot('a', { a: register }).subscribe(store.dispatch);
      hot('a', { a: fetch }).subscribe(store.dispatch);
      // typed while the first page is on its way: the fetch it asks is skipped...
      hot(`${debounce + 20}ms a`, { a: fulltextChanged({ name: 'search', fulltext: 'cat' }) }).subscribe(
        store.dispatch,
      );
      // ...and the answer, signed for the old search, is invalid and asked again
      expectObservable(typesOf(store, 'cursors/page')).toBe(
        `${debounce + 100}ms a ${100 + debounce - 1}ms b`,
        {
          a: 'cursors/pageInvalidated',
          b: 'cursors/pageLoaded',
        },
      );
    });
    const lists = http.requests.filter((request) => !request.path.endsWith('/headers'));
    expect(lists.map((request) => request.query?.fulltext)).toEqual([undefined, 'cat']);
  });

  it('asks again when the answer echoes another state (signature mismatch, seed 001 §4)', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, cold, expectObservable }) => {
      let answered = 0;
      const http = fakeHttp(
        searchServer((request) => {
          answered += 1;
          return cold('5ms r|', { r: listAnswer(request, answered === 1 ? { state: 'stale' } : {}) });
        }),
      );
      const store = epicStore(testDeps({ scheduler, http }), listEpics);
      hot('a', { a: register }).subscribe(store.dispatch);
      hot('a', { a: fetch }).subscribe(store.dispatch);
      expectObservable(typesOf(store, 'cursors/page')).toBe(`${debounce + 5}ms a ${debounce + 4}ms b`, {
        a: 'cursors/pageInvalidated',
        b: 'cursors/pageLoaded',
      });
    });
  });

  it('appends the next page through nextResultsToken, dropping rows already present by $uuid (protocol §8.4)', () => {
    const scheduler = marbleScheduler();
    let state: RootState | undefined;
    scheduler.run(({ hot, cold }) => {
      const http = fakeHttp(
        searchServer((request) =>
          request.query?.after === 'NRT1'
            ? cold('5ms r|', { r: listAnswer(request, { data: rows(3, 3), total: 5 }) })
            : cold('5ms r|', { r: listAnswer(request, { data: rows(1, 3), total: 5, next: 'NRT1' }) }),
        ),
      );
      const store = epicStore(testDeps({ scheduler, http }), listEpics);
      hot('a', { a: register }).subscribe(store.dispatch);
      hot('a', { a: fetch }).subscribe(store.dispatch);
      hot('100ms a', { a: nextPageRequested({ name: 'search' }) }).subscribe(store.dispatch);
      scheduler.schedule(() => {
        state = store.getState();
      }, 200);
    });
    expect(selectCursorIds(state!, 'search')).toEqual(['uuid-1', 'uuid-2', 'uuid-3', 'uuid-4', 'uuid-5']);
    expect(selectCursorRowAt(state!, 'search', 4)?.name).toBe('asset 5');
    expect(state!.cursors.byName.search).toMatchObject({ status: 'loaded', total: 5, hasMoreResults: false });
  });

  it('a list registered without max or static query runs with the configured ones, which cursors/registered carries (protocol §8.2)', () => {
    const scheduler = marbleScheduler();
    const http = fakeHttp();
    const accepted: unknown[] = [];
    let state: RootState | undefined;
    scheduler.run(({ hot }) => {
      const deps = testDeps({ scheduler, http, config: { cursorDefaultMax: 7 } });
      const store = epicStore(deps, listEpics);
      store.event$.subscribe((event) => registered.match(event) && accepted.push(event.payload));
      hot('a', { a: register }).subscribe(store.dispatch);
      hot('a', {
        a: registrationRequested({ name: 'plain', path: 'dam/data/asset', max: 3, staticQuery: null }),
      }).subscribe(store.dispatch);
      scheduler.schedule(() => {
        state = store.getState();
      }, 10);
    });
    expect(accepted).toEqual([
      { name: 'search', max: 7, staticQuery: config.defaultStaticQuery },
      { name: 'plain', max: 3, staticQuery: null },
    ]);
    expect(state!.cursors.byName.search?.options).toMatchObject({
      max: 7,
      staticQuery: config.defaultStaticQuery,
    });
    expect(state!.queries.byName.search?.staticQuery).toEqual(config.defaultStaticQuery);
    expect(state!.queries.byName.plain?.staticQuery).toBeNull();
  });

  it('a recorded registration replays with the values it carried, whatever the config is today', () => {
    const state = fold([register, registered({ name: 'search', max: 50, staticQuery: { archived: false } })]);
    expect(state.cursors.byName.search?.options).toMatchObject({ max: 50, staticQuery: { archived: false } });
    expect(state.queries.byName.search?.staticQuery).toEqual({ archived: false });
  });
  it('a failed schema request is asked again by the next fetch of the list, which then loads (issue 12 item 7)', () => {
    const scheduler = marbleScheduler();
    const statuses: string[] = [];
    let schemaCalls = 0;
    scheduler.run(({ hot, cold, expectObservable }) => {
      const http = fakeHttp(
        searchServer(
          (request) => cold('5ms r|', { r: listAnswer(request) }),
          () => {
            schemaCalls += 1;
            return schemaCalls === 1
              ? cold('5ms #', {}, new AppError({ code: 'error.http.500', message: 'boom', status: 500 }))
              : cold('5ms r|', { r: { status: 200, data: assetHeaders } });
          },
        ),
      );
      const store = epicStore(testDeps({ scheduler, http }), listEpics);
      store.state$.subscribe((state) => statuses.push(state.cursors.byName.search?.status ?? 'unknown'));
      hot('a', { a: register }).subscribe(store.dispatch);
      // the first fetch waits for the schema, which fails; "Try again" at 200 ms
      hot('a 199ms a', { a: fetch }).subscribe(store.dispatch);
      const resolutions = typesOf(store, 'cursors/resolve').pipe(
        filter((type) => type !== 'cursors/resolving'),
      );
      expectObservable(resolutions).toBe('5ms f 199ms r', {
        f: 'cursors/resolveFailed',
        r: 'cursors/resolved',
      });
      expectObservable(typesOf(store, 'cursors/fetchStarted')).toBe(`${200 + debounce}ms a`, {
        a: 'cursors/fetchStarted',
      });
    });
    expect(schemaCalls).toBe(2);
    expect(statuses.at(-1)).toBe('loaded');
  });
});
