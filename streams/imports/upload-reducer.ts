import { type Case, onReplace } from '../core/case-reducer';
import * as importEvents from './events';
import { UPLOAD_BUCKET_SIZE, uploadAt } from './model';
import type { FailedUpload, ImportsState, UploadFile, UploadsState } from './state';

// Upload cases replace the state on buckets: one file's change copies one bucket, not the queue.

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

/** The file leaves the queue for its job's failed list, with what the failure says of it. */
function dropAsFailed(
  state: ImportsState,
  id: string,
  outcome: (file: UploadFile) => Pick<FailedUpload, 'message' | 'messageKey' | 'retry'>,
): ImportsState {
  const file = fileOf(state.uploads, id);
  if (!file) return state;
  const failed: FailedUpload = { id: file.id, name: file.name, size: file.size, ...outcome(file) };
  return withUploads(state, addFailed(changeFile(state.uploads, id, null), file.jobId, failed));
}

/** The files appended to the queue, registered (a file already queued is left as it is). */
function queueFiles(
  uploads: UploadsState,
  jobId: string,
  infos: readonly { id: string; name: string; size: number; type?: string | null }[],
  unzip: boolean,
): UploadsState {
  const buckets = uploads.buckets.slice();
  const copied = new Set<number>();
  let bucketOf = uploads.bucketOf;
  let added = uploads.added;
  for (const info of infos) {
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
      jobId,
      name: info.name,
      size: info.size,
      type: info.type ?? null,
      unzip,
      status: 'registered',
      progress: 0,
      loaded: 0,
      startedAt: null,
      itemId: null,
    };
    bucket.waiting += 1;
    bucketOf[info.id] = position;
  }
  return { ...uploads, buckets, bucketOf, added };
}

/** The job's failures without `id`. */
function withoutFailed(uploads: UploadsState, jobId: string, id: string): UploadsState {
  const rest = (uploads.failed[jobId] ?? []).filter((one) => one.id !== id);
  const failed = { ...uploads.failed };
  if (rest.length) failed[jobId] = rest;
  else delete failed[jobId];
  return { ...uploads, failed };
}

export const uploadCases: Case<ImportsState>[] = [
  onReplace(importEvents.filesAdded, (state: ImportsState, { payload }) => {
    const uploads = queueFiles(state.uploads, payload.jobId, payload.files, payload.unzip ?? false);
    // chosen again: the files a reload left are no longer to resume
    const chosen = new Set(payload.files.map((file) => `${file.name}|${file.size}`));
    const toResume = uploads.toResume.some(
      (file) => file.jobId === payload.jobId && chosen.has(`${file.name}|${file.size}`),
    )
      ? uploads.toResume.filter(
          (file) => !(file.jobId === payload.jobId && chosen.has(`${file.name}|${file.size}`)),
        )
      : uploads.toResume;
    return withUploads(state, { ...uploads, toResume });
  }),
  onReplace(importEvents.uploadResolving, (state: ImportsState, { payload }) => {
    const file = fileOf(state.uploads, payload.id);
    if (file?.status !== 'registered' || state.uploads.running >= payload.limit) return state;
    return withUploads(state, changeFile(state.uploads, payload.id, { ...file, status: 'resolving' }));
  }),
  onReplace(importEvents.uploadStarted, (state: ImportsState, { payload, meta }) => {
    const file = fileOf(state.uploads, payload.id);
    if (file?.status !== 'resolving') return state;
    return withUploads(
      state,
      changeFile(state.uploads, payload.id, { ...file, status: 'resolved', startedAt: meta.at }),
    );
  }),
  onReplace(importEvents.uploadProgressed, (state: ImportsState, { payload }) => {
    const file = fileOf(state.uploads, payload.id);
    if (!file || !RUNNING.has(file.status)) return state;
    return withUploads(
      state,
      changeFile(state.uploads, payload.id, { ...file, progress: payload.progress, loaded: payload.loaded }),
    );
  }),
  onReplace(importEvents.uploadLoaded, (state: ImportsState, { payload }) => {
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
  onReplace(importEvents.uploadFailed, (state: ImportsState, { payload }) =>
    dropAsFailed(state, payload.id, (file) => ({
      message: payload.message,
      messageKey: payload.messageKey ?? null,
      ...(payload.retryable && { retry: { type: file.type, unzip: file.unzip, code: payload.error.code } }),
    })),
  ),
  onReplace(importEvents.uploadCanceled, (state: ImportsState, { payload }) =>
    withUploads(state, changeFile(state.uploads, payload.id, null)),
  ),
  onReplace(importEvents.uploadCancelFailed, (state: ImportsState, { payload }) =>
    dropAsFailed(state, payload.id, () => ({ message: payload.message, messageKey: null })),
  ),
  onReplace(importEvents.uploadRemoveRequested, (state: ImportsState, { payload }) => {
    const uploads = state.uploads;
    const file = fileOf(uploads, payload.id);
    if (!file) {
      // an already failed file: dropped from its job's failures
      for (const [jobId, failures] of Object.entries(uploads.failed)) {
        if (failures.some((one) => one.id === payload.id))
          return withUploads(state, withoutFailed(uploads, jobId, payload.id));
      }
      return state;
    }
    // a running file goes invalid (its request is aborted by the epic); others are dropped
    if (RUNNING.has(file.status))
      return withUploads(state, changeFile(uploads, payload.id, { ...file, status: 'invalid' }));
    if (file.status === 'invalid') return state;
    return withUploads(state, changeFile(uploads, payload.id, null));
  }),
  onReplace(importEvents.uploadRetryRequested, (state: ImportsState, { payload }) => {
    const failed = state.uploads.failed[payload.jobId]?.find((one) => one.id === payload.id);
    if (!failed?.retry) return state;
    const { type, unzip } = failed.retry;
    const uploads = withoutFailed(state.uploads, payload.jobId, payload.id);
    return withUploads(state, queueFiles(uploads, payload.jobId, [{ ...failed, type }], unzip));
  }),
  onReplace(importEvents.uploadConcurrencySet, (state: ImportsState, { payload }) =>
    state.uploads.concurrency === payload.value
      ? state
      : withUploads(state, { ...state.uploads, concurrency: payload.value }),
  ),
  onReplace(importEvents.failedUploadsCleared, (state: ImportsState, { payload }) => {
    if (!state.uploads.failed[payload.jobId]) return state;
    const failed = { ...state.uploads.failed };
    delete failed[payload.jobId];
    return withUploads(state, { ...state.uploads, failed });
  }),
  onReplace(importEvents.uploadsRestored, (state: ImportsState, { payload }) =>
    withUploads(state, { ...state.uploads, toResume: payload.files }),
  ),
  onReplace(importEvents.resumeDismissed, (state: ImportsState, { payload }) => {
    const toResume =
      payload.jobId === undefined
        ? []
        : state.uploads.toResume.filter((file) => file.jobId !== payload.jobId);
    return withUploads(state, { ...state.uploads, toResume });
  }),
];
