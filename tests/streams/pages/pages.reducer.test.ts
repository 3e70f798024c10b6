import { WRITE_HERE } from '../../../streams/core/write-here';
import { describe, expect, it } from 'vitest';
import {
  blockAdded,
  blockChanged,
  blockChangeUndone,
  blockMoved,
  blockRemoved,
  draftLoaded,
  editModeEntered,
  editModeLeft,
  type FileRecord,
  listLoaded,
  listStarted,
  type PageRecord,
  pageFailed,
  pageLoaded,
  pageRequested,
  pageStarted,
  published,
  saved,
  saveFailed,
  saveStarted,
  type WidgetRecord,
  workCopyLoaded,
  workCopyStarted,
} from '../../../streams/pages/events';
import {
  buildTree,
  livePages,
  movedOrder,
  pageOfPath,
  saveFields,
  splitChain,
} from '../../../streams/pages/model';
import {
  selectBlockSiblings,
  selectCanUndo,
  selectDraftTree,
  selectEditSession,
  selectHasUnsavedChanges,
  selectPage,
  selectPageIndex,
  selectPageList,
  selectPageTree,
  selectShownTree,
} from '../../../streams/pages/selectors';
import { fold } from '../../helpers/marbles';

const page = (over: Partial<PageRecord> & { id: number; path: string }): PageRecord => ({
  name: over.path,
  template: 'standard',
  props: '{"title":"T"}',
  features: ['edit'],
  validchildren: [101, 102, 105],
  version: 1,
  status: 6,
  copietravail: null,
  ...over,
});

let nextWidget = 1;
const widget = (over: Partial<WidgetRecord> & { parent: string; component: string }): WidgetRecord => ({
  id: nextWidget++,
  props: '{}',
  value: null,
  position: 1,
  enabled: true,
  name: over.component,
  slot: 'main',
  features: [],
  validchildren: [],
  ...over,
});

const P = 'home';
const home = page({ id: 1, path: P });
const heading = widget({
  id: 10,
  parent: 'clubwedpagedesc_1',
  component: 'heading',
  value: 'Hello',
  position: 1,
});
const columns = widget({
  id: 11,
  parent: 'clubwedpagedesc_1',
  component: 'columns',
  position: 2,
  props: '{"slots":["left","right"]}',
});
const left = widget({
  id: 12,
  parent: 'clubwedpagedesc_1_clubwedwidget_11',
  component: 'rich-text',
  slot: 'left',
  value: '<p>L</p>',
});
const right2 = widget({
  id: 13,
  parent: 'clubwedpagedesc_1_clubwedwidget_11',
  component: 'image',
  slot: 'right',
  position: 2,
});
const right1 = widget({
  id: 14,
  parent: 'clubwedpagedesc_1_clubwedwidget_11',
  component: 'call-to-action',
  slot: 'right',
  position: 1,
  props: '{"label":"Go"}',
});
const broken = widget({
  id: 15,
  parent: 'clubwedpagedesc_1',
  component: 'asset-list',
  position: 3,
  props: '{"max": 6,',
});
const unknown = widget({ id: 16, parent: 'clubwedpagedesc_1', component: 'legacy-carousel', position: 4 });
const stray = widget({ id: 17, parent: 'clubwedpagedesc_2_clubwedwidget_99', component: 'heading' });
const widgets = [heading, columns, left, right2, right1, broken, unknown, stray];
const files: FileRecord[] = [
  {
    id: 3,
    parent: 'clubwedpagedesc_1_clubwedwidget_11_clubwedwidget_14',
    name: 'file',
    file: 'kit.zip',
    modified: null,
  },
];

const loadedHome = () => [
  pageRequested({ path: P }),
  pageStarted({ path: P, id: 1 }),
  pageLoaded({ path: P, page: home, widgets, files }),
];
const editing = () => [
  ...loadedHome(),
  editModeEntered({ path: P }),
  workCopyStarted({ path: P, pageId: 1 }),
  workCopyLoaded({ path: P, pageId: 1, workCopyId: 0 }),
  draftLoaded({ path: P, page: home, widgets, files }),
];

