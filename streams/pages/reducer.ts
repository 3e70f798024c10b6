import type { Draft } from 'immer';
import { caseReducer, on } from '../core/case-reducer';
import type { SerializedError } from '../core/errors';
import type { Status } from '../core/status';
import * as pageEvents from './events';
import { PAGE_OBJECT, parseProps, parseUid, WIDGET_OBJECT, widgetUid } from './model';
import { WRITE_HERE } from '../core/write-here';
import type { EditEntry, OperationKind, PageContent, PageEntry, PagesState } from './state';

type D = Draft<PagesState>;

/** A key that would reach the prototype is never written: such a path has no entry. */
const SAFE = (key: string): boolean => key !== '__proto__' && key !== 'constructor' && key !== 'prototype';

function pageEntry(draft: D, path: string): Draft<PageEntry> {
  if (!SAFE(path)) return { path, status: 'unknown', pageId: null, content: null, error: null };
  if (!Object.hasOwn(draft.byPath, path)) {
    draft.byPath[path] = { path, status: 'unknown', pageId: null, content: null, error: null };
  }
  return draft.byPath[path] as Draft<PageEntry>;
}

function editOf(draft: D, path: string): Draft<EditEntry> | undefined {
  return Object.hasOwn(draft.edit, path) ? draft.edit[path] : undefined;
}

function newEdit(path: string): EditEntry {
  return {
    path,
    editing: true,
    pageId: null,
    workCopyStatus: 'unknown',
    workCopyId: null,
    workCopyError: null,
    draftStatus: 'unknown',
    draft: null,
    draftError: null,
    changes: {},
    undo: [],
    saving: [],
    operation: null,
  };
}

/** unknown → initial; a later fetch → fetching (protocol §14.2). */
const nextFetchStatus = (status: Status, hasData: boolean): Status =>
  status === 'unknown' || !hasData ? 'initial' : 'fetching';

function startOperation(draft: D, path: string, kind: OperationKind): void {
  const edit = editOf(draft, path);
  if (edit) edit.operation = { kind, status: 'fetching', message: null, error: null };
}

function endOperation(
  draft: D,
  path: string,
  kind: OperationKind,
  failure?: { message: string; error: SerializedError },
  requestId?: string,
): void {
  const edit = editOf(draft, path);
  if (!edit) return;
  edit.operation = failure
    ? {
        kind,
        status: 'error',
        message: failure.message,
        error: failure.error,
        ...(requestId !== undefined && { requestId }),
      }
    : { kind, status: 'loaded', message: null, error: null };
}

type Base = { value: string | null; props: Record<string, unknown>; enabled: boolean; name: string };

/** The stored values a change is compared with: a widget of the draft, or the draft page itself. */
function baseOf(content: PageContent, uid: string): Base | null {
  const parsed = parseUid(uid);
  if (!parsed) return null;
  if (parsed.object === PAGE_OBJECT && parsed.id === content.page.id) {
    return {
      value: null,
      props: parseProps(content.page.props).props,
      enabled: true,
      name: content.page.name,
    };
  }
  if (parsed.object !== WIDGET_OBJECT) return null;
  const widget = content.widgets.find((one) => one.id === parsed.id);
  if (!widget) return null;
  return {
    value: widget.value,
    props: parseProps(widget.props).props,
    enabled: widget.enabled,
    name: widget.name,
  };
}

const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Merges a change into a component's change set, dropping what equals the stored value. */
function mergeChange(
  base: Base,
  previous: pageEvents.BlockChanges | undefined,
  change: pageEvents.BlockChanges,
): pageEvents.BlockChanges | null {
  const merged: pageEvents.BlockChanges = { ...previous };
  if (change.value !== undefined && change.value !== WRITE_HERE) merged.value = change.value;
  if (change.props !== undefined) merged.props = change.props;
  if (change.enabled !== undefined) merged.enabled = change.enabled;
  if (change.name !== undefined && change.name !== WRITE_HERE) merged.name = change.name;
  if (merged.value !== undefined && (merged.value ?? null) === (base.value ?? null)) delete merged.value;
  if (merged.value === '' && base.value === null) delete merged.value;
  if (merged.props !== undefined && sameJson(merged.props, base.props)) delete merged.props;
  if (merged.enabled !== undefined && merged.enabled === base.enabled) delete merged.enabled;
  if (merged.name !== undefined && merged.name === base.name) delete merged.name;
  return Object.keys(merged).length > 0 ? merged : null;
}

