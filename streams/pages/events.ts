import * as z from 'zod/mini';
import { defineAnswer, defineFact, defineFailure, defineIntent } from '../core/event';

/**
 * CMS pages (protocol §14; seed 002 §2-§5): the page list, a page by path with its component tree,
 * and the page builder's edit mode (work copy, draft page, dirty widgets, save, publish).
 *
 * Public API (events to dispatch)
 * - `pages/listRequested` {force?}: `GET /rest/data/page?query={"ismodel":false}`; status unknown →
 *   initial, later fetching; then `pages/listLoaded` {pages} | `pages/listFailed`. Skipped while
 *   busy, or once loaded unless `force`.
 * - `pages/pageRequested` {path, status?}: the list first (when not loaded), then among the pages of
 *   that path whose status (a page without status counts as 2) equals `status` (default 6) the
 *   highest `version` wins; `GET /rest/data/page/{id}`, its widgets and files (following
 *   `links.nextResultsToken` via `after`). Status: unknown → resolving, otherwise initial (or
 *   fetching once loaded), then `pages/pageLoaded` {path, page, widgets, files} | `pages/pageFailed`
 *   {path, error}. An unknown path: `pages/pageFailed` with error code `error.http.404`, status 404,
 *   message `Unknown page of path {path}. Cannot fetch it` and `body: {path}`.
 * - Edit mode (alice; `selectCanEditPage`): `pages/editModeEntered` {path} asks the work copy
 *   (`GET /rest/bs/clubwed_getWorkCopy/clubwedpagedesc/{id}`: `pages/workCopyStarted` →
 *   `pages/workCopyLoaded` {path, pageId, workCopyId} (0: none, the page itself is edited) |
 *   `pages/workCopyFailed`) then loads the draft page (the work copy, else the page) with its widgets
 *   and files: `pages/draftLoaded` {path, page, widgets, files} | `pages/draftFailed`.
 *   `pages/editModeLeft` {path} drops the draft and its unsaved changes (the view warns first).
 * - `pages/blockChanged` {path, uid, changes: {value?, props?, enabled?, name?}}: a local edit of a
 *   component of the draft (`uid` `clubwedwidget_{id}`, or `clubwedpagedesc_{id}` for the page);
 *   marks it dirty. `props` is the whole new props object (attachments excluded). Text equal to
 *   `[ WRITE HERE ]` is never kept (the placeholder is not a value).
 *   `pages/blockChangeUndone` {path}: the last block change before saving is undone (event-sourced).
 * - `pages/saveRequested` {path}: PATCH `/json/update/{object}/{id}` for each dirty component only,
 *   `prop_value`, `prop_props` (JSON text), `prop_position`, `prop_enabled`, `prop_name` in the
 *   query string (absent values omitted) → `pages/saved` {path, uids} | `pages/saveFailed`.
 * - `pages/publishRequested` {path}: refused with unsaved changes (`pages/publishFailed`);
 *   PATCH `/json/workflow/data.page.workflow/{draftId}?action=validate` → `pages/published` {path, id};
 *   then the page is reloaded through `copietravail` (its work copy id when non-null, else its id):
 *   `pages/pageLoaded`. Edit mode ends (the draft is now the live page).
 * - `pages/blockAddRequested` {path, parentUid, slot, component, index?}: the parent's template of
 *   that component is assigned among its children, as the reference does: `affect_collection.jspz`
 *   (form_object = the parent's object, form_id, form_field = `children`, form_value = the child ids
 *   in order with the template's at its place), then its copy is given the slot when the template's
 *   differs (a save of `prop_slot`), then the sort (§14.1), then the copy is read (the one-widget call) →
 *   `pages/blockAdded` {path, ids, widgets, files} then `pages/blockMoved` {path, order} |
 *   `pages/blockAddFailed` (then the draft reloads when the server has changed).
 * - `pages/blockMoveRequested` {path, uid, offset} (any number of places within its slot, negative
 *   up): the sort call (`sort.jspz`, the slot's widgets in their new order) → `pages/blockMoved`
 *   {path, order} | `pages/blockMoveFailed`. Positions become 1..n in that order.
 * - `pages/blockTransferRequested` {path, uid, parentUid, slot, index}: a move to another slot.
 *   The protocol has no call that changes a widget's parent or slot, so it is made of its calls:
 *   assign a widget of the same type to the target slot, save the block's fields (local changes
 *   included) on it, sort the slot with it at `index`, delete the old widget, reload the draft →
 *   `pages/blockTransferred` {path, uid, id} then `pages/draftLoaded` | `pages/blockTransferFailed`
 *   (then the draft reloads too: the server's page is shown as it is). Refused locally for a block
 *   that holds blocks or files (they would be left behind).
 * - `pages/blockRemoveRequested` {path, uid}: DELETE `/json/delete/clubwedwidget/{id}` →
 *   `pages/blockRemoved` {path, uid}, then the draft reloads (`pages/draftLoaded`) |
 *   `pages/blockRemoveFailed`.
 * - `pages/attachmentReplaceRequested` {path, fileId, fileKey (the file's key in `deps.files`),
 *   fileName}: multipart `prop_file` twice (file, then its name) → `pages/attachmentReplaced`
 *   {path, fileId, value} | `pages/attachmentReplaceFailed`. The file is never in an event.
 * - `pages/editorConfigRequested`: `GET /wedia/froala/config` → `pages/editorConfigLoaded`
 *   {config: {toolbar, heightMin, pastePlain}} (a licence key it may carry is dropped) | `pages/editorConfigFailed`.
 *   Every write failure carries `message` and `error`.
 *
 * Selectors (`streams/pages/selectors.ts`): selectPageList (live pages: status 6, highest version
 * per path), selectPageIndex (every non-model page with status and version, for editors),
 * selectPage(path) (status, error, page), selectPageTree(path) (the live component tree),
 * selectEditSession(path), selectDraftTree(path), selectShownTree(path) (draft while editing, else
 * live), selectCanEditPage(path), selectEditorConfig, selectBlockSiblings(path, uid).
 *
 * The component tree (`PageComponent`, streams/pages/model.ts): {uid, componentFullUid, object,
 * id, component, name, slot, position, props (parsed JSON + attachments by name), propsError (a
 * broken JSON of this block only), value (raw server text: rich text is HTML, sanitise before
 * rendering), enabled, features, validchildren, children (by slot, sorted by position),
 * attachments (name → {id, file, modified}), dirty}. The root is the page (object
 * `clubwedpagedesc`, component = its template).
 */

