import * as z from 'zod/mini';
import { defineAnswer, defineFact, defineFailure, defineIntent } from '../core/event';

/**
 * Mass import: jobs, items, metadata commands and uploads (protocol §15; seed 001 §3-§9).
 * Ids are strings (`String(id)` of the server's numbers). In the state, an item's server status is
 * `data.$status` and a job's `data.$jobstatus` (`status` is kept for the client's statuses).
 *
 * Public API (events to dispatch)
 * - Job list (a named list): `imports/listRegistered` {name, query?} (no name → `imports/listRefused`
 *   `Cannot register a massimport cursor without a name`), then `imports/listFetchRequested` {name}
 *   (first page, again from the start) / `imports/listNextRequested` {name} (follows `links.next`):
 *   `imports/listLoaded` {name, jobs, next, reset} | `imports/listFetchFailed`; an unknown name gives
 *   `imports/listRefused` `Cannot find massimport cursor "{name}"`. Each job comes with its first
 *   10 items (`maxItems`) and their total.
 * - Job: `imports/jobFetchRequested` {jobId, withItems?} (skipped while busy; initial below loaded,
 *   else fetching) → `imports/jobLoaded` {job} | `imports/jobFetchFailed` (404 → status not_found).
 *   `imports/jobCreateRequested` {requestId, description} → `imports/jobCreated` {requestId, job} |
 *   `imports/jobCreateFailed`. `imports/jobDeleteRequested` {jobId, deleteItems?} → `imports/jobDeleted`
 *   {jobId, deactivated} (deactivated: the DELETE failed and the PATCH activated:false did it) |
 *   `imports/jobDeleteFailed`. `imports/jobOwnerChangeRequested` {jobId, ownerId} →
 *   `imports/jobOwnerChanged` | `imports/jobOwnerChangeFailed`. `imports/subJobsAddRequested`
 *   {jobId, subJobIds} → `imports/subJobsAdded` | `imports/subJobsAddFailed`.
 *   `imports/countRequested` {jobId} → `imports/counted` {total} | `imports/countFailed`;
 *   `imports/analyzingCountRequested` → `imports/analyzingCounted` | `imports/analyzingCountFailed`;
 *   `imports/wordsRequested` {jobId, fulltext} → `imports/wordsLoaded` {words (≤ config.typeaheadMaxWords)} | `imports/wordsFailed`;
 *   `imports/changesRequested` {jobId} → `imports/changesLoaded` {items} | `imports/changesFailed`;
 *   `imports/jobWorkflowRequested` {jobId, action ('start' runs it)} → `imports/jobWorkflowApplied` |
 *   `imports/jobWorkflowFailed`.
 * - Items: `imports/itemsSearchRequested` {jobId, fulltext?, query?, state?, orderby?} (max 200 per page,
 *   the next page asked at once while `links.moreResultsToken` comes back) → `imports/itemsPageLoaded`
 *   {jobId, items, reset, more} … | `imports/itemsSearchFailed`; `imports/statusCountsRequested` {jobId}
 *   → `imports/statusCountsLoaded` {counts by item status} | `imports/statusCountsFailed`.
 *   `imports/itemsFetchRequested` {jobId, ids} (0 ids: nothing; > 200: `imports/itemsFetchRefused`
 *   with the protocol's message and advice) → `imports/itemsFetched` {items, resources} |
 *   `imports/itemsFetchFailed` (those items go error).
 *   `imports/itemsTransferRequested` {jobId, itemIds, targetJobId} and `imports/itemsDeleteRequested`
 *   {jobId, itemIds}: busy items skipped, 3 at a time, job fetching → `imports/itemTransferred` /
 *   `imports/itemTransferFailed`, `imports/itemDeleted` / `imports/itemDeleteFailed` per item, then
 *   `imports/itemsOperationFinished` {jobId, failed} (job loaded, or error when one failed).
 *   `imports/itemsWorkflowRequested` {jobId, itemIds, action}: chunks of 50, one after another →
 *   `imports/itemsWorkflowChunkApplied` {ids} (each chunk fetched again) | `imports/itemsWorkflowChunkFailed`,
 *   then `imports/itemsWorkflowFinished`.
 *   `imports/itemsAddRequested` {jobId, itemIds} (PUT `{items}`) → `imports/itemsAdded` | `imports/itemsAddFailed`;
 *   `imports/workflowListRequested` → `imports/workflowListLoaded` {actions} | `imports/workflowListFailed`
 *   (selectImportWorkflowActions).
 * - Metadata (PUT with commands): `imports/metadataSetRequested` {requestId, jobId, itemIds, data}
 *   (values ids, objects with an id, or {$mode, $values}; else `imports/commandRefused`
 *   `cannot adapt {json}`), `imports/collectionChangeRequested` {requestId, jobId, itemIds, resource},
 *   `imports/validateRequested` {requestId, jobId, itemIds} → `imports/commandStarted` {requestId,
 *   jobId, kind, commandIds, itemIds, fields, validationJob?} | `imports/commandFailed` (a validate
 *   answer without validationJob: `Invalid REST API response for validate command`). Running
 *   commands are polled (`config.importCommandPollMs`, backoff on failure) through `changes/{ids}`:
 *   `imports/commandStatusLoaded` {jobId, statuses} (a done one is dropped and its items fetched
 *   again) | `imports/commandStatusFailed`.
 * - Uploads: put each File in `deps.files` (`files.add(file)` gives its temporary id
 *   `{epoch ms}_{n}`), then `imports/filesAdded` {jobId, files: [{id, name, size, type}], unzip}
 *   (registered). A queue per job; at most `uploadConcurrency` (state, default
 *   `config.uploadConcurrencyDefault`) run at once over all jobs: `imports/uploadResolving` {id},
 *   `imports/uploadStarted` {id} (resolved), `imports/uploadProgressed` {id, loaded, total, progress}
 *   (steps ≥ `config.uploadProgressStepPct`), `imports/uploadLoaded` {id, jobId, item} |
 *   `imports/uploadFailed` {id, jobId, message, messageKey?, retryable?} (kept per job) |
 *   `imports/uploadCanceled` {id} (no loaded). `imports/uploadConcurrencyChangeRequested` {value} →
 *   `imports/uploadConcurrencySet` {value clamped 1..10}. `imports/uploadRemoveRequested` {id}: a
 *   registered or failed file is dropped, a running one goes invalid and its request is aborted
 *   (`imports/uploadCancelFailed` `Failed to cancel job` without a handle). `imports/failedUploadsCleared`
 *   {jobId}. An upload the network or the server failed keeps its File (`retryable`):
 *   `imports/uploadRetryRequested` {id, jobId} queues it again. Whose answer was lost, it is first
 *   looked for on the server by name (issue 27): found, it is loaded. Files not yet sent are stored; after a reload `imports/uploadsRestored` {files} lists them
 *   ("choose again to resume") until they are added again or `imports/resumeDismissed` {jobId?}.
 *
 * Job management (refusals of an unknown job, bulk patch, one item's workflow): manage-events.ts.
 *
 * Selectors (`streams/imports/selectors.ts`): selectImportList, selectImportListJobs, selectImportJob,
 * selectImportJobStatus, selectImportJobCount, selectImportAnalyzingCount, selectImportJobWords,
 * selectImportJobItems, selectImportItem, selectImportItemsSearch, selectImportStatusCounts,
 * selectImportItemResources, selectImportCommands, selectImportCommandRequest, selectUploadQueue,
 * selectUploadConcurrency, selectUploadProgress, selectFailedUploads, selectUploadsToResume,
 * selectImportOperation, selectImportCreate.
 */

