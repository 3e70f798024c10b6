import type { Draft } from 'immer';
import { caseReducer, on, onReplace } from '../core/case-reducer';
import { reached } from '../core/status';
import {
  analyzingCounted,
  itemsAdded,
  workflowListFailed,
  workflowListLoaded,
  workflowListRequested,
  changesLoaded,
  collectionChangeRequested,
  commandFailed,
  commandRefused,
  commandStarted,
  commandStatusLoaded,
  counted,
  failedUploadsCleared,
  filesAdded,
  type ImportItemData,
  type ImportJobData,
  itemDeleted,
  itemDeleteFailed,
  itemsFetched,
  itemsFetchFailed,
  itemsFetchStarted,
  itemsOperationFinished,
  itemsOperationStarted,
  itemsPageLoaded,
  itemsSearchFailed,
  itemsSearchRequested,
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
  jobFetchFailed,
  jobFetchStarted,
  jobLoaded,
  jobOwnerChanged,
  jobOwnerChangeFailed,
  jobWorkflowApplied,
  jobWorkflowFailed,
  listFetchFailed,
  listFetchRequested,
  listLoaded,
  listNextRequested,
  listRegistered,
  metadataSetRequested,
  resumeDismissed,
  statusCountsLoaded,
  subJobsAddFailed,
  subJobsAdded,
  uploadCanceled,
  uploadCancelFailed,
  uploadConcurrencySet,
  uploadFailed,
  uploadLoaded,
  uploadProgressed,
  uploadRemoveRequested,
  uploadResolving,
  uploadsRestored,
  uploadStarted,
  validateRequested,
  wordsFailed,
  wordsLoaded,
  wordsRequested,
} from './events';
import {
  emptyJob,
  type FailedUpload,
  type ImportJob,
  type ImportsState,
  UPLOAD_BUCKET_SIZE,
  type UploadFile,
  type UploadsState,
  uploadAt,
} from './state';

type S = Draft<ImportsState>;

/** The items total a job answer carries (`$moreChildren_$items.total`), or its `count`. */
export function jobItemsTotal(job: ImportJobData): number | null {
  const more = job.$moreChildren_$items as { total?: unknown } | undefined;
  if (more && typeof more.total === 'number') return more.total;
  return typeof job.count === 'number' ? job.count : null;
}

function jobOf(state: S, id: string): Draft<ImportJob> {
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
function itemData(data: ImportItemData): ImportItemData {
  if (!('status' in data)) return data;
  const { status, ...rest } = data as ImportItemData & { status?: unknown };
  return (rest.$status === undefined ? { ...rest, $status: status } : rest) as ImportItemData;
}

function jobData(data: ImportJobData): ImportJobData {
  const { status, ...rest } = data as ImportJobData & { status?: unknown };
  const out: Record<string, unknown> = status === undefined ? rest : { ...rest, $jobstatus: status };
  for (const key of ['$items', 'items'])
    if (Array.isArray(out[key]))
      out[key] = (out[key] as unknown[]).map((item) =>
        item && typeof item === 'object' ? itemData(item as ImportItemData) : item,
      );
  return out as ImportJobData;
}

function putItem(state: S, raw: ImportItemData, jobId?: string): string {
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
    data: (current?.data ? { ...current.data, ...data } : data) as Draft<ImportItemData>,
    error: null,
  };
  return id;
}

function putJob(state: S, raw: ImportJobData): Draft<ImportJob> {
  const data = jobData(raw);
  const id = String(data.id);
  const job = jobOf(state, id);
  job.data = data as Draft<ImportJobData>;
  job.status = 'loaded';
  job.error = null;
  job.deleted = false;
  const total = jobItemsTotal(data);
  if (total !== null) job.count = total;
  const items = data.$items ?? data.items;
  if (Array.isArray(items))
    for (const item of items)
      if (item && typeof item === 'object' && 'id' in item) putItem(state, item as ImportItemData, id);
  return job;
}

function dropFromSearch(job: Draft<ImportJob> | undefined, itemId: string): void {
  if (!job?.search) return;
  const index = job.search.ids.indexOf(itemId);
  if (index >= 0) job.search.ids.splice(index, 1);
}

