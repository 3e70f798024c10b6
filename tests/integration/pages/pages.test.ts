import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../mocks/node';
import { reset, runtime } from '../../../mocks/runtime';
import { domainEpics } from '../../../streams/core/epic';
import { pagesDomain } from '../../../streams/pages/domain';
import {
  attachmentReplaceRequested,
  blockAddRequested,
  blockChanged,
  blockMoveRequested,
  blockRemoveRequested,
  editModeEntered,
  editorConfigRequested,
  listRequested,
  pageRequested,
  publishRequested,
  saveRequested,
} from '../../../streams/pages/events';
import {
  findComponent,
  selectCanEditPage,
  selectDraftTree,
  selectEditSession,
  selectEditorConfig,
  selectPage,
  selectPageList,
  selectPageTree,
} from '../../../streams/pages/selectors';
import type { RootState } from '../../../streams/root';
import { portalAs } from '../../helpers/demo-portal';

const urls: string[] = [];
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  server.events.on('request:start', ({ request }) => {
    urls.push(`${request.method} ${request.url}`);
  });
});
beforeEach(() => {
  reset();
  urls.length = 0;
});
afterAll(() => server.close());

async function portal(login: string | null) {
  return portalAs(login, domainEpics<RootState>(pagesDomain));
}

type Portal = Awaited<ReturnType<typeof portal>>;

async function openPage(who: Portal, path: string) {
  who.store.dispatch(pageRequested({ path }));
  return who.until((state) => ['loaded', 'error'].includes(selectPage(state, path)?.status ?? ''));
}

async function editPage(who: Portal, path: string) {
  await openPage(who, path);
  who.store.dispatch(editModeEntered({ path }));
  return who.until((state) => {
    const edit = selectEditSession(state, path);
    return (
      edit?.draftStatus === 'loaded' || edit?.workCopyStatus === 'error' || edit?.draftStatus === 'error'
    );
  });
}

const idle = (state: RootState, path: string) =>
  selectEditSession(state, path)?.operation?.status !== 'fetching';