const jobId = z.string();
const name = z.string();
const requestId = z.string();
const ids = z.array(z.string());
const message = z.string();

/** A job as the server sends it (protocol §15.1 job fields), kept loose. */
export const jobSchema = z.looseObject({
  id: z.union([z.number(), z.string()]),
  status: z.optional(z.unknown()),
  activated: z.optional(z.unknown()),
  jobowner: z.optional(z.unknown()),
  count: z.optional(z.number()),
});
export type ImportJobData = z.infer<typeof jobSchema> & Record<string, unknown>;

/** An item (protocol §15.1 item fields), kept loose. */
export const itemSchema = z.looseObject({
  id: z.union([z.number(), z.string()]),
  $status: z.optional(z.unknown()),
  job: z.optional(z.unknown()),
  indexingstatus: z.optional(z.unknown()),
  blurhash: z.optional(z.nullable(z.string())),
  /** per field its value, and with `withSimu` its flags under `$meta-<field>` (protocol §15.1) */
  $assetmetadata: z.optional(z.nullable(z.record(z.string(), z.unknown()))),
});
export type ImportItemData = z.infer<typeof itemSchema> & Record<string, unknown>;

// --- job list -----------------------------------------------------------------------------------

export const listRegistered = defineIntent('imports/listRegistered', {
  name: z.optional(z.string()),
  query: z.optional(z.record(z.string(), z.unknown())),
});
export const listFetchRequested = defineIntent('imports/listFetchRequested', { name });
export const listNextRequested = defineIntent('imports/listNextRequested', { name });
export const listLoaded = defineAnswer('imports/listLoaded', {
  name,
  reset: z.boolean(),
  jobs: z.array(jobSchema),
  /** the `after` token of the next page, null on the last */
  next: z.nullable(z.string()),
});
export const listFetchFailed = defineFailure('imports/listFetchFailed', { name });
export const listRefused = defineFact('imports/listRefused', 'system', {
  name: z.optional(z.string()),
  message,
});

