import type { Status } from '../core/status';
import type { ResumeFile } from './events';
import type {
  CommandRequest,
  FailedUpload,
  ImportItem,
  ImportItemsSearch,
  ImportJob,
  ImportList,
  ImportsState,
  RunningCommand,
  UploadFile,
  UploadsState,
} from './state';
import { forEachUpload, uploadAt } from './state';
import { memo } from '../core/memo';
import { UPLOAD_REFUSALS } from './api';

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
export const selectImportJobStatus = (state: WithImports, jobId: string): Status =>
  state.imports.jobs[jobId]?.status ?? 'unknown';
/** `$moreChildren_$items.total` or the last count asked. */
export const selectImportJobCount = (state: WithImports, jobId: string): number | null =>
  state.imports.jobs[jobId]?.count ?? null;
export const selectImportAnalyzingCount = (state: WithImports, jobId: string): number | null =>
  state.imports.jobs[jobId]?.analyzing ?? null;
/** Suggested words for the fulltext (at most 6). */
export const selectImportJobWords = (state: WithImports, jobId: string): string[] =>
  state.imports.jobs[jobId]?.words?.words ?? (EMPTY as never[]);

/** The first items of a job as the job list (or a fetch withItems) gave them. */
const jobItems = memo((imports: ImportsState, jobId: string): ImportItem[] => {
  const items = imports.jobs[jobId]?.data?.items;
  if (!Array.isArray(items)) return EMPTY as never[];
  return items.flatMap((one: { id?: unknown }) => {
    const item = one?.id !== undefined ? imports.items[String(one.id)] : undefined;
    return item ? [item] : [];
  });
}, byKey);
export const selectImportJobItems = (state: WithImports, jobId: string): ImportItem[] =>
  jobItems(state.imports, jobId);

// --- items --------------------------------------------------------------------------------------

export const selectImportItem = (state: WithImports, itemId: string): ImportItem | null =>
  state.imports.items[itemId] ?? null;
export const selectImportItemsSearch = (state: WithImports, jobId: string): ImportItemsSearch | null =>
  state.imports.jobs[jobId]?.search ?? null;
/** Server item statuses of an item still being analysed (1 new, 2 analyzing). */
const ANALYZING_STATUSES = new Set(['1', '2']);

/** Whether an item the job's search found is still being analysed (its changes are then followed). */
export const selectJobHasAnalyzingItems = (state: WithImports, jobId: string): boolean =>
  (state.imports.jobs[jobId]?.search?.ids ?? []).some((id) => {
    const data = state.imports.items[id]?.data as { $status?: unknown; status?: unknown } | undefined;
    return ANALYZING_STATUSES.has(String(data?.$status ?? data?.status ?? ''));
  });
/** Counts by item status (`statusCountsRequested`), null before. */
export const selectImportStatusCounts = (
  state: WithImports,
  jobId: string,
): { total: number; counts: Record<string, number> } | null =>
  state.imports.jobs[jobId]?.statusCounts ?? null;
/** `$assetmetadataresources` and `headers.$assetmetadata` of the job's last items fetch. */
export const selectImportItemResources = (
  state: WithImports,
  jobId: string,
): { resources: unknown; fields: unknown } => {
  const job = state.imports.jobs[jobId];
  return { resources: job?.resources ?? null, fields: job?.fields ?? null };
};
/** A transfer, delete or workflow running on the job's items. */
export const selectImportOperation = (state: WithImports, jobId: string): ImportJob['operation'] =>
  state.imports.jobs[jobId]?.operation ?? null;
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
export const FORMAT_MESSAGE_KEY = 'error.message.format';

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
