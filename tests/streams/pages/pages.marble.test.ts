import { NEVER, type Observable } from 'rxjs';
import type { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { domainEpics } from '../../../streams/core/epic';
import type { HttpRequest, HttpResponse } from '../../../streams/core/http';
import { pagesDomain } from '../../../streams/pages/domain';
import {
  blockChanged,
  editModeEntered,
  listRequested,
  pageRequested,
  publishRequested,
  saveRequested,
} from '../../../streams/pages/events';
import { selectEditSession, selectPage } from '../../../streams/pages/selectors';
import type { RootState } from '../../../streams/root';
import { epicStore, marbleScheduler, typesOf } from '../../helpers/marbles';
import { fakeHttp, testDeps } from '../../helpers/test-deps';

type Cold = Parameters<Parameters<TestScheduler['run']>[0]>[0]['cold'];
type Answer = (request: HttpRequest<unknown>) => Observable<HttpResponse<unknown>> | undefined;

const pageRow = (id: number, version = 1) => ({
  id,
  name: 'Home',
  template: 'landing',
  path: 'home',
  props: '{}',
  features: ['edit'],
  validchildren: [],
  version,
  status: { id: 6 },
  copietravail: null,
});
const heading = {
  id: 10,
  parent: 'clubwedpagedesc_1',
  props: '{}',
  value: 'Hi',
  position: 1,
  enabled: true,
  name: 'T',
  component: 'heading',
  slot: 'main',
};
const list = (data: unknown[], token?: string) => ({
  response: { data },
  links: token ? { nextResultsToken: token } : {},
});

function setup(scheduler: TestScheduler, answer: Answer) {
  const http = fakeHttp((request) => answer(request) ?? NEVER);
  const store = epicStore(testDeps({ scheduler, http }), domainEpics<RootState>(pagesDomain));
  return { http, store };
}

/** The fake server: each call answers after `delay` frames of virtual time. */
function server(cold: Cold, delay: number): Answer {
  const at = (data: unknown) => cold(`${delay}ms (r|)`, { r: { status: 200, data } });
  return (request) => {
    if (request.path === '/rest/data/page') return at(list([pageRow(1), pageRow(2, 2)]));
    if (request.path.startsWith('/rest/data/page/'))
      return at({ response: { data: pageRow(Number(request.path.split('/').pop())) } });
    if (request.path === '/rest/data/pagewidget') return at(list([heading]));
    if (request.path === '/rest/data/pagefile') return at(list([]));
    if (request.path.startsWith('/rest/bs/')) return at({ response: { data: '0' } });
    if (request.path.startsWith('/json/')) return at(null);
    return undefined;
  };
}

describe('pages epics (marbles)', () => {
  it('asks the list first, then the page of the highest version, its widgets then its files', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, cold, expectObservable }) => {
      const { store, http } = setup(scheduler, server(cold, 10));
      hot('a', { a: pageRequested({ path: 'home' }) }).subscribe(store.dispatch);
      expectObservable(typesOf(store, 'pages/')).toBe('(ab) 6ms (cd) 26ms e', {
        a: 'pages/pageRequested',
        b: 'pages/listStarted',
        c: 'pages/listLoaded',
        d: 'pages/pageStarted',
        e: 'pages/pageLoaded',
      });
      scheduler.schedule(() => {
        expect(http.requests.map((request) => request.path)).toEqual([
          '/rest/data/page',
          '/rest/data/page/2',
          '/rest/data/pagewidget',
          '/rest/data/pagefile',
        ]);
        expect(selectPage(store.getState(), 'home')?.status).toBe('loaded');
      }, 100);
    });
  });

  it('a page asked while the list is on its way waits for it: one list request', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, cold, expectObservable }) => {
      const { store, http } = setup(scheduler, server(cold, 10));
      hot('a 2ms b', { a: listRequested({}), b: pageRequested({ path: 'home' }) }).subscribe(store.dispatch);
      expectObservable(typesOf(store, 'pages/pageLoaded')).toBe('40ms a', { a: 'pages/pageLoaded' });
      scheduler.schedule(() => {
        expect(http.requests.filter((request) => request.path === '/rest/data/page')).toHaveLength(1);
      }, 100);
    });
  });

  it('skips a request for a path while it is fetching; a later one reloads', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, cold, expectObservable }) => {
      const { store } = setup(scheduler, server(cold, 10));
      hot('a 14ms a 50ms a', { a: pageRequested({ path: 'home' }) }).subscribe(store.dispatch);
      expectObservable(typesOf(store, 'pages/pageLoaded')).toBe('40ms a 55ms a', { a: 'pages/pageLoaded' });
    });
  });

  it('writes the dirty widgets one after the other, refusing a publish while changes are unsaved', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, cold, expectObservable }) => {
      const { store, http } = setup(scheduler, server(cold, 5));
      hot('a 100ms b 50ms (cd) 50ms e', {
        a: pageRequested({ path: 'home' }),
        b: editModeEntered({ path: 'home' }),
        c: blockChanged({ path: 'home', uid: 'clubwedwidget_10', changes: { value: 'New' } }),
        d: publishRequested({ path: 'home' }),
        e: saveRequested({ path: 'home' }),
      }).subscribe(store.dispatch);
      expectObservable(typesOf(store, 'pages/publishFailed')).toBe('152ms a', { a: 'pages/publishFailed' });
      expectObservable(typesOf(store, 'pages/saved')).toBe('211ms a', { a: 'pages/saved' });
      scheduler.schedule(() => {
        const saves = http.requests.filter((request) => request.path.startsWith('/json/update/'));
        expect(saves).toEqual([
          {
            method: 'PATCH',
            path: '/json/update/clubwedwidget/10',
            query: {
              prop_value: 'New',
              prop_props: '{}',
              prop_position: '1',
              prop_enabled: 'true',
              prop_name: 'T',
            },
          },
        ]);
        expect(selectEditSession(store.getState(), 'home')?.changes).toEqual({});
      }, 300);
    });
  });
});