/** Ids of a widget and all widgets nested under it. */
function subtreeIds(content: PageContent, id: number): Set<number> {
  const ids = new Set<number>([id]);
  const marker = `_${widgetUid(id)}`;
  for (const widget of content.widgets) {
    if (widget.parent.endsWith(marker) || widget.parent.includes(`${marker}_`)) ids.add(widget.id);
  }
  return ids;
}

export const pagesReducer = caseReducer<PagesState>(
  // --- list ---------------------------------------------------------------------------------
  on(pageEvents.listStarted, (draft) => {
    draft.list.status = nextFetchStatus(draft.list.status, draft.list.status !== 'unknown');
  }),
  on(pageEvents.listLoaded, (draft, { payload }) => {
    draft.list = { status: 'loaded', pages: payload.pages, error: null };
  }),
  on(pageEvents.listFailed, (draft, { payload }) => {
    draft.list.status = 'error';
    draft.list.error = payload.error;
  }),

  // --- page by path ---------------------------------------------------------------------------
  on(pageEvents.pageRequested, (draft, { payload }) => {
    const entry = pageEntry(draft, payload.path);
    if (entry.status === 'unknown') entry.status = 'resolving';
  }),
  on(pageEvents.pageStarted, (draft, { payload }) => {
    const entry = pageEntry(draft, payload.path);
    entry.status = entry.content ? 'fetching' : 'initial';
    entry.pageId = payload.id;
  }),
  on(pageEvents.pageLoaded, (draft, { payload }) => {
    const entry = pageEntry(draft, payload.path);
    entry.status = 'loaded';
    entry.pageId = payload.page.id;
    entry.content = { page: payload.page, widgets: payload.widgets, files: payload.files };
    entry.error = null;
  }),
  on(pageEvents.pageFailed, (draft, { payload }) => {
    const entry = pageEntry(draft, payload.path);
    entry.status = 'error';
    entry.error = payload.error;
  }),

  // --- edit mode ----------------------------------------------------------------------------
  on(pageEvents.editModeEntered, (draft, { payload }) => {
    const edit = editOf(draft, payload.path);
    if (edit?.editing || !SAFE(payload.path)) return;
    draft.edit[payload.path] = newEdit(payload.path);
  }),
  on(pageEvents.editModeLeft, (draft, { payload }) => {
    if (editOf(draft, payload.path)) delete draft.edit[payload.path];
  }),
  on(pageEvents.workCopyStarted, (draft, { payload }) => {
    const edit = editOf(draft, payload.path);
    if (!edit) return;
    edit.pageId = payload.pageId;
    edit.workCopyStatus = edit.workCopyStatus === 'unknown' ? 'initial' : 'fetching';
  }),
  on(pageEvents.workCopyLoaded, (draft, { payload }) => {
    const edit = editOf(draft, payload.path);
    if (!edit) return;
    edit.workCopyStatus = 'loaded';
    edit.workCopyId = payload.workCopyId;
    edit.workCopyError = null;
  }),
  on(pageEvents.workCopyFailed, (draft, { payload }) => {
    const edit = editOf(draft, payload.path);
    if (!edit) return;
    edit.workCopyStatus = 'error';
    edit.workCopyError = payload.error;
  }),
  on(pageEvents.draftLoaded, (draft, { payload }) => {
    const edit = editOf(draft, payload.path);
    if (!edit) return;
    const content = {
      page: payload.page,
      widgets: payload.widgets,
      files: payload.files,
      templates: payload.templates ?? [],
    };
    edit.draft = content;
    edit.draftStatus = 'loaded';
    edit.draftError = null;
    for (const uid of Object.keys(edit.changes)) {
      if (!baseOf(content, uid)) delete edit.changes[uid];
    }
    edit.undo = edit.undo.filter((step) => baseOf(content, step.uid) !== null);
  }),
  on(pageEvents.draftFailed, (draft, { payload }) => {
    const edit = editOf(draft, payload.path);
    if (!edit) return;
    edit.draftStatus = 'error';
    edit.draftError = payload.error;
  }),

  // --- local block changes, undo --------------------------------------------------------------
  on(pageEvents.blockChanged, (draft, { payload }) => {
    const edit = editOf(draft, payload.path);
    if (!edit?.editing || !edit.draft) return;
    const base = baseOf(edit.draft as PageContent, payload.uid);
    if (!base) return;
    const previous = edit.changes[payload.uid] as pageEvents.BlockChanges | undefined;
    const next = mergeChange(base, previous, payload.changes);
    if (sameJson(next ?? null, previous ?? null)) return;
    edit.undo.push({ uid: payload.uid, before: previous ? { ...previous } : null });
    if (next) edit.changes[payload.uid] = next;
    else delete edit.changes[payload.uid];
  }),
  // a kept save's changes over the work copy they were made on (not undoable: they are on their way)
  on(pageEvents.keptChangesRestored, (draft, { payload }) => {
    const edit = editOf(draft, payload.path);
    if (!edit?.draft) return;
    for (const [uid, changes] of Object.entries(payload.changes))
      if (baseOf(edit.draft as PageContent, uid) && !edit.changes[uid]) edit.changes[uid] = changes;
  }),
  on(pageEvents.blockChangeUndone, (draft, { payload }) => {
    const edit = editOf(draft, payload.path);
    const step = edit?.undo.pop();
    if (!edit || !step) return;
    if (step.before) edit.changes[step.uid] = step.before;
    else delete edit.changes[step.uid];
  }),

  // --- save, publish --------------------------------------------------------------------------
  on(pageEvents.saveStarted, (draft, { payload }) => {
    const edit = editOf(draft, payload.path);
    if (!edit) return;
    edit.saving = payload.uids;
    startOperation(draft, payload.path, 'save');
  }),
  on(pageEvents.saved, (draft, { payload }) => {
    const edit = editOf(draft, payload.path);
    if (!edit?.draft) return;
    const content = edit.draft;
    for (const uid of payload.uids) {
      const change = edit.changes[uid];
      const parsed = parseUid(uid);
      if (!change || !parsed) continue;
      if (parsed.object === PAGE_OBJECT) {
        if (change.props !== undefined) content.page.props = JSON.stringify(change.props);
        if (change.name !== undefined) content.page.name = change.name;
      } else {
        const widget = content.widgets.find((one) => one.id === parsed.id);
        if (widget) {
          if (change.value !== undefined) widget.value = change.value;
          if (change.props !== undefined) widget.props = JSON.stringify(change.props);
          if (change.enabled !== undefined) widget.enabled = change.enabled;
          if (change.name !== undefined) widget.name = change.name;
        }
      }
      delete edit.changes[uid];
    }
    const written = new Set(payload.uids);
    edit.undo = edit.undo.filter((step) => !written.has(step.uid));
    edit.saving = [];
    endOperation(draft, payload.path, 'save');
  }),
  on(pageEvents.saveFailed, (draft, { payload, meta }) => {
    const edit = editOf(draft, payload.path);
    if (edit) edit.saving = [];
    endOperation(draft, payload.path, 'save', payload, meta.cause);
  }),
  on(pageEvents.publishStarted, (draft, { payload }) => startOperation(draft, payload.path, 'publish')),
  on(pageEvents.published, (draft, { payload }) => {
    const edit = editOf(draft, payload.path);
    if (!edit) return;
    edit.editing = false;
    edit.draft = null;
    edit.draftStatus = 'unknown';
    edit.workCopyStatus = 'unknown';
    edit.workCopyId = null;
    edit.changes = {};
    edit.undo = [];
    endOperation(draft, payload.path, 'publish');
  }),
  on(pageEvents.publishFailed, (draft, { payload, meta }) =>
    endOperation(draft, payload.path, 'publish', payload, meta.cause),
  ),

  // --- structure: add, move, remove, attachment -----------------------------------------------
  on(pageEvents.blockAddRequested, (draft, { payload }) => startOperation(draft, payload.path, 'add')),
  on(pageEvents.blockAdded, (draft, { payload }) => {
    const content = editOf(draft, payload.path)?.draft;
    if (content) {
      const ids = new Set(payload.widgets.map((widget) => widget.id));
      content.widgets = [...content.widgets.filter((widget) => !ids.has(widget.id)), ...payload.widgets];
      const fileIds = new Set(payload.files.map((file) => file.id));
      content.files = [...content.files.filter((file) => !fileIds.has(file.id)), ...payload.files];
    }
    endOperation(draft, payload.path, 'add');
  }),
  on(pageEvents.blockAddFailed, (draft, { payload }) => endOperation(draft, payload.path, 'add', payload)),
  on(pageEvents.blockMoveRequested, (draft, { payload }) => startOperation(draft, payload.path, 'move')),
  on(pageEvents.blockMoved, (draft, { payload }) => {
    const content = editOf(draft, payload.path)?.draft;
    if (content) {
      payload.order.forEach((id, index) => {
        const widget = content.widgets.find((one) => one.id === id);
        if (widget) widget.position = index + 1;
      });
    }
    endOperation(draft, payload.path, 'move');
  }),
  on(pageEvents.blockMoveFailed, (draft, { payload }) => endOperation(draft, payload.path, 'move', payload)),
  on(pageEvents.blockTransferRequested, (draft, { payload }) => startOperation(draft, payload.path, 'move')),
  on(pageEvents.blockTransferred, (draft, { payload }) => {
    const edit = editOf(draft, payload.path);
    const parsed = parseUid(payload.uid);
    if (edit?.draft && parsed) {
      // its local changes went with it to the new widget (saved there); the reload brings that one
      edit.draft.widgets = edit.draft.widgets.filter((widget) => widget.id !== parsed.id);
      delete edit.changes[payload.uid];
      edit.undo = edit.undo.filter((step) => step.uid !== payload.uid);
    }
    endOperation(draft, payload.path, 'move');
  }),
  on(pageEvents.blockTransferFailed, (draft, { payload }) =>
    endOperation(draft, payload.path, 'move', payload),
  ),
  on(pageEvents.blockRemoveRequested, (draft, { payload }) => startOperation(draft, payload.path, 'remove')),
  on(pageEvents.blockRemoved, (draft, { payload }) => {
    const edit = editOf(draft, payload.path);
    const parsed = parseUid(payload.uid);
    if (edit?.draft && parsed) {
      const gone = subtreeIds(edit.draft as PageContent, parsed.id);
      edit.draft.widgets = edit.draft.widgets.filter((widget) => !gone.has(widget.id));
      for (const id of gone) delete edit.changes[widgetUid(id)];
      edit.undo = edit.undo.filter(
        (step) => !gone.has(parseUid(step.uid)?.id ?? -1) || step.uid.startsWith(PAGE_OBJECT),
      );
    }
    endOperation(draft, payload.path, 'remove');
  }),
  on(pageEvents.blockRemoveFailed, (draft, { payload }) =>
    endOperation(draft, payload.path, 'remove', payload),
  ),
  on(pageEvents.attachmentReplaceRequested, (draft, { payload }) =>
    startOperation(draft, payload.path, 'attachment'),
  ),
  on(pageEvents.attachmentReplaced, (draft, { payload }) => {
    const file = editOf(draft, payload.path)?.draft?.files.find((one) => one.id === payload.fileId);
    if (file) file.file = payload.value;
    endOperation(draft, payload.path, 'attachment');
  }),
  on(pageEvents.attachmentReplaceFailed, (draft, { payload }) =>
    endOperation(draft, payload.path, 'attachment', payload),
  ),

  // --- editor config --------------------------------------------------------------------------
  on(pageEvents.editorConfigRequested, (draft) => {
    if (draft.editorConfig.status === 'unknown') draft.editorConfig.status = 'initial';
  }),
  on(pageEvents.editorConfigLoaded, (draft, { payload }) => {
    draft.editorConfig = { status: 'loaded', config: payload.config, error: null };
  }),
  on(pageEvents.editorConfigFailed, (draft, { payload }) => {
    draft.editorConfig.status = 'error';
    draft.editorConfig.error = payload.error;
  }),
);
