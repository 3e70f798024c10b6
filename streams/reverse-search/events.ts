import * as z from 'zod/mini';
import { defineAnswer, defineFact, defineFailure, defineIntent } from '../core/event';

/**
 * Reverse image search (protocol §21; seed 002 §7). `{uuid}` is the asset's `$uuid`.
 *
 * Public API (events to dispatch)
 * - `reverseSearch/featureRequested` {}: GET /packaged/reverse-search/feature/status; the
 *   feature is on when the status is below 400 (the body is ignored). Asked once: skipped while
 *   fetching or loaded. → `featureStarted` → `featureLoaded` {enabled: true} | `featureFailed`
 *   (status `error`, the feature off: §21 "a failure gives error").
 * - `reverseSearch/permissionsRequested` {uuid}: GET …/permissions/{uuid} → `permissionsStarted`
 *   → `permissionsLoaded` {uuid, canSubmit, canViewReport} | `permissionsFailed` (error).
 * - `reverseSearch/submitRequested` {uuid} ("Find copies on the web"): POST …/submit/{uuid}
 *   (answer not read) → `submitStarted` → `submitted`, then the report is asked every
 *   config.reverseSearchPollMs (`reportChecked` {uuid, attempt} while it is not ready: 404, 409
 *   or 202), at most config.reverseSearchPollTries times (then `reportFailed` 'The report is not
 *   ready'); once GET …/report/{uuid} answers a file, the browser is handed its address and names
 *   the file from `Content-Disposition` (deps.downloads, like the zips): `reportDelivered`.
 *   `submitFailed` / `reportFailed` {uuid, error} end in `error`.
 * - `reverseSearch/reportRequested` {uuid}: downloads the existing report (canViewReport) the
 *   same way, without submitting: one check, then `reportDelivered` or `reportFailed`.
 * - `reverseSearch/reset` {uuid}: back to `idle` (after an error or a delivered report).
 *
 * Job states (selectReverseSearchJob): idle → submitting → waiting → downloading → done | error.
 * Selectors: selectReverseSearchFeature (status, enabled), selectReverseSearchPermissions(uuid),
 * selectReverseSearchJob(uuid), selectCanReverseSearch(uuid) (feature on and canSubmit: the
 * button shows only then), reportFileName(contentDisposition) (the name a header gives).
 */

const uuid = z.string().check(z.minLength(1));

export const featureRequested = defineIntent('reverseSearch/featureRequested', {});
export const featureStarted = defineFact('reverseSearch/featureStarted', 'system', {});
export const featureLoaded = defineAnswer('reverseSearch/featureLoaded', { enabled: z.boolean() });
export const featureFailed = defineFailure('reverseSearch/featureFailed');

export const permissionsRequested = defineIntent('reverseSearch/permissionsRequested', { uuid });
export const permissionsStarted = defineFact('reverseSearch/permissionsStarted', 'system', { uuid });
export const permissionsLoaded = defineAnswer('reverseSearch/permissionsLoaded', {
  uuid,
  canSubmit: z.boolean(),
  canViewReport: z.boolean(),
});
export const permissionsFailed = defineFailure('reverseSearch/permissionsFailed', { uuid });

export const submitRequested = defineIntent('reverseSearch/submitRequested', { uuid });
export const submitStarted = defineFact('reverseSearch/submitStarted', 'system', { uuid });
export const submitted = defineAnswer('reverseSearch/submitted', { uuid });
export const submitFailed = defineFailure('reverseSearch/submitFailed', { uuid });

export const reportRequested = defineIntent('reverseSearch/reportRequested', { uuid });
/** The report is not ready yet (attempt n of config.reverseSearchPollTries): asked again later. */
export const reportChecked = defineAnswer('reverseSearch/reportChecked', { uuid, attempt: z.number() });
/** The report is there: its address is handed to the browser (state `downloading`). */
export const reportReady = defineAnswer('reverseSearch/reportReady', { uuid, url: z.string() });
export const reportDelivered = defineFact('reverseSearch/reportDelivered', 'system', { uuid });
export const reportFailed = defineFailure('reverseSearch/reportFailed', { uuid });

export const reset = defineIntent('reverseSearch/reset', { uuid });
