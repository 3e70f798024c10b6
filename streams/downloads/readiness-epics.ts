import {
  catchError,
  concat,
  defer,
  EMPTY,
  expand,
  filter,
  map,
  merge,
  mergeMap,
  type Observable,
  of,
  takeUntil,
  timer,
} from 'rxjs';
import type { Config } from '../core/config';
import type { Epic } from '../core/epic';
import { type SerializedError, serializeError } from '../core/errors';
import type { AnyEvent, UnstampedEvent } from '../core/event';
import { browserUrl } from '../core/http';
import { ofType } from '../core/operators/of-type';
import * as api from './api';
import { downloadErrors } from './download-errors';
import {
  buildStalled,
  built,
  failed,
  pendingRestored,
  readinessCheckFailed,
  readinessChecked,
  retried,
  zipReady,
} from './events';
import { untilCanceled } from './flow';
import type { DownloadsRoot } from './state';

/** A failure worth asking again: no answer at all, a timeout, too many requests, or a server error. */
export function isTransient(error: SerializedError): boolean {
  if (error.code === 'error.canceled') return false;
  const { status } = error;
  if (status === undefined || status === 0) return true;
  return status === 408 || status === 429 || status >= 500;
}

/** The wait before the n-th new attempt (1-based): base, doubling, never above the cap. */
export function readinessRetryDelay(config: Config, attempt: number): number {
  return Math.min(config.downloadPollRetryMaxMs, config.downloadPollRetryBaseMs * 2 ** (attempt - 1));
}

/**
 * Steps 5-6 of protocol §7.2 (and §23.1): wait `downloadPollMs`, check that the record is still
 * `fetching`, then HEAD the zip: 200 is ready (`loaded` with its url), another 2xx waits and asks
 * again at the same rhythm, without limit. A check that fails transiently (network, 408, 429, 5xx)
 * is asked again after `downloadPollRetryBaseMs`, doubling up to `downloadPollRetryMaxMs`, at most
 * `downloadPollRetries` times in a row (`downloads/readinessCheckFailed` each time); then, or on
 * any other failure, the download is in `error`. A record restored while polling, or retried after
 * an error once its zip was built, is checked at once (the same zip: nothing is built again), then
 * at the normal rhythm. A zip still building `downloadStallNoticeMs` after the polling started is
 * told once (`downloads/buildStalled`): the row says so and offers Cancel.
 */
export const pollReadiness: Epic<DownloadsRoot> = (event$, state$, deps) => {
  const { scheduler, config, session, http } = deps;

  const check = (downloadId: string, cause: AnyEvent, attempt = 0): Observable<UnstampedEvent> =>
    defer(() => {
      const record = state$.value.downloads.records[downloadId];
      if (!record) return of(failed({ downloadId, error: downloadErrors.vanished(downloadId) }, cause));
      if (record.status !== 'fetching' || !record.zipUuid) {
        return of(
          failed({ downloadId, error: downloadErrors.notFetching(record.status, downloadId) }, cause),
        );
      }
      const { zipUuid } = record;
      return http.request(api.checkReadiness(zipUuid)).pipe(
        map(({ status }) =>
          status === 200
            ? zipReady({ downloadId, url: browserUrl(session, api.downloadPath(zipUuid)) }, cause)
            : readinessChecked({ downloadId, httpStatus: status }, cause),
        ),
        catchError((thrown: unknown) => {
          const error = serializeError(thrown);
          if (!isTransient(error) || attempt >= config.downloadPollRetries) {
            return of(failed({ downloadId, error }, cause));
          }
          const retryInMs = readinessRetryDelay(config, attempt + 1);
          return concat(
            of(readinessCheckFailed({ downloadId, attempt: attempt + 1, retryInMs, error }, cause)),
            timer(retryInMs, scheduler).pipe(mergeMap(() => check(downloadId, cause, attempt + 1))),
          );
        }),
      );
    });

  const waitThenCheck = (downloadId: string, cause: AnyEvent) =>
    timer(config.downloadPollMs, scheduler).pipe(mergeMap(() => check(downloadId, cause)));

  // the polling of a download ends with its zip ready, its failure or its cancel
  const pollEnded = (downloadId: string) =>
    merge(
      untilCanceled(event$, downloadId),
      event$.pipe(
        filter(
          (event) =>
            (zipReady.match(event) || failed.match(event)) && event.payload.downloadId === downloadId,
        ),
      ),
    );

  const poll = (downloadId: string, cause: AnyEvent, immediately: boolean) =>
    merge(
      (immediately ? check(downloadId, cause) : waitThenCheck(downloadId, cause)).pipe(
        expand((event) =>
          readinessChecked.match(event as AnyEvent) ? waitThenCheck(downloadId, cause) : EMPTY,
        ),
        takeUntil(untilCanceled(event$, downloadId)),
      ),
      timer(config.downloadStallNoticeMs, scheduler).pipe(
        map(() => buildStalled({ downloadId, afterMs: config.downloadStallNoticeMs }, cause)),
        takeUntil(pollEnded(downloadId)),
      ),
    );

  const isPolling = (downloadId: string) => {
    const record = state$.value.downloads.records[downloadId];
    return record?.status === 'fetching' && record.zipUuid !== null;
  };

  return merge(
    event$.pipe(
      ofType(built),
      mergeMap((event) => poll(event.payload.downloadId, event, false)),
    ),
    // the reducer put a retried record whose zip was built back to `fetching`
    event$.pipe(
      ofType(retried),
      filter((event) => isPolling(event.payload.downloadId)),
      mergeMap((event) => poll(event.payload.downloadId, event, true)),
    ),
    event$.pipe(
      ofType(pendingRestored),
      mergeMap((event) =>
        merge(
          ...event.payload.records
            .filter((record) => isPolling(record.downloadId))
            .map((record) => poll(record.downloadId, event, true)),
        ),
      ),
    ),
  );
};
