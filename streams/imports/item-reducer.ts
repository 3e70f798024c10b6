import type { Draft } from 'immer';
import { type Case, on } from '../core/case-reducer';
import { reached } from '../core/status';
import type { SerializedError } from '../core/errors';
import * as importEvents from './events';
import { itemWorkflowApplied, jobDataRefused, UNKNOWN_JOB_CODE } from './manage-events';
import type { ImportJob, ImportsState } from './state';
import { jobOf, putItem } from './job-reducer';

// A job's items (search pages, reads by id, transfer, delete, workflow) and the workflow list.

type S = Draft<ImportsState>;

function dropFromSearch(job: Draft<ImportJob> | undefined, itemId: string): void {
  if (!job?.search) return;
  const index = job.search.ids.indexOf(itemId);
  if (index >= 0) job.search.ids.splice(index, 1);
}

/** A transferred or deleted item is no longer the job's: out of its search and count, one operation done. */
function itemLeftJob(state: S, jobId: string, itemId: string): void {
  const job = state.jobs[jobId];
  dropFromSearch(job, itemId);
  if (job?.operation) job.operation.running -= 1;
  if (job && job.count !== null) job.count = Math.max(0, job.count - 1);
}

/** A transfer or a delete that failed marks its item, and counts against the job's operation. */
function itemOperationFailed(
  state: S,
  payload: { jobId: string; itemId: string; error: SerializedError },
): void {
  const item = state.items[payload.itemId];
  if (item) {
    item.status = 'error';
    item.error = payload.error;
  }
  const job = state.jobs[payload.jobId];
  if (job?.operation) {
    job.operation.running -= 1;
    job.operation.failed += 1;
  }
}

