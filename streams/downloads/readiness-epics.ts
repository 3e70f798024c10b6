import { defer, EMPTY, expand, merge, mergeMap, type Observable, of, takeUntil, timer } from 'rxjs';
import type { Epic } from '../core/epic';
import type { AnyEvent, UnstampedEvent } from '../core/event';
import { browserUrl } from '../core/http';
import { ofType } from '../core/operators/of-type';
import * as api from './api';
import { downloadErrors } from './download-errors';
import { built, failed, pendingRestored, readinessChecked, zipReady } from './events';
import { flowRequest, untilCanceled } from './flow';
import type { DownloadsRoot } from './state';

/**
 * Steps 5-6 of protocol §7.2 (and §23.1): wait `downloadPollMs`, check that the record is still
 * `fetching`, then HEAD the zip: 200 is ready (`loaded` with its url), another 2xx waits and asks
 * again (no limit, no backoff), anything else or a network failure ends in `error`. A record
 * restored while polling is checked at once, then at the normal rhythm.
 */
export const pollReadiness: Epic<DownloadsRoot> = (event$, state$, deps) => {
  const { scheduler, config, session } = deps;

  const check = (downloadId: string, cause: AnyEvent): Observable<UnstampedEvent> =>
    defer(() => {
      const record = state$.value.downloads.records[downloadId];
      if (!record) return of(failed({ downloadId, error: downloadErrors.vanished(downloadId) }, cause));
      if (record.status !== 'fetching' || !record.zipUuid) {
        return of(
          failed({ downloadId, error: downloadErrors.notFetching(record.status, downloadId) }, cause),
        );
      }
      const { zipUuid } = record;
      return flowRequest(deps, api.checkReadiness(zipUuid), downloadId, cause, (_data, status) =>
        status === 200
          ? zipReady({ downloadId, url: browserUrl(session, api.downloadPath(zipUuid)) }, cause)
          : readinessChecked({ downloadId, httpStatus: status }, cause),
      );
    });

  const waitThenCheck = (downloadId: string, cause: AnyEvent) =>
    timer(config.downloadPollMs, scheduler).pipe(mergeMap(() => check(downloadId, cause)));

  const poll = (downloadId: string, cause: AnyEvent, immediately: boolean) =>
    (immediately ? check(downloadId, cause) : waitThenCheck(downloadId, cause)).pipe(
      expand((event) =>
        readinessChecked.match(event as AnyEvent) ? waitThenCheck(downloadId, cause) : EMPTY,
      ),
      takeUntil(untilCanceled(event$, downloadId)),
    );

  return merge(
    event$.pipe(
      ofType(built),
      mergeMap((event) => poll(event.payload.downloadId, event, false)),
    ),
    event$.pipe(
      ofType(pendingRestored),
      mergeMap((event) =>
        merge(
          ...event.payload.records
            .filter((record) => state$.value.downloads.records[record.downloadId]?.status === 'fetching')
            .map((record) => poll(record.downloadId, event, true)),
        ),
      ),
    ),
  );
};
