import {
  concat,
  defer,
  EMPTY,
  filter,
  from,
  groupBy,
  interval,
  map,
  merge,
  mergeMap,
  Observable,
  of,
  Subject,
  switchMap,
  tap,
  timer,
} from 'rxjs';
import type { Deps } from '../core/deps';
import type { Epic } from '../core/epic';
import { DEFAULT_ERROR_MESSAGE, ERROR_CODES, type SerializedError, serializeError } from '../core/errors';
import type { AppEvent, UnstampedEvent } from '../core/event';
import { ofType } from '../core/operators/of-type';
import { asEvents, requestAnswer, requestEpic } from '../core/request';
import { isBusy } from '../core/status';
import * as api from './api';
import {
  analyzingCounted,
  analyzingCountFailed,
  analyzingCountRequested,
  changesFailed,
  changesLoaded,
  changesRequested,
  collectionChangeRequested,
  commandFailed,
  commandRefused,
  commandStarted,
  commandStatusFailed,
  commandStatusLoaded,
  counted,
  countFailed,
  countRequested,
  filesAdded,
  itemDeleted,
  itemDeleteFailed,
  itemsAdded,
  itemsAddFailed,
  itemsAddRequested,
  itemsDeleteRequested,
  itemsFetched,
  itemsFetchFailed,
  itemsFetchRefused,
  itemsFetchRequested,
  itemsFetchStarted,
  itemsOperationFinished,
  itemsOperationStarted,
  itemsPageLoaded,
  itemsSearchFailed,
  itemsSearchRequested,
  itemsTransferRequested,
  itemsWorkflowChunkApplied,
  itemsWorkflowChunkFailed,
  itemsWorkflowFinished,
  itemsWorkflowRequested,
  itemTransferFailed,
  itemTransferred,
  jobCreated,
  jobCreateFailed,
  jobCreateRequested,
  jobDeleted,
  jobDeleteFailed,
  jobDeleteRequested,
  jobFetchFailed,
  jobFetchRequested,
  jobFetchStarted,
  jobLoaded,
  jobOwnerChanged,
  jobOwnerChangeFailed,
  jobOwnerChangeRequested,
  jobUnwatched,
  jobWatched,
  jobWorkflowApplied,
  jobWorkflowFailed,
  jobWorkflowRequested,
  listFetchFailed,
  listFetchRequested,
  listLoaded,
  listNextRequested,
  listRefused,
  listRegistered,
  metadataSetRequested,
  statusCountsFailed,
  statusCountsLoaded,
  statusCountsRequested,
  subJobsAdded,
  subJobsAddFailed,
  subJobsAddRequested,
  type ImportItemData,
  uploadCanceled,
  uploadCancelFailed,
  uploadConcurrencyChangeRequested,
  uploadConcurrencySet,
  uploadFailed,
  uploadLoaded,
  uploadProgressed,
  uploadRemoveRequested,
  uploadResolving,
  uploadStarted,
  validateRequested,
  wordsFailed,
  wordsLoaded,
  wordsRequested,
  workflowListFailed,
  workflowListLoaded,
  workflowListRequested,
} from './events';
import { selectJobHasAnalyzingItems, type WithImports } from './selectors';
import { type UploadFile, type UploadsState, uploadAt } from './state';

type ImportsEpic = Epic<WithImports>;

// --- job list -----------------------------------------------------------------------------------

export const NO_CURSOR_NAME = 'Cannot register a massimport cursor without a name';
export const unknownCursor = (name: string): string => `Cannot find massimport cursor "${name}"`;

export const refuseNamelessList: ImportsEpic = (event$) =>
  event$.pipe(
    ofType(listRegistered),
    filter((event) => !event.payload.name),
    map((event) => listRefused({ message: NO_CURSOR_NAME }, event)),
  );

