import type { Draft } from 'immer';
import { type Case, on } from '../core/case-reducer';
import { reached } from '../core/status';
import * as importEvents from './events';
import { jobWriteRefused, UNKNOWN_JOB_CODE } from './manage-events';
import { emptyJob } from './model';
import type { ImportJob, ImportsState, JobWrite } from './state';

// Job lists and jobs, and how a job or item answer is stored (the item cases store items the same way).

type S = Draft<ImportsState>;

/** A write leaves for the job: the last failure is cleared, the write is said until it ends. */
function writeStarted(state: S, jobId: string, write: JobWrite): void {
  const job = jobOf(state, jobId);
  job.writing = write;
  job.writeError = null;
}

function writeEnded(state: S, jobId: string, error: Draft<ImportJob>['writeError']): Draft<ImportJob> {
  const job = jobOf(state, jobId);
  job.writing = null;
  job.writeError = error;
  return job;
}

/** The items total a job answer carries (`$moreChildren_$items.total`), or its `count`. */
function jobItemsTotal(job: importEvents.ImportJobData): number | null {
  const more = job.$moreChildren_$items as { total?: unknown } | undefined;
  if (more && typeof more.total === 'number') return more.total;
  return typeof job.count === 'number' ? job.count : null;
}

export function jobOf(state: S, id: string): Draft<ImportJob> {
  let job = state.jobs[id];
  if (!job) {
    job = emptyJob(id);
    state.jobs[id] = job;
  }
  return job as Draft<ImportJob>;
}

/**
 * A state slice's `status` is one of the client's statuses (seed 000 §4): the server's own item
 * status (a number, also sent as `$status`) is kept as `$status` only, a job's (`open`,
 * `running`, `done`) as `$jobstatus`.
 */
function itemData(data: importEvents.ImportItemData): importEvents.ImportItemData {
  if (!('status' in data)) return data;
  const { status, ...rest } = data as importEvents.ImportItemData & { status?: unknown };
  return (rest.$status === undefined ? { ...rest, $status: status } : rest) as importEvents.ImportItemData;
}

function jobData(data: importEvents.ImportJobData): importEvents.ImportJobData {
  const { status, ...rest } = data as importEvents.ImportJobData & { status?: unknown };
  const out: Record<string, unknown> = status === undefined ? rest : { ...rest, $jobstatus: status };
  for (const key of ['$items', 'items'])
    if (Array.isArray(out[key]))
      out[key] = (out[key] as unknown[]).map((item) =>
        item && typeof item === 'object' ? itemData(item as importEvents.ImportItemData) : item,
      );
  return out as importEvents.ImportJobData;
}

export function putItem(state: S, raw: importEvents.ImportItemData, jobId?: string): string {
  const data = itemData(raw);
  const id = String(data.id);
  const owner =
    data.job !== undefined && data.job !== null
      ? String((data.job as { id?: unknown }).id ?? data.job)
      : jobId;
  const current = state.items[id];
  state.items[id] = {
    id,
    jobId: owner ?? current?.jobId ?? '',
    status: 'loaded',
    // a search page asks `props=id,status`: what it leaves out is kept from a fuller answer
    data: (current?.data ? { ...current.data, ...data } : data) as Draft<importEvents.ImportItemData>,
    error: null,
  };
  return id;
}

function putJob(state: S, raw: importEvents.ImportJobData): Draft<ImportJob> {
  const data = jobData(raw);
  const id = String(data.id);
  const job = jobOf(state, id);
  job.data = data as Draft<importEvents.ImportJobData>;
  job.status = 'loaded';
  job.error = null;
  job.deleted = false;
  const total = jobItemsTotal(data);
  if (total !== null) job.count = total;
  const items = data.$items ?? data.items;
  if (Array.isArray(items))
    for (const item of items)
      if (item && typeof item === 'object' && 'id' in item)
        putItem(state, item as importEvents.ImportItemData, id);
  return job;
}