// --- job ----------------------------------------------------------------------------------------

export const jobFetchRequested = defineIntent('imports/jobFetchRequested', {
  jobId,
  withItems: z.optional(z.boolean()),
});
export const jobFetchStarted = defineFact('imports/jobFetchStarted', 'system', { jobId });
export const jobLoaded = defineAnswer('imports/jobLoaded', { jobId, job: jobSchema });
export const jobFetchFailed = defineFailure('imports/jobFetchFailed', { jobId });

export const jobCreateRequested = defineIntent('imports/jobCreateRequested', {
  requestId,
  description: z.record(z.string(), z.unknown()),
});
export const jobCreated = defineAnswer('imports/jobCreated', { requestId, jobId, job: jobSchema });
export const jobCreateFailed = defineFailure('imports/jobCreateFailed', { requestId });

export const jobDeleteRequested = defineIntent('imports/jobDeleteRequested', {
  jobId,
  deleteItems: z.optional(z.boolean()),
});
export const jobDeleted = defineAnswer('imports/jobDeleted', { jobId, deactivated: z.boolean() });
export const jobDeleteFailed = defineFailure('imports/jobDeleteFailed', { jobId });

export const jobOwnerChangeRequested = defineIntent('imports/jobOwnerChangeRequested', {
  jobId,
  ownerId: z.union([z.string(), z.number()]),
});
export const jobOwnerChanged = defineAnswer('imports/jobOwnerChanged', {
  jobId,
  ownerId: z.union([z.string(), z.number()]),
});
export const jobOwnerChangeFailed = defineFailure('imports/jobOwnerChangeFailed', { jobId });

export const subJobsAddRequested = defineIntent('imports/subJobsAddRequested', { jobId, subJobIds: ids });
export const subJobsAdded = defineAnswer('imports/subJobsAdded', { jobId, subJobIds: ids });
export const subJobsAddFailed = defineFailure('imports/subJobsAddFailed', { jobId });

export const countRequested = defineIntent('imports/countRequested', { jobId });
export const counted = defineAnswer('imports/counted', { jobId, total: z.number() });
export const countFailed = defineFailure('imports/countFailed', { jobId });

export const analyzingCountRequested = defineIntent('imports/analyzingCountRequested', { jobId });
export const analyzingCounted = defineAnswer('imports/analyzingCounted', { jobId, total: z.number() });
export const analyzingCountFailed = defineFailure('imports/analyzingCountFailed', { jobId });

export const wordsRequested = defineIntent('imports/wordsRequested', { jobId, fulltext: z.string() });
export const wordsLoaded = defineAnswer('imports/wordsLoaded', {
  jobId,
  fulltext: z.string(),
  words: z.array(z.string()),
});
export const wordsFailed = defineFailure('imports/wordsFailed', { jobId, fulltext: z.string() });

export const changesRequested = defineIntent('imports/changesRequested', { jobId });
/**
 * A job's page is open or closed. While it is open the epics follow its analysing items, fetch the
 * items on screen that the search gave by id only (`imports/itemsShown` {jobId, first, last}: the
 * grid's visible range), and search its items again when its upload queue empties.
 */
export const jobWatched = defineIntent('imports/jobWatched', { jobId });
export const jobUnwatched = defineIntent('imports/jobUnwatched', { jobId });
export const itemsShown = defineIntent('imports/itemsShown', { jobId, first: z.number(), last: z.number() });
export const changesLoaded = defineAnswer('imports/changesLoaded', { jobId, items: z.array(itemSchema) });
export const changesFailed = defineFailure('imports/changesFailed', { jobId });

export const jobWorkflowRequested = defineIntent('imports/jobWorkflowRequested', {
  jobId,
  action: z.string(),
});
export const jobWorkflowApplied = defineAnswer('imports/jobWorkflowApplied', {
  jobId,
  action: z.string(),
  job: z.nullable(jobSchema),
});
export const jobWorkflowFailed = defineFailure('imports/jobWorkflowFailed', { jobId, action: z.string() });

// --- items --------------------------------------------------------------------------------------

