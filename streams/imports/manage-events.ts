import * as z from 'zod/mini';
import { defineAnswer, defineFact, defineIntent } from '../core/event';
import { itemSchema } from './events';

/**
 * Mass import, managing a job and many of its items at once (issue 24; seed 001 §7, seed 002 §7).
 * The job writes themselves (delete, owner, sub-jobs, workflow) are in events.ts.
 *
 * Public API (events to dispatch)
 * - A write on a job the state does not hold (never read, not found, deleted) is refused before
 *   any request: `imports/jobWriteRefused` {jobId, message `Job is unknown`} (the job's writeError).
 * - A read of a job's data (items search, status counts, analysing count) on a job known to be
 *   gone (not found, deleted): `imports/jobDataRefused` {jobId, message `Cannot fetch data on
 *   unknown job`} (the job's search goes error).
 * - Bulk patch ("Edit metadata" on many items): `imports/itemsPatchRequested` {requestId, jobId,
 *   itemIds, data} → POST `/rest/massimport/data/item/{ids}` with override PATCH and form `json`
 *   → `imports/itemsPatched` (the items are read again) | `imports/commandFailed` /
 *   `imports/commandRefused` (kind `patch`, same request record as the metadata commands).
 * - One item's workflow step (`itemsWorkflowRequested` with one id) uses the single-item shape and
 *   stores the answer: `imports/itemWorkflowApplied` {jobId, itemId, action, item}.
 */

const jobId = z.string();
const message = z.string();

export const UNKNOWN_JOB = 'Job is unknown';
export const NO_DATA_ON_UNKNOWN_JOB = 'Cannot fetch data on unknown job';
/** The code of the domain's own refusals of a job it does not know (not a server answer). */
export const UNKNOWN_JOB_CODE = 'error.imports.unknownJob';

export const jobWriteRefused = defineFact('imports/jobWriteRefused', 'system', { jobId, message });
export const jobDataRefused = defineFact('imports/jobDataRefused', 'system', { jobId, message });

export const itemsPatchRequested = defineIntent('imports/itemsPatchRequested', {
  requestId: z.string(),
  jobId,
  itemIds: z.array(z.string()),
  data: z.record(z.string(), z.unknown()),
});
export const itemsPatched = defineAnswer('imports/itemsPatched', {
  requestId: z.string(),
  jobId,
  itemIds: z.array(z.string()),
});

export const itemWorkflowApplied = defineAnswer('imports/itemWorkflowApplied', {
  jobId,
  itemId: z.string(),
  action: z.string(),
  item: z.nullable(itemSchema),
});
