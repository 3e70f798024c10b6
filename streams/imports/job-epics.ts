import { catchError, concat, EMPTY, filter, map, mergeMap, of, switchMap } from 'rxjs';
import type { Epic } from '../core/epic';
import type { AppEvent } from '../core/event';
import { ofType } from '../core/operators/of-type';
import { perKey } from '../core/operators/per-key';
import { requestAnswer, requestEpic } from '../core/request';
import { isBusy } from '../core/status';
import * as api from './api';
import * as importEvents from './events';
import {
  itemsPatched,
  jobDataRefused,
  jobWriteRefused,
  NO_DATA_ON_UNKNOWN_JOB,
  UNKNOWN_JOB,
} from './manage-events';
import { selectIsGoneJob, selectIsKnownJob, type WithImports } from './selectors';
import { wireId } from '../core/wire-id';

// The job list and single jobs: reads, writes and counts on the job itself.
type ImportsEpic = Epic<WithImports>;

// --- job list -----------------------------------------------------------------------------------

const NO_CURSOR_NAME = 'Cannot register a massimport cursor without a name';
const unknownCursor = (name: string): string => `Cannot find massimport cursor "${name}"`;

export const refuseNamelessList: ImportsEpic = (event$) =>
  event$.pipe(
    ofType(importEvents.listRegistered),
    filter((event) => !event.payload.name),
    map((event) => importEvents.listRefused({ message: NO_CURSOR_NAME }, event)),
  );

/** First page (`listFetchRequested`) or next (`listNextRequested`, following `links.next`); per list, the newest wins. */
export const fetchList: ImportsEpic = (event$, state$, deps) =>
  event$.pipe(
    ofType(importEvents.listFetchRequested, importEvents.listNextRequested),
    perKey(
      (event) => event.payload.name,
      switchMap((event) => {
        const { name } = event.payload;
        const list = state$.value.imports.lists[name];
        if (!list) return of(importEvents.listRefused({ name, message: unknownCursor(name) }, event));
        const reset = importEvents.listFetchRequested.match(event);
        if (!reset && !list.next) return EMPTY;
        return requestAnswer(
          deps.http,
          api.listJobs(list.query, reset ? null : list.next, deps.config.jobListItemsPerJob),
          (answer) =>
            importEvents.listLoaded(
              { name, reset, jobs: answer.response.data, next: answer.links?.next ?? null },
              event,
            ),
          (error) => importEvents.listFetchFailed({ name, error }, event),
        );
      }),
    ),
  );

// --- job ----------------------------------------------------------------------------------------

/** Skipped while the job is busy; initial below loaded, else fetching (reducer); 404 → not_found. */
export const fetchJob: ImportsEpic = (event$, state$, deps) =>
  event$.pipe(
    ofType(importEvents.jobFetchRequested),
    filter((event) => !isBusy(state$.value.imports.jobs[event.payload.jobId]?.status ?? 'unknown')),
    mergeMap((event) => {
      const { jobId } = event.payload;
      return concat(
        of(importEvents.jobFetchStarted({ jobId }, event)),
        requestAnswer(
          deps.http,
          api.fetchJob(jobId, event.payload.withItems ?? false),
          (answer) => importEvents.jobLoaded({ jobId, job: answer.response.data }, event),
          (error) => importEvents.jobFetchFailed({ jobId, error }, event),
        ),
      );
    }),
  );

export const createJob: ImportsEpic = requestEpic({
  on: importEvents.jobCreateRequested,
  flatten: 'merge',
  call: (event) => api.createJob(event.payload.description),
  succeeded: (answer, event) =>
    importEvents.jobCreated(
      {
        requestId: event.payload.requestId,
        jobId: String(answer.response.data.id),
        job: answer.response.data,
      },
      event,
    ),
  failed: (error, event) =>
    importEvents.jobCreateFailed({ requestId: event.payload.requestId, error }, event),
});