function requestCommand(
  state: S,
  payload: { requestId: string; jobId: string },
  kind: 'metadata' | 'collection' | 'validate',
): void {
  state.commandRequests[payload.requestId] = {
    requestId: payload.requestId,
    jobId: payload.jobId,
    kind,
    status: 'resolving',
    commandIds: [],
    validationJob: null,
    message: null,
    error: null,
  };
}

// --- uploads: replace cases on buckets (one file's change copies one bucket, not the queue) ------

function withUploads(state: ImportsState, uploads: UploadsState): ImportsState {
  return uploads === state.uploads ? state : { ...state, uploads };
}

const fileOf = uploadAt;

const RUNNING = new Set(['resolving', 'resolved']);

/** The queue with `id` changed (`next`) or dropped (null), its counters kept right. */
function changeFile(uploads: UploadsState, id: string, next: UploadFile | null): UploadsState {
  const before = uploadAt(uploads, id);
  if (!before) return uploads;
  const position = uploads.bucketOf[id]!;
  const index = Math.floor(position / UPLOAD_BUCKET_SIZE);
  const bucket = uploads.buckets[index]!;
  const files = bucket.files.slice();
  files[position % UPLOAD_BUCKET_SIZE] = next;
  const wasWaiting = before.status === 'registered' ? 1 : 0;
  const isWaiting = next?.status === 'registered' ? 1 : 0;
  const wasRunning = RUNNING.has(before.status) ? 1 : 0;
  const isRunning = next && RUNNING.has(next.status) ? 1 : 0;
  const buckets = uploads.buckets.slice();
  buckets[index] = { files, waiting: bucket.waiting - wasWaiting + isWaiting };
  return { ...uploads, buckets, running: uploads.running - wasRunning + isRunning };
}

function addFailed(uploads: UploadsState, jobId: string, failed: FailedUpload): UploadsState {
  return { ...uploads, failed: { ...uploads.failed, [jobId]: [...(uploads.failed[jobId] ?? []), failed] } };
}

