import type { EditorConfig, PageRecord } from './events';
import {
  buildTree,
  effectiveStatus,
  findComponent,
  livePages,
  PAGE_STATUS_FILTER,
  type PageComponent,
} from './model';
import type { EditEntry, PageEntry, PagesState } from './state';

export type { BlockChanges, EditorConfig, FileRecord, PageRecord, WidgetRecord } from './events';
export {
  ASSET_LIST_DEFAULT_MAX,
  buildTree,
  effectiveStatus,
  findComponent,
  type PageAttachment,
  type PageComponent,
  PAGE_STATUS_DEFAULT,
  PAGE_STATUS_FILTER,
  parseProps,
  parseUid,
  unknownPathMessage,
} from './model';
export type { EditEntry, OperationEntry, PageEntry, PagesState } from './state';

export type WithPages = { pages: PagesState };

/** An own entry of a record (a path is a key: `__proto__` must not reach the prototype). */
const own = <T>(record: Record<string, T>, key: string): T | undefined =>
  Object.hasOwn(record, key) ? record[key] : undefined;

const listCache = new WeakMap<readonly PageRecord[], PageRecord[]>();

/** The live pages (status 6, the highest version per path), with the list's status and error. */
export function selectPageList(state: WithPages): {
  status: PagesState['list']['status'];
  error: PagesState['list']['error'];
  pages: PageRecord[];
} {
  const { list } = state.pages;
  let pages = listCache.get(list.pages);
  if (!pages) {
    pages = livePages(list.pages, PAGE_STATUS_FILTER);
    listCache.set(list.pages, pages);
  }
  return { status: list.status, error: list.error, pages };
}

interface PageIndexRow {
  id: number;
  name: string;
  path: string;
  version: number;
  /** the page's status (2 when it has none) */
  status: number;
  /** the version a reader sees at this path */
  live: boolean;
  workCopyId: number | null;
}

const indexCache = new WeakMap<readonly PageRecord[], PageIndexRow[]>();

/** Every page of the list (not models) with its status and version, for editors (`/pages`). */
export function selectPageIndex(state: WithPages): PageIndexRow[] {
  const pages = state.pages.list.pages;
  const cached = indexCache.get(pages);
  if (cached) return cached;
  const live = new Set(livePages(pages).map((page) => page.id));
  const rows = pages
    .map(
      (page): PageIndexRow => ({
        id: page.id,
        name: page.name,
        path: page.path,
        version: page.version,
        status: effectiveStatus(page),
        live: live.has(page.id),
        workCopyId: page.copietravail,
      }),
    )
    .sort((a, b) => a.path.localeCompare(b.path) || b.version - a.version);
  indexCache.set(pages, rows);
  return rows;
}

export const selectPage = (state: WithPages, path: string): PageEntry | undefined =>
  own(state.pages.byPath, path);

const treeCache = new WeakMap<object, PageComponent>();

/** The live component tree of a path (null until loaded). */
export function selectPageTree(state: WithPages, path: string): PageComponent | null {
  const content = own(state.pages.byPath, path)?.content;
  if (!content) return null;
  let tree = treeCache.get(content);
  if (!tree) {
    tree = buildTree(content);
    treeCache.set(content, tree);
  }
  return tree;
}

export const selectEditSession = (state: WithPages, path: string): EditEntry | undefined =>
  own(state.pages.edit, path);

const draftCache = new WeakMap<object, WeakMap<object, PageComponent>>();

/** The draft page's tree with the unsaved changes applied (null unless the draft is loaded). */
export function selectDraftTree(state: WithPages, path: string): PageComponent | null {
  const edit = own(state.pages.edit, path);
  if (!edit?.editing || !edit.draft) return null;
  const byChanges = draftCache.get(edit.draft) ?? new WeakMap<object, PageComponent>();
  draftCache.set(edit.draft, byChanges);
  let tree = byChanges.get(edit.changes);
  if (!tree) {
    tree = buildTree({ ...edit.draft, changes: edit.changes });
    byChanges.set(edit.changes, tree);
  }
  return tree;
}

/** What the page shows: the draft while editing (once loaded), else the live page. */
export const selectShownTree = (state: WithPages, path: string): PageComponent | null =>
  selectDraftTree(state, path) ?? selectPageTree(state, path);

/** The demo server (and the real one) names `edit` among a page's features for those who may edit it. */
export function selectCanEditPage(state: WithPages, path: string): boolean {
  return own(state.pages.byPath, path)?.content?.page.features.includes('edit') ?? false;
}

/** Unsaved changes exist (the view warns before leaving). */
export const selectHasUnsavedChanges = (state: WithPages, path: string): boolean =>
  Object.keys(own(state.pages.edit, path)?.changes ?? {}).length > 0;

export const selectCanUndo = (state: WithPages, path: string): boolean =>
  (own(state.pages.edit, path)?.undo.length ?? 0) > 0;

/** A component of the shown tree with its parent, for the toolbar (move up/down bounds). */
export function selectBlockSiblings(
  state: WithPages,
  path: string,
  uid: string,
): { index: number; count: number } | null {
  const tree = selectShownTree(state, path);
  const found = tree ? findComponent(tree, uid) : null;
  if (!found?.parent) return null;
  const list = found.parent.children[found.component.slot] ?? [];
  return { index: list.indexOf(found.component), count: list.length };
}

export const selectEditorConfig = (state: WithPages): EditorConfig | null => state.pages.editorConfig.config;