export const itemsSearchRequested = defineIntent('imports/itemsSearchRequested', {
  jobId,
  fulltext: z.optional(z.string()),
  query: z.optional(z.record(z.string(), z.unknown())),
  state: z.optional(z.string()),
  /** the items' order, `{field} asc|desc` (seed 001 §7 `orderby`); the server's own order without it */
  orderby: z.optional(z.string()),
});
export const itemsPageLoaded = defineAnswer('imports/itemsPageLoaded', {
  jobId,
  reset: z.boolean(),
  items: z.array(itemSchema),
  /** another page follows (a `moreResultsToken` came back) */
  more: z.boolean(),
  /** the `moreResultsToken`, asked at once as `after` */
  next: z.optional(z.nullable(z.string())),
});
export const itemsSearchFailed = defineFailure('imports/itemsSearchFailed', { jobId });

export const statusCountsRequested = defineIntent('imports/statusCountsRequested', { jobId });
export const statusCountsLoaded = defineAnswer('imports/statusCountsLoaded', {
  jobId,
  total: z.number(),
  counts: z.record(z.string(), z.number()),
});
export const statusCountsFailed = defineFailure('imports/statusCountsFailed', { jobId });

export const itemsFetchRequested = defineIntent('imports/itemsFetchRequested', { jobId, ids });
export const itemsFetchRefused = defineFact('imports/itemsFetchRefused', 'system', { jobId, ids, message });
export const itemsFetchStarted = defineFact('imports/itemsFetchStarted', 'system', { jobId, ids });
export const itemsFetched = defineAnswer('imports/itemsFetched', {
  jobId,
  ids,
  items: z.array(itemSchema),
  /** `$assetmetadataresources`: per resource its label, description and fields */
  resources: z.optional(z.unknown()),
  /** `headers.$assetmetadata`: per field the editable, mandatory and viewable flags */
  fields: z.optional(z.unknown()),
});
export const itemsFetchFailed = defineFailure('imports/itemsFetchFailed', { jobId, ids });

export const itemsTransferRequested = defineIntent('imports/itemsTransferRequested', {
  jobId,
  itemIds: ids,
  targetJobId: jobId,
});
export const itemsDeleteRequested = defineIntent('imports/itemsDeleteRequested', { jobId, itemIds: ids });
/** The items actually sent (busy ones skipped); the job goes fetching. */
export const itemsOperationStarted = defineFact('imports/itemsOperationStarted', 'system', {
  jobId,
  kind: z.enum(['transfer', 'delete']),
  itemIds: ids,
});
export const itemTransferred = defineAnswer('imports/itemTransferred', {
  jobId,
  itemId: z.string(),
  targetJobId: jobId,
  item: z.nullable(itemSchema),
});
export const itemTransferFailed = defineFailure('imports/itemTransferFailed', { jobId, itemId: z.string() });
export const itemDeleted = defineAnswer('imports/itemDeleted', { jobId, itemId: z.string() });
export const itemDeleteFailed = defineFailure('imports/itemDeleteFailed', { jobId, itemId: z.string() });
export const itemsOperationFinished = defineFact('imports/itemsOperationFinished', 'system', {
  jobId,
  kind: z.enum(['transfer', 'delete']),
  failed: z.number(),
});

export const itemsWorkflowRequested = defineIntent('imports/itemsWorkflowRequested', {
  jobId,
  itemIds: ids,
  action: z.string(),
});
export const itemsWorkflowChunkApplied = defineAnswer('imports/itemsWorkflowChunkApplied', {
  jobId,
  ids,
  action: z.string(),
});
export const itemsWorkflowChunkFailed = defineFailure('imports/itemsWorkflowChunkFailed', {
  jobId,
  ids,
  action: z.string(),
});
export const itemsWorkflowFinished = defineFact('imports/itemsWorkflowFinished', 'system', {
  jobId,
  action: z.string(),
  failed: z.number(),
});

/** Add items (PUT `{items:[ids]}`, protocol §15.1 [conv]): the items move into the job. */
export const itemsAddRequested = defineIntent('imports/itemsAddRequested', { jobId, itemIds: ids });
export const itemsAdded = defineAnswer('imports/itemsAdded', { jobId, itemIds: ids });
export const itemsAddFailed = defineFailure('imports/itemsAddFailed', { jobId, itemIds: ids });

/** The item workflow actions (`GET /rest/massimport/data/item/workflow`). */
export const workflowListRequested = defineIntent('imports/workflowListRequested', {});
export const workflowListLoaded = defineAnswer('imports/workflowListLoaded', {
  actions: z.array(z.unknown()),
});
export const workflowListFailed = defineFailure('imports/workflowListFailed');

// --- metadata commands --------------------------------------------------------------------------

