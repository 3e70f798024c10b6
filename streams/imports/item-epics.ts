import {
  concat,
  defer,
  EMPTY,
  filter,
  from,
  interval,
  map,
  mergeMap,
  type Observable,
  of,
  switchMap,
  tap,
} from 'rxjs';
import type { Deps } from '../core/deps';
import type { Epic } from '../core/epic';
import { ERROR_CODES, type SerializedError } from '../core/errors';
import type { AnyEvent, AppEvent, UnstampedEvent } from '../core/event';
import { ofType } from '../core/operators/of-type';
import { perKey } from '../core/operators/per-key';
import { isAnswerLost } from '../core/reconcile';
import { requestAnswer, requestEpic } from '../core/request';
import { isBusy } from '../core/status';
import { factReceived, receivedFact } from '../tabs/events';
import * as api from './api';
import * as importEvents from './events';
import { itemsPatched, itemWorkflowApplied, jobDataRefused, NO_DATA_ON_UNKNOWN_JOB } from './manage-events';
import { selectIsGoneJob, selectJobHasAnalyzingItems, type WithImports } from './selectors';

// The items of a job: search, read by id, transfer, delete, workflow, and reading again what changed.
type ImportsEpic = Epic<WithImports>;

/**
 * A search loads every page: `max=200`, the next asked as `after` while `links.moreResultsToken`
 * comes back, in the search's `orderby`. A new search of the same job replaces the one on its way.
 * A job known to be gone is not searched ("Cannot fetch data on unknown job").
 */
export const searchItems: ImportsEpic = (event$, state$, deps) =>
  event$.pipe(
    ofType(importEvents.itemsSearchRequested, importEvents.itemsPageLoaded),
    filter((event) => importEvents.itemsSearchRequested.match(event) || Boolean(event.payload.next)),
    perKey(
      (event) => event.payload.jobId,
      switchMap((event) => {
        const { jobId } = event.payload;
        const search = state$.value.imports.jobs[jobId]?.search;
        if (!search) return EMPTY;
        const reset = importEvents.itemsSearchRequested.match(event);
        if (reset && selectIsGoneJob(state$.value, jobId))
          return of(jobDataRefused({ jobId, message: NO_DATA_ON_UNKNOWN_JOB }, event));
        const after = reset ? null : ((event.payload as { next?: string | null }).next ?? null);
        return requestAnswer(
          deps.http,
          api.searchItems(
            jobId,
            {
              fulltext: search.fulltext ?? undefined,
              query: search.query ?? undefined,
              state: search.state ?? undefined,
              orderby: search.orderby ?? undefined,
            },
            after,
            deps.config.jobItemsMaxPerFetch,
          ),
          (answer) => {
            const next = answer.links?.moreResultsToken ?? null;
            return importEvents.itemsPageLoaded(
              { jobId, reset, items: answer.response.data, more: Boolean(next), next },
              event,
            );
          },
          (error) => importEvents.itemsSearchFailed({ jobId, error }, event),
        );
      }),
    ),
  );

/** The protocol's refusal of more than 200 ids, with its advice. */
function tooManyItems(count: number, max: number, advised: number): string {
  return `Cannot retrieve so many items at once. received ${count}. Please ask at most ${max} items per call, and preferably ${advised}.`;
}

/** Items by id: none does nothing, more than 200 is refused, a failure marks them error. */
export const fetchItems: ImportsEpic = (event$, _state$, deps) =>
  event$.pipe(
    ofType(importEvents.itemsFetchRequested),
    filter((event) => event.payload.ids.length > 0),
    mergeMap((event) => {
      const { jobId, ids } = event.payload;
      const { jobItemsMaxPerFetch: max, jobItemsAdvisedPerFetch: advised } = deps.config;
      if (ids.length > max)
        return of(
          importEvents.itemsFetchRefused(
            { jobId, ids, message: tooManyItems(ids.length, max, advised) },
            event,
          ),
        );
      return concat(
        of(importEvents.itemsFetchStarted({ jobId, ids }, event)),
        requestAnswer(
          deps.http,
          api.itemsById(jobId, ids),
          (answer) =>
            importEvents.itemsFetched(
              {
                jobId,
                ids,
                items: answer.response.data,
                resources: answer.$assetmetadataresources,
                fields: answer.headers?.$assetmetadata,
              },
              event,
            ),
          (error) => importEvents.itemsFetchFailed({ jobId, ids, error }, event),
        ),
      );
    }),
  );

