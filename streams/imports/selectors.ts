import type { ResumeFile } from './events';
import type {
  CommandRequest,
  FailedUpload,
  ImportItem,
  ImportJob,
  ImportList,
  ImportsState,
  RunningCommand,
  UploadFile,
  UploadsState,
} from './state';
import { forEachUpload, uploadAt } from './model';
import { memo } from '../core/memo';
import { UPLOAD_REFUSALS } from './api';
import { selectOutboxEntries } from '../outbox/selectors';

export type WithImports = { imports: ImportsState };
export type {
  CommandRequest,
  FailedUpload,
  ImportItem,
  ImportItemsSearch,
  ImportJob,
  ImportList,
  RunningCommand,
  UploadFile,
  UploadStatus,
} from './state';
export type { ImportItemData, ImportJobData, ResumeFile, UploadFileInfo } from './events';

const EMPTY: readonly never[] = [];

/** Selectors asked for one job (or list) at a time keep one answer per job. */
const byKey = <I>(_input: I, key: unknown) => key;

// --- job list -----------------------------------------------------------------------------------

export const selectImportList = (state: WithImports, name: string): ImportList | null =>
  state.imports.lists[name] ?? null;

const listJobs = memo((imports: ImportsState, name: string): ImportJob[] => {
  const list = imports.lists[name];
  if (!list) return EMPTY as never[];
  return list.jobIds.flatMap((id) => {
    const job = imports.jobs[id];
    return job && !job.deleted ? [job] : [];
  });
}, byKey);
/** The jobs of a named list, in the server's order (deleted ones left out). */
export const selectImportListJobs = (state: WithImports, name: string): ImportJob[] =>
  listJobs(state.imports, name);

// --- job ----------------------------------------------------------------------------------------

export const selectImportJob = (state: WithImports, jobId: string): ImportJob | null =>
  state.imports.jobs[jobId] ?? null;
/** A job the state holds as read from the server and still there: writes on any other are refused ("Job is unknown"). */
export const selectIsKnownJob = (state: WithImports, jobId: string): boolean => {
  const job = state.imports.jobs[jobId];
  return Boolean(job?.data) && !job?.deleted && job?.status !== 'not_found';
};
/** A job the server said is not there (404) or that was deleted: reads of its data are refused. */
export const selectIsGoneJob = (state: WithImports, jobId: string): boolean => {
  const job = state.imports.jobs[jobId];
  return job?.status === 'not_found' || job?.deleted === true;
};

// --- items --------------------------------------------------------------------------------------

export const selectImportItem = (state: WithImports, itemId: string): ImportItem | null =>
  state.imports.items[itemId] ?? null;
const itemsOf = memo((items: ImportsState['items'], ids: readonly string[]): (ImportItem | null)[] =>
  ids.map((id) => items[id] ?? null),
);
/** These items as read (null for one not read yet), in their order. */
export const selectImportItems = (state: WithImports, ids: readonly string[]): (ImportItem | null)[] =>
  itemsOf(state.imports.items, ids);

/** Whether the grid knows enough of an item to draw it (a search asks `props=id,status` only). */
function needsFetch(item: ImportItem | undefined): boolean {
  if (!item) return true;
  if (['initial', 'fetching', 'error', 'not_found'].includes(item.status)) return false;
  const data = item.data as Record<string, unknown> | null;
  return !data || (data.name === undefined && data.filename === undefined);
}

const searchIds = memo((ids: readonly string[]) => [...new Set(ids)]);
/** The items a job's search found, each once whatever the server repeats, in its order. */
export const selectImportSearchIds = (state: WithImports, jobId: string): readonly string[] =>
  searchIds(state.imports.jobs[jobId]?.search?.ids ?? EMPTY);

/** The items from `first` to `last` of the job's search that it gave by id only (to be fetched). */
export const selectItemsToFetch = (
  state: WithImports,
  jobId: string,
  first: number,
  last: number,
): string[] =>
  selectImportSearchIds(state, jobId)
    .slice(first, last + 1)
    .filter((id) => needsFetch(state.imports.items[id]));

/** Server item statuses of an item still being analysed (1 new, 2 analyzing). */
const ANALYZING_STATUSES = new Set(['1', '2']);

/** Whether an item the job's search found is still being analysed (its changes are then followed). */
export const selectJobHasAnalyzingItems = (state: WithImports, jobId: string): boolean =>
  (state.imports.jobs[jobId]?.search?.ids ?? []).some((id) => {
    const data = state.imports.items[id]?.data as { $status?: unknown; status?: unknown } | undefined;
    return ANALYZING_STATUSES.has(String(data?.$status ?? data?.status ?? ''));
  });
export const selectImportCreate = (
  state: WithImports,
  requestId: string,
): ImportsState['creates'][string] | null => state.imports.creates[requestId] ?? null;

// --- commands -----------------------------------------------------------------------------------

const jobCommands = memo(
  (commands: ImportsState['commands'], jobId: string): RunningCommand[] =>
    Object.values(commands).filter((command) => command.jobId === jobId),
  byKey,
);
/** Commands still running on a job (live status). */
export const selectImportCommands = (state: WithImports, jobId: string): RunningCommand[] =>
  jobCommands(state.imports.commands, jobId);
