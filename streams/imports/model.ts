import type { ImportJob, UploadFile, UploadsState } from './state';

/** Pure helpers of the imports that views use too (no config, no clock of their own). */

let uploadCounter = 0;

/**
 * A temporary upload id `{epoch ms}_{n}` (protocol §15.2): the view keeps the File in
 * `deps.files` under it and dispatches `imports/filesAdded` with it. `now` is the caller's clock.
 */
export function temporaryUploadId(now: number): string {
  uploadCounter += 1;
  return `${now}_${uploadCounter}`;
}

export const UPLOAD_BUCKET_SIZE = 32;

/** The file at its position, if it is still there. */
export function uploadAt(uploads: UploadsState, id: string): UploadFile | undefined {
  const position = uploads.bucketOf[id];
  if (position === undefined) return undefined;
  const file =
    uploads.buckets[Math.floor(position / UPLOAD_BUCKET_SIZE)]?.files[position % UPLOAD_BUCKET_SIZE];
  return file?.id === id ? file : undefined;
}

/** Every file still in the queue, in the order added. */
export function forEachUpload(uploads: UploadsState, visit: (file: UploadFile) => void): void {
  for (const bucket of uploads.buckets) for (const file of bucket.files) if (file) visit(file);
}

export function emptyJob(id: string): ImportJob {
  return {
    id,
    status: 'unknown',
    data: null,
    error: null,
    count: null,
    analyzing: null,
    words: null,
    search: null,
    statusCounts: null,
    resources: null,
    fields: null,
    changes: [],
    operation: null,
    writing: null,
    writeError: null,
    deleted: false,
  };
}
