import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { UnstampedEvent } from '../../../streams/core/event';
import * as cursors from '../../../streams/cursors/events';
import { loaded as entityLoaded } from '../../../streams/entities/events';
import { listLoaded, pageFailed } from '../../../streams/pages/events';
import { everyBlock, inEditMode, loadedHome, openPage, page, types } from './page-fixtures';

describe('a CMS page as readers see it', () => {
  it('asks the page list, then the page of its path once, and says it is loading', () => {
    const { dispatched, store } = openPage('/pages/home');
    expect(screen.getByRole('status').textContent).toBe('Loading the page…');
    expect(types(dispatched)).toEqual(['pages/listRequested']);
    act(() => {
      store.dispatch(listLoaded({ pages: [page()] }));
    });
    const asked = dispatched.filter((event) => event.type === 'pages/pageRequested');
    expect(asked).toHaveLength(1);
    expect(asked[0]?.payload).toEqual({ path: 'home' });
  });

  it('a link of the portal inside rich text opens in the portal', () => {
    const { store } = openPage('/pages/home', [loadedHome()]);
    fireEvent.click(screen.getByRole('link', { name: 'search lakes' }));
    expect(store.getState().router).toEqual({ path: '/search', search: '?q=lake' });
  });

  it('renders every block type from the component tree', () => {
    const { dispatched } = openPage('/pages/home', [loadedHome()]);
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome home' })).toBeTruthy();
    // heading
    expect(screen.getByRole('heading', { level: 2, name: 'Our brand' })).toBeTruthy();
    // rich text (DOMPurify's sanitising is checked in the browser: happy-dom's DOM defeats its walk)
    expect(screen.getByText('world').tagName).toBe('STRONG');
    // image of an asset
    expect((screen.getByRole('img', { name: 'A lake' }) as HTMLImageElement).src).toContain('id=12');
    // columns hold their children
    expect(screen.getByText('Left column').closest('.page-columns')).toBeTruthy();
    // call to action: a link into the portal
    expect(screen.getByRole('link', { name: 'Search the library' }).getAttribute('href')).toBe('/search');
    // the player asks its asset
    expect(
      dispatched.some(
        (event) => event.type === 'entities/fetchRequested' && (event.payload as { id: string }).id === '30',
      ),
    ).toBe(true);
    // an unknown type, a hidden block and a broken block show nothing to readers
    expect(screen.queryByText(/Unknown block type/)).toBeNull();
    expect(screen.queryByText('Hidden note')).toBeNull();
    expect(screen.queryByText(/could not be read/)).toBeNull();
    // no page builder for readers
    expect(screen.queryByRole('button', { name: 'Remove block' })).toBeNull();
  });

  it('the asset list asks 6 assets by default and links each to its asset page', () => {
    const { dispatched, store } = openPage('/pages/home', [loadedHome()]);
    const registration = dispatched.find((event) => event.type === 'cursors/registrationRequested');
    expect(registration?.payload).toMatchObject({ path: 'dam/data/asset', max: 6 });
    const name = String((registration?.payload as { name?: string } | undefined)?.name);
    expect(types(dispatched)).toContain('cursors/fetchRequested');
    act(() => {
      store.dispatch(
        cursors.pageLoaded({
          name,
          page: 'first',
          signature: 's',
          resource: 'asset',
          rows: [1, 2, 3, 4, 5, 6, 7].map((id) => ({ id, name: `Asset ${id}` })),
          total: 7,
          count: 7,
          nextResultsToken: null,
          aggregates: null,
        }),
      );
    });
    const list = screen.getByRole('region', { name: 'Latest assets' });
    const links = within(list).getAllByRole('link');
    expect(links).toHaveLength(6);
    expect(links[0]?.getAttribute('href')).toBe('/assets/asset/1');
    expect(links[0]?.textContent).toBe('Asset 1');
    expect(list.querySelector('img')?.getAttribute('src')).toContain('variation=thumbnailBig');
  });

  it('the player block shows the asset page’s preview once the asset is known', () => {
    openPage('/pages/home', [
      loadedHome(),
      entityLoaded({
        path: 'dam/data/asset',
        id: '30',
        data: { id: 30, name: 'Evening film', assetnature: { code: 'image' }, mimetype: 'image/jpeg' },
      }),
    ]);
    expect(screen.getByRole('img', { name: 'Evening film' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Evening film' }).getAttribute('href')).toBe('/assets/asset/30');
  });

  it('an unknown path shows the error view with code 404', () => {
    openPage('/pages/nowhere', [
      pageFailed({
        path: 'nowhere',
        error: {
          code: 'error.http.404',
          message: 'Unknown page of path nowhere. Cannot fetch it',
          status: 404,
        },
      }),
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'An error occured!' })).toBeTruthy();
    expect(document.querySelector('.error-view code')?.textContent).toContain('404');
    expect(screen.getByText('Unknown page of path nowhere. Cannot fetch it')).toBeTruthy();
  });

  it('another failure says so with "Try again"', () => {
    const { dispatched } = openPage('/pages/home', [
      listLoaded({ pages: [page()] }),
      pageFailed({ path: 'home', error: { code: 'error.http.500', message: 'boom', status: 500 } }),
    ]);
    expect(screen.getByRole('alert').textContent).toContain('The page could not be loaded.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(types(dispatched).filter((type) => type === 'pages/pageRequested')).toHaveLength(2);
  });

  it('a reader without the edit right gets no "Edit page"', () => {
    openPage('/pages/home', [loadedHome(everyBlock(), { features: [] })]);
    expect(screen.queryByRole('button', { name: 'Edit page' })).toBeNull();
  });
});

describe('the page builder', () => {
  it('"Edit page" enters edit mode', () => {
    const { dispatched } = openPage('/pages/home', [loadedHome()]);
    fireEvent.click(screen.getByRole('button', { name: 'Edit page' }));
    expect(dispatched.at(-1)?.type).toBe('pages/editModeEntered');
  });

  it('in edit mode each block has its tools; unknown and broken blocks show a placeholder', () => {
    openPage('/pages/home', inEditMode());
    expect(screen.getByRole('button', { name: 'Stop editing' })).toBeTruthy();
    const blocks = document.querySelectorAll('.page-block');
    expect(blocks.length).toBe(12);
    expect(screen.getAllByRole('button', { name: 'Remove block' })).toHaveLength(12);
    expect(screen.getAllByRole('button', { name: 'Move up' })[0]?.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Unknown block type “carousel-3d”: it is not shown to readers.')).toBeTruthy();
    expect(screen.getByText(/This block could not be read/)).toBeTruthy();
    expect(screen.getByText('Hidden block: readers do not see it.')).toBeTruthy();
    // an empty editable text shows the placeholder, which is no value
    const empty = screen.getByRole('textbox', { name: 'Text of “Empty title”' }) as HTMLInputElement;
    expect(empty.placeholder).toBe('[ WRITE HERE ]');
    expect(empty.value).toBe('');
  });

  it('a text edit is one block change when the box is left; the placeholder is never sent', () => {
    const { dispatched } = openPage('/pages/home', inEditMode());
    const heading = screen.getByRole('textbox', { name: 'Text of “heading 1”' });
    fireEvent.change(heading, { target: { value: 'Our new brand' } });
    expect(types(dispatched)).not.toContain('pages/blockChanged');
    fireEvent.blur(heading);
    const change = dispatched.find((event) => event.type === 'pages/blockChanged');
    expect(change?.payload).toEqual({
      path: 'home',
      uid: 'clubwedwidget_1',
      changes: { value: 'Our new brand' },
    });
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(false);
    expect(screen.getByRole('button', { name: 'Publish' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(dispatched.at(-1)?.type).toBe('pages/blockChangeUndone');
    const empty = screen.getByRole('textbox', { name: 'Text of “Empty title”' });
    fireEvent.change(empty, { target: { value: '[ WRITE HERE ]' } });
    fireEvent.blur(empty);
    expect(
      dispatched.filter(
        (event) => event.type === 'pages/blockChanged' && JSON.stringify(event.payload).includes('WRITE'),
      ),
    ).toHaveLength(0);
  });

  it('moves, removes (after a confirmation) and saves', () => {
    const confirm = vi.fn(() => true);
    window.confirm = confirm;
    const { dispatched } = openPage('/pages/home', inEditMode());
    fireEvent.click(screen.getAllByRole('button', { name: 'Move down' })[0]!);
    expect(dispatched.at(-1)?.payload).toEqual({ path: 'home', uid: 'clubwedwidget_1', offset: 1 });
    fireEvent.click(screen.getAllByRole('button', { name: 'Remove block' })[0]!);
    expect(confirm).toHaveBeenCalled();
    expect(dispatched.at(-1)).toMatchObject({
      type: 'pages/blockRemoveRequested',
      payload: { uid: 'clubwedwidget_1' },
    });
  });

  it('"Add block" opens a dialog of the slot’s valid children', () => {
    const { dispatched } = openPage('/pages/home', inEditMode());
    const addButtons = screen.getAllByRole('button', { name: 'Add block' });
    // the page's main slot is the last one (after the columns' slots)
    fireEvent.click(addButtons.at(-1)!);
    const dialog = screen.getByRole('dialog', { name: 'Add block' });
    const choices = within(dialog)
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(choices).toEqual(['Heading', 'Rich text', 'Asset list', 'Columns', 'Cancel']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Asset list' }));
    expect(dispatched.at(-1)?.payload).toEqual({
      path: 'home',
      parentUid: 'clubwedpagedesc_1',
      slot: 'main',
      component: 'asset-list',
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('"Edit block" on rich text loads the rich-text editor with the block’s text', async () => {
    const { dispatched } = openPage('/pages/home', inEditMode());
    const block = screen.getByRole('group', { name: 'Rich text: rich-text 2' });
    fireEvent.click(within(block).getByRole('button', { name: 'Edit block' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit block' });
    const editor = await within(dialog).findByRole('textbox', { name: 'Rich text' });
    await vi.waitFor(() => expect(editor.textContent).toContain('Hello world'));
    expect(within(dialog).getByRole('button', { name: 'Bold' })).toBeTruthy();
    // untouched: "Apply" changes nothing
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(types(dispatched)).not.toContain('pages/blockChanged');
  });

  it('the asset list’s JSON settings are refused with a message until they are valid', () => {
    const { dispatched } = openPage('/pages/home', inEditMode());
    const block = screen.getByRole('group', { name: 'Asset list: Latest' });
    fireEvent.click(within(block).getByRole('button', { name: 'Edit block' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit block' });
    const settings = within(dialog).getByRole('textbox', {
      name: 'Block settings (JSON)',
    }) as HTMLTextAreaElement;
    expect(JSON.parse(settings.value)).toEqual({ title: 'Latest assets' });
    fireEvent.change(settings, { target: { value: '{"title": "Latest", "max": 6' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(within(dialog).getByRole('alert').textContent).toMatch(/^The settings are not valid JSON: /);
    expect(settings.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(settings, { target: { value: '[1, 2]' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'The settings must be a JSON object, between { and }.',
    );
    fireEvent.change(settings, { target: { value: '{"max": 0}' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('“max” must be a whole number from 1 to 100.');
    expect(types(dispatched)).not.toContain('pages/blockChanged');
    fireEvent.change(settings, { target: { value: '{"title": "Four", "max": 4}' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(dispatched.find((event) => event.type === 'pages/blockChanged')?.payload).toEqual({
      path: 'home',
      uid: 'clubwedwidget_4',
      changes: { props: { title: 'Four', max: 4 } },
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('warns before a link of the portal is followed with unsaved changes', () => {
    const confirm = vi.fn(() => false);
    window.confirm = confirm;
    const { store } = openPage('/pages/home', [
      ...inEditMode(),
      // a change not saved yet
      {
        type: 'pages/blockChanged',
        payload: { path: 'home', uid: 'clubwedwidget_1', changes: { value: 'x' } },
      },
    ] as UnstampedEvent[]);
    fireEvent.click(within(draft()).getByRole('link', { name: 'search lakes' }));
    expect(confirm).toHaveBeenCalledWith('The page has unsaved changes. Leave without saving them?');
    expect(store.getState().router.path).toBe('/pages/home');
    // closing or reloading the tab asks the browser's own question
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);
    // answering yes leaves, in the portal
    confirm.mockReturnValue(true);
    fireEvent.click(within(draft()).getByRole('link', { name: 'search lakes' }));
    expect(store.getState().router).toEqual({ path: '/search', search: '?q=lake' });
  });
});

const draft = () => screen.getByRole('region', { name: 'Draft' });

describe('the pages index', () => {
  it('lists every page with its status and version; the live version links to its page', () => {
    const { dispatched } = openPage('/pages', [
      listLoaded({
        pages: [
          page(),
          page({ id: 5, version: 2, status: 2, copietravail: null }),
          page({ id: 3, name: 'Guidelines', path: 'brand-guidelines', version: 2 }),
          page({ id: 8, name: 'Help', path: 'help', status: null }),
        ],
      }),
    ]);
    expect(types(dispatched)).toContain('pages/listRequested');
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Guidelinesbrand-guidelinesPublished2—',
      'HelphelpDraft1—',
      'HomehomeDraft2—',
      'HomehomePublished1—',
    ]);
    expect(screen.getByRole('link', { name: 'Guidelines' }).getAttribute('href')).toBe(
      '/pages/brand-guidelines',
    );
  });
});
