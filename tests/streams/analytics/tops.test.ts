import { NEVER, type Observable } from 'rxjs';
import type { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { analyticsDomain } from '../../../streams/analytics/domain';
import { assetResources, topLineOf } from '../../../streams/analytics/endpoints';
import {
  broadcastRequested,
  eventLogRequested,
  genericTopRequested,
  topFailed,
  topLoaded,
  topRequested,
  topStarted,
  trendRequested,
} from '../../../streams/analytics/events';
import {
  selectBroadcast,
  selectGenericTop,
  selectTop,
  selectTopName,
  selectTrend,
  TOP_NAMES,
} from '../../../streams/analytics/selectors';
import { started } from '../../../streams/app/events';
import { shareCreated } from '../../../streams/carts/share-events';
import { config } from '../../../streams/core/config';
import { domainEpics } from '../../../streams/core/epic';
import { AppError } from '../../../streams/core/errors';
import type { HttpRequest, HttpResponse } from '../../../streams/core/http';
import { fulltextChanged } from '../../../streams/cursors/events';
import { initialRootState, type RootState } from '../../../streams/root';
import { rootReducer } from '../../helpers/all-domains';
import { epicStore, fold, marbleScheduler, typesOf } from '../../helpers/marbles';
import { fakeHttp, testDeps } from '../../helpers/test-deps';

type Response = HttpResponse<unknown>;

function setup(scheduler: TestScheduler, answer: (request: HttpRequest<unknown>) => Observable<Response>) {
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
      settings: {},
    }),
    meta: { source: 'system', seq: 0, id: 'e0', at: 0 },
  }) as RootState;
  const store = epicStore(deps, domainEpics<RootState>(analyticsDomain), from);
  return { store, http };
}

const multipart = (request: HttpRequest<unknown> | undefined): Record<string, unknown> =>
  (request?.body as { multipart: Record<string, unknown> } | undefined)?.multipart ?? {};

