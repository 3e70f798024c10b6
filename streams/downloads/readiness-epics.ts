import { catchError, defer, filter, map, merge, mergeMap, type Observable, of, takeUntil, timer } from 'rxjs';
import { backoffMs } from '../core/backoff';
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
  readinessCheckDue,
  readinessCheckFailed,
  readinessChecked,
  retried,
  saveAgainRequested,
  zipReady,
} from './events';
import { untilCanceled } from './flow';
import type { DownloadsRoot } from './state';

/** A failure worth asking again: no answer at all, a timeout, too many requests, or a server error. */
function isTransient(error: SerializedError): boolean {
  if (error.code === 'error.canceled') return false;
  const { status } = error;
  if (status === undefined || status === 0) return true;
  return status === 408 || status === 429 || status >= 500;
}

/**
 * Steps 5-6 of protocol §7.2 (and §23.1): wait `downloadPollMs`, check that the record is still
 * `fetching`, then HEAD the zip: 200 is ready (`loaded` with its url), another 2xx waits and asks
 * again at the same rhythm, without limit. A check that fails transiently (network, 408, 429, 5xx)
 * is asked again after `downloadPollRetryBaseMs`, doubling up to `downloadPollRetryMaxMs`, at most
 * `downloadPollRetries` times in a row (`downloads/readinessCheckFailed` each time); then, or on
 * any other failure, the download is in `error`. A record restored while polling, or retried after
 * an error once its zip was built, is checked at once (the same zip: nothing is built again), then
 * at the normal rhythm. Each next check follows the answer of the last one (its event).
 */
export const pollReadiness: Epic<DownloadsRoot> = (event$, state$, deps) => {
  const { scheduler, config, session, http } = deps;

  const check = (downloadId: string, cause: AnyEvent, attempt: number): Observable<UnstampedEvent> =>
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
          const retryInMs = backoffMs(
            attempt + 1,
            config.downloadPollRetryBaseMs,
            config.downloadPollRetryMaxMs,
          );
          return of(readinessCheckFailed({ downloadId, attempt: attempt + 1, retryInMs, error }, cause));
        }),
      );
    });

  /** The check is due `waitMs` from now, unless the download is canceled meanwhile. */
  const dueAfter = (downloadId: string, cause: AnyEvent, waitMs: number, attempt = 0) =>
    (waitMs > 0 ? timer(waitMs, scheduler) : of(0)).pipe(
      map(() => readinessCheckDue({ downloadId, attempt }, cause)),
      takeUntil(untilCanceled(event$, downloadId)),
    );

  const isPolling = (downloadId: string) => {
    const record = state$.value.downloads.records[downloadId];
    return record?.status === 'fetching' && record.zipUuid !== null;
  };
  // a download canceled (removed) while its answer was on its way is asked no more
  const known = (downloadId: string) => downloadId in state$.value.downloads.records;

  return merge(
    // the HEAD is sent while its due event is handled, so the check is caused by it
    event$.pipe(
      ofType(readinessCheckDue),
      mergeMap((event) =>
        check(event.payload.downloadId, event, event.payload.attempt).pipe(
          takeUntil(untilCanceled(event$, event.payload.downloadId)),
        ),
      ),
    ),
    event$.pipe(
      ofType(built),
      mergeMap((event) => dueAfter(event.payload.downloadId, event, config.downloadPollMs)),
    ),
    // not ready yet: the next check at the protocol's rhythm
    event$.pipe(
      ofType(readinessChecked),
      filter((event) => known(event.payload.downloadId)),
      mergeMap((event) => dueAfter(event.payload.downloadId, event, config.downloadPollMs)),
    ),
    // a transient failure: the next attempt after the wait the event names
    event$.pipe(
      ofType(readinessCheckFailed),
      filter((event) => known(event.payload.downloadId)),
      mergeMap((event) =>
        dueAfter(event.payload.downloadId, event, event.payload.retryInMs, event.payload.attempt),
      ),
    ),
    // the reducer put a retried record whose zip was built, or one to save again, back to `fetching`
    event$.pipe(
      ofType(retried, saveAgainRequested),
      filter((event) => isPolling(event.payload.downloadId)),
      mergeMap((event) => dueAfter(event.payload.downloadId, event, 0)),
    ),
    event$.pipe(
      ofType(pendingRestored),
      mergeMap((event) =>
        merge(
          ...event.payload.records
            .filter((record) => isPolling(record.downloadId))
            .map((record) => dueAfter(record.downloadId, event, 0)),
        ),
      ),
    ),
  );
};

/**
 * A zip still building `downloadStallNoticeMs` after its polling started (the build answered, a
 * retry or a reload resumed it) is told once (`downloads/buildStalled`): the row says "still
 * building after N min" and offers Cancel. Ready, failed or canceled first, nothing is told.
 */
export const noticeStalledBuild: Epic<DownloadsRoot> = (event$, state$, { config, scheduler }) => {
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
  const stalled = (downloadId: string, cause: AnyEvent) =>
    timer(config.downloadStallNoticeMs, scheduler).pipe(
      map(() => buildStalled({ downloadId, afterMs: config.downloadStallNoticeMs }, cause)),
      takeUntil(pollEnded(downloadId)),
    );
  const polling = (downloadId: string) => {
    const record = state$.value.downloads.records[downloadId];
    return record?.status === 'fetching' && record.zipUuid !== null;
  };
  return merge(
    event$.pipe(
      ofType(built, retried),
      filter((event) => polling(event.payload.downloadId)),
      mergeMap((event) => stalled(event.payload.downloadId, event)),
    ),
    event$.pipe(
      ofType(pendingRestored),
      mergeMap((event) =>
        merge(
          ...event.payload.records
            .filter((record) => polling(record.downloadId))
            .map((record) => stalled(record.downloadId, event)),
        ),
      ),
    ),
  );
};