/** First page (`listFetchRequested`) or next (`listNextRequested`, following `links.next`); per list, the newest wins. */
export const fetchList: ImportsEpic = (event$, state$, deps) =>
  event$.pipe(
    ofType(listFetchRequested, listNextRequested),
    groupBy((event) => event.payload.name),
    mergeMap((byName$) =>
      byName$.pipe(
        switchMap((event) => {
          const { name } = event.payload;
          const list = state$.value.imports.lists[name];
          if (!list) return of(listRefused({ name, message: unknownCursor(name) }, event));
          const reset = listFetchRequested.match(event);
          if (!reset && !list.next) return EMPTY;
          return requestAnswer(
            deps.http,
            api.listJobs(list.query, reset ? null : list.next, deps.config.jobListItemsPerJob),
            (answer) =>
              listLoaded(
                { name, reset, jobs: answer.response.data, next: answer.links?.next ?? null },
                event,
              ),
            (error) => listFetchFailed({ name, error }, event),
          );
        }),
      ),
    ),
  );

// --- job ----------------------------------------------------------------------------------------

/** Skipped while the job is busy; initial below loaded, else fetching (reducer); 404 → not_found. */
export const fetchJob: ImportsEpic = (event$, state$, deps) =>
  event$.pipe(
    ofType(jobFetchRequested),
    filter((event) => !isBusy(state$.value.imports.jobs[event.payload.jobId]?.status ?? 'unknown')),
    mergeMap((event) => {
      const { jobId } = event.payload;
      return concat(
        of(jobFetchStarted({ jobId }, event)),
        requestAnswer(
          deps.http,
          api.fetchJob(jobId, event.payload.withItems ?? false),
          (answer) => jobLoaded({ jobId, job: answer.response.data }, event),
          (error) => jobFetchFailed({ jobId, error }, event),
        ),
      );
    }),
  );

export const createJob: ImportsEpic = requestEpic({
  on: jobCreateRequested,
  flatten: 'merge',
  call: (event) => api.createJob(event.payload.description),
  succeeded: (answer, event) =>
    jobCreated(
      {
        requestId: event.payload.requestId,
        jobId: String(answer.response.data.id),
        job: answer.response.data,
      },
      event,
    ),
  failed: (error, event) => jobCreateFailed({ requestId: event.payload.requestId, error }, event),
});

/** DELETE; on failure the job is deactivated instead (PATCH `activated:false`, seed 001 §7). */
export const deleteJob: ImportsEpic = (event$, _state$, deps) =>
  event$.pipe(
    ofType(jobDeleteRequested),
    mergeMap((event) => {
      const { jobId } = event.payload;
      return requestAnswer(
        deps.http,
        api.deleteJob(jobId, event.payload.deleteItems),
        () => jobDeleted({ jobId, deactivated: false }, event),
        (error) => ({ ...jobDeleteFailed({ jobId, error }, event), fallback: true }) as never,
      ).pipe(
        mergeMap((emitted: UnstampedEvent & { fallback?: boolean }) => {
          if (!emitted.fallback) return of(emitted);
          return requestAnswer(
            deps.http,
            api.patchJob(jobId, { activated: false }),
            () => jobDeleted({ jobId, deactivated: true }, event),
            (error) => jobDeleteFailed({ jobId, error }, event),
          );
        }),
      );
    }),
  );

export const changeOwner: ImportsEpic = requestEpic({
  on: jobOwnerChangeRequested,
  flatten: 'merge',
  call: (event) => api.patchJob(event.payload.jobId, { jobowner: event.payload.ownerId }),
  succeeded: (_data, event) => jobOwnerChanged(event.payload, event),
  failed: (error, event) => jobOwnerChangeFailed({ jobId: event.payload.jobId, error }, event),
});

const idValue = (id: string): string | number => (/^\d+$/.test(id) ? Number(id) : id);

export const addSubJobs: ImportsEpic = requestEpic({
  on: subJobsAddRequested,
  flatten: 'merge',
  call: (event) =>
    api.patchJob(event.payload.jobId, {
      subjobs: { $mode: 'appendnew', $values: event.payload.subJobIds.map(idValue) },
    }),
  succeeded: (_data, event) => subJobsAdded(event.payload, event),
  failed: (error, event) => subJobsAddFailed({ jobId: event.payload.jobId, error }, event),
});