describe('analytics tops (protocol §18)', () => {
  it('the four tops start registered; the names of the UI kinds', () => {
    for (const name of TOP_NAMES) expect(selectTop(initialRootState, name).status).toBe('registered');
    expect(TOP_NAMES).toEqual(['topDamView', 'topDamDownload', 'topDamViewUser', 'topDamDownloadUser']);
    expect(selectTopName('view', false)).toBe('topDamView');
    expect(selectTopName('download', true)).toBe('topDamDownloadUser');
  });

  it('registered goes initial, then loaded with ts and data; defaults nbrDays 0 and max 24, object repeated', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ cold, hot, expectObservable }) => {
      const list = [
        { key: 'asset_12', count: 40 },
        { key: 'asset_3', count: 2 },
      ];
      const { store, http } = setup(scheduler, () =>
        cold('10ms (r|)', { r: { status: 200, data: { list } } }),
      );
      hot('a', { a: topRequested({ name: 'topDamView' }) }).subscribe(store.dispatch);
      expectObservable(typesOf(store, 'analytics/top')).toBe('(ab) 6ms c', {
        a: 'analytics/topRequested',
        b: 'analytics/topStarted',
        c: 'analytics/topLoaded',
      });
      scheduler.flush();
      expect(http.requests[0]).toMatchObject({ method: 'POST', path: '/wedia/analytics/topDamView' });
      expect(multipart(http.requests[0])).toEqual({
        nbrDays: config.analyticsTopCallDays,
        max: config.analyticsTopMax,
        onlyCurrentUser: false,
        object: ['asset'],
      });
      expect(selectTop(store.state$.value, 'topDamView')).toEqual({
        status: 'loaded',
        ts: 10,
        data: [
          { key: 'asset_12', resource: 'asset', id: '12', count: 40 },
          { key: 'asset_3', resource: 'asset', id: '3', count: 2 },
        ],
        nbrDays: 0,
        max: 24,
        error: null,
      });
    });
  });

  it('the User variants send onlyCurrentUser=true to the same call; the screen passes its period', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ cold, hot }) => {
      const { store, http } = setup(scheduler, () =>
        cold('(r|)', { r: { status: 200, data: { list: [] } } }),
      );
      hot('a b', {
        a: topRequested({ name: 'topDamDownloadUser', nbrDays: config.analyticsTopUiDays }),
        b: topRequested({ name: 'topDamViewUser', nbrDays: 7, max: 5 }),
      }).subscribe(store.dispatch);
      scheduler.flush();
      expect(http.requests.map((request) => request.path)).toEqual([
        '/wedia/analytics/topDamDownload',
        '/wedia/analytics/topDamView',
      ]);
      expect(multipart(http.requests[0])).toMatchObject({ onlyCurrentUser: true, nbrDays: 30, max: 24 });
      expect(multipart(http.requests[1])).toMatchObject({ onlyCurrentUser: true, nbrDays: 7, max: 5 });
    });
  });

  it('skipped while initial or fetching; a loaded top asked again goes fetching', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ cold, hot, expectObservable }) => {
      const { store, http } = setup(scheduler, () =>
        cold('10ms (r|)', { r: { status: 200, data: { list: [] } } }),
      );
      const ask = topRequested({ name: 'topDamView' });
      // b comes while initial, d while fetching: both skipped
      hot('a 2ms b 17ms c 2ms d', { a: ask, b: ask, c: ask, d: ask }).subscribe(store.dispatch);
      const statuses: string[] = [];
      store.event$.subscribe((event) => {
        if (topStarted.match(event)) statuses.push(event.payload.status);
      });
      expectObservable(typesOf(store, 'analytics/topStarted')).toBe('a 20ms b', {
        a: 'analytics/topStarted',
        b: 'analytics/topStarted',
      });
      scheduler.flush();
      expect(http.requests).toHaveLength(2);
      expect(statuses).toEqual(['initial', 'fetching']);
    });
  });

  it('another period asked while fetching is asked once the answer settles; only the newest of several', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ cold, hot }) => {
      const { store, http } = setup(scheduler, () =>
        cold('10ms (r|)', { r: { status: 200, data: { list: [] } } }),
      );
      const ask = (nbrDays: number) => topRequested({ name: 'topDamView', nbrDays, max: 24 });
      // 30 days on its way; 7 then 90 asked meanwhile; 30 again while 90 is on its way
      hot('a 2ms b 2ms c 10ms d', { a: ask(30), b: ask(7), c: ask(90), d: ask(30) }).subscribe(
        store.dispatch,
      );
      scheduler.flush();
      expect(http.requests.map((request) => multipart(request).nbrDays)).toEqual([30, 90, 30]);
      expect(selectTop(store.state$.value, 'topDamView')).toMatchObject({ status: 'loaded', nbrDays: 30 });
    });
  });

  it('an unknown top is refused with `Unknown top {name}` and asks nothing', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot }) => {
      const { store, http } = setup(scheduler, () => NEVER);
      const seen: unknown[] = [];
      store.event$.subscribe((event) => seen.push(event));
      hot('a', { a: topRequested({ name: 'topDamShare' }) }).subscribe(store.dispatch);
      scheduler.flush();
      expect(http.requests).toHaveLength(0);
      expect(seen.at(-1)).toMatchObject({
        type: 'analytics/topRefused',
        payload: { name: 'topDamShare', message: 'Unknown top topDamShare' },
      });
    });
  });

  it('a failure gives error with the message; the next ask goes fetching', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ cold, hot }) => {
      const failure = new AppError({ code: 'error.http.500', message: 'Boom', status: 500 });
      const { store } = setup(scheduler, () => cold<Response>('5ms #', undefined, failure));
      hot('a', { a: topRequested({ name: 'topDamDownload' }) }).subscribe(store.dispatch);
      scheduler.flush();
      expect(selectTop(store.state$.value, 'topDamDownload')).toMatchObject({
        status: 'error',
        error: { message: 'Boom' },
      });
    });
  });

  it('object repeats the resources of the dam/asset sub-schemas when known', () => {
    const body = (resource: string) => ({
      name: `dam/data/${resource}`,
      resource,
      label: resource,
      fields: {},
    });
    const state = {
      schemas: {
        byName: {
          'dam/asset': {
            name: 'dam/asset',
            status: 'resolved',
            error: null,
            body: null,
            schemas: ['dam/data/asset', 'dam/data/video'],
            requestedBy: null,
          },
          'dam/data/asset': {
            name: 'dam/data/asset',
            status: 'resolved',
            error: null,
            body: body('asset'),
            schemas: null,
            requestedBy: null,
          },
          'dam/data/video': {
            name: 'dam/data/video',
            status: 'resolved',
            error: null,
            body: body('video'),
            schemas: null,
            requestedBy: null,
          },
        },
      },
    } as unknown as Parameters<typeof assetResources>[0];
    expect(assetResources(state)).toEqual(['asset', 'video']);
    expect(assetResources({})).toEqual(['asset']);
  });

  it('a top key is split on its first _ into resource and id', () => {
    expect(topLineOf('asset_12', 3)).toEqual({ key: 'asset_12', resource: 'asset', id: '12', count: 3 });
    expect(topLineOf('asset_a_b', 1)).toMatchObject({ resource: 'asset', id: 'a_b' });
  });
});

