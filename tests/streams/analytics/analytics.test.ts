import { NEVER, type Observable } from 'rxjs';
import type { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { domainEpics } from '../../../streams/core/epic';
import { AppError } from '../../../streams/core/errors';
import { config } from '../../../streams/core/config';
import type { HttpRequest, HttpResponse } from '../../../streams/core/http';
import { analyticsDomain } from '../../../streams/analytics/domain';
import {
  assetEventsFailed,
  assetEventsLoaded,
  assetEventsRequested,
  assetEventsStarted,
  objectDownloaded,
  objectViewed,
} from '../../../streams/analytics/events';
import { selectAssetEventCount, selectAssetEvents } from '../../../streams/analytics/selectors';
import { started } from '../../../streams/app/events';
import { initialRootState, type RootState } from '../../../streams/root';
import { rootReducer } from '../../helpers/all-domains';
import { epicStore, fold, marbleScheduler, typesOf } from '../../helpers/marbles';
import { fakeHttp, testDeps } from '../../helpers/test-deps';

type Response = HttpResponse<unknown>;

function setup(
  scheduler: TestScheduler,
  answer: (request: HttpRequest<unknown>) => Observable<Response>,
  settings = {},
) {
  const http = fakeHttp(answer);
  const deps = testDeps({ scheduler, http });
  const from = rootReducer(initialRootState, {
    ...started({
      locale: 'en',
      apiPath: 'http://dam.test:80',
      path: '/',
      search: '',
      applicationName: 'test',
      hasApplicationCredentials: false,
      cookieAuth: false,
      sessionAuth: false,
      settings,
    }),
    meta: { source: 'system', seq: 0, id: 'e0', at: 0 },
  }) as RootState;
  const store = epicStore(deps, domainEpics<RootState>(analyticsDomain), from);
  return { store, http };
}

describe('analytics logging (protocol §18)', () => {
  it('logs a view and a download as multipart objectdata, with the session name when set', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ cold, hot, expectObservable }) => {
      const { store, http } = setup(
        scheduler,
        () => cold('5ms (r|)', { r: { status: 200, data: undefined } }),
        {
          applicationAnalyticsSession: 'portal',
        },
      );
      hot('a b', {
        a: objectViewed({ resource: 'asset', id: '12' }),
        b: objectDownloaded({ resource: 'asset', id: '12' }),
      }).subscribe(store.dispatch);
      expectObservable(typesOf(store, 'analytics/objectLogged')).toBe('5ms a b', {
        a: 'analytics/objectLogged',
        b: 'analytics/objectLogged',
      });
      scheduler.flush();
      expect(http.requests.map((request) => [request.method, request.path, request.body])).toEqual([
        [
          'POST',
          '/wedia/analytics/log/objectdata',
          { multipart: { object: 'asset', id: '12', actionId: 'view', sessionType: 'portal' } },
        ],
        [
          'POST',
          '/wedia/analytics/log/objectdata',
          { multipart: { object: 'asset', id: '12', actionId: 'download', sessionType: 'portal' } },
        ],
      ]);
    });
  });

  it('a lost log line is a failure event, and nothing in state', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ cold, hot, expectObservable }) => {
      const failure = new AppError({ code: 'error.http.500', message: 'Boom', status: 500 });
      const { store, http } = setup(scheduler, () => cold<Response>('#', undefined, failure));
      hot('a', { a: objectViewed({ resource: 'asset', id: '12' }) }).subscribe(store.dispatch);
      expectObservable(typesOf(store, 'analytics/objectLog')).toBe('a', { a: 'analytics/objectLogFailed' });
      scheduler.flush();
      expect(
        (http.requests[0]?.body as { multipart: Record<string, unknown> } | undefined)?.multipart.sessionType,
      ).toBeUndefined();
      expect(store.state$.value.analytics).toEqual(initialRootState.analytics);
    });
  });

  it('asks asset events with the §18 fields, always through fetching, and keeps view and download lines', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ cold, hot, expectObservable }) => {
      const list = [
        { key: 'view', count: 7, caption: 'Views' },
        { key: 'download', count: 2, caption: null },
        { key: 'share', count: 1 },
      ];
      const { store, http } = setup(scheduler, () =>
        cold('10ms (r|)', { r: { status: 200, data: { list } } }),
      );
      const ask = assetEventsRequested({ resource: 'asset', id: '12' });
      hot('a 20ms b', { a: ask, b: ask }).subscribe(store.dispatch);
      expectObservable(typesOf(store, 'analytics/assetEvents')).toBe('(ab) 6ms c 10ms (de) 6ms f', {
        a: 'analytics/assetEventsRequested',
        b: 'analytics/assetEventsStarted',
        c: 'analytics/assetEventsLoaded',
        d: 'analytics/assetEventsRequested',
        e: 'analytics/assetEventsStarted',
        f: 'analytics/assetEventsLoaded',
      });
      scheduler.flush();
      expect(http.requests[0]).toMatchObject({
        method: 'POST',
        path: '/wedia/analytics/assetEvents',
        body: {
          multipart: {
            nbrDays: config.analyticsAllDays,
            object: 'asset',
            id: '12',
            onlyDownloadAndView: false,
            max: config.analyticsAssetEventMax,
            onlyCurrentUser: false,
          },
        },
      });
      expect(selectAssetEvents(store.state$.value, 'asset', '12')).toEqual({
        status: 'loaded',
        list: [
          { key: 'view', count: 7, caption: 'Views' },
          { key: 'download', count: 2 },
        ],
        error: null,
      });
      expect(selectAssetEventCount(store.state$.value, 'asset', '12', 'view')).toBe(7);
    });
  });

  it('a second ask while one is on its way makes no request', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, flush }) => {
      const { store, http } = setup(scheduler, () => NEVER);
      const ask = assetEventsRequested({ resource: 'asset', id: '12' });
      hot('a b', { a: ask, b: ask }).subscribe(store.dispatch);
      flush();
      expect(http.requests).toHaveLength(1);
    });
  });
});

describe('analytics reducer', () => {
  it('folds asset events: fetching keeps the list, an error keeps it too', () => {
    const key = { resource: 'asset', id: '3' };
    const state = fold([
      assetEventsStarted(key),
      assetEventsLoaded({ ...key, list: [{ key: 'view', count: 1 }] }),
      assetEventsStarted(key),
    ]);
    expect(selectAssetEvents(state, 'asset', '3')).toEqual({
      status: 'fetching',
      list: [{ key: 'view', count: 1 }],
      error: null,
    });
    const failed = fold(
      [assetEventsFailed({ ...key, error: { code: 'error.http.500', message: 'Boom' } })],
      state,
    );
    expect(selectAssetEvents(failed, 'asset', '3')).toMatchObject({
      status: 'error',
      error: { message: 'Boom' },
    });
    expect(selectAssetEvents(failed, 'asset', '4')).toEqual({ status: 'unknown', list: [], error: null });
  });
});