export const countItems: ImportsEpic = requestEpic({
  on: countRequested,
  flatten: 'merge',
  call: (event) => api.countItems(event.payload.jobId),
  succeeded: (answer, event) => counted({ jobId: event.payload.jobId, total: answer.response.total }, event),
  failed: (error, event) => countFailed({ jobId: event.payload.jobId, error }, event),
});

export const countAnalyzing: ImportsEpic = requestEpic({
  on: analyzingCountRequested,
  flatten: 'merge',
  call: (event) => api.analyzingCount(event.payload.jobId),
  succeeded: (answer, event) =>
    analyzingCounted({ jobId: event.payload.jobId, total: answer.response.total }, event),
  failed: (error, event) => analyzingCountFailed({ jobId: event.payload.jobId, error }, event),
});

export const countByStatus: ImportsEpic = requestEpic({
  on: statusCountsRequested,
  flatten: 'merge',
  call: (event) => api.statusCounts(event.payload.jobId),
  succeeded: (answer, event) =>
    statusCountsLoaded(
      { jobId: event.payload.jobId, total: answer.response.total, counts: api.countsOf(answer) },
      event,
    ),
  failed: (error, event) => statusCountsFailed({ jobId: event.payload.jobId, error }, event),
});

/** Suggestions for the typed fulltext: the newest text wins, 6 words kept. */
export const fetchWords: ImportsEpic = requestEpic({
  on: wordsRequested,
  flatten: 'switch',
  call: (event) => api.jobWords(event.payload.jobId, event.payload.fulltext),
  succeeded: (answer, event) =>
    wordsLoaded({ ...event.payload, words: api.wordsOf(answer.response.data).slice(0, 6) }, event),
  failed: (error, event) => wordsFailed({ ...event.payload, error }, event),
});

export const fetchChanges: ImportsEpic = requestEpic({
  on: changesRequested,
  flatten: 'merge',
  call: (event) => api.jobChanges(event.payload.jobId),
  succeeded: (answer, event) =>
    changesLoaded({ jobId: event.payload.jobId, items: answer.response.data }, event),
  failed: (error, event) => changesFailed({ jobId: event.payload.jobId, error }, event),
});

export const runJobWorkflow: ImportsEpic = requestEpic({
  on: jobWorkflowRequested,
  flatten: 'merge',
  call: (event) => api.jobWorkflow(event.payload.jobId, event.payload.action),
  succeeded: (answer, event) => jobWorkflowApplied({ ...event.payload, job: answer.response.data }, event),
  failed: (error, event) => jobWorkflowFailed({ ...event.payload, error }, event),
});

// --- items --------------------------------------------------------------------------------------

/**
 * A search loads every page: `max=200`, the next asked as `after` while `links.moreResultsToken`
 * comes back. A new search of the same job replaces the one on its way.
 */
export const searchItems: ImportsEpic = (event$, state$, deps) =>
  event$.pipe(
    ofType(itemsSearchRequested, itemsPageLoaded),
    filter((event) => itemsSearchRequested.match(event) || Boolean(event.payload.next)),
    groupBy((event) => event.payload.jobId),
    mergeMap((byJob$) =>
      byJob$.pipe(
        switchMap((event) => {
          const { jobId } = event.payload;
          const search = state$.value.imports.jobs[jobId]?.search;
          if (!search) return EMPTY;
          const reset = itemsSearchRequested.match(event);
          const after = reset ? null : ((event.payload as { next?: string | null }).next ?? null);
          return requestAnswer(
            deps.http,
            api.searchItems(
              jobId,
              {
                fulltext: search.fulltext ?? undefined,
                query: search.query ?? undefined,
                state: search.state ?? undefined,
              },
              after,
              deps.config.jobItemsMaxPerFetch,
            ),
            (answer) => {
              const next = answer.links?.moreResultsToken ?? null;
              return itemsPageLoaded(
                { jobId, reset, items: answer.response.data, more: Boolean(next), next },
                event,
              );
            },
            (error) => itemsSearchFailed({ jobId, error }, event),
          );
        }),
      ),
    ),
  );

