import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { draftLoaded, editModeEntered, workCopyLoaded } from '../../../streams/pages/events';
import { everyBlock, inEditMode, loadedHome, openPage, page, templates, widget } from './page-fixtures';

/** Issue 28: the page builder's icon toolbars, "Move" mode, insertion points, preview, status. */
const group = (name: string) => screen.getByRole('group', { name });
const toolbarOf = (name: string) => within(group(name)).getAllByRole('toolbar')[0]!;
const say = () => document.querySelector('p.visually-hidden[aria-live="polite"]');
const mainOrder = () =>
  [...document.querySelectorAll('.cms-page__pane--draft .cms-page__blocks > .page-slot > .page-block')].map(
    (node) => node.getAttribute('data-uid'),
  );

describe('the page builder’s block toolbar', () => {
  it('is made of icon buttons named "Move block", "Edit block", "Move up", "Move down", "Remove block", each with a tooltip', () => {
    openPage('/pages/home', inEditMode());
    const tools = within(toolbarOf('Heading: heading 1')).getAllByRole('button');
    expect(tools.map((button) => button.getAttribute('aria-label'))).toEqual([
      'Move block',
      'Edit block',
      'Move up',
      'Move down',
      'Remove block',
    ]);
    for (const button of tools) {
      expect(button.textContent).toBe('');
      expect(button.getAttribute('title')).toMatch(/^(Move block|Edit block|Move up|Move down|Remove block)/);
    }
  });

  it('a container’s toolbar holds its own tools only, not its children’s', () => {
    openPage('/pages/home', inEditMode());
    const columns = within(toolbarOf('Columns: columns 5')).getAllByRole('button');
    expect(columns.map((button) => button.getAttribute('aria-label'))).toEqual([
      'Move block',
      'Move up',
      'Move down',
      'Remove block',
    ]);
  });

  it('a block with an attached file replaces it in place from its toolbar', () => {
    const widgets = everyBlock();
    const files = [
      {
        id: 40,
        parent: 'clubwedpagedesc_1_clubwedwidget_7',
        name: 'file',
        file: 'guide.pdf',
        modified: null,
      },
    ];
    const { dispatched } = openPage('/pages/home', [
      loadedHome(widgets),
      editModeEntered({ path: 'home' }),
      workCopyLoaded({ path: 'home', pageId: 1, workCopyId: 0 }),
      draftLoaded({ path: 'home', page: page(), widgets, files, templates: templates() }),
    ]);
    const block = group('Call to action: call-to-action 7');
    expect(within(block).getByRole('button', { name: 'Replace file' })).toBeTruthy();
    const input = block.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(input.getAttribute('aria-label')).toBe('Replace file');
    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'guide-2027.pdf')] } });
    expect(dispatched.at(-1)).toMatchObject({
      type: 'pages/attachmentReplaceRequested',
      payload: { path: 'home', fileId: 40, fileName: 'guide-2027.pdf' },
    });
  });
});

