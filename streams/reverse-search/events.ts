import * as z from 'zod/mini';
import { minLength } from '../core/bounds';
import { defineAnswer, defineFact, defineFailure, defineIntent } from '../core/event';
import { copySchema } from './copies';

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
 *   They are the caller's: when who-am-I names another user they are `permissionsForgotten` (an
 *   answer still on its way is dropped) and the next "Find copies on the web" asks them again.
 * - `reverseSearch/findRequested` {uuid} ("Find copies on the web" before the rights are known):
 *   `featureRequested` (when not loaded) and `permissionsRequested`, then, once both answered,
 *   `submitRequested` (canSubmit) or `reportRequested` (canViewReport), or nothing.
 * - `reverseSearch/submitRequested` {uuid} ("Find copies on the web" once allowed): POST …/submit/{uuid}
 *   (answer not read) → `submitStarted` → `submitted`, then GET …/report/{uuid} (a blob) at once
 *   read as text, at once and every config.reverseSearchPollMs while it is not ready (409, 404,
 *   or 202: `reportChecked` {uuid, attempt}), at most config.reverseSearchPollTries times (then
 *   `reportFailed` 'The report is not ready'). The copies the report lists are shown on the page
 *   (issue 28): `copiesFound` {uuid, fileName, copies} (copies null: a report that is no table).
 *   `submitFailed` / `reportFailed` {uuid, error} end in `error`.
 * - `reverseSearch/reportRequested` {uuid}: downloads the report file (canViewReport) without
 *   submitting: one ask as a blob, handed to the browser (deps.downloads.open with an object URL,
 *   like the zips), named from its `Content-Disposition`: `reportDelivered` {uuid, fileName}, or
 *   `reportFailed` (a 404 is the server's 'No report for this asset…'). Copies found stay shown.
 * - `reverseSearch/reset` {uuid}: back to `idle` (after an error or a delivered report).
 *
 * Job states (selectReverseSearchJob): idle → submitting → waiting → done | error; a download of
 * an existing report: idle → downloading → done | error.
 * Selectors: selectReverseSearchFeature (status, enabled), selectReverseSearchPermissions(uuid),
 * selectReverseSearchJob(uuid), selectCanReverseSearch(uuid) (feature on and canSubmit: the
 * button shows only then), selectCanViewReverseSearchReport(uuid).
 */

const uuid = z.string().check(minLength(1));

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
/** Who-am-I named another user: the permissions known were the previous caller's. */
export const permissionsForgotten = defineFact('reverseSearch/permissionsForgotten', 'system', {});

/**
 * "Find copies on the web" pressed while the caller's rights are not known yet (issue 26: they are
 * asked on demand, not with the asset page): the permissions asked, the feature too while not
 * known, then `submitRequested` or `reportRequested` as they allow, nothing when they allow neither.
 */
export const findRequested = defineIntent('reverseSearch/findRequested', { uuid });

export const submitRequested = defineIntent('reverseSearch/submitRequested', { uuid });
export const submitStarted = defineFact('reverseSearch/submitStarted', 'system', { uuid });
export const submitted = defineAnswer('reverseSearch/submitted', { uuid });
export const submitFailed = defineFailure('reverseSearch/submitFailed', { uuid });

export const reportRequested = defineIntent('reverseSearch/reportRequested', { uuid });
/** The report is not ready yet (attempt n of config.reverseSearchPollTries): asked again later. */
export const reportChecked = defineAnswer('reverseSearch/reportChecked', { uuid, attempt: z.number() });
/** The report came: the copies it lists, the closest first (null: it holds no table of copies). */
export const copiesFound = defineAnswer('reverseSearch/copiesFound', {
  uuid,
  fileName: z.nullable(z.string()),
  copies: z.nullable(z.array(copySchema)),
});
/**
 * The report came and was handed to the browser (deps.downloads.open), named from its
 * `Content-Disposition` (`fileName`, null when the server gave none: `reverse-search-{uuid}`).
 */
export const reportDelivered = defineAnswer('reverseSearch/reportDelivered', {
  uuid,
  fileName: z.nullable(z.string()),
});
export const reportFailed = defineFailure('reverseSearch/reportFailed', { uuid });

export const reset = defineIntent('reverseSearch/reset', { uuid });
