import {
  distinctUntilChanged,
  EMPTY,
  filter,
  from,
  ignoreElements,
  map,
  mergeMap,
  switchMap,
  take,
  tap,
} from 'rxjs';
import { started } from '../app/events';
import type { Deps } from '../core/deps';
import { catchUpOnStart } from '../core/catch-up';
import type { Epic } from '../core/epic';
import { ofType } from '../core/operators/of-type';
import { readStoredRecords, writeStoredRecords } from '../core/stored-records';
import { selectSessionReady } from '../session/identity-selectors';
import { selectLeftBeforeJoining, selectPollsForAllTabs, type WithTabs } from '../tabs/selectors';
import { type DownloadRecord, downloadRecordSchema, pendingRestored, resumed } from './events';
import type { DownloadsRoot } from './state';

/** The records kept under PENDING_DOWNLOAD; what cannot be read is dropped, never fatal. */
function readPending({ storage, config }: Deps): DownloadRecord[] {
  return readStoredRecords(storage, config.pendingDownloadStorageKey, downloadRecordSchema);
}

/** Read once when the portal starts (seed 000 §4; ARCHITECTURE "What the app reads from outside"). */
export const restorePending: Epic<DownloadsRoot> = (event$, _state$, deps) =>
  event$.pipe(
    ofType(started),
    take(1),
    map((event) => pendingRestored({ records: readPending(deps) }, event)),
  );

/** Or when the downloads start after the portal did: they load when something is stored or asked. */
export const restorePendingOnStart = catchUpOnStart<DownloadsRoot>('downloads', (_state, start, deps) => [
  pendingRestored({ records: readPending(deps) }, start),
]);

/**
 * Every change of the records writes all of them (protocol §7.2 "Persistence"); writing starts
 * after the restore, so the stored records are never overwritten before they are read.
 */
export const persistPending: Epic<DownloadsRoot> = (event$, state$, { storage, config }) =>
  event$.pipe(
    ofType(pendingRestored),
    take(1),
    switchMap(() =>
      state$.pipe(
        map((state) => state.downloads),
        distinctUntilChanged(
          (before, after) => before.records === after.records && before.order === after.order,
        ),
        tap((downloads) =>
          writeStoredRecords(
            storage,
            config.pendingDownloadStorageKey,
            downloads.order.flatMap((id) => downloads.records[id] ?? []),
          ),
        ),
      ),
    ),
    ignoreElements(),
  );

/**
 * Restored records that must start over do so once the session can make calls again. Among tabs
 * (issue 25), by the one that polls for all, and only those a page left before this tab joined: a
 * record a live tab wrote since is that tab's, which is building it (one build, never two).
 */
export const resumeRestored: Epic<DownloadsRoot & WithTabs> = (event$, state$) =>
  event$.pipe(
    ofType(pendingRestored),
    mergeMap((event) => {
      const ids = event.payload.records.map((record) => record.downloadId);
      // a part still waiting for the answer about its split keeps waiting
      const toResume = () =>
        ids.filter((id) => {
          const record = state$.value.downloads.records[id];
          return (
            record?.status === 'registered' &&
            !record.held &&
            selectLeftBeforeJoining(state$.value, record.time)
          );
        });
      if (toResume().length === 0) return EMPTY;
      return state$.pipe(
        filter((state) => selectSessionReady(state) && selectPollsForAllTabs(state)),
        take(1),
        mergeMap(() => from(toResume().map((downloadId) => resumed({ downloadId }, event)))),
      );
    }),
  );
