import { concat, EMPTY, filter, forkJoin, map, merge, mergeMap, of, take, takeUntil, timer } from 'rxjs';
import type { Epic } from '../core/epic';
import type { SerializedError } from '../core/errors';
import type { UnstampedEvent } from '../core/event';
import { ofType } from '../core/operators/of-type';
import { requestAnswer } from '../core/request';
import * as api from './api';
import { copiesOfReport } from './copies';
import * as reverseSearchEvents from './events';
import { whoAmILoaded } from '../session/events';
import type { WithSession } from '../session/selectors';
import { anotherUserKnown } from '../session/identity-selectors';
import {
  selectCanReverseSearch,
  selectCanViewReverseSearchReport,
  type WithReverseSearch,
} from './selectors';

type S = WithReverseSearch & WithSession;

/** The message of a report still missing after config.reverseSearchPollTries asks. */
export const REPORT_NOT_READY = 'The report is not ready';
const notReadyError = (): SerializedError => ({
  code: 'error.reverseSearch.notReady',
  message: REPORT_NOT_READY,
});

/** Answers that mean "not ready yet" while a submitted job runs (demo: 409; 404 before the job is seen). */
const NOT_READY = new Set([404, 409, 425]);

/** protocol §21: on when the status call answers below 400; a failure gives `error` (off). Asked once. */
export const loadFeature: Epic<S> = (event$, state$, deps) =>
  event$.pipe(
    ofType(reverseSearchEvents.featureRequested),
    filter(
      () =>
        state$.value.reverseSearch.feature.status === 'unknown' ||
        state$.value.reverseSearch.feature.status === 'error',
    ),
    mergeMap((event) =>
      concat(
        of(reverseSearchEvents.featureStarted({}, event)),
        requestAnswer(
          deps.http,
          api.featureStatus(),
          (_data, status) => reverseSearchEvents.featureLoaded({ enabled: status < 400 }, event),
          (error) => reverseSearchEvents.featureFailed({ error }, event),
        ),
      ),
    ),
  );

/**
 * Per-asset permissions (§21); a failure gives `error`. Skipped while one is on its way; an answer
 * that comes after the permissions were forgotten (another user) was for the previous caller.
 */
export const loadPermissions: Epic<S> = (event$, state$, deps) =>
  event$.pipe(
    ofType(reverseSearchEvents.permissionsRequested),
    mergeMap((event) => {
      const { uuid } = event.payload;
      if (state$.value.reverseSearch.permissions[uuid]?.status === 'fetching') return EMPTY;
      return concat(
        of(reverseSearchEvents.permissionsStarted({ uuid }, event)),
        requestAnswer(
          deps.http,
          api.permissions(uuid),
          (data) =>
            reverseSearchEvents.permissionsLoaded(
              { uuid, canSubmit: data.canSubmit === true, canViewReport: data.canViewReport === true },
              event,
            ),
          (error) => reverseSearchEvents.permissionsFailed({ uuid, error }, event),
        ).pipe(takeUntil(event$.pipe(ofType(reverseSearchEvents.permissionsForgotten)))),
      );
    }),
  );

/** The permissions are the caller's: forgotten when who-am-I names another user. */
export const forgetPermissionsOfPreviousUser: Epic<S> = (event$, state$) =>
  event$.pipe(
    ofType(whoAmILoaded),
    (whoAmI$) => anotherUserKnown(whoAmI$, state$),
    filter(() => Object.keys(state$.value.reverseSearch.permissions).length > 0),
    map((event) => reverseSearchEvents.permissionsForgotten({}, event)),
  );

/**
 * "Find copies on the web" before the rights are known (issue 26): the caller's permissions are
 * asked (a user who signed in since the page opened gets their own), the feature once; when both
 * answered, the search goes on as they allow. Allowed nothing, it stops: the view says so.
 */
export const findCopies: Epic<S> = (event$, state$) =>
  event$.pipe(
    ofType(reverseSearchEvents.findRequested),
    mergeMap((event) => {
      const { uuid } = event.payload;
      const askFeature = state$.value.reverseSearch.feature.status !== 'loaded';
      const featureAnswered$ = askFeature
        ? event$.pipe(ofType(reverseSearchEvents.featureLoaded, reverseSearchEvents.featureFailed), take(1))
        : of(null);
      const permissionsAnswered$ = event$.pipe(
        ofType(reverseSearchEvents.permissionsLoaded, reverseSearchEvents.permissionsFailed),
        filter((answer) => answer.payload.uuid === uuid),
        take(1),
      );
      const allowed$ = forkJoin([featureAnswered$, permissionsAnswered$]).pipe(
        mergeMap(() => {
          if (selectCanReverseSearch(state$.value, uuid))
            return of(reverseSearchEvents.submitRequested({ uuid }, event));
          if (selectCanViewReverseSearchReport(state$.value, uuid))
            return of(reverseSearchEvents.reportRequested({ uuid }, event));
          return EMPTY;
        }),
      );
      const asks = [
        ...(askFeature ? [reverseSearchEvents.featureRequested({}, event)] : []),
        reverseSearchEvents.permissionsRequested({ uuid }, event),
      ];
      // listening first: the answers may follow the asks at once
      return merge(allowed$, of(...asks));
    }),
  );