/** The protocol's refusal of more than 200 ids, with its advice. */
export function tooManyItems(count: number, max: number, advised: number): string {
  return `Cannot retrieve so many items at once. received ${count}. Please ask at most ${max} items per call, and preferably ${advised}.`;
}

/** Items by id: none does nothing, more than 200 is refused, a failure marks them error. */
export const fetchItems: ImportsEpic = (event$, _state$, deps) =>
  event$.pipe(
    ofType(itemsFetchRequested),
    filter((event) => event.payload.ids.length > 0),
    mergeMap((event) => {
      const { jobId, ids } = event.payload;
      const { jobItemsMaxPerFetch: max, jobItemsAdvisedPerFetch: advised } = deps.config;
      if (ids.length > max)
        return of(itemsFetchRefused({ jobId, ids, message: tooManyItems(ids.length, max, advised) }, event));
      return concat(
        of(itemsFetchStarted({ jobId, ids }, event)),
        requestAnswer(
          deps.http,
          api.itemsById(jobId, ids),
          (answer) =>
            itemsFetched(
              {
                jobId,
                ids,
                items: answer.response.data,
                resources: answer.$assetmetadataresources,
                fields: answer.headers?.$assetmetadata,
              },
              event,
            ),
          (error) => itemsFetchFailed({ jobId, ids, error }, event),
        ),
      );
    }),
  );

/**
 * Transfer and delete: items already busy are skipped, the rest go 3 at a time
 * (`config.itemTransferConcurrency`); the job is fetching until all are done.
 */
function itemsOperation(
  kind: 'transfer' | 'delete',
  event: AppEvent<string, { jobId: string; itemIds: string[]; targetJobId?: string }>,
  state: WithImports,
  deps: Deps,
): Observable<UnstampedEvent> {
  const { jobId, itemIds, targetJobId } = event.payload;
  const kept = [...new Set(itemIds)].filter((id) => !isBusy(state.imports.items[id]?.status ?? 'unknown'));
  if (kept.length === 0) return EMPTY;
  return defer(() => {
    let failed = 0;
    const one = (itemId: string): Observable<UnstampedEvent> =>
      kind === 'transfer'
        ? requestAnswer(
            deps.http,
            api.transferItem(itemId, targetJobId!),
            (answer) =>
              itemTransferred(
                { jobId, itemId, targetJobId: targetJobId!, item: api.itemOf(answer.response.data) },
                event,
              ),
            (error) => itemTransferFailed({ jobId, itemId, error }, event),
          )
        : requestAnswer(
            deps.http,
            api.deleteItem(itemId),
            () => itemDeleted({ jobId, itemId }, event),
            (error) => itemDeleteFailed({ jobId, itemId, error }, event),
          );
    return concat(
      of(itemsOperationStarted({ jobId, kind, itemIds: kept }, event)),
      from(kept).pipe(
        mergeMap(one, deps.config.itemTransferConcurrency),
        tap((emitted) => {
          if (emitted.error) failed += 1;
        }),
      ),
      defer(() => of(itemsOperationFinished({ jobId, kind, failed }, event))),
    );
  });
}

export const transferItems: ImportsEpic = (event$, state$, deps) =>
  event$.pipe(
    ofType(itemsTransferRequested),
    mergeMap((event) => itemsOperation('transfer', event, state$.value, deps)),
  );

export const deleteItems: ImportsEpic = (event$, state$, deps) =>
  event$.pipe(
    ofType(itemsDeleteRequested),
    mergeMap((event) => itemsOperation('delete', event, state$.value, deps)),
  );

export function chunksOf<T>(list: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < list.length; start += size) chunks.push(list.slice(start, start + size));
  return chunks;
}

