import type { SerializedError } from '../core/errors';
import type { Status } from '../core/status';
import type { CommandKind, ImportItemData, ImportJobData, ResumeFile } from './events';

/** A named job list (protocol §15.2 "Job list"): the ids in the server's order and the next page's token. */
export interface ImportList {
  name: string;
  query: Record<string, unknown> | null;
  status: Status;
  jobIds: string[];
  /** `links.next`, the `after` of the next page; null on the last page or before the first */
  next: string | null;
  error: SerializedError | null;
}

export interface ImportItemsSearch {
  status: Status;
  fulltext: string | null;
  query: Record<string, unknown> | null;
  state: string | null;
  /** `{field} asc|desc`, null for the server's own order */
  orderby: string | null;
  /** ids in the server's order, all pages so far */
  ids: string[];
  error: SerializedError | null;
}

export type JobWrite = 'delete' | 'owner' | 'subjobs' | 'workflow';

export interface ImportJob {
  id: string;
  status: Status;
  data: ImportJobData | null;
  error: SerializedError | null;
  /** `$moreChildren_$items.total`, or the last count asked */
  count: number | null;
  analyzing: number | null;
  words: { fulltext: string; words: string[]; status: Status } | null;
  /** the items of the last search (all pages) */
  search: ImportItemsSearch | null;
  statusCounts: { total: number; counts: Record<string, number> } | null;
  /** `$assetmetadataresources` and `headers.$assetmetadata` of the last items fetch */
  resources: unknown;
  fields: unknown;
  /** items changed since the last ask (`changes`) */
  changes: string[];
  /** a transfer, delete or workflow running on items of this job */
  operation: { kind: 'transfer' | 'delete' | 'workflow'; running: number; failed: number } | null;
  /** the write on its way to the job, if any (a screen says so and holds its button) */
  writing: JobWrite | null;
  /** the last write's failure on the job (delete, owner, sub-jobs, workflow) */
  writeError: SerializedError | null;
  deleted: boolean;
}

export interface ImportItem {
  id: string;
  jobId: string;
  status: Status;
  data: ImportItemData | null;
  error: SerializedError | null;
}

export interface RunningCommand {
  id: string;
  jobId: string;
  requestId: string;
  kind: CommandKind;
  itemIds: string[];
  fields: string[];
}

export interface CommandRequest {
  requestId: string;
  jobId: string;
  kind: CommandKind;
  /** resolving: PUT on its way; resolved: commands running; loaded: all done; error */
  status: Status;
  commandIds: string[];
  validationJob: string | null;
  message: string | null;
  error: SerializedError | null;
  /** the intent that failed (its event id): the outbox may keep it to send again */
  failedIntent?: string;
}

export type UploadStatus = 'registered' | 'resolving' | 'resolved' | 'loaded' | 'invalid';

/** A pending upload (seed 001 §3): the File itself stays in `deps.files` under `id`. */
export interface UploadFile {
  id: string;
  jobId: string;
  name: string;
  size: number;
  type: string | null;
  unzip: boolean;
  status: UploadStatus;
  /** whole percent */
  progress: number;
  loaded: number;
  /** when it was sent (`uploadStarted`'s time), for speed and time left */
  startedAt: number | null;
  /** the item it became */
  itemId: string | null;
}

export interface FailedUpload {
  id: string;
  name: string;
  size: number;
  message: string;
  messageKey: string | null;
  /**
   * What sending it again needs, when the network or the server failed it (its File is kept), and
   * the failure's code, said in words rather than the server's text
   */
  retry?: { type: string | null; unzip: boolean; code: string };
}

/**
 * Files live in buckets of UPLOAD_BUCKET_SIZE slots (arrays: a record of thousands of keys costs
 * far more to copy), so that one file's change copies one small bucket and the list of buckets.
 */
interface UploadBucket {
  /** a dropped file leaves null in its slot */
  files: (UploadFile | null)[];
  /** files of this bucket still registered */
  waiting: number;
}

export interface UploadsState {
  /** the chosen simultaneous uploads, null for `config.uploadConcurrencyDefault` */
  concurrency: number | null;
  /** files added so far (the next file's position) */
  added: number;
  /** position of each file ever added: bucket `floor(p / UPLOAD_BUCKET_SIZE)`, slot `p % UPLOAD_BUCKET_SIZE` */
  bucketOf: Record<string, number>;
  buckets: UploadBucket[];
  /** files resolving or resolved, over all jobs */
  running: number;
  failed: Record<string, FailedUpload[]>;
  /** files waiting when the page went away: to choose again */
  toResume: ResumeFile[];
}

/** The imports slice: mass-import jobs, their items, metadata commands and the upload queues (protocol §15). */
export interface ImportsState {
  lists: Record<string, ImportList>;
  jobs: Record<string, ImportJob>;
  items: Record<string, ImportItem>;
  creates: Record<string, { status: Status; jobId: string | null; error: SerializedError | null }>;
  commands: Record<string, RunningCommand>;
  commandRequests: Record<string, CommandRequest>;
  uploads: UploadsState;
  /** the item workflow actions (`workflowListRequested`) */
  workflows: { status: Status; actions: unknown[]; error: SerializedError | null };
}

const initialUploadsState: UploadsState = {
  concurrency: null,
  added: 0,
  bucketOf: {},
  buckets: [],
  running: 0,
  failed: {},
  toResume: [],
};

export const initialImportsState: ImportsState = {
  lists: {},
  jobs: {},
  items: {},
  creates: {},
  commands: {},
  commandRequests: {},
  uploads: initialUploadsState,
  workflows: { status: 'unknown', actions: [], error: null },
};
