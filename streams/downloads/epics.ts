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
  type Observable,
  of,
  race,
  takeUntil,
  tap,
  throttleTime,
  timer,
} from 'rxjs';
import type { Deps } from '../core/deps';
import { serializeError } from '../core/errors';
import type { Epic } from '../core/epic';
import type { AnyEvent, UnstampedEvent } from '../core/event';
import { ofType } from '../core/operators/of-type';
import { requestEpic } from '../core/request';
import { selectTabRole, type WithTabs } from '../tabs/selectors';
import * as api from './api';
import { downloadErrors } from './download-errors';
import {
  announced,
  browserFetchFailed,
  built,
  buildStarted,
  type DownloadRecord,
  failed,
  fetchProgressed,
  fileSaved,
  handedToBrowser,
  profilesLoaded,
  profilesLoadFailed,
  profilesRequested,
  requested,
  resumed,
  retried,
  sizeTested,
  sizeTestStarted,
  splitConfirmed,
  warningConfirmed,
  zipReady,
} from './events';
import { flowRequest, optionsOf, targetOf, untilCanceled, withRecord } from './flow';
import { downloadReached, selectDownloads } from './selectors';
import { type DownloadsRoot, downloadIdOf } from './state';

type S = DownloadsRoot & WithTabs;

const isPart = (state: S, downloadId: string) => Boolean(state.downloads.records[downloadId]?.part);

/** The downloads an event starts: a new one, a retried or resumed one, or the parts of a confirmed split. */
function downloadsToSize(event: AnyEvent, state: S): string[] {
  if (requested.match(event)) return [downloadIdOf(event, event.payload.cartId)];
  if (splitConfirmed.match(event)) {
    return selectDownloads(state)
      .filter((record) => record.part?.of === event.payload.downloadId)
      .map((record) => record.downloadId);
  }
  return [(event.payload as { downloadId: string }).downloadId];
}

/**
 * A download started in a tab among others is told to them (`downloads/announced`, issue 25): they
 * show it and fold its steps, and the tab that polls for all checks its zip once it is built. A tab
 * alone tells no one.
 */
export const announceStarted: Epic<S> = (event$, state$) =>
  event$.pipe(
    ofType(requested),
    filter(() => selectTabRole(state$.value) !== 'alone'),
    mergeMap((event) => {
      const record = state$.value.downloads.records[downloadIdOf(event, event.payload.cartId)];
      return record ? [announced({ record }, event)] : [];
    }),
  );

/**
 * Steps 1-2 of protocol §7.2: `resolving` while `testZipCart` runs, then `resolved` with the
 * infos. A record already at or after `resolving` is left alone.
 */
export const testSize: Epic<S> = (event$, state$, deps) =>
  event$.pipe(
    ofType(requested, retried, resumed, splitConfirmed),
    mergeMap((event) =>
      merge(
        ...downloadsToSize(event, state$.value).map((downloadId) =>
          withRecord(state$, downloadId, event, (record) => {
            // a part waits for the answer about its whole split
            if (record.held || downloadReached(record.status, 'resolving')) return EMPTY;
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
    // a part's own warning is not asked again: the user said yes to the whole set (issue 13)
    filter(
      (event) =>
        !sizeTested.match(event) ||
        (!event.payload.infos.refused &&
          (!event.payload.infos.warn || isPart(state$.value, event.payload.downloadId))),
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
 * Step 7, by the browser: it loads the url itself and streams the zip to disk; it never enters
 * memory. The download is `downloaded` once `downloadStartCheckMs` went by without the browser
 * getting a page instead of the file (an error answer, a dropped connection): then it is in
 * `error`, and Retry checks the same zip and hands it over again (issue 12 item 9). The page
 * cannot follow its bytes: the row says the browser is downloading it.
 */
function handToBrowser(
  { downloads, config, scheduler }: Deps,
  record: DownloadRecord,
  cause: AnyEvent,
  url: string,
): Observable<UnstampedEvent> {
  const { downloadId } = record;
  const fetchFailed$ = defer(() => {
    if (downloads.start) return downloads.start(url, fileNameOf(record));
    downloads.open(url, fileNameOf(record));
    return NEVER;
  }).pipe(
    catchError((thrown: unknown) =>
      of(
        browserFetchFailed({ downloadId, error: downloadErrors.browserFetch(serializeError(thrown)) }, cause),
      ),
    ),
  );
  return race(
    fetchFailed$,
    timer(config.downloadStartCheckMs, scheduler).pipe(map(() => handedToBrowser({ downloadId }, cause))),
  );
}

/**
 * Step 7, by the page (a zip of at most `downloadInPageMaxBytes` by its size test, issue 13): the
 * page fetches the zip, reports the bytes received at most every `downloadProgressEveryMs`, and
 * saves the file as "{downloadName}.zip" (a split's parts as "{name} 2 of 6.zip").
 */
function fetchInPage(
  { config, scheduler }: Deps,
  record: DownloadRecord,
  cause: AnyEvent,
  url: string,
  fetchFile: NonNullable<Deps['downloads']['fetchFile']>,
): Observable<UnstampedEvent> {
  const { downloadId } = record;
  const fileName = fileNameOf(record);
  return defer(() => {
    let received = { loaded: 0, total: -1 };
    return concat(
      of(fetchProgressed({ downloadId, ...received }, cause)),
      fetchFile(url, fileName).pipe(
        tap((report) => {
          received = report;
        }),
        throttleTime(config.downloadProgressEveryMs, scheduler),
        map((report) => fetchProgressed({ downloadId, loaded: report.loaded, total: report.total }, cause)),
      ),
      defer(() => of(fileSaved({ downloadId, fileName, bytes: received.loaded }, cause))),
    );
  }).pipe(
    catchError((thrown: unknown) =>
      of(
        browserFetchFailed({ downloadId, error: downloadErrors.browserFetch(serializeError(thrown)) }, cause),
      ),
    ),
  );
}

const fileNameOf = (record: DownloadRecord) => `${record.downloadName}.zip`;

/** Whether the page fetches this zip itself: it can, and the size test said it is small enough. */
function inPage(deps: Deps, record: DownloadRecord): boolean {
  return (
    deps.downloads.fetchFile !== undefined &&
    record.size >= 0 &&
    record.size <= deps.config.downloadInPageMaxBytes
  );
}

/** Step 7 of protocol §7.2: the ready zip is fetched by the page or handed to the browser. */
export const deliverZip: Epic<S> = (event$, state$, deps) =>
  event$.pipe(
    ofType(zipReady),
    mergeMap((event) => {
      const record = state$.value.downloads.records[event.payload.downloadId];
      if (record?.status !== 'loaded') return EMPTY;
      const { downloadId } = record;
      const { url } = event.payload;
      const { fetchFile } = deps.downloads;
      const delivery$ =
        fetchFile && inPage(deps, record)
          ? fetchInPage(deps, record, event, url, fetchFile)
          : handToBrowser(deps, record, event, url);
      return delivery$.pipe(
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
