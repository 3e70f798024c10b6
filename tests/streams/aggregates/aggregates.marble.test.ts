import { describe, expect, it } from 'vitest';
import { aggregatesDomain } from '../../../streams/aggregates/domain';
import {
  constraintRegistered,
  fetchRefused,
  fieldRegistered,
  idsWanted,
  sortedFilterChanged,
  sortedRegistered,
} from '../../../streams/aggregates/events';
import { selectConstraintCounts, selectSortedAggregate } from '../../../streams/aggregates/selectors';
import { config } from '../../../streams/core/config';
import { combineEpics, domainEpics } from '../../../streams/core/epic';
import type { HttpRequest } from '../../../streams/core/http';
import { registrationRequested } from '../../../streams/cursors/events';
import type { RootState } from '../../../streams/root';
import { epicStore, marbleScheduler, typesOf } from '../../helpers/marbles';
import { fakeHttp, testDeps } from '../../helpers/test-deps';
import { listAnswer, searchServer } from '../cursors/fixtures';
import { listEpics } from '../cursors/helpers';

const epics = combineEpics<RootState>({ listEpics, aggregates: domainEpics<RootState>(aggregatesDomain) });
const register = registrationRequested({ name: 'search', path: 'dam/data/asset' });
/** What a view registering a sorted aggregate gives when it asks nothing special. */
const sortedDefaults = {
  max: config.sortedAggregateDefaultMax,
  fields: config.sortedAggregateDefaultFields,
  mode: config.sortedAggregateDefaultMode,
};
const facet = constraintRegistered({ cursor: 'search', key: 'keywords', field: 'keywords', operator: 'in' });

function countsAnswer(request: HttpRequest<unknown>, state?: string) {
  const form = (request.body as { form: Record<string, unknown> }).form;
  const meta = (form.query as { '$meta-query': Record<string, { aggregate?: { ids: string[] } }> })[
    '$meta-query'
  ];
  const ids = meta.keywords?.aggregate?.ids ?? [];
  return {
    status: 200,
    data: {
      state: state ?? form.state,
      response: {
        total: 9,
        aggregates: { keywords: ids.map((id) => ({ count: 3, data: { id: Number(id), name: `k${id}` } })) },
      },
    },
  };
}