/** Workflow on items: chunks of 50 ids, one after another; each chunk is fetched again. */
export const runItemsWorkflow: ImportsEpic = (event$, _state$, deps) =>
  event$.pipe(
    ofType(itemsWorkflowRequested),
    filter((event) => event.payload.itemIds.length > 0),
    mergeMap((event) => {
      const { jobId, action } = event.payload;
      return defer(() => {
        let failed = 0;
        return concat(
          from(chunksOf(event.payload.itemIds, deps.config.workflowIdChunk)).pipe(
            mergeMap(
              (ids) =>
                requestAnswer(
                  deps.http,
                  api.itemsWorkflow(ids, action),
                  () => itemsWorkflowChunkApplied({ jobId, ids, action }, event),
                  (error) => {
                    failed += ids.length;
                    return itemsWorkflowChunkFailed({ jobId, ids, action, error }, event);
                  },
                ),
              1,
            ),
          ),
          defer(() => of(itemsWorkflowFinished({ jobId, action, failed }, event))),
        );
      });
    }),
  );

export const addItems: ImportsEpic = requestEpic({
  on: itemsAddRequested,
  flatten: 'merge',
  call: (event) => api.putJob(event.payload.jobId, api.addItemsBody(event.payload.itemIds)),
  succeeded: (_answer, event) => itemsAdded(event.payload, event),
  failed: (error, event) => itemsAddFailed({ ...event.payload, error }, event),
});

export const fetchWorkflowList: ImportsEpic = requestEpic({
  on: workflowListRequested,
  flatten: 'switch',
  call: () => api.workflowList(),
  succeeded: (answer, event) => workflowListLoaded({ actions: answer.response.data }, event),
  failed: (error, event) => workflowListFailed({ error }, event),
});

// --- metadata commands --------------------------------------------------------------------------

export const INVALID_VALIDATE_ANSWER = 'Invalid REST API response for validate command';

/** Set metadata, change collection, validate: one PUT with commands, then polled until done. */
export const putCommands: ImportsEpic = (event$, _state$, deps) =>
  event$.pipe(
    ofType(metadataSetRequested, collectionChangeRequested, validateRequested),
    mergeMap((event) => {
      const { requestId, jobId, itemIds } = event.payload;
      const kind = metadataSetRequested.match(event)
        ? ('metadata' as const)
        : collectionChangeRequested.match(event)
          ? ('collection' as const)
          : ('validate' as const);
      let body: Record<string, unknown>;
      let fields: string[] = [];
      try {
        if (metadataSetRequested.match(event)) {
          body = api.setMetadataBody(itemIds, event.payload.data);
          fields = Object.keys(event.payload.data);
        } else if (collectionChangeRequested.match(event)) {
          body = api.changeCollectionBody(itemIds, event.payload.resource);
          fields = ['type'];
        } else body = api.validateBody(itemIds);
      } catch (refused) {
        return of(commandRefused({ requestId, jobId, kind, message: (refused as Error).message }, event));
      }
      return requestAnswer(
        deps.http,
        api.putJob(jobId, body),
        (answer) => {
          const action = answer.response.$action;
          const validationJob = action?.validationJob ?? undefined;
          if (kind === 'validate' && validationJob === undefined) {
            const error: SerializedError = {
              code: ERROR_CODES.invalidResponse,
              message: INVALID_VALIDATE_ANSWER,
            };
            return commandFailed({ requestId, jobId, kind, error }, event);
          }
          return commandStarted(
            {
              requestId,
              jobId,
              kind,
              commandIds: action?.commands ?? [],
              itemIds,
              fields,
              ...(validationJob !== undefined ? { validationJob } : {}),
            },
            event,
          );
        },
        (error) => commandFailed({ requestId, jobId, kind, error }, event),
      );
    }),
  );

/**
 * Running commands are asked about through `changes/{cmdIds}` every `config.importCommandPollMs`
 * while any runs on the job; after a failed ask the wait doubles up to `importCommandPollMaxMs`.
 * A done command's items are fetched again (200 ids at most per call).
 */
