import {
  catchError,
  defer,
  filter,
  ignoreElements,
  map,
  merge,
  mergeMap,
  type Observable,
  of,
  takeUntil,
  tap,
  timer,
} from 'rxjs';
import { backoffMs } from '../core/backoff';
import type { Deps } from '../core/deps';
import type { Epic, StateObservable } from '../core/epic';
import { type SerializedError, serializeError } from '../core/errors';
import type { AnyEvent, UnstampedEvent } from '../core/event';
import { browserUrl } from '../core/browser-url';
import { ofType } from '../core/operators/of-type';
import { leadershipGained, receivedFact } from '../tabs/events';
import { selectPollsForAllTabs, selectPollsOwnJobs, type WithTabs } from '../tabs/selectors';
import * as api from './api';
import { downloadErrors } from './download-errors';
import {
  buildStalled,
  built,
  canceled,
  failed,
  pendingRestored,
  readinessCheckDue,
  readinessCheckFailed,
  readinessChecked,
  retried,
  saveAgainRequested,
  zipReady,
} from './events';
import { aboutDownload, untilCanceled } from './flow';
import type { DownloadsRoot } from './state';

type S = DownloadsRoot & WithTabs;

/** A failure worth asking again: no answer at all, a timeout, too many requests, or a server error. */
function isTransient(error: SerializedError): boolean {
  if (error.code === 'error.canceled') return false;
  const { status } = error;
  if (status === undefined || status === 0) return true;
  return status === 408 || status === 429 || status >= 500;
}

/** A record whose zip is built and not ready yet: the one state a readiness check is for. */
const isPolling = (state: DownloadsRoot, downloadId: string) => {
  const record = state.downloads.records[downloadId];
  return record?.status === 'fetching' && record.zipUuid !== null;
};

/**
 * Where this tab starts checking a zip (issue 25: one poller among the tabs). Its own build, retry
 * or "save again" when it polls its own jobs; the same told by a follower, when it polls for all
 * (the follower does not: the leader adopts its poll); the records restored from storage, and every
 * record still building once it starts leading (what the tab that closed was checking), when it polls
 * for all. `waitMs` is the wait before the first check.
 */
function pollStarts(
  event$: Observable<AnyEvent>,
  state$: StateObservable<S>,
  { config }: Deps,
): Observable<{ downloadId: string; cause: AnyEvent; waitMs: number }> {
  const forAll = () => selectPollsForAllTabs(state$.value);
  const own = () => selectPollsOwnJobs(state$.value);
  const start = (downloadId: string, cause: AnyEvent, waitMs: number) => [{ downloadId, cause, waitMs }];
  return event$.pipe(
    mergeMap((event) => {
      if (built.match(event))
        return own() ? start(event.payload.downloadId, event, config.downloadPollMs) : [];
      if (retried.match(event) || saveAgainRequested.match(event))
        return own() ? start(event.payload.downloadId, event, 0) : [];
      const told = receivedFact(event, built);
      if (told) return forAll() ? start(told.downloadId, event, config.downloadPollMs) : [];
      const again = receivedFact(event, retried) ?? receivedFact(event, saveAgainRequested);
      if (again) return forAll() ? start(again.downloadId, event, 0) : [];
      if (pendingRestored.match(event) && forAll())
        return event.payload.records.flatMap((record) => start(record.downloadId, event, 0));
      if (leadershipGained.match(event))
        return Object.keys(state$.value.downloads.records).flatMap((id) => start(id, event, 0));
      return [];
    }),
    filter(({ downloadId }) => isPolling(state$.value, downloadId)),
  );
}

/**
 * Steps 5-6 of protocol §7.2 (and §23.1): wait `downloadPollMs`, check that the record is still
 * `fetching`, then HEAD the zip: 200 is ready (`loaded` with its url), another 2xx waits and asks
 * again at the same rhythm, without limit. A check that fails transiently (network, 408, 429, 5xx)
 * is asked again after `downloadPollRetryBaseMs`, doubling up to `downloadPollRetryMaxMs`, at most
 * `downloadPollRetries` times in a row (`downloads/readinessCheckFailed` each time); then, or on
 * any other failure, the download is in `error`. A record restored while polling, or retried after
 * an error once its zip was built, is checked at once (the same zip: nothing is built again), then
 * at the normal rhythm. Each next check follows the answer of the last one (its event). Among tabs,
 * only one checks a zip (`pollStarts`), and a tab runs one chain of checks per zip, however many
 * events would start it.
 */
export const pollReadiness: Epic<S> = (event$, state$, deps) => {
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

  // the zips this tab is checking: a chain ends with the zip ready, failed or canceled
  const chains = new Set<string>();
  // a download canceled (removed) while its answer was on its way is asked no more
  const known = (downloadId: string) => downloadId in state$.value.downloads.records;

  return merge(
    event$.pipe(
      tap((event) => {
        if (zipReady.match(event) || failed.match(event)) chains.delete(event.payload.downloadId);
        const gone = canceled.match(event) ? event.payload : receivedFact(event, canceled);
        if (gone) chains.delete(gone.downloadId);
      }),
      ignoreElements(),
    ),
    pollStarts(event$, state$, deps).pipe(
      filter(({ downloadId }) => !chains.has(downloadId)),
      tap(({ downloadId }) => chains.add(downloadId)),
      mergeMap(({ downloadId, cause, waitMs }) => dueAfter(downloadId, cause, waitMs)),
    ),
    // the HEAD is sent while its due event is handled, so the check is caused by it
    event$.pipe(
      ofType(readinessCheckDue),
      mergeMap((event) =>
        check(event.payload.downloadId, event, event.payload.attempt).pipe(
          takeUntil(untilCanceled(event$, event.payload.downloadId)),
        ),
      ),
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
  );
};

/**
 * A zip still building `downloadStallNoticeMs` after its polling started (the build answered, a
 * retry or a reload resumed it) is told once (`downloads/buildStalled`): the row says "still
 * building after N min" and offers Cancel. Ready, failed or canceled first, nothing is told.
 */
export const noticeStalledBuild: Epic<S> = (event$, state$, { config, scheduler }) => {
  // the zip may be checked by another tab, which tells it ready or failed
  const pollEnded = (downloadId: string) => aboutDownload(event$, downloadId, canceled, zipReady, failed);
  const stalled = (downloadId: string, cause: AnyEvent) =>
    timer(config.downloadStallNoticeMs, scheduler).pipe(
      map(() => buildStalled({ downloadId, afterMs: config.downloadStallNoticeMs }, cause)),
      takeUntil(pollEnded(downloadId)),
    );
  const polling = (downloadId: string) => isPolling(state$.value, downloadId);
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
