import { NEVER } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { config } from '../../../streams/core/config';
import { AppError } from '../../../streams/core/errors';
import { SessionVault } from '../../../streams/core/session-vault';
import {
  canceled,
  type DownloadRecord,
  requested,
  retried,
  saveAgainRequested,
  splitConfirmed,
  splitDeclined,
} from '../../../streams/downloads/events';
import { selectHeldSplits } from '../../../streams/downloads/selectors';
import { providerSignedIn, whoAmILoaded } from '../../../streams/session/events';
import { appStarted } from '../../helpers/app-started';
import { marbleScheduler, typesOf } from '../../helpers/marbles';

import { P, ok, options, start, ID, URL_Z1, kindOf, setup, answer, happy, recordOf } from './marble-setup';

describe('downloads.epic: parts, shares, cancel, restore and page fetches', () => {
  it('a refused size with splitting on becomes parts "{name} n of total", asked once for the whole set, then each run through the flow without asking again (protocol §7.3, issue 13)', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, cold }) => {
      const cart = {
        items: [
          { id: '11', type: 'asset', name: 'Eleven', metadata: { filesize: 60 } },
          { id: '12', type: 'asset', title: 'Twelve', metadata: { filesize: 60 } },
          { id: '13', type: 'asset', name: 'Thirteen.tif', metadata: { filesize: 500 } },
          { id: '14', type: 'asset', metadata: { filesize: 30 } },
          { id: '15', type: 'asset', metadata: { filesize: 900 } },
        ],
      };
      const { store, http, deps } = setup(scheduler, {
        ...happy(cold),
        testZipCart: (request) => {
          const body = (request.body as { json: { selection?: object } }).json;
          const whole = body.selection === undefined;
          // each part is above warnSize: it is not asked about again
          return answer(
            cold,
            whole
              ? { ...ok, size: 650, maxSize: 100, refused: true, warnSize: 0 }
              : { ...ok, warnSize: 10, warn: true },
          );
        },
        viewCart: () => answer(cold, cart),
      });
      hot(`a ${P}ms b`, { a: start, b: splitConfirmed({ downloadId: ID }) }).subscribe(store.dispatch);
      scheduler.schedule(() => {
        // the parts wait for the one answer: no size test, no build yet
        const state = store.getState().downloads;
        expect(state.order.map((id) => state.records[id]?.held)).toEqual([true, true]);
        expect(state.order.map((id) => state.records[id]?.status)).toEqual(['registered', 'registered']);
        expect(http.requests.filter((request) => kindOf(request) === 'testZipCart')).toHaveLength(1);
        expect(selectHeldSplits(store.getState())).toEqual([
          {
            origin: ID,
            downloadName: 'Spring',
            parts: 2,
            size: 150,
            skipped: [
              { resource: 'asset', id: '13', size: 500, name: 'Thirteen.tif' },
              { resource: 'asset', id: '15', size: 900 },
            ],
          },
        ]);
      }, P - 1);
      scheduler.schedule(() => {
        const state = store.getState().downloads;
        expect(state.records[ID]).toBeUndefined();
        expect(state.order.map((id) => state.records[id]?.downloadName)).toEqual([
          'Spring 1 of 2',
          'Spring 2 of 2',
        ]);
        expect(state.order.map((id) => state.records[id]?.selection)).toEqual([
          { asset: ['11'] },
          { asset: ['12', '14'] },
        ]);
        expect(state.order.map((id) => state.records[id]?.status)).toEqual(['downloaded', 'downloaded']);
        expect(state.splits[ID]?.skipped.map((item) => item.name)).toEqual(['Thirteen.tif', undefined]);
        expect(selectHeldSplits(store.getState())).toEqual([]);
        expect(http.requests.find((request) => kindOf(request) === 'viewCart')?.query).toEqual({
          no_preview: true,
          output: 'list',
        });
        expect(deps.opened).toHaveLength(2);
      }, 4 * P);
    });
  });

  it('a shared cart sends the share password from the vault on every call, never in events (protocol §6.5)', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, cold }) => {
      const session = new SessionVault();
      session.setSharePassword('uuid-1', 'pw');
      const { store, http } = setup(scheduler, happy(cold), { session });
      const events: string[] = [];
      store.event$.subscribe((event) => events.push(JSON.stringify(event)));
      hot('a', {
        a: requested({ cartId: 'uuid-1', downloadName: 'Shared', shared: true, ...options }),
      }).subscribe(store.dispatch);
      scheduler.schedule(() => {
        const posts = http.requests.filter((request) => request.method === 'POST');
        expect(posts.map((request) => [request.path, request.sharePassword])).toEqual([
          ['/wedia/cart/testZipCart/uuid-1', 'pw'],
          ['/wedia/cart/zipCart/uuid-1', 'pw'],
        ]);
        expect(events.join('\n')).not.toContain('"pw"');
      }, 2 * P);
    });
  });

  it('cancel stops the readiness checks and removes the download', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, cold }) => {
      const { store, seen } = setup(scheduler, happy(cold, [202, 202, 202]));
      hot(`a ${P + 10}ms b`, { a: start, b: canceled({ downloadId: ID }) }).subscribe(store.dispatch);
      scheduler.schedule(() => {
        expect(seen.head).toEqual([P]);
        expect(recordOf(store)).toBeUndefined();
      }, 5 * P);
    });
  });

  it('writes every record under PENDING_DOWNLOAD on each change, and a restored polling download is checked at once, then every downloadPollMs (seed 000 §4)', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, cold }) => {
      const { store, seen, deps } = setup(scheduler, happy(cold, [202, 200]));
      const polling: DownloadRecord = {
        ...options,
        downloadId: 'd1',
        downloadName: 'Before reload',
        cartId: '7',
        shared: false,
        url: null,
        zipUuid: 'z1',
        time: 0,
        size: 100,
        status: 'fetching',
        error: null,
        infos: ok,
        part: null,
        checks: 3,
      };
      deps.storage.setItem(config.pendingDownloadStorageKey, JSON.stringify([polling]));
      hot('a', { a: appStarted() }).subscribe(store.dispatch);
      scheduler.schedule(() => {
        expect(seen.head).toEqual([0, P]);
        expect(recordOf(store, 'd1')?.status).toBe('downloaded');
        const stored = JSON.parse(
          deps.storage.getItem(config.pendingDownloadStorageKey)!,
        ) as DownloadRecord[];
        expect(stored.map((record) => [record.downloadId, record.status])).toEqual([['d1', 'downloaded']]);
      }, 3 * P);
    });
  });

  it('a restored download that was being built starts over once the session is ready (seed 000 §4)', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, cold }) => {
      const { store, seen, deps } = setup(scheduler, happy(cold));
      const building: DownloadRecord = {
        ...options,
        downloadId: 'd2',
        downloadName: 'Was building',
        cartId: '7',
        shared: false,
        url: null,
        zipUuid: null,
        time: 0,
        size: 100,
        status: 'initial',
        error: null,
        infos: ok,
        part: null,
        checks: 0,
      };
      deps.storage.setItem(config.pendingDownloadStorageKey, JSON.stringify([building]));
      hot('a 99ms (bc)', {
        a: appStarted(),
        b: providerSignedIn({ surfer: 'user' }),
        c: whoAmILoaded({ me: { id: 7, isUser: true, isApp: false, application: null } }),
      }).subscribe(store.dispatch);
      scheduler.schedule(() => {
        expect(recordOf(store, 'd2')?.status).toBe('registered');
        expect(seen.testZipCart).toBeUndefined();
      }, 50);
      scheduler.schedule(
        () => {
          expect(seen.testZipCart).toEqual([100]);
          expect(seen.zipCart).toEqual([100]);
          expect(recordOf(store, 'd2')?.status).toBe('downloaded');
        },
        100 + P + config.downloadStartCheckMs + 1,
      );
    });
  });

  it('a split the user declines removes its parts and its notice: nothing is sized or built (issue 13)', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, cold }) => {
      const cart = {
        items: [
          { id: '11', type: 'asset', metadata: { filesize: 60 } },
          { id: '12', type: 'asset', metadata: { filesize: 60 } },
        ],
      };
      const { store, seen } = setup(scheduler, {
        ...happy(cold),
        testZipCart: () => answer(cold, { ...ok, size: 120, maxSize: 100, refused: true, warnSize: 0 }),
        viewCart: () => answer(cold, cart),
      });
      hot('a 9ms b', { a: start, b: splitDeclined({ downloadId: ID }) }).subscribe(store.dispatch);
      scheduler.schedule(() => {
        const state = store.getState().downloads;
        expect(state.order).toEqual([]);
        expect(state.splits).toEqual({});
        expect(seen.testZipCart).toEqual([0]);
        expect(seen.zipCart).toBeUndefined();
      }, 3 * P);
    });
  });

  it('a zip of at most downloadInPageMaxBytes is fetched by the page: bytes reported at most every downloadProgressEveryMs, then saved as "{name}.zip"; what the page tells is caused by the ready zip (issue 13)', () => {
    const scheduler = marbleScheduler();
    const every = config.downloadProgressEveryMs;
    scheduler.run(({ hot, cold, expectObservable }) => {
      const { store, deps } = setup(scheduler, happy(cold));
      const asked: string[] = [];
      // 10 bytes every 100 ms, 50 in all, then saved
      deps.downloads.fetchFile = (url, fileName) => {
        asked.push(`${url} ${fileName}`);
        return cold('100ms a 99ms b 99ms c 99ms d 99ms (e|)', {
          a: { loaded: 10, total: 50 },
          b: { loaded: 20, total: 50 },
          c: { loaded: 30, total: 50 },
          d: { loaded: 40, total: 50 },
          e: { loaded: 50, total: 50 },
        });
      };
      const told: Array<{ type: string; at: number; cause: string | undefined; loaded?: number }> = [];
      let readyId: string | undefined;
      store.event$.subscribe((event) => {
        if (event.type === 'downloads/zipReady') readyId = event.meta.id;
        if (event.type === 'downloads/fetchProgressed' || event.type === 'downloads/fileSaved') {
          const payload = event.payload as { loaded?: number; bytes?: number };
          told.push({
            type: event.type,
            at: event.meta.at - P,
            cause: event.meta.cause,
            loaded: payload.loaded ?? payload.bytes,
          });
        }
      });
      hot('a', { a: start }).subscribe(store.dispatch);
      expectObservable(typesOf(store, 'downloads/handedToBrowser')).toBe('');
      scheduler.schedule(() => {
        expect(recordOf(store)).toMatchObject({ status: 'loaded', fetched: { loaded: 10, total: 50 } });
      }, P + 150);
      scheduler.schedule(() => {
        expect(asked).toEqual([`${URL_Z1} Spring.zip`]);
        // at once (0 of unknown), then the first report and the next one past the window, then saved
        expect(told).toEqual([
          { type: 'downloads/fetchProgressed', at: 0, cause: readyId, loaded: 0 },
          { type: 'downloads/fetchProgressed', at: 100, cause: readyId, loaded: 10 },
          { type: 'downloads/fetchProgressed', at: 100 + every + 50, cause: readyId, loaded: 40 },
          { type: 'downloads/fileSaved', at: 500, cause: readyId, loaded: 50 },
        ]);
        expect(recordOf(store)).toMatchObject({
          status: 'downloaded',
          savedAs: 'Spring.zip',
          fetched: { loaded: 50, total: 50 },
        });
        expect(deps.opened).toEqual([]);
      }, 3 * P);
    });
  });

  it('a zip larger than downloadInPageMaxBytes is left to the browser, which streams it to disk (issue 13)', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, cold }) => {
      const big = {
        ...ok,
        size: config.downloadInPageMaxBytes + 1,
        maxSize: 2 * config.downloadInPageMaxBytes,
      };
      const { store, deps } = setup(scheduler, { ...happy(cold), testZipCart: () => answer(cold, big) });
      let fetched = 0;
      deps.downloads.fetchFile = () => {
        fetched += 1;
        return NEVER;
      };
      hot('a', { a: start }).subscribe(store.dispatch);
      scheduler.schedule(
        () => {
          expect(fetched).toBe(0);
          expect(deps.opened).toEqual([URL_Z1]);
          expect(recordOf(store)?.status).toBe('downloaded');
          expect(recordOf(store)?.fetched).toBeNull();
        },
        P + config.downloadStartCheckMs + 1,
      );
    });
  });

  it('a page fetch that fails leaves the download in error; Retry checks the same zip and fetches it again (issue 13)', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, cold }) => {
      const { store, deps, seen } = setup(scheduler, happy(cold));
      let fetches = 0;
      deps.downloads.fetchFile = () => {
        fetches += 1;
        return fetches === 1
          ? cold<never>(
              '50ms #',
              undefined,
              new AppError({ code: 'error.download.fetch', message: 'HTTP 500', status: 500 }),
            )
          : cold('50ms (a|)', { a: { loaded: 7, total: -1 } });
      };
      hot(`a ${2 * P}ms b`, { a: start, b: retried({ downloadId: ID }) }).subscribe(store.dispatch);
      scheduler.schedule(() => {
        expect(recordOf(store)).toMatchObject({ status: 'error', error: { code: 'error.download.fetch' } });
      }, P + 60);
      scheduler.schedule(() => {
        expect(fetches).toBe(2);
        expect(seen.zipCart).toEqual([0]);
        expect(recordOf(store)).toMatchObject({
          status: 'downloaded',
          savedAs: 'Spring.zip',
          fetched: { loaded: 7 },
        });
      }, 4 * P);
    });
  });

  it('a zip the page was fetching when it was reloaded is checked and fetched again (issue 13)', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, cold }) => {
      const { store, seen, deps } = setup(scheduler, happy(cold));
      deps.downloads.fetchFile = () => cold('10ms (a|)', { a: { loaded: 5, total: 5 } });
      const fetching: DownloadRecord = {
        ...options,
        downloadId: 'd3',
        downloadName: 'Was fetching',
        cartId: '7',
        shared: false,
        url: URL_Z1,
        zipUuid: 'z1',
        time: 0,
        size: 100,
        status: 'loaded',
        error: null,
        infos: ok,
        part: null,
        checks: 0,
        fetched: { loaded: 2, total: 5 },
      };
      deps.storage.setItem(config.pendingDownloadStorageKey, JSON.stringify([fetching]));
      hot('a', { a: appStarted() }).subscribe(store.dispatch);
      scheduler.schedule(() => {
        expect(seen.head).toEqual([0]);
        expect(recordOf(store, 'd3')).toMatchObject({ status: 'downloaded', savedAs: 'Was fetching.zip' });
      }, P);
    });
  });

  it('"Save the zip again" of a zip the page saved checks the same zip at once and saves it again under its name, nothing built again (issue 13)', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, cold }) => {
      const { store, deps, seen } = setup(scheduler, happy(cold));
      const saved: string[] = [];
      deps.downloads.fetchFile = (_url, fileName) => {
        saved.push(fileName);
        return cold('10ms (a|)', { a: { loaded: 5, total: 5 } });
      };
      const again = 3 * P;
      hot(`a ${again - 1}ms b`, { a: start, b: saveAgainRequested({ downloadId: ID }) }).subscribe(
        store.dispatch,
      );
      scheduler.schedule(() => {
        expect(saved).toEqual(['Spring.zip', 'Spring.zip']);
        expect(seen.head).toEqual([P, again]);
        expect(seen.zipCart).toEqual([0]);
        expect(recordOf(store)).toMatchObject({ status: 'downloaded', savedAs: 'Spring.zip' });
      }, again + 100);
    });
  });
});