/** A write on a job the state does not hold is refused before any request (seed 001 §8 "Job is unknown"). */
const refuseUnknownJob = (event: AppEvent<string, { jobId: string }>, state: WithImports) =>
  selectIsKnownJob(state, event.payload.jobId)
    ? null
    : jobWriteRefused({ jobId: event.payload.jobId, message: UNKNOWN_JOB }, event);

/** A read of a job known to be gone is refused (seed 002 §8 "Cannot fetch data on unknown job"). */
const refuseGoneJob = (event: AppEvent<string, { jobId: string }>, state: WithImports) =>
  selectIsGoneJob(state, event.payload.jobId)
    ? jobDataRefused({ jobId: event.payload.jobId, message: NO_DATA_ON_UNKNOWN_JOB }, event)
    : null;

/** DELETE; on failure the job is deactivated instead (PATCH `activated:false`, seed 001 §7). */
export const deleteJob: ImportsEpic = (event$, state$, deps) =>
  event$.pipe(
    ofType(importEvents.jobDeleteRequested),
    mergeMap((event) => {
      const { jobId } = event.payload;
      const refusal = refuseUnknownJob(event, state$.value);
      if (refusal) return of(refusal);
      return deps.http.request(api.deleteJob(jobId, event.payload.deleteItems)).pipe(
        map(() => importEvents.jobDeleted({ jobId, deactivated: false }, event)),
        catchError(() =>
          requestAnswer(
            deps.http,
            api.patchJob(jobId, { activated: false }),
            () => importEvents.jobDeleted({ jobId, deactivated: true }, event),
            (error) => importEvents.jobDeleteFailed({ jobId, error }, event),
          ),
        ),
      );
    }),
  );

/** The answer is not read (protocol §15.1): the job is read again for its owner's name. */
export const changeOwner: ImportsEpic = requestEpic({
  on: importEvents.jobOwnerChangeRequested,
  flatten: 'merge',
  refuse: refuseUnknownJob,
  call: (event) => api.patchJob(event.payload.jobId, { jobowner: event.payload.ownerId }),
  succeeded: (_data, event) => [
    importEvents.jobOwnerChanged(event.payload, event),
    importEvents.jobFetchRequested({ jobId: event.payload.jobId }, event),
  ],
  failed: (error, event) => importEvents.jobOwnerChangeFailed({ jobId: event.payload.jobId, error }, event),
});

export const addSubJobs: ImportsEpic = requestEpic({
  on: importEvents.subJobsAddRequested,
  flatten: 'merge',
  refuse: refuseUnknownJob,
  call: (event) =>
    api.patchJob(event.payload.jobId, {
      subjobs: { $mode: 'appendnew', $values: event.payload.subJobIds.map(wireId) },
    }),
  succeeded: (_data, event) => importEvents.subJobsAdded(event.payload, event),
  failed: (error, event) => importEvents.subJobsAddFailed({ jobId: event.payload.jobId, error }, event),
});

export const countItems: ImportsEpic = requestEpic({
  on: importEvents.countRequested,
  flatten: 'merge',
  call: (event) => api.countItems(event.payload.jobId),
  succeeded: (answer, event) =>
    importEvents.counted({ jobId: event.payload.jobId, total: answer.response.total }, event),
  failed: (error, event) => importEvents.countFailed({ jobId: event.payload.jobId, error }, event),
});

export const countAnalyzing: ImportsEpic = requestEpic({
  on: importEvents.analyzingCountRequested,
  flatten: 'merge',
  refuse: refuseGoneJob,
  call: (event) => api.analyzingCount(event.payload.jobId),
  succeeded: (answer, event) =>
    importEvents.analyzingCounted({ jobId: event.payload.jobId, total: answer.response.total }, event),
  failed: (error, event) => importEvents.analyzingCountFailed({ jobId: event.payload.jobId, error }, event),
});

export const countByStatus: ImportsEpic = requestEpic({
  on: importEvents.statusCountsRequested,
  flatten: 'merge',
  refuse: refuseGoneJob,
  call: (event) => api.statusCounts(event.payload.jobId),
  succeeded: (answer, event) =>
    importEvents.statusCountsLoaded(
      { jobId: event.payload.jobId, total: answer.response.total, counts: api.countsOf(answer) },
      event,
    ),
  failed: (error, event) => importEvents.statusCountsFailed({ jobId: event.payload.jobId, error }, event),
});