const uploadCases = [
  onReplace(filesAdded, (state: ImportsState, { payload }) => {
    const uploads = state.uploads;
    const buckets = uploads.buckets.slice();
    const copied = new Set<number>();
    let bucketOf = uploads.bucketOf;
    let added = uploads.added;
    for (const info of payload.files) {
      if (uploadAt(uploads, info.id)) continue;
      if (bucketOf === uploads.bucketOf) bucketOf = { ...uploads.bucketOf };
      const position = added;
      added += 1;
      const index = Math.floor(position / UPLOAD_BUCKET_SIZE);
      // a bucket copied once per event, even when this event fills it with many files
      if (!copied.has(index)) {
        const bucket = buckets[index];
        buckets[index] = bucket
          ? { files: bucket.files.slice(), waiting: bucket.waiting }
          : { files: [], waiting: 0 };
        copied.add(index);
      }
      const bucket = buckets[index]!;
      bucket.files[position % UPLOAD_BUCKET_SIZE] = {
        id: info.id,
        jobId: payload.jobId,
        name: info.name,
        size: info.size,
        type: info.type ?? null,
        unzip: payload.unzip ?? false,
        status: 'registered',
        progress: 0,
        loaded: 0,
        startedAt: null,
        itemId: null,
      };
      bucket.waiting += 1;
      bucketOf[info.id] = position;
    }
    // chosen again: the files a reload left are no longer to resume
    const chosen = new Set(payload.files.map((file) => `${file.name}|${file.size}`));
    const toResume = uploads.toResume.some(
      (file) => file.jobId === payload.jobId && chosen.has(`${file.name}|${file.size}`),
    )
      ? uploads.toResume.filter(
          (file) => !(file.jobId === payload.jobId && chosen.has(`${file.name}|${file.size}`)),
        )
      : uploads.toResume;
    return withUploads(state, { ...uploads, buckets, bucketOf, added, toResume });
  }),
  onReplace(uploadResolving, (state: ImportsState, { payload }) => {
    const file = fileOf(state.uploads, payload.id);
    if (file?.status !== 'registered' || state.uploads.running >= payload.limit) return state;
    return withUploads(state, changeFile(state.uploads, payload.id, { ...file, status: 'resolving' }));
  }),
  onReplace(uploadStarted, (state: ImportsState, { payload, meta }) => {
    const file = fileOf(state.uploads, payload.id);
    if (file?.status !== 'resolving') return state;
    return withUploads(
      state,
      changeFile(state.uploads, payload.id, { ...file, status: 'resolved', startedAt: meta.at }),
    );
  }),
  onReplace(uploadProgressed, (state: ImportsState, { payload }) => {
    const file = fileOf(state.uploads, payload.id);
    if (!file || !RUNNING.has(file.status)) return state;
    return withUploads(
      state,
      changeFile(state.uploads, payload.id, { ...file, progress: payload.progress, loaded: payload.loaded }),
    );
  }),
  onReplace(uploadLoaded, (state: ImportsState, { payload }) => {
    const file = fileOf(state.uploads, payload.id);
    if (!file || !RUNNING.has(file.status)) return state;
    const itemId = payload.item ? String(payload.item.id) : null;
    return withUploads(
      state,
      changeFile(state.uploads, payload.id, {
        ...file,
        status: 'loaded',
        progress: 100,
        loaded: file.size,
        itemId,
      }),
    );
  }),
  onReplace(uploadFailed, (state: ImportsState, { payload }) => {
    const file = fileOf(state.uploads, payload.id);
    if (!file) return state;
    const dropped = changeFile(state.uploads, payload.id, null);
    const failed: FailedUpload = {
      id: file.id,
      name: file.name,
      size: file.size,
      message: payload.message,
      messageKey: payload.messageKey ?? null,
    };
    return withUploads(state, addFailed(dropped, file.jobId, failed));
  }),
  onReplace(uploadCanceled, (state: ImportsState, { payload }) =>
    withUploads(state, changeFile(state.uploads, payload.id, null)),
  ),
  onReplace(uploadCancelFailed, (state: ImportsState, { payload }) => {
    const file = fileOf(state.uploads, payload.id);
    if (!file) return state;
    const dropped = changeFile(state.uploads, payload.id, null);
    const failed: FailedUpload = {
      id: file.id,
      name: file.name,
      size: file.size,
      message: payload.message,
      messageKey: null,
    };
    return withUploads(state, addFailed(dropped, file.jobId, failed));
  }),
  onReplace(uploadRemoveRequested, (state: ImportsState, { payload }) => {
    const uploads = state.uploads;
    const file = fileOf(uploads, payload.id);
    if (!file) {
      // an already failed file: dropped from its job's failures
      for (const [jobId, failures] of Object.entries(uploads.failed)) {
        if (failures.some((one) => one.id === payload.id)) {
          const rest = failures.filter((one) => one.id !== payload.id);
          const failed = { ...uploads.failed };
          if (rest.length) failed[jobId] = rest;
          else delete failed[jobId];
          return withUploads(state, { ...uploads, failed });
        }
      }
      return state;
    }
    // a running file goes invalid (its request is aborted by the epic); others are dropped
    if (RUNNING.has(file.status))
      return withUploads(state, changeFile(uploads, payload.id, { ...file, status: 'invalid' }));
    if (file.status === 'invalid') return state;
    return withUploads(state, changeFile(uploads, payload.id, null));
  }),
  onReplace(uploadConcurrencySet, (state: ImportsState, { payload }) =>
    state.uploads.concurrency === payload.value
      ? state
      : withUploads(state, { ...state.uploads, concurrency: payload.value }),
  ),
  onReplace(failedUploadsCleared, (state: ImportsState, { payload }) => {
    if (!state.uploads.failed[payload.jobId]) return state;
    const failed = { ...state.uploads.failed };
    delete failed[payload.jobId];
    return withUploads(state, { ...state.uploads, failed });
  }),
  onReplace(uploadsRestored, (state: ImportsState, { payload }) =>
    withUploads(state, { ...state.uploads, toResume: payload.files }),
  ),
  onReplace(resumeDismissed, (state: ImportsState, { payload }) => {
    const toResume =
      payload.jobId === undefined
        ? []
        : state.uploads.toResume.filter((file) => file.jobId !== payload.jobId);
    return withUploads(state, { ...state.uploads, toResume });
  }),
];

