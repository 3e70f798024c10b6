import { NEVER, type Observable } from 'rxjs';
import type { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { started } from '../../../streams/app/events';
import { type Config, config } from '../../../streams/core/config';
import { domainEpics } from '../../../streams/core/epic';
import { AppError } from '../../../streams/core/errors';
import { fileNameOfDisposition, type HttpRequest, type HttpResponse } from '../../../streams/core/http';
import { initialRootState, type RootState } from '../../../streams/root';
import { rootReducer } from '../../helpers/all-domains';
import { reverseSearchDomain } from '../../../streams/reverse-search/domain';
import { whoAmILoaded } from '../../../streams/session/events';
import { REPORT_NOT_READY } from '../../../streams/reverse-search/epics';
import {
  featureRequested,
  findRequested,
  permissionsRequested,
  reportRequested,
  reset,
  submitRequested,
} from '../../../streams/reverse-search/events';
import {
  selectCanReverseSearch,
  selectCanViewReverseSearchReport,
  selectReverseSearchFeature,
  selectReverseSearchJob,
  selectReverseSearchPermissions,
} from '../../../streams/reverse-search/selectors';
import { epicStore, marbleScheduler } from '../../helpers/marbles';
import { fakeHttp, testDeps } from '../../helpers/test-deps';

type Response = HttpResponse<unknown>;

function setup(
  scheduler: TestScheduler,
  answer: (request: HttpRequest<unknown>) => Observable<Response>,
  overrides: Partial<Config> = {},
) {
  const http = fakeHttp(answer);
  const deps = testDeps({ scheduler, http, config: overrides });
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
  const store = epicStore(deps, domainEpics<RootState>(reverseSearchDomain), from);
  return { store, http, deps };
}

const httpError = (status: number, message = `HTTP ${status}`) =>
  new AppError({ code: `error.http.${status}`, message, status });
const report = () => new File(['site,page\n'], 'reverse-search-beach.csv', { type: 'text/csv' });
const REPORT_TEXT = [
  '"asset","uuid","generated"',
  '"Beach 0001","u-1","2026-11-20T10:00:00.000Z"',
  '',
  '"name","page","match","similarity"',
  '"Dunes, ""at dawn""","https://dam.test/assets/asset/7","exact","0.99"',
  '"Bay 0003","https://dam.test/assets/asset/3","similar","0.97"',
  '',
].join('\r\n');
const reportText = () => ({
  text: REPORT_TEXT,
  fileName: 'reverse-search-beach.csv',
  contentType: 'text/csv',
});

describe('reverse image search: feature and permissions (protocol §21)', () => {
  it('the feature is on when the status call answers below 400; asked once', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ cold, hot }) => {
      const { store, http } = setup(scheduler, () =>
        cold('5ms (r|)', { r: { status: 200, data: undefined } }),
      );
      hot('a 10ms b', { a: featureRequested({}), b: featureRequested({}) }).subscribe(store.dispatch);
      scheduler.flush();
      expect(http.requests.map((request) => [request.method, request.path])).toEqual([
        ['GET', '/packaged/reverse-search/feature/status'],
      ]);
      expect(selectReverseSearchFeature(store.state$.value)).toEqual({
        status: 'loaded',
        enabled: true,
        error: null,
      });
    });
  });

  it('a failure of the feature status gives error, the feature off', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ cold, hot }) => {
      const { store } = setup(scheduler, () => cold<Response>('#', undefined, httpError(503)));
      hot('a', { a: featureRequested({}) }).subscribe(store.dispatch);
      scheduler.flush();
      expect(selectReverseSearchFeature(store.state$.value)).toMatchObject({
        status: 'error',
        enabled: false,
      });
    });
  });

  it('permissions per uuid; the button needs the feature and canSubmit; a failure gives error', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ cold, hot }) => {
      const { store, http } = setup(scheduler, (request) => {
        if (request.path.endsWith('/feature/status'))
          return cold('(r|)', { r: { status: 200, data: undefined } });
        if (request.path.endsWith('/u-1'))
          return cold('(r|)', { r: { status: 200, data: { canSubmit: true, canViewReport: true } } });
        if (request.path.endsWith('/u-2'))
          return cold('(r|)', { r: { status: 200, data: { canSubmit: false, canViewReport: false } } });
        return cold<Response>('#', undefined, httpError(404, 'Unknown asset'));
      });
      hot('a b c d', {
        a: featureRequested({}),
        b: permissionsRequested({ uuid: 'u-1' }),
        c: permissionsRequested({ uuid: 'u-2' }),
        d: permissionsRequested({ uuid: 'u-3' }),
      }).subscribe(store.dispatch);
      scheduler.flush();
      expect(http.requests[1]?.path).toBe('/packaged/reverse-search/permissions/u-1');
      const state = store.state$.value;
      expect(selectReverseSearchPermissions(state, 'u-1')).toEqual({
        status: 'loaded',
        canSubmit: true,
        canViewReport: true,
        error: null,
      });
      expect(selectCanReverseSearch(state, 'u-1')).toBe(true);
      expect(selectCanViewReverseSearchReport(state, 'u-1')).toBe(true);
      expect(selectCanReverseSearch(state, 'u-2')).toBe(false);
      expect(selectReverseSearchPermissions(state, 'u-3')).toMatchObject({
        status: 'error',
        error: { message: 'Unknown asset' },
      });
      expect(selectCanReverseSearch(state, 'u-3')).toBe(false);
    });
  });
  it("forgets the permissions when another user is known, dropping the previous caller's answer on its way", () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ cold, hot }) => {
      const { store, http } = setup(scheduler, () =>
        cold('10ms (r|)', { r: { status: 200, data: { canSubmit: false, canViewReport: false } } }),
      );
      const alice = whoAmILoaded({ me: { id: 1, login: 'alice', isUser: true, locale: 'en' } });
      // asked as the application; alice is known before the answer; she asks again; she is known again
      hot('a 4ms b 10ms c 20ms d', {
        a: permissionsRequested({ uuid: 'u-1' }),
        b: alice,
        c: permissionsRequested({ uuid: 'u-1' }),
        d: alice,
      }).subscribe(store.dispatch);
      const seen: string[] = [];
      store.event$.subscribe((event) => seen.push(event.type));
      scheduler.flush();
      expect(http.requests).toHaveLength(2);
      expect(seen.filter((type) => type.startsWith('reverseSearch/permissions'))).toEqual([
        'reverseSearch/permissionsRequested',
        'reverseSearch/permissionsStarted',
        'reverseSearch/permissionsForgotten',
        'reverseSearch/permissionsRequested',
        'reverseSearch/permissionsStarted',
        'reverseSearch/permissionsLoaded',
      ]);
      expect(selectReverseSearchPermissions(store.state$.value, 'u-1').status).toBe('loaded');
    });
  });
});

