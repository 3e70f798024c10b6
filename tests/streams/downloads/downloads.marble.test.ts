import { NEVER } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { config } from '../../../streams/core/config';
import { AppError } from '../../../streams/core/errors';
import { canceled, requested, retried, warningConfirmed, zipReady } from '../../../streams/downloads/events';
import { marbleScheduler, typesOf } from '../../helpers/marbles';

import { P, ok, options, start, ID, URL_Z1, setup, answer, failing, happy, recordOf } from './marble-setup';

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
      let readyId: string | undefined;
      store.event$.subscribe((event) => {
        if (event.type === 'downloads/zipReady') readyId ??= event.meta.id;
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
        // what the browser told follows the ready zip it was handed
        expect(failures).toEqual([{ type: 'downloads/browserFetchFailed', cause: readyId, at: P + 100 }]);
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
});