const jobCommandRequests = memo(
  (requests: ImportsState['commandRequests'], jobId: string): CommandRequest[] =>
    Object.values(requests).filter((request) => request.jobId === jobId),
  byKey,
);
/** The writes asked on a job's items and how each went. */
export const selectImportCommandRequests = (state: WithImports, jobId: string): CommandRequest[] =>
  jobCommandRequests(state.imports.commandRequests, jobId);
export const selectImportCommandRequest = (state: WithImports, requestId: string): CommandRequest | null =>
  state.imports.commandRequests[requestId] ?? null;

// --- uploads ------------------------------------------------------------------------------------

const queueOf = memo((uploads: UploadsState, jobId: string): UploadFile[] => {
  const out: UploadFile[] = [];
  forEachUpload(uploads, (file) => {
    if (file.jobId === jobId) out.push(file);
  });
  return out;
}, byKey);
/** The upload queue of a job in the order added: registered, running, invalid (cancelling) and loaded files. */
export const selectUploadQueue = (state: WithImports, jobId: string): UploadFile[] =>
  queueOf(state.imports.uploads, jobId);

export const selectUploadFile = (state: WithImports, id: string): UploadFile | null => {
  return uploadAt(state.imports.uploads, id) ?? null;
};

/** The chosen number of simultaneous uploads, or the given default (`config.uploadConcurrencyDefault`). */
export const selectUploadConcurrency = (state: WithImports, fallback: number): number =>
  state.imports.uploads.concurrency ?? fallback;
interface UploadProgress {
  files: number;
  waiting: number;
  running: number;
  done: number;
  loadedBytes: number;
  totalBytes: number;
  /** whole percent over the bytes of the job's files, 100 when there is nothing */
  progress: number;
}
const progressOf = memo((uploads: UploadsState, jobId: string): UploadProgress => {
  const sum: UploadProgress = {
    files: 0,
    waiting: 0,
    running: 0,
    done: 0,
    loadedBytes: 0,
    totalBytes: 0,
    progress: 100,
  };
  for (const file of queueOf(uploads, jobId)) {
    if (file.status === 'invalid') continue;
    sum.files += 1;
    sum.totalBytes += file.size;
    if (file.status === 'registered') sum.waiting += 1;
    else if (file.status === 'loaded') {
      sum.done += 1;
      sum.loadedBytes += file.size;
    } else {
      sum.running += 1;
      sum.loadedBytes += Math.min(file.loaded, file.size);
    }
  }
  if (sum.totalBytes > 0) sum.progress = Math.floor((sum.loadedBytes / sum.totalBytes) * 100);
  else if (sum.files > sum.done) sum.progress = 0;
  return sum;
}, byKey);
/** How many of a job's files are still to send (waiting, running or being cancelled). */
export const selectUploadsUnsent = (state: WithImports, jobId: string): number =>
  selectUploadQueue(state, jobId).filter((file) => file.status !== 'loaded').length;

/** The global progress of a job's uploads. */
export const selectUploadProgress = (state: WithImports, jobId: string): UploadProgress =>
  progressOf(state.imports.uploads, jobId);

/** Files that failed, with their message and i18n key (`error.message.format`), kept per job. */
export const selectFailedUploads = (state: WithImports, jobId: string): FailedUpload[] =>
  state.imports.uploads.failed[jobId] ?? (EMPTY as never[]);

const resumeOf = memo(
  (files: ResumeFile[], jobId: string | undefined): ResumeFile[] =>
    jobId === undefined ? files : files.filter((file) => file.jobId === jobId),
  byKey,
);
/** Files waiting when the page went away ("Choose again to resume"), of a job or of all. */
export const selectUploadsToResume = (state: WithImports, jobId?: string): ResumeFile[] =>
  resumeOf(state.imports.uploads.toResume, jobId);
export { temporaryUploadId } from './model';

/** The item workflow actions (`workflowListRequested`), with their status. */
export const selectImportWorkflowActions = (state: WithImports): ImportsState['workflows'] =>
  state.imports.workflows;

/** The words of a format refusal (protocol §15.2: 400/9 and 400/17), `errors.error.message.format`. */
const FORMAT_MESSAGE_KEY = 'error.message.format';

/** Each refusal code of an upload or an item, with the code of the sentence saying it in words. */
const REFUSAL_KEYS = new Map<string, string>([
  ['400/17', FORMAT_MESSAGE_KEY],
  ...Object.entries(UPLOAD_REFUSALS).map(([kind, code]): [string, string] => [
    code,
    kind === 'format' ? FORMAT_MESSAGE_KEY : `error.upload.${kind}`,
  ]),
]);

/** The message key (under `errors.`) of a refusal code (`413/1`), or null for a code with no words of its own. */
export const refusalKeyOf = (code: string | undefined | null): string | null =>
  (code && REFUSAL_KEYS.get(code)) || null;

/**
 * The items a write the outbox keeps is about (to delete, move, step… when back online), as one
 * string, stable for a view's memo: their tiles say so instead of an error.
 */
export const selectKeptItemIds = (state: WithImports & Parameters<typeof selectOutboxEntries>[0]): string =>
  selectOutboxEntries(state)
    .filter((entry) => entry.domain === 'imports')
    .flatMap((entry) => (entry.payload as { itemIds?: string[] }).itemIds ?? [])
    .join(',');