describe('"Move" mode with the keyboard', () => {
  it('arrows move the block where it would land, Enter drops it: one move of that many places', () => {
    const { dispatched } = openPage('/pages/home', inEditMode());
    const handle = within(toolbarOf('Heading: heading 1')).getByRole('button', { name: 'Move block' });
    fireEvent.click(handle);
    expect(handle.getAttribute('aria-pressed')).toBe('true');
    expect(say()?.textContent).toMatch(/^Moving “heading 1”, position 1 of 11\./);
    fireEvent.keyDown(handle, { key: 'ArrowDown' });
    fireEvent.keyDown(handle, { key: 'ArrowDown' });
    expect(say()?.textContent).toBe('“heading 1”: position 3 of 11 in Home.');
    expect(mainOrder().indexOf('clubwedwidget_1')).toBe(2);
    fireEvent.keyDown(handle, { key: 'Enter' });
    expect(dispatched.at(-1)).toMatchObject({
      type: 'pages/blockMoveRequested',
      payload: { path: 'home', uid: 'clubwedwidget_1', offset: 2 },
    });
    expect(say()?.textContent).toBe('“heading 1” dropped at position 3 of 11 in Home.');
  });

  it('Escape cancels: the block is back in its place and nothing is sent', () => {
    const { dispatched } = openPage('/pages/home', inEditMode());
    const handle = within(toolbarOf('Image: image 3')).getByRole('button', { name: 'Move block' });
    const before = dispatched.length;
    fireEvent.click(handle);
    fireEvent.keyDown(handle, { key: 'ArrowUp' });
    expect(mainOrder().indexOf('clubwedwidget_3')).toBe(1);
    fireEvent.keyDown(handle, { key: 'Escape' });
    expect(mainOrder().indexOf('clubwedwidget_3')).toBe(2);
    expect(handle.getAttribute('aria-pressed')).toBe('false');
    expect(say()?.textContent).toBe('Move cancelled: “image 3” is back in its place.');
    expect(dispatched.length).toBe(before);
  });

  it('left and right take a block to the neighbouring column: a transfer to that slot', () => {
    const widgets = [
      ...everyBlock(),
      widget('image', { parent: 'clubwedpagedesc_1_clubwedwidget_5', slot: 'right' }),
    ];
    const { dispatched } = openPage('/pages/home', inEditMode(widgets));
    const handle = within(toolbarOf('Rich text: rich-text 6')).getByRole('button', { name: 'Move block' });
    fireEvent.click(handle);
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    expect(say()?.textContent).toBe('“rich-text 6”: position 1 of 2 in columns 5 › right.');
    // the block is now shown in the other column: the keyboard went with it
    const moved = within(toolbarOf('Rich text: rich-text 6')).getByRole('button', { name: 'Move block' });
    expect(moved.closest('.page-slot')?.getAttribute('data-slot')).toBe('right');
    expect(document.activeElement).toBe(moved);
    fireEvent.keyDown(moved, { key: 'Enter' });
    expect(dispatched.at(-1)).toMatchObject({
      type: 'pages/blockTransferRequested',
      payload: {
        path: 'home',
        uid: 'clubwedwidget_6',
        parentUid: 'clubwedwidget_5',
        slot: 'right',
        index: 0,
      },
    });
  });
});

describe('insertion points, the published page, the status', () => {
  it('an insertion point between blocks opens "Add block" for that place', () => {
    const { dispatched } = openPage('/pages/home', inEditMode());
    const slot = document.querySelector('.cms-page__pane--draft .cms-page__blocks > .page-slot')!;
    const points = [...slot.querySelectorAll(':scope > .page-insert button')];
    expect(points.map((button) => button.getAttribute('aria-label'))).toEqual(Array(11).fill('Add block'));
    expect(points[0]?.getAttribute('title')).toBe('Add a block here');
    fireEvent.click(points[2]!);
    const dialog = screen.getByRole('dialog', { name: 'Add block' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Heading' }));
    expect(dispatched.at(-1)).toMatchObject({
      type: 'pages/blockAddRequested',
      payload: { path: 'home', parentUid: 'clubwedpagedesc_1', slot: 'main', component: 'heading', index: 2 },
    });
  });

  it('shows the published page, read-only, beside the draft; "Show published" / "Show draft" take turns', () => {
    const live = everyBlock();
    const draft = live.map((one) => (one.id === 2 ? { ...one, value: '<p>Draft words</p>' } : one));
    openPage('/pages/home', [
      loadedHome(live),
      editModeEntered({ path: 'home' }),
      workCopyLoaded({ path: 'home', pageId: 1, workCopyId: 0 }),
      draftLoaded({
        path: 'home',
        page: page({ status: 2, version: 2 }),
        widgets: draft,
        files: [],
        templates: templates(),
      }),
    ]);
    const published = screen.getByRole('region', { name: 'Published page' });
    expect(within(published).getByText('search lakes')).toBeTruthy();
    expect(within(published).queryByText('Draft words')).toBeNull();
    expect(within(published).queryAllByRole('button', { name: 'Remove block' })).toHaveLength(0);
    expect(within(screen.getByRole('region', { name: 'Draft' })).getByText('Draft words')).toBeTruthy();
    const editor = document.querySelector('.cms-editor')!;
    fireEvent.click(screen.getByRole('button', { name: 'Show published' }));
    expect(editor.classList.contains('cms-editor--published')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Show draft' }));
    expect(editor.classList.contains('cms-editor--published')).toBe(false);
    expect(screen.getByText('Draft · version 2')).toBeTruthy();
  });

  it('editors see the live page’s status and version before editing', () => {
    openPage('/pages/home', [loadedHome(everyBlock(), { version: 3 })]);
    expect(screen.getByText('Published · version 3')).toBeTruthy();
  });
});
