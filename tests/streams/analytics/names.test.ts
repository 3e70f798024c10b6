import type { Observable } from 'rxjs';
import type { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { analyticsDomain } from '../../../streams/analytics/domain';
import { assetNamesRequested } from '../../../streams/analytics/events';
import { selectAssetNames } from '../../../streams/analytics/selectors';
import { domainEpics } from '../../../streams/core/epic';
import { AppError } from '../../../streams/core/errors';
import type { HttpRequest, HttpResponse } from '../../../streams/core/http';
import { initialRootState, type RootState } from '../../../streams/root';
import { epicStore, marbleScheduler, typesOf } from '../../helpers/marbles';
import { fakeHttp, testDeps } from '../../helpers/test-deps';

type Response = HttpResponse<unknown>;

function setup(scheduler: TestScheduler, answer: (request: HttpRequest<unknown>) => Observable<Response>) {
  const http = fakeHttp(answer);
  const store = epicStore(
    testDeps({ scheduler, http }),
    domainEpics<RootState>(analyticsDomain),
    initialRootState,
  );
  return { store, http };
}

const rows = (...named: Array<[number, unknown]>) => ({
  status: 200,
  data: { resource: 'asset', response: { data: named.map(([id, name]) => ({ id, name })) }, state: '1' },
});

describe('the names of the counted assets (issue 26)', () => {
  it('one list request for all the ids: id in [...], as many rows, only the name (protocol §8.1, §8.2)', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ cold, hot, expectObservable }) => {
      const { store, http } = setup(scheduler, () =>
        cold('10ms (r|)', { r: rows([3, 'Lake'], [5, 'Dune']) }),
      );
      hot('a', { a: assetNamesRequested({ resource: 'asset', ids: ['3', '5', '3', '7'] }) }).subscribe(
        store.dispatch,
      );
      expectObservable(typesOf(store, 'analytics/assetNames')).toBe('(ab) 6ms c', {
        a: 'analytics/assetNamesRequested',
        b: 'analytics/assetNamesStarted',
        c: 'analytics/assetNamesLoaded',
      });
      scheduler.flush();
      expect(http.requests).toHaveLength(1);
      const [request] = http.requests;
      expect(request?.method).toBe('GET');
      expect(request?.path).toBe('/rest/dam/data/asset');
      expect(request?.query).toMatchObject({
        query: { id: { in: [3, 5, 7] } },
        max: 3,
        props: 'name',
        headers: false,
        withRights: false,
      });
      expect(typeof request?.query?.state).toBe('string');
      // the one the list did not return is named by nobody, not asked again
      expect(selectAssetNames(store.state$.value)).toEqual({
        'asset|3': { status: 'loaded', name: 'Lake' },
        'asset|5': { status: 'loaded', name: 'Dune' },
        'asset|7': { status: 'loaded', name: null },
      });
    });
  });

  it('asks only the ids neither named nor being named; nothing when all are', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ cold, hot }) => {
      const { store, http } = setup(scheduler, () =>
        cold('10ms (r|)', { r: rows([3, 'Lake'], [8, { en: 'x' }]) }),
      );
      hot('a b 20ms c', {
        a: assetNamesRequested({ resource: 'asset', ids: ['3'] }),
        b: assetNamesRequested({ resource: 'asset', ids: ['3', '8'] }),
        c: assetNamesRequested({ resource: 'asset', ids: ['8', '3'] }),
      }).subscribe(store.dispatch);
      scheduler.flush();
      const asked = http.requests.map((request) => request.query?.query);
      expect(asked).toEqual([{ id: { in: [3] } }, { id: { in: [8] } }]);
      // a name that is not text is no name
      expect(selectAssetNames(store.state$.value)['asset|8']).toEqual({ status: 'loaded', name: null });
    });
  });

  it('a failed list leaves the ids to be asked again', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ cold, hot }) => {
      const boom = new AppError({ code: 'error.http.500', message: 'boom', status: 500 });
      let calls = 0;
      const { store, http } = setup(scheduler, () =>
        calls++ === 0 ? cold<Response>('5ms #', undefined, boom) : cold('5ms (r|)', { r: rows([3, 'Lake']) }),
      );
      hot('a 10ms b', {
        a: assetNamesRequested({ resource: 'asset', ids: ['3'] }),
        b: assetNamesRequested({ resource: 'asset', ids: ['3'] }),
      }).subscribe(store.dispatch);
      scheduler.flush();
      expect(http.requests).toHaveLength(2);
      expect(selectAssetNames(store.state$.value)['asset|3']).toEqual({ status: 'loaded', name: 'Lake' });
    });
  });
});