export const pollCommands: ImportsEpic = (event$, state$, deps) =>
  event$.pipe(
    ofType(commandStarted, commandStatusLoaded, commandStatusFailed),
    groupBy((event) => event.payload.jobId),
    mergeMap((byJob$) =>
      byJob$.pipe(
        switchMap((event) => {
          const { jobId } = event.payload;
          const running = () =>
            Object.values(state$.value.imports.commands).filter((command) => command.jobId === jobId);
          if (running().length === 0) return EMPTY;
          const attempt = commandStatusFailed.match(event) ? event.payload.attempt : 0;
          const { importCommandPollMs: base, importCommandPollMaxMs: most } = deps.config;
          const wait = attempt === 0 ? base : Math.min(base * 2 ** attempt, most);
          return timer(wait, deps.scheduler).pipe(
            mergeMap(() => {
              const commands = running();
              if (commands.length === 0) return EMPTY;
              const commandIds = commands.map((command) => command.id);
              return requestAnswer(
                deps.http,
                api.commandStatus(jobId, commandIds),
                (answer) => {
                  const statuses = answer.response.data.map((status) => ({
                    id: status.id,
                    done: status.done === true,
                  }));
                  const done = new Set(statuses.filter((status) => status.done).map((status) => status.id));
                  const itemIds = [
                    ...new Set(
                      commands
                        .filter((command) => done.has(command.id))
                        .flatMap((command) => command.itemIds),
                    ),
                  ];
                  return commandStatusLoaded({ jobId, statuses, doneItemIds: itemIds }, event);
                },
                (error) => commandStatusFailed({ jobId, commandIds, attempt: attempt + 1, error }, event),
              );
            }),
          );
        }),
      ),
    ),
  );

// --- uploads ------------------------------------------------------------------------------------

export const FORMAT_MESSAGE_KEY = 'error.message.format';
const FORMAT_CODES = new Set(['400/9', '400/17']);
export const CANCEL_FAILED = 'Failed to cancel job';

/** An upload's failure as protocol §15.2 says: format codes → `error.message.format`, else the message. */
export function uploadError(error: SerializedError): { message: string; messageKey?: string } {
  const message = error.message || DEFAULT_ERROR_MESSAGE;
  if (error.restCode && FORMAT_CODES.has(error.restCode)) return { message, messageKey: FORMAT_MESSAGE_KEY };
  return { message };
}

export const setConcurrency: ImportsEpic = (event$, _state$, { config }) =>
  event$.pipe(
    ofType(uploadConcurrencyChangeRequested),
    map((event) => {
      const wanted = Number.isFinite(event.payload.value)
        ? Math.round(event.payload.value)
        : config.uploadConcurrencyDefault;
      const value = Math.min(config.uploadConcurrencyMax, Math.max(config.uploadConcurrencyMin, wanted));
      return uploadConcurrencySet({ value }, event);
    }),
  );

/** The first `count` registered files, in the order they were added. */
export function nextWaiting(uploads: UploadsState, count: number): UploadFile[] {
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
      filesAdded,
      uploadResolving,
      uploadLoaded,
      uploadFailed,
      uploadCanceled,
      uploadCancelFailed,
      uploadRemoveRequested,
      uploadConcurrencySet,
    ),
    mergeMap((event) => {
      const uploads = state$.value.imports.uploads;
      const limit = uploads.concurrency ?? deps.config.uploadConcurrencyDefault;
      return nextWaiting(uploads, limit - uploads.running).map((file) =>
        uploadResolving({ id: file.id, limit }, event),
      );
    }),
  );

/**
 * Items a server answer changed are read again, by an epic of their own on that answer (not in
 * the answer's mapping, which a re-simulation does not run again): a workflow chunk applied, the
 * commands a status poll found done (at most `jobItemsMaxPerFetch` ids per read).
 */
