import { concat, EMPTY, filter, map, merge, mergeMap, Observable, of, Subject, Subscription } from 'rxjs';
import type { Epic } from '../core/epic';
import { DEFAULT_ERROR_MESSAGE, ERROR_CODES, type SerializedError, serializeError } from '../core/errors';
import type { Deps } from '../core/deps';
import type { AnyEvent, UnstampedEvent } from '../core/event';
import { ofType } from '../core/operators/of-type';
import { isAnswerLost } from '../core/reconcile';
import { requestAnswer } from '../core/request';
import * as api from './api';
import * as importEvents from './events';
import { refusalKeyOf, type WithImports } from './selectors';
import { uploadAt } from './model';
import type { UploadFile, UploadsState } from './state';

type ImportsEpic = Epic<WithImports>;

// The upload queue: how many files send at once, which go next, and the sending itself.

const CANCEL_FAILED = 'Failed to cancel job';

/**
 * An upload's failure as protocol §15.2 says: format codes → `error.message.format`; the other
 * refusals of the table (`UPLOAD_REFUSALS`) → their own words; else the server's message.
 */
export function uploadError(error: SerializedError): { message: string; messageKey?: string } {
  const message = error.message || DEFAULT_ERROR_MESSAGE;
  const messageKey = refusalKeyOf(error.restCode);
  return messageKey ? { message, messageKey } : { message };
}

export const setConcurrency: ImportsEpic = (event$, _state$, { config }) =>
  event$.pipe(
    ofType(importEvents.uploadConcurrencyChangeRequested),
    map((event) => {
      const wanted = Number.isFinite(event.payload.value)
        ? Math.round(event.payload.value)
        : config.uploadConcurrencyDefault;
      const value = Math.min(config.uploadConcurrencyMax, Math.max(config.uploadConcurrencyMin, wanted));
      return importEvents.uploadConcurrencySet({ value }, event);
    }),
  );

/** The first `count` registered files, in the order they were added. */
function nextWaiting(uploads: UploadsState, count: number): UploadFile[] {
  const out: UploadFile[] = [];
  if (count <= 0) return out;
  for (const bucket of uploads.buckets) {
    if (bucket.waiting === 0) continue;
    for (const file of bucket.files) {
      if (file?.status === 'registered') {
        out.push(file);
        if (out.length === count) return out;
      }
    }
  }
  return out;
}

/**
 * The queue: after every change of the uploads, free slots (at most `uploadConcurrency`, default
 * `config.uploadConcurrencyDefault`, running at once over all jobs) go to the next registered files.
 * The fold takes a file only while fewer than `limit` run, so a repeated offer changes nothing.
 */
export const scheduleUploads: ImportsEpic = (event$, state$, deps) =>
  event$.pipe(
    ofType(
      importEvents.filesAdded,
      importEvents.uploadResolving,
      importEvents.uploadLoaded,
      importEvents.uploadFailed,
      importEvents.uploadCanceled,
      importEvents.uploadCancelFailed,
      importEvents.uploadRemoveRequested,
      importEvents.uploadRetryRequested,
      importEvents.uploadConcurrencySet,
    ),
    mergeMap((event) => {
      const uploads = state$.value.imports.uploads;
      const limit = uploads.concurrency ?? deps.config.uploadConcurrencyDefault;
      return nextWaiting(uploads, limit - uploads.running).map((file) =>
        importEvents.uploadResolving({ id: file.id, limit }, event),
      );
    }),
  );

/** A file that became an item changes the job's count: asked again on the answer, in an epic of its own. */
export const countAfterUpload: ImportsEpic = (event$) =>
  event$.pipe(
    ofType(importEvents.uploadLoaded),
    map((loaded) => importEvents.countRequested({ jobId: loaded.payload.jobId }, loaded)),
  );

/** No answer, a timeout or a server error: the network or the server failed the upload, not its file. */
function isTransportFailure(error: SerializedError): boolean {
  return error.code.startsWith(ERROR_CODES.network) || error.status === 408 || (error.status ?? 0) >= 500;
}

/** The ids of the job's items the portal knows now. */
function knownItems(state: WithImports, jobId: string): Set<string> {
  return new Set(
    Object.values(state.imports.items)
      .filter((item) => item.jobId === jobId)
      .map((item) => item.id),
  );
}

/**
 * An upload whose answer was lost may have made its item (issue 27): the job's items of that name
 * are read before anything is said. One the portal did not know is the upload's: loaded. None:
 * failed, and it can be sent again. Nothing read back: unconfirmed, and not offered again (it
 * could make a second item).
 */
function readBackUpload(
  deps: Deps,
  file: UploadFile,
  known: ReadonlySet<string>,
  error: SerializedError,
  event: AnyEvent,
  failed: (error: SerializedError, retryable: boolean) => UnstampedEvent,
): Observable<UnstampedEvent> {
  const { id, jobId, name } = file;
  return requestAnswer(
    deps.http,
    api.itemsWhere(jobId, { name: { eq: name } }),
    (answer) => {
      const made = answer.response.data.find((row) => !known.has(String(row.id)));
      return made
        ? importEvents.uploadLoaded({ id, jobId, item: made as importEvents.ImportItemData }, event)
        : failed(error, true);
    },
    () => failed({ ...error, code: ERROR_CODES.unconfirmed }, false),
  );
}

