import type { Observable } from 'rxjs';
import type { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { domainEpics } from '../../../streams/core/epic';
import { AppError } from '../../../streams/core/errors';
import type { HttpRequest, HttpResponse } from '../../../streams/core/http';
import { entitiesDomain } from '../../../streams/entities/domain';
import { namesRequested } from '../../../streams/entities/events';
import { selectNames } from '../../../streams/entities/selectors';
import { initialRootState, type RootState } from '../../../streams/root';
import { epicStore, marbleScheduler, typesOf } from '../../helpers/marbles';
import { fakeHttp, testDeps } from '../../helpers/test-deps';

type Response = HttpResponse<unknown>;

function setup(scheduler: TestScheduler, answer: (request: HttpRequest<unknown>) => Observable<Response>) {
  const http = fakeHttp(answer);
  const store = epicStore(
    testDeps({ scheduler, http }),
    domainEpics<RootState>(entitiesDomain),
    initialRootState,
  );
  return { store, http };
}

const rows = (...named: Array<[number, unknown]>) => ({
  status: 200,
  data: { resource: 'asset', response: { data: named.map(([id, name]) => ({ id, name })) }, state: '1' },
});

describe('names of ids: relation values, the assets a top counts (issue 26)', () => {
  it('one list request for all the ids: id in [...], as many rows, only the name (protocol §8.1, §8.2)', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ cold, hot, expectObservable }) => {
      const { store, http } = setup(scheduler, () =>
        cold('10ms (r|)', { r: rows([3, 'Lake'], [5, 'Dune']) }),
      );
      hot('a', { a: namesRequested({ path: 'dam/data/asset', ids: ['3', '5', '3', '7'] }) }).subscribe(
        store.dispatch,
      );
      expectObservable(typesOf(store, 'entities/names')).toBe('(ab) 6ms c', {
        a: 'entities/namesRequested',
        b: 'entities/namesStarted',
        c: 'entities/namesLoaded',
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
      expect(selectNames(store.state$.value, 'dam/data/asset')).toEqual({ 3: 'Lake', 5: 'Dune' });
    });
  });

  it('asks only the ids neither named, being named nor missing from an answer; nothing when all are', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ cold, hot }) => {
      const { store, http } = setup(scheduler, () =>
        cold('10ms (r|)', { r: rows([3, 'Lake'], [8, { en: 'x' }]) }),
      );
      hot('a b 20ms c', {
        a: namesRequested({ path: 'dam/data/asset', ids: ['3', '9'] }),
        b: namesRequested({ path: 'dam/data/asset', ids: ['3', '8'] }),
        c: namesRequested({ path: 'dam/data/asset', ids: ['8', '3', '9'] }),
      }).subscribe(store.dispatch);
      scheduler.flush();
      const asked = http.requests.map((request) => request.query?.query);
      // 9, which no answer names (deleted, or hidden from the caller), is not asked again
      expect(asked).toEqual([{ id: { in: [3, 9] } }, { id: { in: [8] } }]);
      // a name in several languages is named in the first
      expect(selectNames(store.state$.value, 'dam/data/asset')).toEqual({ 3: 'Lake', 8: 'x' });
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
        a: namesRequested({ path: 'dam/data/asset', ids: ['3'] }),
        b: namesRequested({ path: 'dam/data/asset', ids: ['3'] }),
      }).subscribe(store.dispatch);
      scheduler.flush();
      expect(http.requests).toHaveLength(2);
      expect(selectNames(store.state$.value, 'dam/data/asset')).toEqual({ 3: 'Lake' });
    });
  });
});
