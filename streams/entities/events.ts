import * as z from 'zod/mini';
import { defineAnswer, defineEvent, defineFact, defineFailure, defineIntent } from '../core/event';
import { entityIdSchema, statusSchema } from './model';

/**
 * Entities, drafts and variations (protocol §12; seed 002 §3-§5). An entity is keyed
 * `${path}|${id}` (`entityKey`); the asset path is `dam/data/asset`, resource `asset`.
 *
 * Public API (events to dispatch)
 * - `entities/fetchRequested` {path, id, forUpdate?, props?, withRights?, withFacets?, maxchildren?,
 *   security?}: skipped while the entity is fetching or initial; `entities/fetchStarted` (resolved →
 *   initial, else resolving), then `entities/loaded` {data} | `entities/notFound` (404 or
 *   `response.data === null`: name `ID #{id} NOT FOUND`) | `entities/fetchFailed` (name `FAILED ON ID #{id}`).
 *   Entities a list returned are marked resolved (`entities/listed`).
 * - Writes, each with an optional `ticket` echoed in its answer and failure, and `form`
 *   ('json', the default: `/json/...` with `prop_*` fields, then a fetch; or 'rest': `/rest/...` json):
 *   `createRequested` {path, values} → `created` {id, data} (a cancellation gives id and data null)
 *   | `createFailed`; `updateRequested` {path, id, values} → `updated` | `updateFailed`;
 *   `patchRequested` {path, id, values} → `patched` | `patchFailed` (the entity goes fetching or
 *   initial and gets its status back on failure); `deleteRequested` → `deleted` | `deleteFailed`;
 *   `workflowRequested` {path, id, action} → `workflowApplied` | `workflowFailed`. Failures carry
 *   `message` (protocol §12.2 text) and `error`.
 * - Drafts: `draftChanged` {path, id, changes?, field?, value?, at} (a change equal to the stored
 *   value is dropped; neither field nor changes → `draftRefused`); `draftSaveRequested` {path, id}
 *   → `draftSaved` {data} | `draftSaveFailed`; `draftRolledBack`. Kept under `config.draftStorageKey`
 *   (`draftsRestored` on start).
 * - `moreValuesRequested` {path, id, field, sub?, maxchildren?} → `moreValuesLoaded` | `moreValuesFailed`.
 * - `variationsRequested` {resource, id} → `variationsLoaded` | `variationsNotFound` | `variationsFailed`;
 *   `variationDetailRequested` {path, id, variation, variations?} → `variationDetailLoaded` | `variationDetailFailed`.
 * - `facesPreviewRequested` {path, id} → `facesPreviewLoaded` {faces} | `facesPreviewFailed`.
 * - `lookupTyped` {key, path, text, field?, value?} → (typeahead debounce per key) →
 *   `lookupLoaded` {key, candidates} | `lookupFailed`; `lookupCleared` {key}.
 * - `namesRequested` {path, ids} → `namesStarted` {path, ids} (only the ids never asked, or whose
 *   ask failed) → `namesLoaded` {path, ids, names} | `namesFailed`.
 *
 * Selectors (`streams/entities/selectors.ts`): entityKey, selectEntity, selectEntityRights,
 * selectEntityWrite, selectDraft, selectDraftValues, selectVariations, selectVariationDetail,
 * selectFaces, selectFacesPreview, selectMoreValues, selectLookup, selectNames, selectKnownNames,
 * selectEntityName.
 */

const path = z.string();
const id = entityIdSchema;
const ticket = z.optional(z.string());
const form = z.optional(z.enum(['json', 'rest']));
const values = z.record(z.string(), z.unknown());
const data = z.record(z.string(), z.unknown());
const message = z.string();

// --- fetch -----------------------------------------------------------------------------------

