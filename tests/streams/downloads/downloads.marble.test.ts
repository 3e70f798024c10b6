import { NEVER, type Observable } from 'rxjs';
import type { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { type Config, config } from '../../../streams/core/config';
import { domainEpics } from '../../../streams/core/epic';
import { AppError } from '../../../streams/core/errors';
import type { HttpRequest, HttpResponse } from '../../../streams/core/http';
import { SessionVault } from '../../../streams/core/session-vault';
import type { Store } from '../../../streams/core/store';
import { downloadsDomain } from '../../../streams/downloads/domain';
import {
  canceled,
  type DownloadRecord,
  requested,
  retried,
  saveAgainRequested,
  splitConfirmed,
  splitDeclined,
  warningConfirmed,
  zipReady,
} from '../../../streams/downloads/events';
import { selectHeldSplits } from '../../../streams/downloads/selectors';
import type { RootState } from '../../../streams/root';
import { providerSignedIn, whoAmILoaded } from '../../../streams/session/events';
import { appStarted } from '../../helpers/app-started';
import { epicStore, marbleScheduler, typesOf } from '../../helpers/marbles';
import { fakeHttp, testDeps } from '../../helpers/test-deps';

const P = config.downloadPollMs;
const ok = { size: 100, maxSize: 1000, refused: false, warnSize: 500, warn: false };
const options = {
  profile: 'originals',
  withContactSheet: true,
  withAssetsDescriptions: true,
  sendLinkByEmail: false,
  selection: {},
};
const start = requested({ cartId: '7', downloadName: 'Spring', shared: false, ...options });
/** the id the reducer gives the first event a test store stamps (at 0, id e1) */
const ID = '7-0-e1';
const URL_Z1 = '/api/wedia/cart/downloadCart/z1';

type Response = HttpResponse<unknown>;
type Answer = (request: HttpRequest<unknown>, rank: number) => Observable<Response>;
/** answers by call: `testZipCart`, `zipCart`, `viewCart`, `profiles`, or `head` (readiness) */
type Answers = Partial<Record<string, Answer>>;

const kindOf = (request: HttpRequest<unknown>) =>
  request.method === 'HEAD' ? 'head' : request.path.split('/')[3]!;

/**
 * A store running every downloads epic over a fake server; `seen` holds the virtual time of each
 * call by kind.
 */
function setup(
  scheduler: TestScheduler,
  answers: Answers,
  overrides: { session?: SessionVault; config?: Partial<Config> } = {},
) {
  const seen: Record<string, number[]> = {};
  const http = fakeHttp((request) => {
    const kind = kindOf(request);
    seen[kind] = [...(seen[kind] ?? []), scheduler.now()];
    return answers[kind]?.(request, seen[kind].length - 1) ?? NEVER;
  });
  const deps = testDeps({ scheduler, http, ...overrides });
  const store = epicStore(deps, domainEpics<RootState>(downloadsDomain));
  return { deps, http, store, seen };
}

type Cold = Parameters<Parameters<TestScheduler['run']>[0]>[0]['cold'];

const answer = (cold: Cold, data: unknown, status = 200) => cold('(r|)', { r: { status, data } });
const failing = (cold: Cold, error: AppError) => cold<Response>('#', undefined, error);

/** Every call answered at once: size ok, zip `z1`, readiness by rank from `heads` (200 after). */
function happy(cold: Cold, heads: number[] = []): Answers {
  return {
    testZipCart: () => answer(cold, ok),
    zipCart: () => answer(cold, 'z1'),
    head: (_request, rank) => answer(cold, undefined, heads[rank] ?? 200),
  };
}

const recordOf = (store: Store<RootState>, id = ID): DownloadRecord | undefined =>
  store.getState().downloads.records[id];

describe('downloads.epic', () => {
  it('checks readiness downloadPollMs after the build, then every downloadPollMs until 200 (protocol §7.2, §23.1)', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, cold, expectObservable }) => {
      const { store, seen, deps } = setup(scheduler, happy(cold, [202, 202, 200]));
      hot('a', { a: start }).subscribe(store.dispatch);
      expectObservable(typesOf(store, 'downloads/readinessChecked')).toBe(`${P}ms a ${P - 1}ms a`, {
        a: 'downloads/readinessChecked',
      });
      expectObservable(typesOf(store, 'downloads/zipReady')).toBe(`${3 * P}ms a`, {
        a: 'downloads/zipReady',
      });
      scheduler.schedule(() => {
        expect(seen.head).toEqual([P, 2 * P, 3 * P]);
        expect(recordOf(store)).toMatchObject({
          status: 'downloaded',
          url: URL_Z1,
          zipUuid: 'z1',
          checks: 2,
        });
        expect(deps.opened).toEqual([URL_Z1]);
      }, 10 * P);
    });
  });

  it('goes registered, resolving, resolved, initial, fetching, loaded, downloaded (seed 000 §4)', () => {
    const scheduler = marbleScheduler();
    const statuses: string[] = [];
    scheduler.run(({ hot, cold }) => {
      const { store } = setup(scheduler, happy(cold));
      store.state$.subscribe((state) => {
        const status = state.downloads.records[ID]?.status;
        if (status && statuses.at(-1) !== status) statuses.push(status);
      });
      hot('a', { a: start }).subscribe(store.dispatch);
    });
    expect(statuses).toEqual([
      'registered',
      'resolving',
      'resolved',
      'initial',
      'fetching',
      'loaded',
      'downloaded',
    ]);
  });

  it('sends the seed defaults on the size test and the build, and the e-mail option on the build only (protocol §7.1, §23.2)', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, cold }) => {
      const { store, http } = setup(scheduler, happy(cold));
      hot('a', {
        a: requested({ cartId: '7', downloadName: 'S', shared: false, ...options, sendLinkByEmail: true }),
      }).subscribe(store.dispatch);
      scheduler.schedule(() => {
        const [test, build] = http.requests;
        expect(test).toMatchObject({
          method: 'POST',
          path: '/wedia/cart/testZipCart/7',
          body: { json: { profile: 'originals', withContactSheet: true, withAssetsDescriptions: true } },
        });
        expect(test?.body).toEqual({
          json: { profile: 'originals', withContactSheet: true, withAssetsDescriptions: true },
        });
        expect(build).toMatchObject({
          path: '/wedia/cart/zipCart/7',
          body: { json: { sendLinkByEmail: true, withAssetsDescriptions: true } },
        });
        expect(test?.sharePassword).toBeUndefined();
      }, 1);
    });
  });

  it('a readiness answer refused for good (4xx) ends the download in error at once, with the error kept, and stops asking (protocol §23.1)', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, cold }) => {
      const error = new AppError({ code: 'error.http.403', message: 'no', status: 403 });
      const { store, seen } = setup(scheduler, { ...happy(cold), head: () => failing(cold, error) });
      hot('a', { a: start }).subscribe(store.dispatch);
      scheduler.schedule(() => {
        expect(seen.head).toEqual([P]);
        expect(recordOf(store)).toMatchObject({
          status: 'error',
          error: { code: 'error.http.403', message: 'no' },
        });
      }, 20 * P);
    });
  });

  it('a readiness check failing transiently is asked again after downloadPollRetryBaseMs, doubling up to downloadPollRetryMaxMs, downloadPollRetries times in a row, then ends in error (issue 12 item 9)', () => {
    const scheduler = marbleScheduler();
    const { downloadPollRetries: tries, downloadPollRetryBaseMs: base, downloadPollRetryMaxMs: cap } = config;
    scheduler.run(({ hot, cold, expectObservable }) => {
      const error = new AppError({ code: 'error.http.500', message: 'boom', status: 500 });
      const { store, seen } = setup(scheduler, { ...happy(cold), head: () => failing(cold, error) });
      hot('a', { a: start }).subscribe(store.dispatch);
      const waits = Array.from({ length: tries }, (_, n) => Math.min(cap, base * 2 ** n));
      const times: number[] = [P];
      for (const wait of waits) times.push(times.at(-1)! + wait);
      expectObservable(typesOf(store, 'downloads/failed')).toBe(`${times.at(-1)}ms a`, {
        a: 'downloads/failed',
      });
      scheduler.schedule(
        () => {
          expect(seen.head).toEqual(times);
          expect(recordOf(store)).toMatchObject({
            status: 'error',
            pollFailures: tries,
            error: { status: 500 },
          });
        },
        times.at(-1)! + 10 * P,
      );
    });
  });

  it('a network failure of the readiness check is asked again; once answered, the checks go on every downloadPollMs and complete (issue 12 item 9)', () => {
    const scheduler = marbleScheduler();
    const base = config.downloadPollRetryBaseMs;
    scheduler.run(({ hot, cold }) => {
      const error = new AppError({ code: 'error.network', message: 'Failed to fetch' });
      // 202, network failure, network failure, 202, 200
      const { store, seen } = setup(scheduler, {
        ...happy(cold),
        head: (_r, rank) =>
          rank === 1 || rank === 2 ? failing(cold, error) : answer(cold, undefined, rank === 4 ? 200 : 202),
      });
      const failures: number[] = [];
      store.event$.subscribe((event) => {
        if (event.type === 'downloads/readinessCheckFailed') failures.push(scheduler.now());
      });
      hot('a', { a: start }).subscribe(store.dispatch);
      scheduler.schedule(
        () => {
          expect(seen.head).toEqual([P, 2 * P, 2 * P + base, 2 * P + 3 * base, 3 * P + 3 * base]);
          expect(failures).toEqual([2 * P, 2 * P + base]);
          expect(recordOf(store)).toMatchObject({ status: 'downloaded', pollFailures: 0, checks: 2 });
        },
        10 * P + 3 * base,
      );
    });
  });

  it('Retry after a readiness failure checks the same zip at once: no new size test, no new build (issue 12 item 9)', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, cold }) => {
      const error = new AppError({ code: 'error.http.403', message: 'no', status: 403 });
      const { store, seen, deps } = setup(scheduler, {
        ...happy(cold),
        head: (_r, rank) =>
          rank === 0 ? failing(cold, error) : answer(cold, undefined, rank === 1 ? 202 : 200),
      });
      const retryAt = 5 * P;
      hot(`a ${retryAt - 1}ms b`, { a: start, b: retried({ downloadId: ID }) }).subscribe(store.dispatch);
      scheduler.schedule(
        () => {
          expect(seen.testZipCart).toEqual([0]);
          expect(seen.zipCart).toEqual([0]);
          expect(seen.head).toEqual([P, retryAt, retryAt + P]);
          expect(recordOf(store)).toMatchObject({ status: 'downloaded', zipUuid: 'z1', error: null });
          expect(deps.opened).toEqual([URL_Z1]);
        },
        retryAt + 10 * P,
      );
    });
  });

  it('a zip still building downloadStallNoticeMs after the build is told once, and can be canceled (issue 12 item 9)', () => {
    const scheduler = marbleScheduler();
    const stall = config.downloadStallNoticeMs;
    scheduler.run(({ hot, cold, expectObservable }) => {
      const { store, seen } = setup(scheduler, { ...happy(cold), head: () => answer(cold, undefined, 202) });
      hot(`a ${stall + 10 * P}ms b`, { a: start, b: canceled({ downloadId: ID }) }).subscribe(store.dispatch);
      expectObservable(typesOf(store, 'downloads/buildStalled')).toBe(`${stall}ms a`, {
        a: 'downloads/buildStalled',
      });
      scheduler.schedule(() => {
        expect(recordOf(store)).toMatchObject({ status: 'fetching', stalledAfterMs: stall });
      }, stall + P);
      scheduler.schedule(
        () => {
          expect(recordOf(store)).toBeUndefined();
          expect(seen.head?.at(-1)).toBeLessThanOrEqual(stall + 10 * P);
        },
        stall + 20 * P,
      );
    });
  });

  it('the zip is downloaded downloadStartCheckMs after it went to the browser; a browser that got an error page instead leaves it in error (issue 12 item 9)', () => {
    const scheduler = marbleScheduler();
    const check = config.downloadStartCheckMs;
    scheduler.run(({ hot, cold, expectObservable }) => {
      const { store, deps } = setup(scheduler, happy(cold));
      let starts = 0;
      deps.downloads.start = () => {
        starts += 1;
        return starts === 1
          ? cold<never>(
              '100ms #',
              undefined,
              new AppError({ code: 'error.download.fetch', message: 'Fault injected' }),
            )
          : NEVER;
      };
      const failures: Array<{ type: string; cause: string | undefined; at: number }> = [];
      store.event$.subscribe((event) => {
        if (event.type.endsWith('ailed'))
          failures.push({ type: event.type, cause: event.meta.cause, at: event.meta.at });
      });
      const retryAt = 5 * P;
      hot(`a ${retryAt - 1}ms b`, { a: start, b: retried({ downloadId: ID }) }).subscribe(store.dispatch);
      expectObservable(typesOf(store, 'downloads/handedToBrowser')).toBe(`${retryAt + check}ms a`, {
        a: 'downloads/handedToBrowser',
      });
      scheduler.schedule(() => {
        expect(recordOf(store)).toMatchObject({ status: 'error', error: { code: 'error.download.fetch' } });
        // what the browser told is an input (no cause): a re-simulation feeds it at its time
        expect(failures).toEqual([{ type: 'downloads/browserFetchFailed', cause: undefined, at: P + 100 }]);
      }, P + 200);
      scheduler.schedule(
        () => {
          expect(recordOf(store)?.status).toBe('downloaded');
        },
        retryAt + check + 1,
      );
    });
  });

  it('a failed size test or build ends in error with the error kept (protocol §7.2)', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, cold }) => {
      const error = new AppError({ code: 'error.http.403', message: 'no', status: 403 });
      const { store, seen } = setup(scheduler, { ...happy(cold), zipCart: () => failing(cold, error) });
      hot('a', { a: start }).subscribe(store.dispatch);
      scheduler.schedule(() => {
        expect(recordOf(store)).toMatchObject({ status: 'error', error: { code: 'error.http.403' } });
        expect(seen.head).toBeUndefined();
      }, 2 * P);
    });
  });

  it("a build attempted before the size test resolved fails with 'Unexpected status for download' (seed 000 §8)", () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot }) => {
      // the size test never answers: the record stays resolving
      const { store, seen } = setup(scheduler, {});
      hot('a-b', { a: start, b: warningConfirmed({ downloadId: ID }) }).subscribe(store.dispatch);
      scheduler.schedule(() => {
        expect(recordOf(store)).toMatchObject({
          status: 'error',
          error: { message: `Unexpected status (resolving) for download (${ID})` },
        });
        expect(seen.zipCart).toBeUndefined();
      }, 5);
    });
  });

  it('fails when the wait ends and the record is no longer fetching (protocol §7.2 step 5)', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, cold }) => {
      const { store, seen } = setup(scheduler, happy(cold));
      hot(`a ${P / 2}ms b`, { a: start, b: zipReady({ downloadId: ID, url: 'elsewhere' }) }).subscribe(
        store.dispatch,
      );
      scheduler.schedule(() => {
        expect(seen.head).toBeUndefined();
        expect(recordOf(store)).toMatchObject({
          status: 'error',
          error: { message: `Unexpected status of download#${ID}: 'loaded' was expecting fetching` },
        });
      }, 2 * P);
      // the failure wins over the hand-over that was under way
      scheduler.schedule(
        () => expect(recordOf(store)?.status).toBe('error'),
        2 * P + config.downloadStartCheckMs,
      );
    });
  });

  it("an unknown download fails with 'Unknown download downloadId' (seed 000 §8)", () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, expectObservable }) => {
      const { store } = setup(scheduler, {});
      const failures: unknown[] = [];
      store.event$.subscribe((event) => {
        if (event.type === 'downloads/failed') failures.push(event.payload);
      });
      hot('a', { a: warningConfirmed({ downloadId: 'nope' }) }).subscribe(store.dispatch);
      expectObservable(typesOf(store, 'downloads/failed')).toBe('a', { a: 'downloads/failed' });
      scheduler.schedule(() => {
        expect(failures).toEqual([
          {
            downloadId: 'nope',
            error: { code: 'error.download.unknown', message: "Unknown download downloadId='nope'" },
          },
        ]);
      }, 1);
    });
  });

  it('a warned size waits for the user, then builds once confirmed (protocol §7.2 step 3)', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, cold }) => {
      const warned = { ...ok, size: 600, warn: true };
      const { store, seen } = setup(scheduler, { ...happy(cold), testZipCart: () => answer(cold, warned) });
      hot('a 9ms b', { a: start, b: warningConfirmed({ downloadId: ID }) }).subscribe(store.dispatch);
      scheduler.schedule(() => {
        expect(recordOf(store)?.status).toBe('resolved');
        expect(seen.zipCart).toBeUndefined();
      }, 5);
      scheduler.schedule(() => expect(seen.zipCart).toEqual([10]), 20);
    });
  });

  it('a refused size with splitting off ends in error with the reason (seed 000 §8)', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, cold }) => {
      const refused = { ...ok, size: 5000, refused: true };
      const { store, seen } = setup(
        scheduler,
        { ...happy(cold), testZipCart: () => answer(cold, refused) },
        { config: { splitCartDefault: false } },
      );
      hot('a', { a: start }).subscribe(store.dispatch);
      scheduler.schedule(() => {
        expect(recordOf(store)).toMatchObject({ status: 'error', error: { code: 'error.download.refused' } });
        expect(seen.viewCart).toBeUndefined();
      }, 5);
    });
  });

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

  it('a zip of at most downloadInPageMaxBytes is fetched by the page: bytes reported at most every downloadProgressEveryMs, then saved as "{name}.zip"; what the page tells has no cause (issue 13)', () => {
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
      store.event$.subscribe((event) => {
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
          { type: 'downloads/fetchProgressed', at: 0, cause: undefined, loaded: 0 },
          { type: 'downloads/fetchProgressed', at: 100, cause: undefined, loaded: 10 },
          { type: 'downloads/fetchProgressed', at: 100 + every + 50, cause: undefined, loaded: 40 },
          { type: 'downloads/fileSaved', at: 500, cause: undefined, loaded: 50 },
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