const path = z.string();
const uid = z.string();
const message = z.string();

/** A page row as the server sends it (`props` is JSON text, kept raw: parsed by the selectors). */
const pageRecordSchema = z.object({
  id: z.number(),
  name: z.string(),
  template: z.string(),
  path: z.string(),
  props: z.string(),
  features: z.array(z.string()),
  /** the templates it may hold: ids of widgets (protocol §14.1 `validchildren`) */
  validchildren: z.array(z.number()),
  version: z.number(),
  /** null: counts as 2 */
  status: z.nullable(z.number()),
  copietravail: z.nullable(z.number()),
});
export type PageRecord = z.infer<typeof pageRecordSchema>;

const widgetRecordSchema = z.object({
  id: z.number(),
  parent: z.string(),
  /** JSON text, kept raw: a broken one is an error on its block only */
  props: z.string(),
  value: z.nullable(z.string()),
  position: z.number(),
  enabled: z.boolean(),
  name: z.string(),
  component: z.string(),
  slot: z.string(),
  features: z.array(z.string()),
  validchildren: z.array(z.number()),
});
export type WidgetRecord = z.infer<typeof widgetRecordSchema>;

const fileRecordSchema = z.object({
  id: z.number(),
  parent: z.string(),
  name: z.string(),
  file: z.string(),
  modified: z.nullable(z.string()),
});
export type FileRecord = z.infer<typeof fileRecordSchema>;

const blockChangesSchema = z.object({
  value: z.optional(z.nullable(z.string())),
  props: z.optional(z.record(z.string(), z.unknown())),
  enabled: z.optional(z.boolean()),
  name: z.optional(z.string()),
});
export type BlockChanges = z.infer<typeof blockChangesSchema>;

const content = {
  path,
  page: pageRecordSchema,
  widgets: z.array(widgetRecordSchema),
  files: z.array(fileRecordSchema),
  /** the templates the page and its widgets may hold (read for a draft only: the editor offers them) */
  templates: z.optional(z.array(widgetRecordSchema)),
};

// --- list ------------------------------------------------------------------------------------

export const listRequested = defineIntent('pages/listRequested', { force: z.optional(z.boolean()) });
export const listStarted = defineFact('pages/listStarted', 'system', {});
export const listLoaded = defineAnswer('pages/listLoaded', { pages: z.array(pageRecordSchema) });
export const listFailed = defineFailure('pages/listFailed');

// --- page by path ----------------------------------------------------------------------------

export const pageRequested = defineIntent('pages/pageRequested', { path, status: z.optional(z.number()) });
export const pageStarted = defineFact('pages/pageStarted', 'system', { path, id: z.number() });
export const pageLoaded = defineAnswer('pages/pageLoaded', content);
export const pageFailed = defineFailure('pages/pageFailed', { path });

// --- edit mode -------------------------------------------------------------------------------

export const editModeEntered = defineIntent('pages/editModeEntered', { path });
export const editModeLeft = defineIntent('pages/editModeLeft', { path });
export const workCopyStarted = defineFact('pages/workCopyStarted', 'system', { path, pageId: z.number() });
export const workCopyLoaded = defineAnswer('pages/workCopyLoaded', {
  path,
  pageId: z.number(),
  workCopyId: z.number(),
});
export const workCopyFailed = defineFailure('pages/workCopyFailed', { path });
export const draftLoaded = defineAnswer('pages/draftLoaded', content);
export const draftFailed = defineFailure('pages/draftFailed', { path });