export const metadataSetRequested = defineIntent('imports/metadataSetRequested', {
  requestId,
  jobId,
  itemIds: ids,
  data: z.record(z.string(), z.unknown()),
});
export const collectionChangeRequested = defineIntent('imports/collectionChangeRequested', {
  requestId,
  jobId,
  itemIds: ids,
  resource: z.string(),
});
export const validateRequested = defineIntent('imports/validateRequested', {
  requestId,
  jobId,
  itemIds: ids,
});

/** `patch`: the bulk patch of "Edit metadata" on many items (manage-events.ts), one request, no command. */
const commandKind = z.enum(['metadata', 'collection', 'validate', 'patch']);
export type CommandKind = z.infer<typeof commandKind>;
export const commandStarted = defineAnswer('imports/commandStarted', {
  requestId,
  jobId,
  kind: commandKind,
  commandIds: ids,
  itemIds: ids,
  fields: z.array(z.string()),
  validationJob: z.optional(z.string()),
});
export const commandRefused = defineFact('imports/commandRefused', 'system', {
  requestId,
  jobId,
  kind: commandKind,
  message,
});
export const commandFailed = defineFailure('imports/commandFailed', { requestId, jobId, kind: commandKind });
export const commandStatusLoaded = defineAnswer('imports/commandStatusLoaded', {
  jobId,
  statuses: z.array(z.object({ id: z.string(), done: z.boolean() })),
  /** the items of the commands now done: fetched again */
  doneItemIds: ids,
});
export const commandStatusFailed = defineFailure('imports/commandStatusFailed', {
  jobId,
  commandIds: ids,
  /** consecutive failures so far (the next poll waits longer) */
  attempt: z.number(),
});

// --- uploads ------------------------------------------------------------------------------------

const uploadFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number(),
  type: z.optional(z.string()),
});
export type UploadFileInfo = z.infer<typeof uploadFileSchema>;

export const filesAdded = defineIntent(
  'imports/filesAdded',
  { jobId, files: z.array(uploadFileSchema), unzip: z.optional(z.boolean()) },
  ['files[].name'],
);
/** A slot is free: the file takes it unless `limit` files already run (the fold decides, in order). */
export const uploadResolving = defineFact('imports/uploadResolving', 'system', {
  id: z.string(),
  limit: z.number(),
});
/** When the request left (speed and time left) is the event's own time, `meta.at`. */
export const uploadStarted = defineFact('imports/uploadStarted', 'system', { id: z.string() });
/** Upload progress as the browser reports it, in steps of `uploadProgressStepPct`. */
export const uploadProgressed = defineFact('imports/uploadProgressed', 'system', {
  id: z.string(),
  loaded: z.number(),
  total: z.number(),
  /** whole percent, 0..100 */
  progress: z.number(),
});
export const uploadLoaded = defineAnswer('imports/uploadLoaded', {
  id: z.string(),
  jobId,
  item: z.nullable(itemSchema),
});
export const uploadFailed = defineFailure('imports/uploadFailed', {
  id: z.string(),
  jobId,
  message,
  /** `error.message.format` for the format refusals 400/9 and 400/17 */
  messageKey: z.optional(z.string()),
  /** the network or the server failed it (not a refusal): its File is kept to send again */
  retryable: z.optional(z.boolean()),
});
export const uploadRetryRequested = defineIntent('imports/uploadRetryRequested', { id: z.string(), jobId });
export const uploadCanceled = defineFact('imports/uploadCanceled', 'system', { id: z.string(), jobId });
export const uploadRemoveRequested = defineIntent('imports/uploadRemoveRequested', { id: z.string() });
export const uploadCancelFailed = defineFact('imports/uploadCancelFailed', 'system', {
  id: z.string(),
  message,
});
export const uploadConcurrencyChangeRequested = defineIntent('imports/uploadConcurrencyChangeRequested', {
  value: z.number(),
});
export const uploadConcurrencySet = defineFact('imports/uploadConcurrencySet', 'system', {
  value: z.number(),
});
export const failedUploadsCleared = defineIntent('imports/failedUploadsCleared', { jobId });

/** A file that was waiting when the page went away: its File is gone, it must be chosen again. */
export const resumeFileSchema = z.object({ id: z.string(), jobId, name: z.string(), size: z.number() });
export type ResumeFile = z.infer<typeof resumeFileSchema>;
export const uploadsRestored = defineFact(
  'imports/uploadsRestored',
  'storage',
  { files: z.array(resumeFileSchema) },
  ['files[].name'],
);
export const resumeDismissed = defineIntent('imports/resumeDismissed', { jobId: z.optional(jobId) });