describe('aggregates.epic', () => {
  it('counts asked for a cursor nobody registered are refused: "Unknown cursorAggregates" (seed 001 §8)', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, cold }) => {
      const http = fakeHttp(searchServer((request) => cold('5ms r|', { r: countsAnswer(request) })));
      const store = epicStore(testDeps({ scheduler, http }), epics);
      const refusals: string[] = [];
      store.event$.subscribe((event) => {
        if (fetchRefused.match(event)) refusals.push(event.payload.message);
      });
      hot('a', { a: idsWanted({ cursor: 'nope', key: 'keywords', ids: ['1'] }) }).subscribe(store.dispatch);
      scheduler.schedule(() => {
        expect(refusals).toEqual(['Unknown cursorAggregates: nope']);
        expect(http.requests).toEqual([]);
      }, config.missingAggregatesDebounceMs + 1);
    });
  });

  it('asks counts 100 ms after a facet is registered (aggregate fetch debounce, protocol §24)', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, cold, expectObservable }) => {
      const http = fakeHttp(searchServer((request) => cold('5ms r|', { r: countsAnswer(request) })));
      const store = epicStore(testDeps({ scheduler, http }), epics);
      hot('a', { a: register }).subscribe(store.dispatch);
      hot('a', { a: facet }).subscribe(store.dispatch);
      hot('a', { a: idsWanted({ cursor: 'search', key: 'keywords', ids: ['1', '2'] }) }).subscribe(
        store.dispatch,
      );
      expectObservable(typesOf(store, 'aggregates/fetchStarted')).toBe(`${config.aggregateDebounceMs}ms a`, {
        a: 'aggregates/fetchStarted',
      });
    });
  });

  it('asks missing counts 200 ms after the last view asked for them (missing-aggregates debounce, protocol §24)', () => {
    const scheduler = marbleScheduler();
    let state: RootState | undefined;
    scheduler.run(({ hot, cold, expectObservable }) => {
      const http = fakeHttp(searchServer((request) => cold('5ms r|', { r: countsAnswer(request) })));
      const store = epicStore(testDeps({ scheduler, http }), epics);
      hot('a', { a: register }).subscribe(store.dispatch);
      hot('a', { a: facet }).subscribe(store.dispatch);
      hot('500ms a 49ms b', {
        a: idsWanted({ cursor: 'search', key: 'keywords', ids: ['4'] }),
        b: idsWanted({ cursor: 'search', key: 'keywords', ids: ['5'] }),
      }).subscribe(store.dispatch);
      expectObservable(typesOf(store, 'aggregates/fetchStarted')).toBe(
        `${config.aggregateDebounceMs}ms a ${550 + config.missingAggregatesDebounceMs - config.aggregateDebounceMs - 1}ms b`,
        { a: 'aggregates/fetchStarted', b: 'aggregates/fetchStarted' },
      );
      scheduler.schedule(() => {
        state = store.getState();
      }, 1000);
    });
    expect(Object.keys(selectConstraintCounts(state!, 'search', 'keywords')).sort()).toEqual(['4', '5']);
    expect(state!.aggregates.byCursor.search?.status).toBe('loaded');
  });

  it('asks counts again when the echoed state differs (signature mismatch -> invalid, seed 001 §4)', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, cold, expectObservable }) => {
      let calls = 0;
      const http = fakeHttp(
        searchServer((request) => {
          calls += 1;
          return cold('5ms r|', { r: countsAnswer(request, calls === 1 ? 'stale' : undefined) });
        }),
      );
      const store = epicStore(testDeps({ scheduler, http }), epics);
      hot('a', { a: register }).subscribe(store.dispatch);
      hot('a', { a: facet }).subscribe(store.dispatch);
      hot('a', { a: idsWanted({ cursor: 'search', key: 'keywords', ids: ['1'] }) }).subscribe(store.dispatch);
      const wait = config.aggregateDebounceMs;
      const missing = config.missingAggregatesDebounceMs;
      // the stale answer leaves the id missing: it is asked again once the missing-ids wait ends
      expectObservable(typesOf(store, 'aggregates/')).toBe(
        `(ab) ${wait - 4}ms c 4ms d ${missing - wait - 6}ms e 4ms f`,
        {
          a: 'aggregates/constraintRegistered',
          b: 'aggregates/idsWanted',
          c: 'aggregates/fetchStarted',
          d: 'aggregates/invalidated',
          e: 'aggregates/fetchStarted',
          f: 'aggregates/loaded',
        },
      );
    });
  });

  it('sets the fields registered within 50 ms on the list at once (field aggregate registration delay, seed 002 §9)', () => {
    const scheduler = marbleScheduler();
    let state: RootState | undefined;
    scheduler.run(({ hot, cold, expectObservable }) => {
      const http = fakeHttp(searchServer((request) => cold('5ms r|', { r: listAnswer(request) })));
      const store = epicStore(testDeps({ scheduler, http }), epics);
      hot('a', { a: register }).subscribe(store.dispatch);
      hot('a 19ms b', {
        a: fieldRegistered({ cursor: 'search', field: 'keywords' }),
        b: fieldRegistered({ cursor: 'search', field: 'categories' }),
      }).subscribe(store.dispatch);
      expectObservable(typesOf(store, 'cursors/optionsChanged')).toBe(
        `${20 + config.aggregateRegistrationDelayMs}ms a`,
        {
          a: 'cursors/optionsChanged',
        },
      );
      scheduler.schedule(() => {
        state = store.getState();
      }, 200);
    });
    expect(state!.cursors.byName.search?.options).toMatchObject({
      withAggregates: true,
      aggregatesFields: ['keywords', 'categories'],
    });
  });

  it('searches sorted aggregates 300 ms after the filter changes, limit = largest max + 2 (seed 001 §9)', () => {
    const scheduler = marbleScheduler();
    const http = fakeHttp();
    let state: RootState | undefined;
    scheduler.run(({ hot, cold, expectObservable }) => {
      http.request = ((request) => {
        http.requests.push(request);
        const form = (request.body as { form?: Record<string, unknown> } | undefined)?.form;
        const buckets = ['Sea', 'Mountain', 'Seaside'].map((name, id) => ({
          count: 5 - id,
          data: { id, name },
        }));
        return searchServer(() =>
          cold('5ms r|', {
            r: { status: 200, data: { state: form?.state, response: { aggregates: { keywords: buckets } } } },
          }),
        )(request);
      }) as typeof http.request;
      const store = epicStore(testDeps({ scheduler, http }), epics);
      hot('a', { a: register }).subscribe(store.dispatch);
      hot('a', {
        a: sortedRegistered({
          ...sortedDefaults,
          id: 'kw-small',
          cursor: 'search',
          field: 'keywords',
          max: 5,
        }),
      }).subscribe(store.dispatch);
      hot('a', {
        a: sortedRegistered({ ...sortedDefaults, id: 'kw', cursor: 'search', field: 'keywords' }),
      }).subscribe(store.dispatch);
      hot('100ms a 99ms b', {
        a: sortedFilterChanged({ id: 'kw', filter: 's' }),
        b: sortedFilterChanged({ id: 'kw', filter: 'SEA' }),
      }).subscribe(store.dispatch);
      expectObservable(typesOf(store, 'aggregates/sortedFetchStarted')).toBe(
        `${config.sortedAggregateSearchDelayMs}ms a ${200 - 1}ms b`,
        { a: 'aggregates/sortedFetchStarted', b: 'aggregates/sortedFetchStarted' },
      );
      scheduler.schedule(() => {
        state = store.getState();
      }, 1000);
    });
    const sortedCalls = http.requests.filter((request) => request.override === 'GET');
    const form = (sortedCalls.at(-1)!.body as { form: Record<string, unknown> }).form;
    expect(form).toMatchObject({
      aggFields: 'keywords',
      limit: config.sortedAggregateDefaultMax + 2,
      max: 0,
      withAggregates: true,
    });
    expect(selectSortedAggregate(state!, 'kw')?.values.map((bucket) => bucket.data?.name)).toEqual([
      'Sea',
      'Seaside',
    ]);
  });
});