export const blockChanged = defineIntent('pages/blockChanged', { path, uid, changes: blockChangesSchema });
export const blockChangeUndone = defineIntent('pages/blockChangeUndone', { path });

/**
 * What a save writes, taken when the outbox keeps it (issue 25): its components' fields on the
 * work copy, and the changes typed (the editor shows them again after a reload until it is saved).
 */
const keptSaveSchema = z.object({
  draftId: z.number(),
  uids: z.array(uid),
  sent: z.array(z.object({ object: z.string(), id: z.number(), fields: z.record(z.string(), z.string()) })),
  changes: z.record(uid, blockChangesSchema),
});
export type KeptSave = z.infer<typeof keptSaveSchema>;
/** `kept`: a save the outbox kept, sent again as it was made (no edit session needed). */
export const saveRequested = defineIntent('pages/saveRequested', { path, kept: z.optional(keptSaveSchema) });
/** The changes of a kept save, shown again in the editor of its work copy (after a reload). */
export const keptChangesRestored = defineFact('pages/keptChangesRestored', 'storage', {
  path,
  changes: z.record(uid, blockChangesSchema),
});
export const saveStarted = defineFact('pages/saveStarted', 'system', { path, uids: z.array(uid) });
export const saved = defineAnswer('pages/saved', { path, uids: z.array(uid) });
export const saveFailed = defineFailure('pages/saveFailed', { path, message });

export const publishRequested = defineIntent('pages/publishRequested', { path });
export const publishStarted = defineFact('pages/publishStarted', 'system', { path, id: z.number() });
export const published = defineAnswer('pages/published', { path, id: z.number() });
export const publishFailed = defineFailure('pages/publishFailed', { path, message });

export const blockAddRequested = defineIntent('pages/blockAddRequested', {
  path,
  parentUid: uid,
  slot: z.string(),
  component: z.string(),
  /** where in the slot the block goes (an insertion point); absent: at the end */
  index: z.optional(z.number()),
});
export const blockAdded = defineAnswer('pages/blockAdded', {
  path,
  ids: z.array(z.number()),
  widgets: z.array(widgetRecordSchema),
  files: z.array(fileRecordSchema),
});
export const blockAddFailed = defineFailure('pages/blockAddFailed', { path, message });

export const blockMoveRequested = defineIntent('pages/blockMoveRequested', { path, uid, offset: z.number() });
/** `order`: the widget ids of the slot in their new order (positions 1..n). */
export const blockMoved = defineAnswer('pages/blockMoved', { path, order: z.array(z.number()) });
export const blockMoveFailed = defineFailure('pages/blockMoveFailed', { path, message });

/** A move to another slot (of the same parent or another): `index` is its place there. */
export const blockTransferRequested = defineIntent('pages/blockTransferRequested', {
  path,
  uid,
  parentUid: uid,
  slot: z.string(),
  index: z.number(),
});
/** `id`: the widget that now holds the block in its new slot (`uid` is gone). */
export const blockTransferred = defineAnswer('pages/blockTransferred', { path, uid, id: z.number() });
export const blockTransferFailed = defineFailure('pages/blockTransferFailed', { path, message });

export const blockRemoveRequested = defineIntent('pages/blockRemoveRequested', { path, uid });
export const blockRemoved = defineAnswer('pages/blockRemoved', { path, uid });
export const blockRemoveFailed = defineFailure('pages/blockRemoveFailed', { path, message });

/**
 * The picked file stays in `deps.files` under `fileKey` (as an upload's does): reading it there is
 * an outside input the recorder keeps (its name, size and type), so the event holds no bytes.
 */
export const attachmentReplaceRequested = defineIntent('pages/attachmentReplaceRequested', {
  path,
  fileId: z.number(),
  fileKey: z.string(),
  fileName: z.string(),
});
export const attachmentReplaced = defineAnswer('pages/attachmentReplaced', {
  path,
  fileId: z.number(),
  value: z.string(),
});
export const attachmentReplaceFailed = defineFailure('pages/attachmentReplaceFailed', { path, message });

// --- the rich-text editor's config -----------------------------------------------------------

/** The rich-text editor's settings from `/wedia/froala/config` (a licence key is never kept). */
const editorConfigSchema = z.object({
  toolbar: z.array(z.string()),
  heightMin: z.nullable(z.number()),
  pastePlain: z.boolean(),
});
export type EditorConfig = z.infer<typeof editorConfigSchema>;
export const editorConfigRequested = defineIntent('pages/editorConfigRequested', {});
export const editorConfigLoaded = defineAnswer('pages/editorConfigLoaded', { config: editorConfigSchema });
export const editorConfigFailed = defineFailure('pages/editorConfigFailed');
