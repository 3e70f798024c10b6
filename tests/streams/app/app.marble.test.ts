import { describe, expect, it } from 'vitest';
import {
  checkAvailability,
  loadInfo,
  reportApplicationInvalid,
  requestAvailability,
  requestInfo,
} from '../../../streams/app/epics';
import { infoRequested } from '../../../streams/app/events';
import { combineEpics } from '../../../streams/core/epic';
import { AppError } from '../../../streams/core/errors';
import type { RootState } from '../../../streams/root';
import { epicStore, marbleScheduler, typesOf } from '../../helpers/marbles';
import { fakeHttp, testDeps } from '../../helpers/test-deps';
import { appStarted } from '../../helpers/app-started';

const infos = { appName: 'Demo', baseUrl: 'http://cdn.test', appBGUrl: '/bg.svg', internal_flag: 'x' };

describe('app.epic', () => {
  it('loads the application info after start: registered -> resolving -> resolved (protocol §19)', () => {
    const scheduler = marbleScheduler();
    let finalInfo: RootState['app']['info'] | undefined;
    scheduler.run(({ hot, cold, expectObservable }) => {
      const http = fakeHttp(() => cold('--r|', { r: { status: 200, data: { infos } } }));
      const store = epicStore(testDeps({ scheduler, http }), combineEpics({ requestInfo, loadInfo }));
      const statuses: string[] = [];
      store.state$.subscribe((state) => statuses.push(state.app.info.status));
      hot('a', { a: appStarted() }).subscribe(store.dispatch);
      expectObservable(typesOf(store, 'app/info')).toBe('a 1ms b', {
        a: 'app/infoRequested',
        b: 'app/infoLoaded',
      });
      scheduler.schedule(() => {
        finalInfo = store.getState().app.info;
        expect([...new Set(statuses)]).toEqual(['unknown', 'registered', 'resolving', 'resolved']);
      }, 10);
    });
    expect(finalInfo?.data).toEqual({
      appName: 'Demo',
      baseUrl: 'http://cdn.test',
      appBGUrl: 'http://cdn.test/bg.svg',
    });
  });

  it('skips an info load asked for while one is resolving (protocol §19)', () => {
    const scheduler = marbleScheduler();
    const http = fakeHttp();
    scheduler.run(({ hot, cold }) => {
      http.request = ((request) => {
        http.requests.push(request);
        return cold('----r|', { r: { status: 200, data: { infos } } });
      }) as typeof http.request;
      const store = epicStore(testDeps({ scheduler, http }), loadInfo);
      hot('a-b', { a: infoRequested({}), b: infoRequested({}) }).subscribe(store.dispatch);
    });
    expect(http.requests).toHaveLength(1);
  });

  it('assumes the application available when the availability check fails (seed 001 §7)', () => {
    const scheduler = marbleScheduler();
    let availability: RootState['app']['availability'] | undefined;
    scheduler.run(({ hot, cold }) => {
      const http = fakeHttp(() =>
        cold('-#', {}, new AppError({ code: 'error.http.500', message: 'boom', status: 500 })),
      );
      const store = epicStore(
        testDeps({ scheduler, http }),
        combineEpics({ requestAvailability, checkAvailability }),
      );
      hot('a', { a: appStarted() }).subscribe(store.dispatch);
      scheduler.schedule(() => {
        availability = store.getState().app.availability;
      }, 5);
    });
    expect(availability).toMatchObject({ status: 'resolved', available: true, resolved: true });
    expect(availability?.error?.code).toBe('error.http.500');
  });

  it('shows the server message when the application is not available (protocol §19)', () => {
    const scheduler = marbleScheduler();
    let availability: RootState['app']['availability'] | undefined;
    scheduler.run(({ hot, cold }) => {
      const answer = { status: 200, data: { available: false, message: 'Maintenance' } };
      const http = fakeHttp(() => cold('-r|', { r: answer }));
      const store = epicStore(
        testDeps({ scheduler, http }),
        combineEpics({ requestAvailability, checkAvailability }),
      );
      hot('a', { a: appStarted() }).subscribe(store.dispatch);
      scheduler.schedule(() => {
        availability = store.getState().app.availability;
      }, 5);
    });
    expect(availability).toMatchObject({ available: false, message: 'Maintenance', resolved: true });
  });

  it('marks the application invalid on a 419 answer (seed 002 §8)', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, expectObservable }) => {
      const http = fakeHttp();
      const store = epicStore(testDeps({ scheduler, http }), reportApplicationInvalid);
      hot('--n').subscribe(() => http.notices.next({ kind: 'applicationInvalid', path: '/rest/config' }));
      expectObservable(typesOf(store, 'app/')).toBe('--a', { a: 'app/applicationInvalidated' });
      scheduler.schedule(() => expect(store.getState().app.validity).toBe('invalid'), 3);
    });
  });
});
