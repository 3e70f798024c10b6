import { distinctUntilChanged, ignoreElements, map, mergeMap, skip, take, tap } from 'rxjs';
import { started } from '../app/events';
import type { Deps } from '../core/deps';
import { catchUpOnStart } from '../core/catch-up';
import type { Epic } from '../core/epic';
import type { AnyEvent, UnstampedEvent } from '../core/event';
import { ofType } from '../core/operators/of-type';
import { readStoredRecords, writeStoredRecords } from '../core/stored-records';
import { type DraftRecord, draftRecordSchema, draftsRestored } from './events';
import { isFileValue } from './model';
import type { WithEntities } from './selectors';
import type { DraftEntry } from './state';

/**
 * Drafts survive a reload (issue 14): every draft in progress is kept as a record `{path, id,
 * changes, since}` under `config.draftStorageKey`, read back once when the entities start
 * (`entities/draftsRestored`, only when something is stored). Files picked for a field cannot be
 * stored: a restored draft comes back without them.
 */
export function readDrafts({ storage, config }: Pick<Deps, 'storage' | 'config'>): DraftRecord[] {
  return readStoredRecords(storage, config.draftStorageKey, draftRecordSchema);
}

/** The records to store: files left out, drafts with nothing else left out. */
export function storedDrafts(drafts: Readonly<Record<string, DraftEntry>>): DraftRecord[] {
  return Object.values(drafts).flatMap((draft) => {
    const changes = Object.fromEntries(
      Object.entries(draft.changes).filter(([, value]) => !isFileValue(value)),
    );
    if (Object.keys(changes).length === 0) return [];
    return [{ path: draft.path, id: draft.id, changes, since: draft.since }];
  });
}

/** The restore, when something is stored (nothing to say otherwise). */
function restored(deps: Pick<Deps, 'storage' | 'config'>, cause: AnyEvent): UnstampedEvent[] {
  const drafts = readDrafts(deps);
  return drafts.length > 0 ? [draftsRestored({ drafts }, cause)] : [];
}

/** Read when the portal starts, when the entities load with it (tests, replays). */
export const restoreDrafts: Epic<WithEntities> = (event$, _state$, deps) =>
  event$.pipe(
    ofType(started),
    take(1),
    mergeMap((event) => restored(deps, event)),
  );

/** Or when the entities start after the portal did (they load with the asset page). */
export const restoreDraftsOnStart = catchUpOnStart<WithEntities>('entities', (_state, start, deps) =>
  restored(deps, start),
);

/**
 * Every change of the drafts writes them all. The restore comes first (when the entities start),
 * so the stored drafts are read before any change can overwrite them.
 */
export const persistDrafts: Epic<WithEntities> = (_event$, state$, { storage, config }) =>
  state$.pipe(
    map((state) => state.entities.drafts),
    distinctUntilChanged(),
    skip(1),
    tap((drafts) => writeStoredRecords(storage, config.draftStorageKey, storedDrafts(drafts))),
    ignoreElements(),
  );