describe('reverse image search asked on demand (issue 26: not with the asset page)', () => {
  it('"Find copies on the web" asks the feature and the permissions, then submits what they allow, or nothing', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ cold, hot }) => {
      const { store, http } = setup(scheduler, (request) => {
        if (request.path.endsWith('/feature/status'))
          return cold('5ms (r|)', { r: { status: 200, data: undefined } });
        if (request.path.endsWith('/permissions/u-1'))
          return cold('10ms (r|)', { r: { status: 200, data: { canSubmit: true, canViewReport: false } } });
        if (request.path.endsWith('/permissions/u-2'))
          return cold('(r|)', { r: { status: 200, data: { canSubmit: false, canViewReport: false } } });
        return NEVER;
      });
      hot('a 20ms b', { a: findRequested({ uuid: 'u-1' }), b: findRequested({ uuid: 'u-2' }) }).subscribe(
        store.dispatch,
      );
      scheduler.flush();
      // the feature once; each find asks the permissions; u-2 may do nothing: no submit
      expect(http.requests.map((request) => [request.method, request.path])).toEqual([
        ['GET', '/packaged/reverse-search/feature/status'],
        ['GET', '/packaged/reverse-search/permissions/u-1'],
        ['POST', '/packaged/reverse-search/submit/u-1'],
        ['GET', '/packaged/reverse-search/permissions/u-2'],
      ]);
      expect(selectReverseSearchJob(store.state$.value, 'u-2').state).toBe('idle');
    });
  });
});