export const fetchRequested = defineIntent('entities/fetchRequested', {
  path,
  id,
  forUpdate: z.optional(z.boolean()),
  props: z.optional(z.array(z.string())),
  withRights: z.optional(z.boolean()),
  withFacets: z.optional(z.boolean()),
  maxchildren: z.optional(z.number()),
  security: z.optional(z.array(z.string())),
  /** the schema's headers inline (always sent, default false) */
  headers: z.optional(z.boolean()),
});
export const fetchStarted = defineFact('entities/fetchStarted', 'system', { path, id });
export const loaded = defineAnswer('entities/loaded', { path, id, data });
export const notFound = defineAnswer('entities/notFound', { path, id });
export const fetchFailed = defineFailure('entities/fetchFailed', { path, id });

/** Rows a list returned (protocol §12.2): entities not known yet become `resolved`. */
export const listed = defineFact('entities/listed', 'system', { path, ids: z.array(id) });

// --- writes ----------------------------------------------------------------------------------

export const createRequested = defineIntent('entities/createRequested', { path, values, ticket, form });
/** `id` and `data` are null when the creation was cancelled (protocol §1.9). */
export const created = defineAnswer('entities/created', {
  path,
  id: z.nullable(id),
  data: z.nullable(data),
  ticket,
});
export const createFailed = defineFailure('entities/createFailed', { path, message, ticket });

export const updateRequested = defineIntent('entities/updateRequested', { path, id, values, ticket, form });
export const updated = defineAnswer('entities/updated', { path, id, data, ticket });
export const updateFailed = defineFailure('entities/updateFailed', { path, id, message, ticket });

export const patchRequested = defineIntent('entities/patchRequested', { path, id, values, ticket });
export const patched = defineAnswer('entities/patched', { path, id, data, ticket });
/** `previousStatus`: what the entity was before the patch, given back. */
export const patchFailed = defineFailure('entities/patchFailed', {
  path,
  id,
  message,
  ticket,
  previousStatus: statusSchema,
});

export const deleteRequested = defineIntent('entities/deleteRequested', { path, id, ticket, form });
export const deleted = defineAnswer('entities/deleted', { path, id, ticket });
export const deleteFailed = defineFailure('entities/deleteFailed', { path, id, message, ticket });

export const workflowRequested = defineIntent('entities/workflowRequested', {
  path,
  id,
  action: z.string(),
  ticket,
  form,
});
export const workflowApplied = defineAnswer('entities/workflowApplied', { path, id, data, ticket });
export const workflowFailed = defineFailure('entities/workflowFailed', { path, id, message, ticket });

// --- drafts ----------------------------------------------------------------------------------

/** `at`: when the change was made (the draft's `since` is its first change's). */
export const draftChanged = defineIntent('entities/draftChanged', {
  path,
  id,
  changes: z.optional(values),
  field: z.optional(z.string()),
  value: z.optional(z.unknown()),
  at: z.number(),
});
export const draftRefused = defineEvent('entities/draftRefused', z.object({ path, id, message }), {
  source: 'system',
  failure: true,
  redact: [],
});
export const draftSaveRequested = defineIntent('entities/draftSaveRequested', { path, id });
export const draftSaveStarted = defineFact('entities/draftSaveStarted', 'system', { path, id });
export const draftSaved = defineAnswer('entities/draftSaved', { path, id, data });
export const draftSaveFailed = defineFailure('entities/draftSaveFailed', { path, id, message });
export const draftRolledBack = defineIntent('entities/draftRolledBack', { path, id });

export const draftRecordSchema = z.object({ path, id, changes: values, since: z.number() });
export type DraftRecord = z.infer<typeof draftRecordSchema>;
/** The drafts kept under `config.draftStorageKey`, read once when the entities start. */
export const draftsRestored = defineFact('entities/draftsRestored', 'storage', {
  drafts: z.array(draftRecordSchema),
});

// --- more values of a field ------------------------------------------------------------------