export const importsReducer = caseReducer<ImportsState>(
  // --- job list ---
  on(listRegistered, (state: S, { payload }) => {
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
  on(listFetchRequested, (state: S, { payload }) => {
    const list = state.lists[payload.name];
    if (list) list.status = reached(list.status, 'loaded') ? 'fetching' : 'initial';
  }),
  on(listNextRequested, (state: S, { payload }) => {
    const list = state.lists[payload.name];
    if (list?.next) list.status = 'next';
  }),
  on(listLoaded, (state: S, { payload }) => {
    const list = state.lists[payload.name];
    if (!list) return;
    const ids = payload.jobs.map((job) => putJob(state, job as ImportJobData).id);
    list.jobIds = payload.reset ? ids : [...list.jobIds, ...ids.filter((id) => !list.jobIds.includes(id))];
    list.next = payload.next;
    list.status = 'loaded';
    list.error = null;
  }),
  on(listFetchFailed, (state: S, { payload }) => {
    const list = state.lists[payload.name];
    if (!list) return;
    list.status = 'error';
    list.error = payload.error;
  }),

  // --- job ---
  on(jobFetchStarted, (state: S, { payload }) => {
    const job = jobOf(state, payload.jobId);
    job.status = reached(job.status, 'loaded') ? 'fetching' : 'initial';
  }),
  on(jobLoaded, (state: S, { payload }) => {
    putJob(state, { ...payload.job, id: payload.jobId } as ImportJobData);
  }),
  on(jobFetchFailed, (state: S, { payload }) => {
    const job = jobOf(state, payload.jobId);
    job.status = payload.error.status === 404 ? 'not_found' : 'error';
    job.error = payload.error;
  }),
  on(jobCreateRequested, (state: S, { payload }) => {
    state.creates[payload.requestId] = { status: 'resolving', jobId: null, error: null };
  }),
  on(jobCreated, (state: S, { payload }) => {
    state.creates[payload.requestId] = { status: 'loaded', jobId: payload.jobId, error: null };
    putJob(state, { ...payload.job, id: payload.jobId } as ImportJobData);
    // lists are ordered by creation, newest first
    for (const list of Object.values(state.lists))
      if (!list.jobIds.includes(payload.jobId)) list.jobIds.unshift(payload.jobId);
  }),
  on(jobCreateFailed, (state: S, { payload }) => {
    state.creates[payload.requestId] = { status: 'error', jobId: null, error: payload.error };
  }),
  on(jobDeleted, (state: S, { payload }) => {
    const job = jobOf(state, payload.jobId);
    job.deleted = true;
    job.writeError = null;
    for (const list of Object.values(state.lists))
      list.jobIds = list.jobIds.filter((id) => id !== payload.jobId);
  }),
  on(jobDeleteFailed, (state: S, { payload }) => {
    jobOf(state, payload.jobId).writeError = payload.error;
  }),
  on(jobOwnerChanged, (state: S, { payload }) => {
    const job = jobOf(state, payload.jobId);
    if (job.data) job.data.jobowner = payload.ownerId;
    job.writeError = null;
  }),
  on(jobOwnerChangeFailed, (state: S, { payload }) => {
    jobOf(state, payload.jobId).writeError = payload.error;
  }),
  on(subJobsAdded, (state: S, { payload }) => {
    const job = jobOf(state, payload.jobId);
    if (job.data) {
      const current = Array.isArray(job.data.subjobs) ? (job.data.subjobs as unknown[]) : [];
      job.data.subjobs = [...current, ...payload.subJobIds];
    }
    job.writeError = null;
  }),
  on(subJobsAddFailed, (state: S, { payload }) => {
    jobOf(state, payload.jobId).writeError = payload.error;
  }),
  on(counted, (state: S, { payload }) => {
    jobOf(state, payload.jobId).count = payload.total;
  }),
  on(analyzingCounted, (state: S, { payload }) => {
    jobOf(state, payload.jobId).analyzing = payload.total;
  }),
  on(wordsRequested, (state: S, { payload }) => {
    const job = jobOf(state, payload.jobId);
    job.words = { fulltext: payload.fulltext, words: job.words?.words ?? [], status: 'fetching' };
  }),
  on(wordsLoaded, (state: S, { payload }) => {
    const job = jobOf(state, payload.jobId);
    if (job.words && job.words.fulltext !== payload.fulltext) return;
    job.words = { fulltext: payload.fulltext, words: payload.words.slice(0, 6), status: 'loaded' };
  }),
  on(wordsFailed, (state: S, { payload }) => {
    const job = jobOf(state, payload.jobId);
    if (job.words?.fulltext === payload.fulltext) job.words.status = 'error';
  }),
  on(changesLoaded, (state: S, { payload }) => {
    const job = jobOf(state, payload.jobId);
    job.changes = payload.items.map((item) => putItem(state, item as ImportItemData, payload.jobId));
  }),
  on(jobWorkflowApplied, (state: S, { payload }) => {
    const job = jobOf(state, payload.jobId);
    job.writeError = null;
    if (payload.job) putJob(state, { ...payload.job, id: payload.jobId } as ImportJobData);
  }),
  on(jobWorkflowFailed, (state: S, { payload }) => {
    jobOf(state, payload.jobId).writeError = payload.error;
  }),

  // --- items ---
  on(itemsSearchRequested, (state: S, { payload }) => {
    const job = jobOf(state, payload.jobId);
    job.search = {
      status: job.search && reached(job.search.status, 'loaded') ? 'fetching' : 'initial',
      fulltext: payload.fulltext ?? null,
      query: payload.query ?? null,
      state: payload.state ?? null,
      ids: job.search?.ids ?? [],
      error: null,
    };
  }),
  on(itemsPageLoaded, (state: S, { payload }) => {
    const job = jobOf(state, payload.jobId);
    if (!job.search) return;
    const ids = payload.items.map((item) => putItem(state, item as ImportItemData, payload.jobId));
    if (payload.reset) job.search.ids = ids;
    else job.search.ids.push(...ids);
    job.search.status = payload.more ? 'next' : 'loaded';
  }),
  on(itemsSearchFailed, (state: S, { payload }) => {
    const job = jobOf(state, payload.jobId);
    if (!job.search) return;
    job.search.status = 'error';
    job.search.error = payload.error;
  }),
  on(statusCountsLoaded, (state: S, { payload }) => {
    jobOf(state, payload.jobId).statusCounts = { total: payload.total, counts: payload.counts };
  }),
  on(itemsFetchStarted, (state: S, { payload }) => {
    for (const id of payload.ids) {
      const item = state.items[id];
      if (item) item.status = reached(item.status, 'loaded') ? 'fetching' : 'initial';
      else state.items[id] = { id, jobId: payload.jobId, status: 'initial', data: null, error: null };
    }
  }),
  on(itemsFetched, (state: S, { payload }) => {
    const found = new Set(payload.items.map((item) => putItem(state, item as ImportItemData, payload.jobId)));
    for (const id of payload.ids) {
      const item = state.items[id];
      if (item && !found.has(id)) item.status = 'not_found';
    }
    const job = jobOf(state, payload.jobId);
    if (payload.resources !== undefined) job.resources = payload.resources;
    if (payload.fields !== undefined) job.fields = payload.fields;
  }),
  on(itemsFetchFailed, (state: S, { payload }) => {
    for (const id of payload.ids) {
      const item = state.items[id];
      if (item) {
        item.status = 'error';
        item.error = payload.error;
      } else
        state.items[id] = { id, jobId: payload.jobId, status: 'error', data: null, error: payload.error };
    }
  }),
  on(itemsOperationStarted, (state: S, { payload }) => {
    const job = jobOf(state, payload.jobId);
    job.status = 'fetching';
    job.operation = { kind: payload.kind, running: payload.itemIds.length, failed: 0 };
    for (const id of payload.itemIds) {
      const item = state.items[id];
      if (item) item.status = 'fetching';
    }
  }),
  on(itemTransferred, (state: S, { payload }) => {
    const item = state.items[payload.itemId];
    if (payload.item) putItem(state, payload.item as ImportItemData, payload.targetJobId);
    else if (item) item.status = 'loaded';
    const moved = state.items[payload.itemId];
    if (moved) moved.jobId = payload.targetJobId;
    const job = state.jobs[payload.jobId];
    dropFromSearch(job, payload.itemId);
    if (job?.operation) job.operation.running -= 1;
    if (job && job.count !== null) job.count = Math.max(0, job.count - 1);
  }),
  on(itemTransferFailed, (state: S, { payload }) => {
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
  }),
  on(itemDeleted, (state: S, { payload }) => {
    delete state.items[payload.itemId];
    const job = state.jobs[payload.jobId];
    dropFromSearch(job, payload.itemId);
    if (job?.operation) job.operation.running -= 1;
    if (job && job.count !== null) job.count = Math.max(0, job.count - 1);
  }),
  on(itemDeleteFailed, (state: S, { payload }) => {
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
  }),
  on(itemsOperationFinished, (state: S, { payload }) => {
    const job = jobOf(state, payload.jobId);
    job.status = payload.failed > 0 ? 'error' : 'loaded';
    job.operation = null;
  }),
  on(itemsWorkflowRequested, (state: S, { payload }) => {
    if (payload.itemIds.length === 0) return;
    jobOf(state, payload.jobId).operation = { kind: 'workflow', running: payload.itemIds.length, failed: 0 };
  }),
  on(itemsWorkflowChunkApplied, (state: S, { payload }) => {
    const job = state.jobs[payload.jobId];
    if (job?.operation) job.operation.running -= payload.ids.length;
  }),
  on(itemsWorkflowChunkFailed, (state: S, { payload }) => {
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
  on(itemsWorkflowFinished, (state: S, { payload }) => {
    const job = state.jobs[payload.jobId];
    if (job) job.operation = null;
  }),

  on(itemsAdded, (state: S, { payload }) => {
    for (const id of payload.itemIds) {
      const item = state.items[id];
      if (item) item.jobId = payload.jobId;
    }
  }),
  on(workflowListRequested, (state: S) => {
    state.workflows.status = state.workflows.status === 'loaded' ? 'fetching' : 'initial';
  }),
  on(workflowListLoaded, (state: S, { payload }) => {
    state.workflows = { status: 'loaded', actions: payload.actions, error: null };
  }),
  on(workflowListFailed, (state: S, { payload }) => {
    state.workflows.status = 'error';
    state.workflows.error = payload.error;
  }),

  // --- metadata commands ---
  on(metadataSetRequested, (state: S, { payload }) => requestCommand(state, payload, 'metadata')),
  on(collectionChangeRequested, (state: S, { payload }) => requestCommand(state, payload, 'collection')),
  on(validateRequested, (state: S, { payload }) => requestCommand(state, payload, 'validate')),
  on(commandStarted, (state: S, { payload }) => {
    state.commandRequests[payload.requestId] = {
      requestId: payload.requestId,
      jobId: payload.jobId,
      kind: payload.kind,
      status: payload.commandIds.length ? 'resolved' : 'loaded',
      commandIds: payload.commandIds,
      validationJob: payload.validationJob ?? null,
      message: null,
      error: null,
    };
    for (const id of payload.commandIds)
      state.commands[id] = {
        id,
        jobId: payload.jobId,
        requestId: payload.requestId,
        kind: payload.kind,
        itemIds: payload.itemIds,
        fields: payload.fields,
      };
  }),
  on(commandRefused, (state: S, { payload }) => {
    state.commandRequests[payload.requestId] = {
      requestId: payload.requestId,
      jobId: payload.jobId,
      kind: payload.kind,
      status: 'error',
      commandIds: [],
      validationJob: null,
      message: payload.message,
      error: null,
    };
  }),
  on(commandFailed, (state: S, { payload }) => {
    state.commandRequests[payload.requestId] = {
      requestId: payload.requestId,
      jobId: payload.jobId,
      kind: payload.kind,
      status: 'error',
      commandIds: [],
      validationJob: null,
      message: payload.error.message,
      error: payload.error,
    };
  }),
  on(commandStatusLoaded, (state: S, { payload }) => {
    const touched = new Set<string>();
    for (const status of payload.statuses) {
      const command = state.commands[status.id];
      if (!command || !status.done) continue;
      touched.add(command.requestId);
      delete state.commands[status.id];
    }
    for (const requestId of touched) {
      const request = state.commandRequests[requestId];
      if (request?.commandIds.every((id) => !state.commands[id])) request.status = 'loaded';
    }
  }),

  ...uploadCases,
);
