import type { SerializedError } from '../core/errors';
import type { Status } from '../core/status';
import type { BlockChanges, EditorConfig, FileRecord, PageRecord, WidgetRecord } from './events';

export interface PageContent {
  page: PageRecord;
  widgets: WidgetRecord[];
  files: FileRecord[];
  /** the templates the editor offers (a draft's only) */
  templates?: WidgetRecord[] | undefined;
}

/** A page by path: the live version, read mode (protocol §14.2 statuses). */
export interface PageEntry {
  path: string;
  status: Status;
  /** the id being fetched or shown */
  pageId: number | null;
  content: PageContent | null;
  error: SerializedError | null;
}

export type OperationKind = 'save' | 'publish' | 'add' | 'move' | 'remove' | 'attachment';

export interface OperationEntry {
  kind: OperationKind;
  status: 'fetching' | 'loaded' | 'error';
  message: string | null;
  error: SerializedError | null;
  /** a failure's request (its intent's id): the outbox may keep it */
  requestId?: string;
}

/** One undoable block change: the change set the component had before it (null: none). */
interface UndoEntry {
  uid: string;
  before: BlockChanges | null;
}

/** The page builder of one path: the work copy, the draft page and its unsaved changes. */
export interface EditEntry {
  path: string;
  editing: boolean;
  /** the page the work copy was asked for */
  pageId: number | null;
  workCopyStatus: Status;
  /** 0: no work copy, the page itself is edited */
  workCopyId: number | null;
  workCopyError: SerializedError | null;
  draftStatus: Status;
  draft: PageContent | null;
  draftError: SerializedError | null;
  /** dirty components: uid → the local changes */
  changes: Record<string, BlockChanges>;
  undo: UndoEntry[];
  /** the uids a running save writes */
  saving: string[];
  operation: OperationEntry | null;
}

/** The pages slice: CMS pages, their component trees, edit mode and publishing (protocol §14). */
export interface PagesState {
  list: { status: Status; pages: PageRecord[]; error: SerializedError | null };
  byPath: Record<string, PageEntry>;
  edit: Record<string, EditEntry>;
  editorConfig: { status: Status; config: EditorConfig | null; error: SerializedError | null };
}

export const initialPagesState: PagesState = {
  list: { status: 'unknown', pages: [], error: null },
  byPath: {},
  edit: {},
  editorConfig: { status: 'unknown', config: null, error: null },
};
