import {
  catchError,
  concat,
  defer,
  EMPTY,
  filter,
  map,
  merge,
  mergeMap,
  NEVER,
  of,
  race,
  takeUntil,
  timer,
} from 'rxjs';
import { serializeError } from '../core/errors';
import type { Epic } from '../core/epic';
import type { AnyEvent } from '../core/event';
import { ofType } from '../core/operators/of-type';
import { requestEpic } from '../core/request';
import * as api from './api';
import { downloadErrors } from './download-errors';
import {
  browserFetchFailed,
  built,
  buildStarted,
  failed,
  handedToBrowser,
  profilesLoaded,
  profilesLoadFailed,
  profilesRequested,
  requested,
  resumed,
  retried,
  sizeTested,
  sizeTestStarted,
  split,
  warningConfirmed,
  zipReady,
} from './events';
import { flowRequest, optionsOf, targetOf, untilCanceled, withRecord } from './flow';
import { downloadReached, selectDownloads } from './selectors';
import { type DownloadsRoot, downloadIdOf } from './state';

type S = DownloadsRoot;

/** The downloads an event starts: a new one, a retried or resumed one, or the parts of a split. */
function downloadsToSize(event: AnyEvent, state: S): string[] {
  if (requested.match(event)) return [downloadIdOf(event, event.payload.cartId)];
  if (split.match(event)) {
    return selectDownloads(state)
      .filter((record) => record.part?.of === event.payload.downloadId)
      .map((record) => record.downloadId);
  }
  return [(event.payload as { downloadId: string }).downloadId];
}

/**
 * Steps 1-2 of protocol §7.2: `resolving` while `testZipCart` runs, then `resolved` with the
 * infos. A record already at or after `resolving` is left alone.
 */
export const testSize: Epic<S> = (event$, state$, deps) =>
  event$.pipe(
    ofType(requested, retried, resumed, split),
    mergeMap((event) =>
      merge(
        ...downloadsToSize(event, state$.value).map((downloadId) =>
          withRecord(state$, downloadId, event, (record) => {
            if (downloadReached(record.status, 'resolving')) return EMPTY;
            return concat(
              of(sizeTestStarted({ downloadId }, event)),
              flowRequest(
                deps,
                api.testZipCart(targetOf(record, deps), optionsOf(record)),
                downloadId,
                event,
                (data) => sizeTested({ downloadId, infos: data }, event),
              ),
            ).pipe(takeUntil(untilCanceled(event$, downloadId)));
          }),
        ),
      ),
    ),
  );

/**
 * Step 4: a download is built once resolved, unless it waits for the user to confirm a warning
 * (or is refused: splitting takes over). Below `resolved` the build is an error; at or after
 * `initial` it is left alone. `zipCart` answers the uuid, and the record goes `fetching`.
 */
export const buildZip: Epic<S> = (event$, state$, deps) =>
  event$.pipe(
    ofType(sizeTested, warningConfirmed),
    filter(
      (event) => !sizeTested.match(event) || (!event.payload.infos.refused && !event.payload.infos.warn),
    ),
    mergeMap((event) => {
      const { downloadId } = event.payload;
      return withRecord(state$, downloadId, event, (record) => {
        if (!downloadReached(record.status, 'resolved')) {
          return of(
            failed({ downloadId, error: downloadErrors.unexpectedStatus(record.status, downloadId) }, event),
          );
        }
        if (downloadReached(record.status, 'initial')) return EMPTY;
        const options = { ...optionsOf(record), sendLinkByEmail: record.sendLinkByEmail };
        return concat(
          of(buildStarted({ downloadId }, event)),
          flowRequest(deps, api.zipCart(targetOf(record, deps), options), downloadId, event, (data) =>
            built({ downloadId, zipUuid: data }, event),
          ),
        ).pipe(takeUntil(untilCanceled(event$, downloadId)));
      });
    }),
  );

/**
 * Step 7: the browser loads the url itself and streams the zip to disk; it never enters memory.
 * The download is `downloaded` once `downloadStartCheckMs` went by without the browser getting a
 * page instead of the file (an error answer, a dropped connection): then it is in `error`, and
 * Retry checks the same zip and hands it over again (issue 12 item 9).
 */
export const deliverZip: Epic<S> = (event$, state$, { downloads, config, scheduler }) =>
  event$.pipe(
    ofType(zipReady),
    mergeMap((event) => {
      const record = state$.value.downloads.records[event.payload.downloadId];
      if (record?.status !== 'loaded') return EMPTY;
      const { downloadId } = record;
      const fileName = `${record.downloadName}.zip`;
      const fetchFailed$ = defer(() => {
        if (downloads.start) return downloads.start(event.payload.url, fileName);
        downloads.open(event.payload.url, fileName);
        return NEVER;
      }).pipe(
        // no cause: what the browser tells is an input, like a click (re-simulation feeds it)
        catchError((thrown: unknown) =>
          of(browserFetchFailed({ downloadId, error: downloadErrors.browserFetch(serializeError(thrown)) })),
        ),
      );
      return race(
        fetchFailed$,
        timer(config.downloadStartCheckMs, scheduler).pipe(map(() => handedToBrowser({ downloadId }, event))),
      ).pipe(
        takeUntil(
          merge(
            untilCanceled(event$, downloadId),
            event$.pipe(
              filter(
                (later) =>
                  (failed.match(later) || browserFetchFailed.match(later)) &&
                  later.payload.downloadId === downloadId,
              ),
            ),
          ),
        ),
      );
    }),
  );

/** The zip profiles; a request made while one runs is skipped (protocol §6.4). */
export const loadProfiles: Epic<S> = requestEpic({
  on: profilesRequested,
  flatten: 'exhaust',
  call: () => api.listProfiles(),
  succeeded: (data, request) => profilesLoaded({ profiles: api.toZipProfiles(data) }, request),
  failed: (error, request) => profilesLoadFailed({ error }, request),
});