const BUSY = new Set(['submitting', 'waiting', 'downloading']);

/** Submit (§21, answer not read); a job already running is not submitted again. */
export const submitSearch: Epic<S> = (event$, state$, deps) =>
  event$.pipe(
    ofType(reverseSearchEvents.submitRequested),
    mergeMap((event) => {
      const { uuid } = event.payload;
      if (BUSY.has(state$.value.reverseSearch.jobs[uuid]?.state ?? 'idle')) return EMPTY;
      return concat(
        of(reverseSearchEvents.submitStarted({ uuid }, event)),
        requestAnswer(
          deps.http,
          api.submit(uuid),
          () => reverseSearchEvents.submitted({ uuid }, event),
          (error) => reverseSearchEvents.submitFailed({ uuid, error }, event),
        ),
      );
    }),
  );

/**
 * The report (§21): asked at once after a submit, then every config.reverseSearchPollMs while it
 * is not ready, at most config.reverseSearchPollTries times; it comes as text and the copies it
 * lists are shown on the page (`copiesFound`). `reverseSearch/reportRequested` asks once, no
 * waiting, for the file itself: it is handed to the browser under the name of its `Content-Disposition`.
 */
export const fetchReport: Epic<S> = (event$, _state$, deps) => {
  const { downloads, config, scheduler } = deps;
  const stopped$ = (uuid: string) =>
    event$.pipe(
      ofType(reverseSearchEvents.reset, reverseSearchEvents.submitRequested),
      filter((event) => event.payload.uuid === uuid),
      take(1),
    );
  type Cause = Parameters<typeof reverseSearchEvents.reportChecked>[1];
  const notReady = (uuid: string, attempt: number, cause: Cause): UnstampedEvent =>
    attempt >= config.reverseSearchPollTries
      ? reverseSearchEvents.reportFailed({ uuid, error: notReadyError() }, cause)
      : reverseSearchEvents.reportChecked({ uuid, attempt }, cause);
  const poll = (uuid: string, attempt: number, cause: Cause) =>
    requestAnswer(
      deps.http,
      api.reportText(uuid),
      (report, status): UnstampedEvent =>
        status === 202
          ? notReady(uuid, attempt, cause)
          : reverseSearchEvents.copiesFound(
              { uuid, fileName: report.fileName, copies: copiesOfReport(report.text) },
              cause,
            ),
      (error) =>
        error.status !== undefined && NOT_READY.has(error.status)
          ? notReady(uuid, attempt, cause)
          : reverseSearchEvents.reportFailed({ uuid, error }, cause),
    ).pipe(takeUntil(stopped$(uuid)));
  const download = (uuid: string, cause: Cause) =>
    requestAnswer(
      deps.http,
      api.report(uuid),
      (file): UnstampedEvent => {
        const fileName = file instanceof File && file.name ? file.name : null;
        // the browser saves the file: a port, like the zips (never in an event: no blob in the log)
        downloads.open(URL.createObjectURL(file), fileName ?? `reverse-search-${uuid}`);
        return reverseSearchEvents.reportDelivered({ uuid, fileName }, cause);
      },
      (error) => reverseSearchEvents.reportFailed({ uuid, error }, cause),
    );

  return event$.pipe(
    ofType(
      reverseSearchEvents.submitted,
      reverseSearchEvents.reportChecked,
      reverseSearchEvents.reportRequested,
    ),
    mergeMap((event) => {
      const { uuid } = event.payload;
      if (reverseSearchEvents.reportRequested.match(event)) return download(uuid, event);
      if (reverseSearchEvents.submitted.match(event)) return poll(uuid, 1, event);
      const next = event.payload.attempt + 1;
      return timer(config.reverseSearchPollMs, scheduler).pipe(
        mergeMap(() => poll(uuid, next, event)),
        takeUntil(stopped$(uuid)),
      );
    }),
  );
};