describe('analytics reducer: tops', () => {
  it('keeps the data while fetching again, and on an error', () => {
    const line = { key: 'asset_1', resource: 'asset', id: '1', count: 1 };
    const state = fold([
      topStarted({ name: 'topDamView', status: 'initial', nbrDays: 30, max: 24 }),
      topLoaded({ name: 'topDamView', ts: 5, nbrDays: 30, max: 24, list: [line] }),
      topStarted({ name: 'topDamView', status: 'fetching', nbrDays: 7, max: 24 }),
    ]);
    expect(selectTop(state, 'topDamView')).toMatchObject({
      status: 'fetching',
      ts: 5,
      data: [line],
      nbrDays: 7,
    });
    const failed = fold([topFailed({ name: 'topDamView', error: { code: 'x', message: 'Nope' } })], state);
    expect(selectTop(failed, 'topDamView')).toMatchObject({
      status: 'error',
      data: [line],
      error: { message: 'Nope' },
    });
  });
});

describe('analytics: generic top, broadcast data, trend, event logging (protocol §18)', () => {
  it('the generic top sends its fields with the defaults and keeps the whole body', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ cold, hot }) => {
      const data = { list: [{ key: 'asset_1', count: 3 }], total: 1 };
      const { store, http } = setup(scheduler, () => cold('(r|)', { r: { status: 200, data } }));
      hot('a', {
        a: genericTopRequested({ id: 'by-user', configurationName: 'view', aggregationFieldname: 'user' }),
      }).subscribe(store.dispatch);
      scheduler.flush();
      expect(http.requests[0]?.path).toBe('/wedia/analytics/top');
      expect(multipart(http.requests[0])).toEqual({
        configurationName: 'view',
        aggregationFieldname: 'user',
        nbrDays: 0,
        max: 24,
        query: '{}',
        onlyCurrentUser: false,
      });
      expect(selectGenericTop(store.state$.value, 'by-user')).toEqual({
        status: 'loaded',
        data,
        error: null,
      });
    });
  });

  it('broadcast data is kept whole by uuid', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ cold, hot }) => {
      const data = { uuid: 'u-1', list: [{ key: 'web', count: 2 }] };
      const { store, http } = setup(scheduler, () => cold('(r|)', { r: { status: 200, data } }));
      hot('a', { a: broadcastRequested({ uuid: 'u-1' }) }).subscribe(store.dispatch);
      scheduler.flush();
      expect(http.requests[0]?.path).toBe('/wedia/analytics/whereDamBroadcasted');
      expect(multipart(http.requests[0])).toEqual({
        max: config.analyticsAssetEventMax,
        nbDays: -1,
        uuid: 'u-1',
      });
      expect(selectBroadcast(store.state$.value, 'u-1')).toEqual({ status: 'loaded', data, error: null });
    });
  });

  it('the trend is read; a 404 means no trend (not_found), not an error', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ cold, hot }) => {
      const notFound = new AppError({ code: 'error.http.404', message: 'Not found', status: 404 });
      const { store } = setup(scheduler, (request) =>
        multipart(request).onlyCurrentUser
          ? cold<Response>('#', undefined, notFound)
          : cold('(r|)', {
              r: { status: 200, data: { days: [{ date: '2026-01-01', view: 3, download: 1 }] } },
            }),
      );
      hot('a b', {
        a: trendRequested({ nbrDays: 30, onlyCurrentUser: false }),
        b: trendRequested({ nbrDays: 30, onlyCurrentUser: true }),
      }).subscribe(store.dispatch);
      scheduler.flush();
      expect(selectTrend(store.state$.value, 30, false)).toEqual({
        status: 'loaded',
        days: [{ day: '2026-01-01', views: 3, downloads: 1 }],
        error: null,
      });
      expect(selectTrend(store.state$.value, 30, true)).toEqual({
        status: 'not_found',
        days: [],
        error: null,
      });
    });
  });

  it('a server without the trend call (405, or an answer that is no trend) has none; no other period is asked of it', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ cold, hot }) => {
      const refused = new AppError({ code: 'error.http.405', message: 'Method not allowed', status: 405 });
      const { store, http } = setup(scheduler, () => cold<Response>('5ms #', undefined, refused));
      hot('a 10ms b c', {
        a: trendRequested({ nbrDays: 30, onlyCurrentUser: false }),
        b: trendRequested({ nbrDays: 7, onlyCurrentUser: false }),
        c: trendRequested({ nbrDays: 7, onlyCurrentUser: true }),
      }).subscribe(store.dispatch);
      scheduler.flush();
      expect(http.requests).toHaveLength(1);
      for (const [days, mine] of [
        [30, false],
        [7, false],
        [7, true],
      ] as const)
        expect(selectTrend(store.state$.value, days, mine).status).toBe('not_found');
    });
    const other = marbleScheduler();
    other.run(({ cold, hot }) => {
      const page = new AppError({ code: 'error.response.invalid', message: 'not a trend', status: 200 });
      const boom = new AppError({ code: 'error.http.500', message: 'boom', status: 500 });
      const { store } = setup(other, (request) =>
        cold<Response>('#', undefined, multipart(request).onlyCurrentUser ? boom : page),
      );
      hot('a b', {
        a: trendRequested({ nbrDays: 30, onlyCurrentUser: true }),
        b: trendRequested({ nbrDays: 30, onlyCurrentUser: false }),
      }).subscribe(store.dispatch);
      other.flush();
      // a failure of a server that has the call stays a failure (offered again)
      expect(selectTrend(store.state$.value, 30, true).status).toBe('error');
      expect(selectTrend(store.state$.value, 30, false).status).toBe('not_found');
    });
  });

  it('logs a search of the search list and a cart share as log/event; other lists and empty texts are not', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ cold, hot }) => {
      const { store, http } = setup(scheduler, () => cold('(r|)', { r: { status: 200, data: undefined } }));
      hot('a b c d e', {
        a: fulltextChanged({ name: 'search', fulltext: 'sunset', mode: null }),
        b: fulltextChanged({ name: 'other', fulltext: 'x' }),
        c: fulltextChanged({ name: 'search', fulltext: '  ' }),
        d: shareCreated({
          cartId: '7',
          share: {
            uuid: 's-1',
            mode: 'link',
            url: 'http://x/s-1',
            description: '',
            expires: null,
            actions: [],
            hasPassword: false,
          },
        }),
        e: eventLogRequested({ configuration: 'custom', params: '{}' }),
      }).subscribe(store.dispatch);
      scheduler.flush();
      expect(http.requests.map((request) => [request.path, multipart(request)])).toEqual([
        [
          '/wedia/analytics/log/event',
          { configuration: 'search', params: '{"fulltext":"sunset","mode":null}', sessionType: undefined },
        ],
        [
          '/wedia/analytics/log/event',
          { configuration: 'share', params: '{"object":"cart","id":"7"}', sessionType: undefined },
        ],
        ['/wedia/analytics/log/event', { configuration: 'custom', params: '{}', sessionType: undefined }],
      ]);
    });
  });
});
