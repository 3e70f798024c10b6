import { distinctUntilChanged, ignoreElements, map, mergeMap, skip, take, tap } from 'rxjs';
import { started } from '../app/events';
import type { Deps } from '../core/deps';
import { catchUpOnStart } from '../core/catch-up';
import type { Epic } from '../core/epic';
import type { AnyEvent, UnstampedEvent } from '../core/event';
import { ofType } from '../core/operators/of-type';
import { readStoredRecords, writeStoredRecords } from '../core/stored-records';
import { type ResumeFile, resumeFileSchema, uploadsRestored } from './events';
import type { WithImports } from './selectors';
import { forEachUpload } from './model';
import type { UploadsState } from './state';

/**
 * The upload queue survives a reload as far as a browser allows (issue 15): a File cannot be kept,
 * so the files not yet sent are stored as `{id, jobId, name, size}` under
 * `config.pendingUploadStorageKey` and listed after the reload to choose again
 * (`imports/uploadsRestored`, only when something is stored), never lost silently.
 */
function readPendingUploads({ storage, config }: Pick<Deps, 'storage' | 'config'>): ResumeFile[] {
  return readStoredRecords(storage, config.pendingUploadStorageKey, resumeFileSchema);
}

const UNSENT = new Set(['registered', 'resolving', 'resolved']);

/** What to store: the files not sent yet, then those still to choose again. */
function pendingUploads(uploads: UploadsState): ResumeFile[] {
  const out: ResumeFile[] = [];
  forEachUpload(uploads, (file) => {
    if (UNSENT.has(file.status))
      out.push({ id: file.id, jobId: file.jobId, name: file.name, size: file.size });
  });
  return [...out, ...uploads.toResume];
}

/** Changes only when a file joins or leaves the unsent ones (progress changes nothing stored). */
function signature(uploads: UploadsState): string {
  let waiting = 0;
  for (const bucket of uploads.buckets) waiting += bucket.waiting;
  return `${uploads.added}|${uploads.running}|${waiting}`;
}

function restored(deps: Pick<Deps, 'storage' | 'config'>, cause: AnyEvent): UnstampedEvent[] {
  const files = readPendingUploads(deps);
  return files.length > 0 ? [uploadsRestored({ files }, cause)] : [];
}

/** Read when the portal starts, when the imports load with it (tests, replays). */
export const restoreUploads: Epic<WithImports> = (event$, _state$, deps) =>
  event$.pipe(
    ofType(started),
    take(1),
    mergeMap((event) => restored(deps, event)),
  );

/** Or when the imports start after the portal did (they load with the import screens). */
export const restoreUploadsOnStart = catchUpOnStart<WithImports>('imports', (_state, start, deps) =>
  restored(deps, start),
);

/** Every change of the unsent files writes them all (after the first state: the restore reads first). */
export const persistUploads: Epic<WithImports> = (_event$, state$, { storage, config }) =>
  state$.pipe(
    map((state) => state.imports.uploads),
    distinctUntilChanged(
      (before, after) =>
        before === after || (before.toResume === after.toResume && signature(before) === signature(after)),
    ),
    skip(1),
    tap((uploads) => writeStoredRecords(storage, config.pendingUploadStorageKey, pendingUploads(uploads))),
    ignoreElements(),
  );