describe('pages: the component tree (protocol §14.2)', () => {
  it('nests widgets by their parent chain, by slot and position, attachments as props', () => {
    const tree = buildTree({ page: home, widgets, files });
    expect(tree).toMatchObject({
      uid: 'clubwedpagedesc_1',
      object: 'clubwedpagedesc',
      component: 'standard',
      props: { title: 'T' },
    });
    expect(tree.children.main?.map((child) => child.id)).toEqual([10, 11, 15, 16]);
    const cols = tree.children.main?.[1];
    expect(cols?.componentFullUid).toBe('clubwedpagedesc_1_clubwedwidget_11');
    expect(cols?.children.left?.map((child) => child.id)).toEqual([12]);
    expect(cols?.children.right?.map((child) => child.id)).toEqual([14, 13]);
    const cta = cols?.children.right?.[0];
    expect(cta?.props).toEqual({ label: 'Go', file: 'kit.zip' });
    expect(cta?.attachments.file).toEqual({ id: 3, file: 'kit.zip', modified: null });
    expect(cols?.children.left?.[0]?.value).toBe('<p>L</p>');
  });

  it('a broken JSON is an error on its block only; unknown types stay in the tree; strays are left out', () => {
    const tree = buildTree({ page: home, widgets, files });
    const list = tree.children.main?.[2];
    expect(list?.propsError).toMatch(/not valid JSON/);
    expect(list?.props).toEqual({});
    expect(tree.propsError).toBeNull();
    expect(tree.children.main?.[0]?.propsError).toBeNull();
    expect(tree.children.main?.[3]?.component).toBe('legacy-carousel');
    expect(JSON.stringify(tree)).not.toContain('"id":17');
  });

  it('splits parent chains into type_id pairs', () => {
    expect(splitChain('clubwedpagedesc_1_clubwedwidget_5_clubwedwidget_7')).toEqual([
      { object: 'clubwedpagedesc', id: 1 },
      { object: 'clubwedwidget', id: 5 },
      { object: 'clubwedwidget', id: 7 },
    ]);
  });
});

describe('pages: status filter and version choice', () => {
  const pages = [
    page({ id: 1, path: 'a', version: 1 }),
    page({ id: 2, path: 'a', version: 3 }),
    page({ id: 3, path: 'a', version: 4, status: 2 }),
    page({ id: 4, path: 'b', status: null }),
    page({ id: 5, path: 'c', version: 2 }),
  ];

  it('keeps status 6 pages, the highest version per path; a page without status counts as 2', () => {
    expect(livePages(pages).map((one) => one.id)).toEqual([2, 5]);
    expect(pageOfPath(pages, 'a')?.id).toBe(2);
    expect(pageOfPath(pages, 'a', 2)?.id).toBe(3);
    expect(pageOfPath(pages, 'b')).toBeNull();
    expect(pageOfPath(pages, 'b', 2)?.id).toBe(4);
  });

  it('the list selector and the editors index read the folded list', () => {
    const state = fold([listStarted({}), listLoaded({ pages })]);
    expect(state.pages.list.status).toBe('loaded');
    expect(selectPageList(state).pages.map((one) => one.id)).toEqual([2, 5]);
    expect(selectPageList(state)).toEqual(selectPageList(state));
    const index = selectPageIndex(state);
    expect(index.find((row) => row.id === 4)).toMatchObject({ status: 2, live: false });
    expect(index.find((row) => row.id === 2)).toMatchObject({ status: 6, version: 3, live: true });
  });

  it('list statuses: unknown → initial → loaded, later fetching', () => {
    expect(fold([listStarted({})]).pages.list.status).toBe('initial');
    expect(fold([listStarted({}), listLoaded({ pages }), listStarted({})]).pages.list.status).toBe(
      'fetching',
    );
  });

  it('page statuses: unknown → resolving → initial → loaded; later fetching; error keeps the error', () => {
    expect(fold([pageRequested({ path: P })]).pages.byPath[P]?.status).toBe('resolving');
    expect(fold([pageRequested({ path: P }), pageStarted({ path: P, id: 1 })]).pages.byPath[P]?.status).toBe(
      'initial',
    );
    const loaded = fold(loadedHome());
    expect(selectPage(loaded, P)?.status).toBe('loaded');
    expect(
      fold([pageRequested({ path: P }), pageStarted({ path: P, id: 1 })], loaded).pages.byPath[P]?.status,
    ).toBe('fetching');
    const error = {
      code: 'error.http.404',
      status: 404,
      message: 'Unknown page of path x. Cannot fetch it',
      body: { path: 'x' },
    };
    const failed = fold([pageRequested({ path: 'x' }), pageFailed({ path: 'x', error })]);
    expect(selectPage(failed, 'x')).toMatchObject({ status: 'error', error });
  });
});