/**
 * Sends a file that took a slot: `uploadStarted` (resolved), progress in steps of at least
 * `config.uploadProgressStepPct`, then `uploadLoaded` (the job counted again) or `uploadFailed`.
 * Removing a running file aborts its request (`uploadCanceled`, no loaded); a running file with
 * no request to abort gives `Failed to cancel job`.
 */
export const sendUploads: ImportsEpic = (event$, state$, deps) => {
  const inFlight = new Map<string, Subject<void>>();
  const fileOf = (id: string): UploadFile | undefined => uploadAt(state$.value.imports.uploads, id);
  const send$ = event$.pipe(
    ofType(importEvents.uploadResolving),
    filter((event) => fileOf(event.payload.id)?.status === 'resolving' && !inFlight.has(event.payload.id)),
    mergeMap((event) => {
      const file = fileOf(event.payload.id)!;
      const { id, jobId } = file;
      const cancel$ = new Subject<void>();
      inFlight.set(id, cancel$);
      const blob = deps.files?.get(id);
      // a failure that may be sent again keeps its File
      let keepFile = false;
      const done = () => {
        inFlight.delete(id);
        if (!keepFile) deps.files?.delete(id);
      };
      const failed = (error: SerializedError, retryable: boolean) => {
        keepFile = retryable;
        return importEvents.uploadFailed(
          { id, jobId, ...uploadError(error), error, ...(retryable && { retryable }) },
          event,
        );
      };
      if (!blob) {
        done();
        return of(
          importEvents.uploadFailed(
            {
              id,
              jobId,
              message: 'The file is no longer available: choose it again',
              error: { code: 'error.upload.missing', message: 'The file is no longer available' },
            },
            event,
          ),
        );
      }
      const request = api.upload(jobId, blob, file.name, file.unzip);
      const step = Math.max(1, deps.config.uploadProgressStepPct);
      let reported = 0;
      const reports$ = deps.uploads
        ? deps.uploads.send(request)
        : deps.http.request(request).pipe(map((answer) => ({ kind: 'answer' as const, ...answer })));
      const sent$ = reports$.pipe(
        mergeMap((report): UnstampedEvent[] => {
          if (report.kind === 'progress') {
            const total = report.total || file.size;
            const progress = total > 0 ? Math.min(100, Math.floor((report.loaded / total) * 100)) : 0;
            if (progress - reported < step) return [];
            reported = progress;
            return [importEvents.uploadProgressed({ id, loaded: report.loaded, total, progress }, event)];
          }
          return [
            importEvents.uploadLoaded(
              {
                id,
                jobId,
                item: api.itemOf(report.data.response.data) as importEvents.ImportItemData | null,
              },
              event,
            ),
          ];
        }),
      );
      return concat(
        of(importEvents.uploadStarted({ id }, event)),
        new Observable<UnstampedEvent>((subscriber) => {
          let ended = false;
          const readBack = new Subscription();
          const subscription = sent$.subscribe({
            next: (emitted) => subscriber.next(emitted),
            error: (thrown: unknown) => {
              ended = true;
              const error = serializeError(thrown);
              if (isAnswerLost(error)) {
                const known = knownItems(state$.value, jobId);
                readBack.add(readBackUpload(deps, file, known, error, event, failed).subscribe(subscriber));
                return;
              }
              subscriber.next(
                error.code === ERROR_CODES.canceled
                  ? importEvents.uploadCanceled({ id, jobId }, event)
                  : failed(error, isTransportFailure(error)),
              );
              subscriber.complete();
            },
            complete: () => {
              ended = true;
              subscriber.complete();
            },
          });
          const onCancel = cancel$.subscribe(() => {
            if (ended) return;
            ended = true;
            subscription.unsubscribe();
            subscriber.next(importEvents.uploadCanceled({ id, jobId }, event));
            subscriber.complete();
          });
          return () => {
            onCancel.unsubscribe();
            subscription.unsubscribe();
            readBack.unsubscribe();
            done();
          };
        }),
      );
    }),
  );
  const cancel$ = event$.pipe(
    ofType(importEvents.uploadRemoveRequested),
    mergeMap((event) => {
      const { id } = event.payload;
      const file = fileOf(id);
      if (file?.status !== 'invalid') {
        // a registered or failed file was dropped: its File goes too
        if (!file) deps.files?.delete(id);
        return EMPTY;
      }
      const handle = inFlight.get(id);
      if (!handle) return of(importEvents.uploadCancelFailed({ id, message: CANCEL_FAILED }, event));
      handle.next();
      return EMPTY;
    }),
  );
  return merge(send$, cancel$);
};