/** Suggestions for the typed fulltext: the newest text wins, `typeaheadMaxWords` kept. */
export const fetchWords: ImportsEpic = requestEpic({
  on: importEvents.wordsRequested,
  flatten: 'switch',
  call: (event) => api.jobWords(event.payload.jobId, event.payload.fulltext),
  succeeded: (answer, event, _status, { config }) =>
    importEvents.wordsLoaded(
      { ...event.payload, words: api.wordsOf(answer.response.data).slice(0, config.typeaheadMaxWords) },
      event,
    ),
  failed: (error, event) => importEvents.wordsFailed({ ...event.payload, error }, event),
});

export const fetchChanges: ImportsEpic = requestEpic({
  on: importEvents.changesRequested,
  flatten: 'merge',
  call: (event) => api.jobChanges(event.payload.jobId),
  succeeded: (answer, event) =>
    importEvents.changesLoaded({ jobId: event.payload.jobId, items: answer.response.data }, event),
  failed: (error, event) => importEvents.changesFailed({ jobId: event.payload.jobId, error }, event),
});

export const runJobWorkflow: ImportsEpic = requestEpic({
  on: importEvents.jobWorkflowRequested,
  flatten: 'merge',
  refuse: refuseUnknownJob,
  call: (event) => api.jobWorkflow(event.payload.jobId, event.payload.action),
  succeeded: (answer, event) =>
    importEvents.jobWorkflowApplied({ ...event.payload, job: answer.response.data }, event),
  failed: (error, event) => importEvents.jobWorkflowFailed({ ...event.payload, error }, event),
});

/** Whether a read of items may have seen some leave the analysis: the job's last analysing count was not 0. */
const wasAnalysing = (state: WithImports, jobId: string): boolean =>
  (state.imports.jobs[jobId]?.analyzing ?? 0) > 0;

/**
 * What changes the items' statuses asks the counts again (status counts, analysing count): a
 * write on items, commands done, changes read, or items read again while some were being analysed.
 * A job workflow step (`start` sends items to analysis) also runs the job's search again.
 */
export const refreshCounts: ImportsEpic = (event$, state$) =>
  event$.pipe(
    ofType(
      importEvents.jobWorkflowApplied,
      importEvents.itemsWorkflowFinished,
      importEvents.itemsOperationFinished,
      itemsPatched,
      importEvents.commandStatusLoaded,
      importEvents.changesLoaded,
      importEvents.itemsFetched,
      importEvents.itemsPageLoaded,
    ),
    filter((event) => {
      if (importEvents.commandStatusLoaded.match(event)) return event.payload.doneItemIds.length > 0;
      if (importEvents.changesLoaded.match(event)) return event.payload.items.length > 0;
      if (importEvents.itemsFetched.match(event)) return wasAnalysing(state$.value, event.payload.jobId);
      if (importEvents.itemsPageLoaded.match(event))
        return !event.payload.more && wasAnalysing(state$.value, event.payload.jobId);
      return true;
    }),
    mergeMap((event) => {
      const { jobId } = event.payload;
      const search = state$.value.imports.jobs[jobId]?.search;
      const again =
        importEvents.jobWorkflowApplied.match(event) && search
          ? [
              importEvents.itemsSearchRequested(
                {
                  jobId,
                  ...(search.fulltext !== null && { fulltext: search.fulltext }),
                  ...(search.query !== null && { query: search.query }),
                  ...(search.state !== null && { state: search.state }),
                  ...(search.orderby !== null && { orderby: search.orderby }),
                },
                event,
              ),
            ]
          : [];
      return [
        ...again,
        importEvents.statusCountsRequested({ jobId }, event),
        importEvents.analyzingCountRequested({ jobId }, event),
      ];
    }),
  );