describe('pages: edit mode, dirty tracking and undo', () => {
  it('the work copy goes unknown → initial → loaded and the draft is shown while editing', () => {
    const state = fold(editing().slice(0, 5));
    expect(selectEditSession(state, P)?.workCopyStatus).toBe('initial');
    const ready = fold(editing());
    expect(selectEditSession(ready, P)).toMatchObject({
      workCopyStatus: 'loaded',
      workCopyId: 0,
      draftStatus: 'loaded',
    });
    expect(selectShownTree(ready, P)).toBe(selectDraftTree(ready, P));
    expect(selectShownTree(fold([editModeLeft({ path: P })], ready), P)).toBe(selectPageTree(ready, P));
  });

  it('a change marks its block dirty; a change back to the stored value is dropped; the placeholder is never a value', () => {
    let state = fold(
      [blockChanged({ path: P, uid: 'clubwedwidget_10', changes: { value: 'Bye' } })],
      fold(editing()),
    );
    expect(selectEditSession(state, P)?.changes).toEqual({ clubwedwidget_10: { value: 'Bye' } });
    expect(selectDraftTree(state, P)?.children.main?.[0]).toMatchObject({ value: 'Bye', dirty: true });
    expect(selectPageTree(state, P)?.children.main?.[0]?.value).toBe('Hello');
    expect(selectHasUnsavedChanges(state, P)).toBe(true);
    state = fold([blockChanged({ path: P, uid: 'clubwedwidget_10', changes: { value: 'Hello' } })], state);
    expect(selectEditSession(state, P)?.changes).toEqual({});
    state = fold([blockChanged({ path: P, uid: 'clubwedwidget_12', changes: { value: WRITE_HERE } })], state);
    expect(selectEditSession(state, P)?.changes).toEqual({});
  });

  it('fixing a broken JSON replaces the props and clears the block error', () => {
    const state = fold(
      [blockChanged({ path: P, uid: 'clubwedwidget_15', changes: { props: { max: 6 } } })],
      fold(editing()),
    );
    expect(selectDraftTree(state, P)?.children.main?.[2]).toMatchObject({
      props: { max: 6 },
      propsError: null,
      dirty: true,
    });
  });

  it('undoes the last block change, one at a time, before saving', () => {
    let state = fold(
      [
        blockChanged({ path: P, uid: 'clubwedwidget_10', changes: { value: 'One' } }),
        blockChanged({ path: P, uid: 'clubwedwidget_10', changes: { value: 'Two' } }),
        blockChanged({ path: P, uid: 'clubwedwidget_12', changes: { enabled: false } }),
      ],
      fold(editing()),
    );
    expect(selectCanUndo(state, P)).toBe(true);
    state = fold([blockChangeUndone({ path: P })], state);
    expect(selectEditSession(state, P)?.changes).toEqual({ clubwedwidget_10: { value: 'Two' } });
    state = fold([blockChangeUndone({ path: P })], state);
    expect(selectEditSession(state, P)?.changes).toEqual({ clubwedwidget_10: { value: 'One' } });
    state = fold([blockChangeUndone({ path: P }), blockChangeUndone({ path: P })], state);
    expect(selectEditSession(state, P)?.changes).toEqual({});
    expect(selectCanUndo(state, P)).toBe(false);
  });

  it('a save writes the dirty blocks into the draft and clears them; a failure keeps them', () => {
    const changed = fold(
      [
        blockChanged({ path: P, uid: 'clubwedwidget_10', changes: { value: 'Saved' } }),
        saveStarted({ path: P, uids: ['clubwedwidget_10'] }),
      ],
      fold(editing()),
    );
    const ok = fold([saved({ path: P, uids: ['clubwedwidget_10'] })], changed);
    expect(selectEditSession(ok, P)).toMatchObject({
      changes: {},
      undo: [],
      operation: { kind: 'save', status: 'loaded' },
    });
    expect(selectDraftTree(ok, P)?.children.main?.[0]).toMatchObject({ value: 'Saved', dirty: false });
    const error = { code: 'error.http.403', status: 403, message: 'You may not edit pages' };
    const ko = fold([saveFailed({ path: P, message: error.message, error })], changed);
    expect(selectEditSession(ko, P)?.changes).toEqual({ clubwedwidget_10: { value: 'Saved' } });
    expect(selectEditSession(ko, P)?.operation).toMatchObject({
      status: 'error',
      message: 'You may not edit pages',
    });
  });

  it('moves, adds and removes blocks in the draft; publishing ends edit mode', () => {
    let state = fold([blockMoved({ path: P, order: [15, 10, 11, 16] })], fold(editing()));
    expect(selectDraftTree(state, P)?.children.main?.map((child) => child.id)).toEqual([15, 10, 11, 16]);
    expect(selectBlockSiblings(state, P, 'clubwedwidget_15')).toEqual({ index: 0, count: 4 });
    const added = widget({
      id: 30,
      parent: 'clubwedpagedesc_1_clubwedwidget_11',
      component: 'heading',
      slot: 'left',
      position: 2,
    });
    state = fold([blockAdded({ path: P, ids: [30], widgets: [added], files: [] })], state);
    expect(selectDraftTree(state, P)?.children.main?.[2]?.children.left?.map((child) => child.id)).toEqual([
      12, 30,
    ]);
    state = fold(
      [
        blockChanged({ path: P, uid: 'clubwedwidget_12', changes: { value: 'x' } }),
        blockRemoved({ path: P, uid: 'clubwedwidget_11' }),
      ],
      state,
    );
    expect(selectDraftTree(state, P)?.children.main?.map((child) => child.id)).toEqual([15, 10, 16]);
    expect(selectEditSession(state, P)?.changes).toEqual({});
    expect(selectCanUndo(state, P)).toBe(false);
    state = fold([published({ path: P, id: 1 })], state);
    expect(selectEditSession(state, P)?.editing).toBe(false);
    expect(selectDraftTree(state, P)).toBeNull();
  });
});

describe('pages: the save fields and the move order', () => {
  it('sends prop_* for a widget, omitting absent values (never the text undefined)', () => {
    expect(saveFields(heading, { value: 'A & B' })).toEqual({
      prop_value: 'A & B',
      prop_props: '{}',
      prop_position: '1',
      prop_enabled: 'true',
      prop_name: 'heading',
    });
    const fields = saveFields({ ...heading, value: null, name: '' }, { enabled: false });
    expect(fields).toEqual({ prop_props: '{}', prop_position: '1', prop_enabled: 'false' });
    expect(Object.values(fields)).not.toContain('undefined');
  });

  it('moves within a slot only, within its bounds', () => {
    expect(movedOrder(widgets, 'clubwedwidget_14', 1)?.order).toEqual([13, 14]);
    expect(movedOrder(widgets, 'clubwedwidget_14', -1)).toBeNull();
    expect(movedOrder(widgets, 'clubwedwidget_12', 1)).toBeNull();
  });
});