/**
 * A move or a delete whose answer was lost (no HTTP answer: the server may have done it) is read
 * back before anything is said (issue 27): the item is looked for where the change would have put
 * it, the target import for a move, its own import for a delete. Done: the usual success. Not
 * done: the failure, and the item can be picked again. Nothing read back either: unconfirmed.
 */
function readBackLost(
  kind: 'transfer' | 'delete',
  event: AppEvent<string, { jobId: string; targetJobId?: string }>,
  itemId: string,
  error: SerializedError,
  deps: Deps,
): Observable<UnstampedEvent> {
  const { jobId, targetJobId } = event.payload;
  const failed = (why: SerializedError) =>
    kind === 'transfer'
      ? importEvents.itemTransferFailed({ jobId, itemId, error: why }, event)
      : importEvents.itemDeleteFailed({ jobId, itemId, error: why }, event);
  return requestAnswer(
    deps.http,
    api.itemsById(kind === 'transfer' ? targetJobId! : jobId, [itemId]),
    (answer) => {
      const found = answer.response.data.find((row) => String(row.id) === itemId) ?? null;
      if (kind === 'delete')
        return found ? failed(error) : importEvents.itemDeleted({ jobId, itemId }, event);
      return found
        ? importEvents.itemTransferred({ jobId, itemId, targetJobId: targetJobId!, item: found }, event)
        : failed(error);
    },
    () => failed({ ...error, code: ERROR_CODES.unconfirmed }),
  );
}

/**
 * Transfer and delete: items already busy are skipped, the rest go 3 at a time
 * (`config.itemTransferConcurrency`); the job is fetching until all are done. A lost answer is
 * read back first (`readBackLost`).
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
    const lostOr = (itemId: string, error: SerializedError, plain: UnstampedEvent) =>
      isAnswerLost(error) ? readBackLost(kind, event, itemId, error, deps) : of(plain);
    const one = (itemId: string): Observable<UnstampedEvent> =>
      kind === 'transfer'
        ? requestAnswer(
            deps.http,
            api.transferItem(itemId, targetJobId!),
            (answer) =>
              importEvents.itemTransferred(
                { jobId, itemId, targetJobId: targetJobId!, item: api.itemOf(answer.response.data) },
                event,
              ),
            (error) =>
              lostOr(itemId, error, importEvents.itemTransferFailed({ jobId, itemId, error }, event)),
          )
        : requestAnswer(
            deps.http,
            api.deleteItem(itemId),
            () => importEvents.itemDeleted({ jobId, itemId }, event),
            (error) => lostOr(itemId, error, importEvents.itemDeleteFailed({ jobId, itemId, error }, event)),
          );
    return concat(
      of(importEvents.itemsOperationStarted({ jobId, kind, itemIds: kept }, event)),
      from(kept).pipe(
        mergeMap(one, deps.config.itemTransferConcurrency),
        tap((emitted) => {
          if (emitted.error) failed += 1;
        }),
      ),
      defer(() => of(importEvents.itemsOperationFinished({ jobId, kind, failed }, event))),
    );
  });
}

export const transferItems: ImportsEpic = (event$, state$, deps) =>
  event$.pipe(
    ofType(importEvents.itemsTransferRequested),
    mergeMap((event) => itemsOperation('transfer', event, state$.value, deps)),
  );

export const deleteItems: ImportsEpic = (event$, state$, deps) =>
  event$.pipe(
    ofType(importEvents.itemsDeleteRequested),
    mergeMap((event) => itemsOperation('delete', event, state$.value, deps)),
  );

function chunksOf<T>(list: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < list.length; start += size) chunks.push(list.slice(start, start + size));
  return chunks;
}

/** One item's step, in its own shape (no body); the answer is the item, stored as it comes. */
function oneItemWorkflow(
  event: AppEvent<string, { jobId: string; action: string }>,
  itemId: string,
  deps: Deps,
): Observable<UnstampedEvent> {
  const { jobId, action } = event.payload;
  return requestAnswer(
    deps.http,
    api.itemWorkflow(itemId, action),
    (answer) => [
      itemWorkflowApplied({ jobId, itemId, action, item: api.itemOf(answer.response.data) }, event),
      importEvents.itemsWorkflowFinished({ jobId, action, failed: 0 }, event),
    ],
    (error) => [
      importEvents.itemsWorkflowChunkFailed({ jobId, ids: [itemId], action, error }, event),
      importEvents.itemsWorkflowFinished({ jobId, action, failed: 1 }, event),
    ],
  );
}