export const fetchChangedItems: ImportsEpic = (event$, _state$, deps) =>
  event$.pipe(
    ofType(itemsWorkflowChunkApplied, commandStatusLoaded),
    mergeMap((answer) => {
      const changed = itemsWorkflowChunkApplied.match(answer)
        ? answer.payload.ids
        : answer.payload.doneItemIds;
      return chunksOf(changed, deps.config.jobItemsMaxPerFetch).map((ids) =>
        itemsFetchRequested({ jobId: answer.payload.jobId, ids }, answer),
      );
    }),
  );

/** While a job's page is open and items of it are being analysed, their changes are asked every `importChangesPollMs`. */
export const followAnalyzingItems: ImportsEpic = (event$, state$, deps) =>
  event$.pipe(
    ofType(jobWatched, jobUnwatched),
    groupBy((event) => event.payload.jobId),
    mergeMap((byJob$) =>
      byJob$.pipe(
        switchMap((event) =>
          jobUnwatched.match(event)
            ? EMPTY
            : interval(deps.config.importChangesPollMs, deps.scheduler).pipe(
                filter(() => selectJobHasAnalyzingItems(state$.value, event.payload.jobId)),
                map(() => changesRequested({ jobId: event.payload.jobId }, event)),
              ),
        ),
      ),
    ),
  );

/** A file that became an item changes the job's count: asked again on the answer, in an epic of its own. */
export const countAfterUpload: ImportsEpic = (event$) =>
  event$.pipe(
    ofType(uploadLoaded),
    map((loaded) => countRequested({ jobId: loaded.payload.jobId }, loaded)),
  );

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
    ofType(uploadResolving),
    filter((event) => fileOf(event.payload.id)?.status === 'resolving' && !inFlight.has(event.payload.id)),
    mergeMap((event) => {
      const file = fileOf(event.payload.id)!;
      const { id, jobId } = file;
      const cancel$ = new Subject<void>();
      inFlight.set(id, cancel$);
      // without a files port (a re-simulation) an empty stand-in goes: the recorded answer answers it
      const blob = deps.files ? deps.files.get(id) : new Blob([]);
      const done = () => {
        inFlight.delete(id);
        deps.files?.delete(id);
      };
      if (!blob) {
        done();
        return of(
          uploadFailed(
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
            // the browser's report, no epic's answer: a re-simulation feeds it as recorded
            return [uploadProgressed({ id, loaded: report.loaded, total, progress })];
          }
          return [
            uploadLoaded(
              { id, jobId, item: api.itemOf(report.data.response.data) as ImportItemData | null },
              event,
            ),
          ];
        }),
      );
      return concat(
        of(uploadStarted({ id }, event)),
        new Observable<UnstampedEvent>((subscriber) => {
          let ended = false;
          const subscription = sent$.subscribe({
            next: (emitted) => subscriber.next(emitted),
            error: (thrown: unknown) => {
              ended = true;
              const error = serializeError(thrown);
              for (const failure of asEvents(
                error.code === ERROR_CODES.canceled
                  ? uploadCanceled({ id, jobId }, event)
                  : uploadFailed({ id, jobId, ...uploadError(error), error }, event),
              ))
                subscriber.next(failure);
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
            subscriber.next(uploadCanceled({ id, jobId }, event));
            subscriber.complete();
          });
          return () => {
            onCancel.unsubscribe();
            subscription.unsubscribe();
            done();
          };
        }),
      );
    }),
  );
  const cancel$ = event$.pipe(
    ofType(uploadRemoveRequested),
    mergeMap((event) => {
      const { id } = event.payload;
      const file = fileOf(id);
      if (file?.status !== 'invalid') {
        // a registered or failed file was dropped: its File goes too
        if (!file) deps.files?.delete(id);
        return EMPTY;
      }
      const handle = inFlight.get(id);
      if (!handle) return of(uploadCancelFailed({ id, message: CANCEL_FAILED }, event));
      handle.next();
      return EMPTY;
    }),
  );
  return merge(send$, cancel$);
};