describe('CMS pages against the demo server (protocol §14.1)', () => {
  it('lists the pages that are not models, live ones by status 6 and the highest version', async () => {
    const alice = await portal('alice');
    alice.store.dispatch(listRequested({}));
    const state = await alice.until((current) => current.pages.list.status === 'loaded');
    expect(urls.some((url) => url.includes('/api/rest/data/page?query=%7B%22ismodel%22%3Afalse%7D'))).toBe(
      true,
    );
    const all = state.pages.list.pages;
    expect(all.some((page) => page.path === 'model-landing')).toBe(false);
    expect(all.find((page) => page.path === 'help')?.status).toBeNull();
    const live = selectPageList(state).pages;
    expect(live.map((page) => page.path).sort()).toEqual([
      'about',
      'brand-guidelines',
      'campaign-landing',
      'home',
    ]);
    expect(live.find((page) => page.path === 'brand-guidelines')?.version).toBe(2);
    expect(live.find((page) => page.path === 'home')?.id).toBe(1);
  });

  it('opens a page by path with every widget and file, following nextResultsToken', async () => {
    const bob = await portal('bob');
    const state = await openPage(bob, 'home');
    const tree = selectPageTree(state, 'home');
    expect(tree?.uid).toBe('clubwedpagedesc_1');
    const main = tree?.children.main ?? [];
    expect(main.map((block) => block.component)).toEqual([
      'heading',
      'rich-text',
      'image',
      'asset-list',
      'columns',
      'asset-player',
      'legacy-carousel',
    ]);
    const columns = main.find((block) => block.component === 'columns');
    expect(columns?.children.left?.map((block) => block.component)).toEqual(['rich-text']);
    expect(columns?.children.right?.map((block) => block.component)).toEqual(['image', 'call-to-action']);
    expect(main.find((block) => block.component === 'asset-list')?.props).toMatchObject({ max: 6 });
    // 10 widgets, 5 a page: the second page was asked with `after`
    expect(
      urls.filter((url) => url.includes('/rest/data/pagewidget') && url.includes('after=5')),
    ).toHaveLength(1);
    expect(selectCanEditPage(state, 'home')).toBe(false);

    const guidelines = selectPageTree(await openPage(bob, 'brand-guidelines'), 'brand-guidelines');
    expect(guidelines?.id).toBe(4);
    const download = guidelines?.children.main?.find((block) => block.component === 'call-to-action');
    expect(download?.props.file).toBe('brand-guidelines-2026.pdf');
    expect(download?.attachments.file?.file).toBe('brand-guidelines-2026.pdf');
  });

  it('fails an unknown path with the 404 carrying the path', async () => {
    const visitor = await portal(null);
    const state = await openPage(visitor, 'no-such-page');
    const entry = selectPage(state, 'no-such-page');
    expect(entry?.status).toBe('error');
    expect(entry?.error).toMatchObject({
      message: 'Unknown page of path no-such-page. Cannot fetch it',
      status: 404,
      body: { path: 'no-such-page' },
    });
  });

  it('edits the work copy, saves only the dirty widgets with percent-encoded prop_* fields, and publishes', async () => {
    const alice = await portal('alice');
    let state = await editPage(alice, 'home');
    expect(selectCanEditPage(state, 'home')).toBe(true);
    expect(selectEditSession(state, 'home')?.workCopyId).toBe(5);
    expect(urls.some((url) => url.includes('/rest/bs/clubwed_getWorkCopy/clubwedpagedesc/1'))).toBe(true);
    const draft = selectDraftTree(state, 'home');
    expect(draft?.id).toBe(5);
    const heading = draft?.children.main?.[0];
    const list = draft?.children.main?.[3];
    if (!heading || !list) throw new Error('the draft has no heading or asset list');
    urls.length = 0;
    const text = 'Café & co: 100% <brand>';
    alice.store.dispatch(blockChanged({ path: 'home', uid: heading.uid, changes: { value: text } }));
    alice.store.dispatch(
      blockChanged({ path: 'home', uid: list.uid, changes: { props: { ...list.props, max: 12 } } }),
    );
    alice.store.dispatch(saveRequested({ path: 'home' }));
    state = await alice.until(
      (current) => selectEditSession(current, 'home')?.operation?.status === 'loaded',
    );
    const saves = urls.filter((url) => url.includes('/json/update/'));
    expect(saves).toHaveLength(2);
    expect(saves[0]).toContain(`PATCH http://localhost/api/json/update/clubwedwidget/${heading.id}?`);
    expect(saves[0]).toContain(`prop_value=${encodeURIComponent(text)}`);
    expect(saves[0]).toContain('prop_value=Caf%C3%A9%20%26%20co%3A%20100%25%20%3Cbrand%3E');
    expect(saves[0]).toContain('prop_enabled=true');
    expect(saves[1]).toContain(
      `prop_props=${encodeURIComponent(JSON.stringify({ ...list.props, max: 12 }))}`,
    );
    expect(saves.every((url) => !url.includes('undefined'))).toBe(true);
    expect(runtime.db.pageWidgets.find((widget) => widget.id === heading.id)?.value).toBe(text);
    expect(
      JSON.parse(runtime.db.pageWidgets.find((widget) => widget.id === list.id)?.props ?? '{}').max,
    ).toBe(12);
    expect(selectEditSession(state, 'home')?.changes).toEqual({});

    urls.length = 0;
    alice.store.dispatch(publishRequested({ path: 'home' }));
    state = await alice.until(
      (current) =>
        selectPage(current, 'home')?.content?.page.id === 5 &&
        selectPage(current, 'home')?.status === 'loaded',
    );
    expect(urls[0]).toBe(
      'PATCH http://localhost/api/json/workflow/data.page.workflow/5?action=validate&lang=en',
    );
    // reloaded through copietravail: the former page names the new live version
    expect(urls.some((url) => url.includes('/rest/data/page/1?'))).toBe(true);
    expect(selectPageTree(state, 'home')?.children.main?.[0]?.value).toBe(text);
    expect(selectEditSession(state, 'home')?.editing).toBe(false);
    expect(selectPageList(state).pages.find((page) => page.path === 'home')?.id).toBe(5);

    // a reader sees it live
    const bob = await portal('bob');
    const seen = await openPage(bob, 'home');
    expect(selectPageTree(seen, 'home')?.children.main?.[0]?.value).toBe(text);
  });

  it('adds a block through affect_collection, moves it with sort.jspz and removes it', async () => {
    const alice = await portal('alice');
    let state = await editPage(alice, 'campaign-landing');
    const pageId = selectDraftTree(state, 'campaign-landing')?.id ?? 0;
    expect(pageId).toBeGreaterThan(9);
    urls.length = 0;
    alice.store.dispatch(
      blockAddRequested({
        path: 'campaign-landing',
        parentUid: `clubwedpagedesc_${pageId}`,
        slot: 'main',
        component: 'asset-list',
      }),
    );
    state = await alice.until(
      (current) => selectEditSession(current, 'campaign-landing')?.operation?.status === 'loaded',
    );
    expect(urls[0]).toBe('POST http://localhost/bov3/common/actions/affect_collection.jspz?lang=en');
    const main = selectDraftTree(state, 'campaign-landing')?.children.main ?? [];
    const added = main[main.length - 1];
    expect(added?.component).toBe('asset-list');
    expect(added?.props).toMatchObject({ max: 6 });
    expect(
      urls.some(
        (url) => url.includes('/rest/data/pagewidget') && url.includes(`%7B%22id%22%3A${added?.id}%7D`),
      ),
    ).toBe(true);

    urls.length = 0;
    alice.store.dispatch(blockMoveRequested({ path: 'campaign-landing', uid: added?.uid ?? '', offset: -1 }));
    state = await alice.until(
      (current) =>
        idle(current, 'campaign-landing') &&
        selectEditSession(current, 'campaign-landing')?.operation?.kind === 'move',
    );
    expect(urls[0]).toBe('POST http://localhost/bov3/datasort/actions/sort.jspz?lang=en');
    const order = (selectDraftTree(state, 'campaign-landing')?.children.main ?? []).map((block) => block.id);
    expect(order[order.length - 2]).toBe(added?.id);
    const serverOrder = runtime.db.pageWidgets
      .filter((widget) => widget.parent === `clubwedpagedesc_${pageId}`)
      .sort((a, b) => a.position - b.position)
      .map((widget) => widget.id);
    expect(serverOrder).toEqual(order);

    alice.store.dispatch(blockRemoveRequested({ path: 'campaign-landing', uid: added?.uid ?? '' }));
    state = await alice.until(
      (current) =>
        selectEditSession(current, 'campaign-landing')?.operation?.kind === 'remove' &&
        !findComponent(selectDraftTree(current, 'campaign-landing')!, added?.uid ?? ''),
    );
    expect(runtime.db.pageWidgets.some((widget) => widget.id === added?.id)).toBe(false);
    expect(
      urls.some((url) =>
        url.startsWith(`DELETE http://localhost/api/json/delete/clubwedwidget/${added?.id}`),
      ),
    ).toBe(true);
  });

  it('replaces an attachment with prop_file twice', async () => {
    const alice = await portal('alice');
    let state = await editPage(alice, 'brand-guidelines');
    const cta = selectDraftTree(state, 'brand-guidelines')?.children.main?.find(
      (block) => block.component === 'call-to-action',
    );
    const fileId = cta?.attachments.file?.id ?? 0;
    expect(fileId).toBeGreaterThan(0);
    // a key whose file is gone (a reload) is refused in words, nothing is sent
    alice.store.dispatch(
      attachmentReplaceRequested({ path: 'brand-guidelines', fileId, fileKey: 'gone', fileName: 'old.pdf' }),
    );
    state = await alice.until((current) => idle(current, 'brand-guidelines'));
    expect(selectEditSession(state, 'brand-guidelines')?.operation?.message).toBe('Choose a file to upload');
    alice.deps.files.set(
      'picked-1',
      new File(['%PDF-1.4'], 'guidelines-2027.pdf', { type: 'application/pdf' }),
    );
    alice.store.dispatch(
      attachmentReplaceRequested({
        path: 'brand-guidelines',
        fileId,
        fileKey: 'picked-1',
        fileName: 'guidelines-2027.pdf',
      }),
    );
    state = await alice.until((current) => idle(current, 'brand-guidelines'));
    expect(selectEditSession(state, 'brand-guidelines')?.operation?.status).toBe('loaded');
    const after = selectDraftTree(state, 'brand-guidelines')?.children.main?.find(
      (block) => block.uid === cta?.uid,
    );
    expect(after?.props.file).toBe('guidelines-2027.pdf');
    expect(runtime.db.pageFiles.find((file) => file.id === fileId)?.file).toBe('guidelines-2027.pdf');
  });

  it('refuses the writes of a reader (bob): no work copy is created, a save is refused with 403', async () => {
    const bob = await portal('bob');
    let state = await editPage(bob, 'about');
    expect(selectEditSession(state, 'about')?.workCopyId).toBe(0);
    expect(selectDraftTree(state, 'about')?.id).toBe(2);
    const story = selectDraftTree(state, 'about')?.children.main?.[1];
    bob.store.dispatch(
      blockChanged({ path: 'about', uid: story?.uid ?? '', changes: { value: '<p>Bob was here</p>' } }),
    );
    bob.store.dispatch(saveRequested({ path: 'about' }));
    state = await bob.until((current) => selectEditSession(current, 'about')?.operation?.status === 'error');
    expect(selectEditSession(state, 'about')?.operation?.message).toBe('You may not edit pages');
    expect(selectEditSession(state, 'about')?.changes[story?.uid ?? '']).toBeDefined();
    bob.store.dispatch(publishRequested({ path: 'about' }));
    expect(runtime.db.pageWidgets.find((widget) => widget.id === story?.id)?.value).not.toContain('Bob');
  });

  it('reads the editor config and drops its licence key', async () => {
    const alice = await portal('alice');
    alice.store.dispatch(editorConfigRequested({}));
    const state = await alice.until((current) => current.pages.editorConfig.status === 'loaded');
    expect(selectEditorConfig(state)?.toolbar).toContain('bold');
    expect(JSON.stringify(state.pages)).not.toContain('FROALA');
  });
});