export const moreChildrenSchema = z.looseObject({
  count: z.optional(z.nullable(z.number())),
  total: z.optional(z.nullable(z.number())),
  first: z.optional(z.nullable(z.number())),
  nextToken: z.optional(z.nullable(z.string())),
  hasMoreResults: z.optional(z.nullable(z.boolean())),
});
export type MoreChildren = z.infer<typeof moreChildrenSchema>;

export const moreValuesRequested = defineIntent('entities/moreValuesRequested', {
  path,
  id,
  field: z.string(),
  sub: z.optional(z.string()),
  maxchildren: z.optional(z.number()),
});
export const moreValuesLoaded = defineAnswer('entities/moreValuesLoaded', {
  path,
  id,
  field: z.string(),
  sub: z.optional(z.string()),
  values: z.array(z.unknown()),
  more: z.nullable(moreChildrenSchema),
});
export const moreValuesFailed = defineFailure('entities/moreValuesFailed', {
  path,
  id,
  field: z.string(),
  sub: z.optional(z.string()),
});

// --- variations ------------------------------------------------------------------------------

export const variationSchema = z.looseObject({ name: z.string() });
export type Variation = z.infer<typeof variationSchema>;

export const variationsRequested = defineIntent('entities/variationsRequested', { resource: z.string(), id });
export const variationsLoaded = defineAnswer('entities/variationsLoaded', {
  resource: z.string(),
  id,
  variations: z.array(variationSchema),
});
export const variationsNotFound = defineAnswer('entities/variationsNotFound', { resource: z.string(), id });
export const variationsFailed = defineFailure('entities/variationsFailed', { resource: z.string(), id });

export const variationDetailRequested = defineIntent('entities/variationDetailRequested', {
  path,
  id,
  variation: z.string(),
  variations: z.optional(z.string()),
});
export const variationDetailLoaded = defineAnswer('entities/variationDetailLoaded', {
  path,
  id,
  variation: z.string(),
  detail: z.unknown(),
  sizes: z.unknown(),
});
export const variationDetailFailed = defineFailure('entities/variationDetailFailed', {
  path,
  id,
  variation: z.string(),
});

// --- faces -----------------------------------------------------------------------------------

export const facesPreviewRequested = defineIntent('entities/facesPreviewRequested', { path, id });
export const facesPreviewLoaded = defineAnswer('entities/facesPreviewLoaded', {
  path,
  id,
  faces: z.record(z.string(), z.unknown()),
});
export const facesPreviewFailed = defineFailure('entities/facesPreviewFailed', { path, id });

// --- relation lookups and names --------------------------------------------------------------

/**
 * Text typed in a relation field (`key` names the field on screen). `path` is the related
 * schema's path; `field`/`value` add an equality constraint.
 */
export const lookupTyped = defineIntent('entities/lookupTyped', {
  key: z.string(),
  path,
  text: z.string(),
  field: z.optional(z.string()),
  value: z.optional(z.unknown()),
});
export const lookupCleared = defineIntent('entities/lookupCleared', { key: z.string() });
const candidateSchema = z.object({ id, name: z.string() });
export type Candidate = z.infer<typeof candidateSchema>;
export const lookupLoaded = defineAnswer('entities/lookupLoaded', {
  key: z.string(),
  text: z.optional(z.string()),
  candidates: z.array(candidateSchema),
});
export const lookupFailed = defineFailure('entities/lookupFailed', { key: z.string() });

export const namesRequested = defineIntent('entities/namesRequested', { path, ids: z.array(id) });
export const namesStarted = defineFact('entities/namesStarted', 'system', { path, ids: z.array(id) });
/** `ids` as asked: one the answer does not name has no name, and is not asked again */
export const namesLoaded = defineAnswer('entities/namesLoaded', {
  path,
  ids: z.array(id),
  names: z.record(z.string(), z.string()),
});
export const namesFailed = defineFailure('entities/namesFailed', { path, ids: z.array(id) });