export const jobCases: Case<ImportsState>[] = [
  // --- job list ---
  on(importEvents.listRegistered, (state: S, { payload }) => {
    if (!payload.name) return;
    const list = state.lists[payload.name];
    if (list) {
      if (payload.query) list.query = payload.query;
      return;
    }
    state.lists[payload.name] = {
      name: payload.name,
      query: payload.query ?? null,
      status: 'registered',
      jobIds: [],
      next: null,
      error: null,
    };
  }),
  on(importEvents.listFetchRequested, (state: S, { payload }) => {
    const list = state.lists[payload.name];
    if (list) list.status = reached(list.status, 'loaded') ? 'fetching' : 'initial';
  }),
  on(importEvents.listNextRequested, (state: S, { payload }) => {
    const list = state.lists[payload.name];
    if (list?.next) list.status = 'next';
  }),
  on(importEvents.listLoaded, (state: S, { payload }) => {
    const list = state.lists[payload.name];
    if (!list) return;
    const ids = payload.jobs.map((job) => putJob(state, job as importEvents.ImportJobData).id);
    list.jobIds = payload.reset ? ids : [...list.jobIds, ...ids.filter((id) => !list.jobIds.includes(id))];
    list.next = payload.next;
    list.status = 'loaded';
    list.error = null;
  }),
  on(importEvents.listFetchFailed, (state: S, { payload }) => {
    const list = state.lists[payload.name];
    if (!list) return;
    list.status = 'error';
    list.error = payload.error;
  }),

  // --- job ---
  on(importEvents.jobFetchStarted, (state: S, { payload }) => {
    const job = jobOf(state, payload.jobId);
    job.status = reached(job.status, 'loaded') ? 'fetching' : 'initial';
  }),
  on(importEvents.jobLoaded, (state: S, { payload }) => {
    putJob(state, { ...payload.job, id: payload.jobId } as importEvents.ImportJobData);
  }),
  on(importEvents.jobFetchFailed, (state: S, { payload }) => {
    const job = jobOf(state, payload.jobId);
    job.status = payload.error.status === 404 ? 'not_found' : 'error';
    job.error = payload.error;
  }),
  on(importEvents.jobCreateRequested, (state: S, { payload }) => {
    state.creates[payload.requestId] = { status: 'resolving', jobId: null, error: null };
  }),
  on(importEvents.jobCreated, (state: S, { payload }) => {
    state.creates[payload.requestId] = { status: 'loaded', jobId: payload.jobId, error: null };
    putJob(state, { ...payload.job, id: payload.jobId } as importEvents.ImportJobData);
    // lists are ordered by creation, newest first
    for (const list of Object.values(state.lists))
      if (!list.jobIds.includes(payload.jobId)) list.jobIds.unshift(payload.jobId);
  }),
  on(importEvents.jobCreateFailed, (state: S, { payload }) => {
    state.creates[payload.requestId] = { status: 'error', jobId: null, error: payload.error };
  }),
  on(importEvents.jobDeleteRequested, (state: S, { payload }) =>
    writeStarted(state, payload.jobId, 'delete'),
  ),
  on(importEvents.jobDeleted, (state: S, { payload }) => {
    const job = writeEnded(state, payload.jobId, null);
    job.deleted = true;
    for (const list of Object.values(state.lists))
      list.jobIds = list.jobIds.filter((id) => id !== payload.jobId);
  }),
  on(
    importEvents.jobDeleteFailed,
    (state: S, { payload }) => void writeEnded(state, payload.jobId, payload.error),
  ),
  on(importEvents.jobOwnerChangeRequested, (state: S, { payload }) =>
    writeStarted(state, payload.jobId, 'owner'),
  ),
  on(importEvents.jobOwnerChanged, (state: S, { payload }) => {
    const job = writeEnded(state, payload.jobId, null);
    if (job.data) job.data.jobowner = payload.ownerId;
  }),
  on(
    importEvents.jobOwnerChangeFailed,
    (state: S, { payload }) => void writeEnded(state, payload.jobId, payload.error),
  ),
  on(importEvents.subJobsAddRequested, (state: S, { payload }) =>
    writeStarted(state, payload.jobId, 'subjobs'),
  ),
  on(importEvents.subJobsAdded, (state: S, { payload }) => {
    const job = writeEnded(state, payload.jobId, null);
    if (job.data) {
      const current = Array.isArray(job.data.subjobs) ? (job.data.subjobs as unknown[]) : [];
      job.data.subjobs = [...current, ...payload.subJobIds];
    }
  }),
  on(
    importEvents.subJobsAddFailed,
    (state: S, { payload }) => void writeEnded(state, payload.jobId, payload.error),
  ),
  on(importEvents.counted, (state: S, { payload }) => {
    jobOf(state, payload.jobId).count = payload.total;
  }),
  on(importEvents.analyzingCounted, (state: S, { payload }) => {
    jobOf(state, payload.jobId).analyzing = payload.total;
  }),
  on(importEvents.wordsRequested, (state: S, { payload }) => {
    const job = jobOf(state, payload.jobId);
    job.words = { fulltext: payload.fulltext, words: job.words?.words ?? [], status: 'fetching' };
  }),
  on(importEvents.wordsLoaded, (state: S, { payload }) => {
    const job = jobOf(state, payload.jobId);
    if (job.words && job.words.fulltext !== payload.fulltext) return;
    job.words = { fulltext: payload.fulltext, words: payload.words, status: 'loaded' };
  }),
  on(importEvents.wordsFailed, (state: S, { payload }) => {
    const job = jobOf(state, payload.jobId);
    if (job.words?.fulltext === payload.fulltext) job.words.status = 'error';
  }),
  on(importEvents.changesLoaded, (state: S, { payload }) => {
    const job = jobOf(state, payload.jobId);
    job.changes = payload.items.map((item) =>
      putItem(state, item as importEvents.ImportItemData, payload.jobId),
    );
  }),
  on(importEvents.jobWorkflowRequested, (state: S, { payload }) =>
    writeStarted(state, payload.jobId, 'workflow'),
  ),
  on(importEvents.jobWorkflowApplied, (state: S, { payload }) => {
    writeEnded(state, payload.jobId, null);
    if (payload.job) putJob(state, { ...payload.job, id: payload.jobId } as importEvents.ImportJobData);
  }),
  on(
    importEvents.jobWorkflowFailed,
    (state: S, { payload }) => void writeEnded(state, payload.jobId, payload.error),
  ),
  on(jobWriteRefused, (state: S, { payload }) => {
    writeEnded(state, payload.jobId, { code: UNKNOWN_JOB_CODE, message: payload.message });
  }),
];