describe('reverse image search: submit and report (protocol §21)', () => {
  it('submitting → waiting while the report answers 409 (every reverseSearchPollMs) → done, the copies it lists read from its text', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ cold, hot }) => {
      let asks = 0;
      const { store, http, deps } = setup(scheduler, (request) => {
        if (request.method === 'POST') return cold('2ms (r|)', { r: { status: 202, data: undefined } });
        asks += 1;
        return asks < 3
          ? cold<Response>('1ms #', undefined, httpError(409, 'running'))
          : cold('1ms (r|)', { r: { status: 200, data: reportText() } });
      });
      const seen: [string, number][] = [];
      store.event$.subscribe((event) => seen.push([event.type, scheduler.now()]));
      hot('a', { a: submitRequested({ uuid: 'u-1' }) }).subscribe(store.dispatch);
      const poll = config.reverseSearchPollMs;
      scheduler.flush();
      expect(seen).toEqual([
        ['reverseSearch/submitRequested', 0],
        ['reverseSearch/submitStarted', 0],
        ['reverseSearch/submitted', 2],
        ['reverseSearch/reportChecked', 3],
        ['reverseSearch/reportChecked', 4 + poll],
        ['reverseSearch/copiesFound', 5 + 2 * poll],
      ]);
      expect(http.requests.map((request) => [request.method, request.path, request.responseType])).toEqual([
        ['POST', '/packaged/reverse-search/submit/u-1', undefined],
        ['GET', '/packaged/reverse-search/report/u-1', 'text'],
        ['GET', '/packaged/reverse-search/report/u-1', 'text'],
        ['GET', '/packaged/reverse-search/report/u-1', 'text'],
      ]);
      expect(selectReverseSearchJob(store.state$.value, 'u-1')).toEqual({
        state: 'done',
        attempts: 2,
        fileName: null,
        copies: [
          {
            name: 'Dunes, "at dawn"',
            page: 'https://dam.test/assets/asset/7',
            match: 'exact',
            similarity: 0.99,
          },
          { name: 'Bay 0003', page: 'https://dam.test/assets/asset/3', match: 'similar', similarity: 0.97 },
        ],
        reported: true,
        error: null,
      });
      // the file is an extra the person asks for: nothing is downloaded yet
      expect(deps.opened).toHaveLength(0);
    });
  });

  it('the states in order: submitting, waiting, done', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ cold, hot }) => {
      const { store } = setup(scheduler, (request) =>
        request.method === 'POST'
          ? cold('2ms (r|)', { r: { status: 202, data: undefined } })
          : cold<Response>('3ms #', undefined, httpError(409)),
      );
      const states: string[] = [];
      store.state$.subscribe((state) => {
        const now = selectReverseSearchJob(state, 'u-1').state;
        if (states.at(-1) !== now) states.push(now);
      });
      hot('a', { a: submitRequested({ uuid: 'u-1' }) }).subscribe(store.dispatch);
      scheduler.flush();
      expect(states).toEqual(['idle', 'submitting', 'waiting', 'error']);
    });
  });

  it('a report still not ready after reverseSearchPollTries asks ends in error', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ cold, hot }) => {
      const { store, http } = setup(
        scheduler,
        (request) =>
          request.method === 'POST'
            ? cold('(r|)', { r: { status: 202, data: undefined } })
            : cold<Response>('#', undefined, httpError(409)),
        { reverseSearchPollTries: 3, reverseSearchPollMs: 10 },
      );
      hot('a', { a: submitRequested({ uuid: 'u-1' }) }).subscribe(store.dispatch);
      scheduler.flush();
      expect(http.requests.filter((request) => request.method === 'GET')).toHaveLength(3);
      expect(selectReverseSearchJob(store.state$.value, 'u-1')).toMatchObject({
        state: 'error',
        error: { message: REPORT_NOT_READY },
      });
    });
  });

  it('a refused submit is an error; a second submit while one runs is not sent; reset goes idle and stops the wait', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ cold, hot }) => {
      const { store, http } = setup(scheduler, (request) =>
        request.path.endsWith('u-2')
          ? cold<Response>('#', undefined, httpError(403, 'You may not search the web for copies'))
          : request.method === 'POST'
            ? cold('(r|)', { r: { status: 202, data: undefined } })
            : cold<Response>('#', undefined, httpError(409)),
      );
      hot('a b c 5ms d', {
        a: submitRequested({ uuid: 'u-1' }),
        b: submitRequested({ uuid: 'u-1' }),
        c: submitRequested({ uuid: 'u-2' }),
        d: reset({ uuid: 'u-1' }),
      }).subscribe(store.dispatch);
      scheduler.flush();
      expect(http.requests.filter((request) => request.path.endsWith('submit/u-1'))).toHaveLength(1);
      expect(http.requests.filter((request) => request.path.endsWith('report/u-1'))).toHaveLength(1);
      expect(selectReverseSearchJob(store.state$.value, 'u-1').state).toBe('idle');
      expect(selectReverseSearchJob(store.state$.value, 'u-2')).toMatchObject({
        state: 'error',
        error: { message: 'You may not search the web for copies' },
      });
    });
  });

  it('an existing report is downloaded without a submit; none (404) is an error at once', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ cold, hot }) => {
      const { store, deps } = setup(scheduler, (request) =>
        request.path.endsWith('u-1')
          ? cold('(r|)', { r: { status: 200, data: report() } })
          : cold<Response>('#', undefined, httpError(404, 'No report for this asset')),
      );
      hot('a b', { a: reportRequested({ uuid: 'u-1' }), b: reportRequested({ uuid: 'u-2' }) }).subscribe(
        store.dispatch,
      );
      scheduler.flush();
      expect(selectReverseSearchJob(store.state$.value, 'u-1')).toMatchObject({
        state: 'done',
        fileName: 'reverse-search-beach.csv',
      });
      expect(selectReverseSearchJob(store.state$.value, 'u-2')).toMatchObject({
        state: 'error',
        error: { message: 'No report for this asset' },
      });
      expect(deps.opened).toHaveLength(1);
    });
  });

  it('a pending request never settles the feature twice', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot }) => {
      const { store, http } = setup(scheduler, () => NEVER);
      hot('a b', { a: featureRequested({}), b: featureRequested({}) }).subscribe(store.dispatch);
      scheduler.flush();
      expect(http.requests).toHaveLength(1);
      expect(selectReverseSearchFeature(store.state$.value).status).toBe('fetching');
    });
  });
});

describe('the report file name (Content-Disposition)', () => {
  it('reads filename, quoted or not, and filename* first', () => {
    expect(fileNameOfDisposition('attachment; filename="reverse-search-beach.csv"')).toBe(
      'reverse-search-beach.csv',
    );
    expect(fileNameOfDisposition('attachment; filename=report.pdf')).toBe('report.pdf');
    expect(
      fileNameOfDisposition('attachment; filename="a.csv"; filename*=UTF-8\'\'plage%20%C3%A9t%C3%A9.csv'),
    ).toBe('plage été.csv');
    expect(fileNameOfDisposition('inline')).toBeNull();
    expect(fileNameOfDisposition(null)).toBeNull();
  });
});