/**
 * Workflow on items: one item in the single-item shape (seed 001 §7); more in chunks of 50 ids,
 * one after another, each chunk fetched again.
 */
export const runItemsWorkflow: ImportsEpic = (event$, _state$, deps) =>
  event$.pipe(
    ofType(importEvents.itemsWorkflowRequested),
    filter((event) => event.payload.itemIds.length > 0),
    mergeMap((event) => {
      const { jobId, action, itemIds } = event.payload;
      if (itemIds.length === 1) return oneItemWorkflow(event, itemIds[0] as string, deps);
      return defer(() => {
        let failed = 0;
        return concat(
          from(chunksOf(itemIds, deps.config.workflowIdChunk)).pipe(
            mergeMap(
              (ids) =>
                requestAnswer(
                  deps.http,
                  api.itemsWorkflow(ids, action),
                  () => importEvents.itemsWorkflowChunkApplied({ jobId, ids, action }, event),
                  (error) => {
                    failed += ids.length;
                    return importEvents.itemsWorkflowChunkFailed({ jobId, ids, action, error }, event);
                  },
                ),
              1,
            ),
          ),
          defer(() => of(importEvents.itemsWorkflowFinished({ jobId, action, failed }, event))),
        );
      });
    }),
  );

export const addItems: ImportsEpic = requestEpic({
  on: importEvents.itemsAddRequested,
  flatten: 'merge',
  call: (event) => api.putJob(event.payload.jobId, api.addItemsBody(event.payload.itemIds)),
  succeeded: (_answer, event) => importEvents.itemsAdded(event.payload, event),
  failed: (error, event) => importEvents.itemsAddFailed({ ...event.payload, error }, event),
});

export const fetchWorkflowList: ImportsEpic = requestEpic({
  on: importEvents.workflowListRequested,
  flatten: 'switch',
  call: () => api.workflowList(),
  succeeded: (answer, event) =>
    importEvents.workflowListLoaded({ actions: api.workflowActions(answer) }, event),
  failed: (error, event) => importEvents.workflowListFailed({ error }, event),
});

/** What an answer changed: the items of a workflow chunk, of a bulk patch, of the commands now done. */
function changedBy(answer: AnyEvent): { jobId: string; ids: string[] } | null {
  if (importEvents.itemsWorkflowChunkApplied.match(answer)) return answer.payload;
  if (itemsPatched.match(answer)) return { jobId: answer.payload.jobId, ids: answer.payload.itemIds };
  const done = importEvents.commandStatusLoaded.match(answer)
    ? answer.payload
    : receivedFact(answer, importEvents.commandStatusLoaded);
  return done && { jobId: done.jobId, ids: done.doneItemIds };
}

/**
 * Items a server answer changed are read again, by an epic of their own on that answer: a
 * workflow chunk applied, a bulk patch, the commands a status poll found done (at most `jobItemsMaxPerFetch`
 * ids per read). The tab that polls for all tells what it found (issue 25): a tab showing that job
 * reads its items again too.
 */
export const fetchChangedItems: ImportsEpic = (event$, state$, deps) =>
  event$.pipe(
    mergeMap((answer) => {
      const changed = changedBy(answer);
      // told by another tab: read again where that job is known only
      if (!changed || (factReceived.match(answer) && !state$.value.imports.jobs[changed.jobId])) return [];
      return chunksOf(changed.ids, deps.config.jobItemsMaxPerFetch).map((ids) =>
        importEvents.itemsFetchRequested({ jobId: changed.jobId, ids }, answer),
      );
    }),
  );

/** While a job's page is open and items of it are being analysed, their changes are asked every `importChangesPollMs`. */
export const followAnalyzingItems: ImportsEpic = (event$, state$, deps) =>
  event$.pipe(
    ofType(importEvents.jobWatched, importEvents.jobUnwatched),
    perKey(
      (event) => event.payload.jobId,
      switchMap((event) =>
        importEvents.jobUnwatched.match(event)
          ? EMPTY
          : interval(deps.config.importChangesPollMs, deps.scheduler).pipe(
              filter(() => selectJobHasAnalyzingItems(state$.value, event.payload.jobId)),
              map(() => importEvents.changesRequested({ jobId: event.payload.jobId }, event)),
            ),
      ),
    ),
  );