export const itemCases: Case<ImportsState>[] = [
  // --- items ---
  on(importEvents.itemsSearchRequested, (state: S, { payload }) => {
    const job = jobOf(state, payload.jobId);
    job.search = {
      status: job.search && reached(job.search.status, 'loaded') ? 'fetching' : 'initial',
      fulltext: payload.fulltext ?? null,
      query: payload.query ?? null,
      state: payload.state ?? null,
      orderby: payload.orderby ?? null,
      ids: job.search?.ids ?? [],
      error: null,
    };
  }),
  on(importEvents.itemsPageLoaded, (state: S, { payload }) => {
    const job = jobOf(state, payload.jobId);
    if (!job.search) return;
    const ids = payload.items.map((item) =>
      putItem(state, item as importEvents.ImportItemData, payload.jobId),
    );
    if (payload.reset) job.search.ids = ids;
    else job.search.ids.push(...ids);
    job.search.status = payload.more ? 'next' : 'loaded';
  }),
  on(importEvents.itemsSearchFailed, (state: S, { payload }) => {
    const job = jobOf(state, payload.jobId);
    if (!job.search) return;
    job.search.status = 'error';
    job.search.error = payload.error;
  }),
  on(importEvents.statusCountsLoaded, (state: S, { payload }) => {
    jobOf(state, payload.jobId).statusCounts = { total: payload.total, counts: payload.counts };
  }),
  on(importEvents.itemsFetchStarted, (state: S, { payload }) => {
    for (const id of payload.ids) {
      const item = state.items[id];
      if (item) item.status = reached(item.status, 'loaded') ? 'fetching' : 'initial';
      else state.items[id] = { id, jobId: payload.jobId, status: 'initial', data: null, error: null };
    }
  }),
  on(importEvents.itemsFetched, (state: S, { payload }) => {
    const found = new Set(
      payload.items.map((item) => putItem(state, item as importEvents.ImportItemData, payload.jobId)),
    );
    for (const id of payload.ids) {
      const item = state.items[id];
      if (item && !found.has(id)) item.status = 'not_found';
    }
    const job = jobOf(state, payload.jobId);
    if (payload.resources !== undefined) job.resources = payload.resources;
    if (payload.fields !== undefined) job.fields = payload.fields;
  }),
  on(importEvents.itemsFetchFailed, (state: S, { payload }) => {
    for (const id of payload.ids) {
      const item = state.items[id];
      if (item) {
        item.status = 'error';
        item.error = payload.error;
      } else
        state.items[id] = { id, jobId: payload.jobId, status: 'error', data: null, error: payload.error };
    }
  }),
  on(importEvents.itemsOperationStarted, (state: S, { payload }) => {
    const job = jobOf(state, payload.jobId);
    job.status = 'fetching';
    job.operation = { kind: payload.kind, running: payload.itemIds.length, failed: 0 };
    for (const id of payload.itemIds) {
      const item = state.items[id];
      if (item) item.status = 'fetching';
    }
  }),
  on(importEvents.itemTransferred, (state: S, { payload }) => {
    const item = state.items[payload.itemId];
    if (payload.item) putItem(state, payload.item as importEvents.ImportItemData, payload.targetJobId);
    else if (item) item.status = 'loaded';
    const moved = state.items[payload.itemId];
    if (moved) moved.jobId = payload.targetJobId;
    itemLeftJob(state, payload.jobId, payload.itemId);
  }),
  on(importEvents.itemTransferFailed, (state: S, { payload }) => itemOperationFailed(state, payload)),
  on(importEvents.itemDeleted, (state: S, { payload }) => {
    delete state.items[payload.itemId];
    itemLeftJob(state, payload.jobId, payload.itemId);
  }),
  on(importEvents.itemDeleteFailed, (state: S, { payload }) => itemOperationFailed(state, payload)),
  on(importEvents.itemsOperationFinished, (state: S, { payload }) => {
    const job = jobOf(state, payload.jobId);
    job.status = payload.failed > 0 ? 'error' : 'loaded';
    job.operation = null;
  }),
  on(importEvents.itemsWorkflowRequested, (state: S, { payload }) => {
    if (payload.itemIds.length === 0) return;
    jobOf(state, payload.jobId).operation = { kind: 'workflow', running: payload.itemIds.length, failed: 0 };
  }),
  on(importEvents.itemsWorkflowChunkApplied, (state: S, { payload }) => {
    const job = state.jobs[payload.jobId];
    if (job?.operation) job.operation.running -= payload.ids.length;
  }),
  on(itemWorkflowApplied, (state: S, { payload }) => {
    if (payload.item) putItem(state, payload.item as importEvents.ImportItemData, payload.jobId);
    const job = state.jobs[payload.jobId];
    if (job?.operation) job.operation.running -= 1;
  }),
  on(jobDataRefused, (state: S, { payload }) => {
    const job = jobOf(state, payload.jobId);
    const error = { code: UNKNOWN_JOB_CODE, message: payload.message };
    if (job.search) {
      job.search.status = 'error';
      job.search.error = error;
    }
  }),
  on(importEvents.itemsWorkflowChunkFailed, (state: S, { payload }) => {
    const job = state.jobs[payload.jobId];
    if (job?.operation) {
      job.operation.running -= payload.ids.length;
      job.operation.failed += payload.ids.length;
    }
    for (const id of payload.ids) {
      const item = state.items[id];
      if (item) {
        item.status = 'error';
        item.error = payload.error;
      }
    }
  }),
  on(importEvents.itemsWorkflowFinished, (state: S, { payload }) => {
    const job = state.jobs[payload.jobId];
    if (job) job.operation = null;
  }),

  on(importEvents.itemsAdded, (state: S, { payload }) => {
    for (const id of payload.itemIds) {
      const item = state.items[id];
      if (item) item.jobId = payload.jobId;
    }
  }),
  on(importEvents.workflowListRequested, (state: S) => {
    state.workflows.status = state.workflows.status === 'loaded' ? 'fetching' : 'initial';
  }),
  on(importEvents.workflowListLoaded, (state: S, { payload }) => {
    state.workflows = { status: 'loaded', actions: payload.actions, error: null };
  }),
  on(importEvents.workflowListFailed, (state: S, { payload }) => {
    state.workflows.status = 'error';
    state.workflows.error = payload.error;
  }),
];
