import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { UnstampedEvent } from '../../../streams/core/event';
import {
  commandStarted,
  filesAdded,
  itemsFetched,
  itemsPageLoaded,
  itemsSearchRequested,
  jobFetchFailed,
  jobLoaded,
  listLoaded,
  listRegistered,
  uploadFailed,
  uploadProgressed,
  uploadResolving,
  uploadStarted,
  uploadsRestored,
  validateRequested,
} from '../../../streams/imports/events';
import { whoAmILoaded } from '../../../streams/session/events';
import { ImportPage } from '../../../src/imports/import-page';
import { ImportsPage } from '../../../src/imports/imports-page';
import { LIST_NAME } from '../../../src/imports/listed-jobs';
import { renderWithStore } from '../../helpers/render';

const alice = whoAmILoaded({ me: { id: 1, login: 'alice', isUser: true } });

const item = (id: number, name: string, status: number, extra: Record<string, unknown> = {}) => ({
  id,
  name,
  job: 101,
  $resource: 'item',
  $status: status,
  blurhash: 'LEHV6nWB2yk8pyo0adR*.7kCMdnj',
  ...extra,
});

function openJob(events: UnstampedEvent[]) {
  return renderWithStore(
    <Router hook={memoryLocation({ path: '/imports/101' }).hook}>
      <Route path="/imports/:id" component={ImportPage} />
    </Router>,
    [alice, ...events],
  );
}

const jobEvents = (items: ReturnType<typeof item>[]): UnstampedEvent[] => [
  jobLoaded({ jobId: '101', job: { id: 101, name: 'Autumn shoot', jobowner: 1, count: items.length } }),
  itemsSearchRequested({ jobId: '101' }),
  itemsPageLoaded({ jobId: '101', reset: true, items, more: false }),
];

describe('/imports', () => {
  it('lists each job as a link named by its name, with owner, counts by status and first thumbnails', () => {
    const { dispatched } = renderWithStore(
      <Router hook={memoryLocation({ path: '/imports' }).hook}>
        <ImportsPage />
      </Router>,
      [
        alice,
        listRegistered({ name: LIST_NAME }),
        listLoaded({
          name: LIST_NAME,
          reset: true,
          next: null,
          jobs: [
            {
              id: 101,
              name: 'Autumn shoot',
              jobowner: { id: 1, name: 'Alice' },
              modified: '2026-11-20T10:00:00Z',
              $items: [item(1, 'a.jpg', 4), item(2, 'b.jpg', 2), item(3, 'c.jpg', 9)],
              $moreChildren_$items: { total: 24 },
            },
            { id: 102, name: 'Store openings', jobowner: 2, $items: [] },
          ],
        }),
      ],
    );
    const link = screen.getByRole('link', { name: 'Autumn shoot' });
    expect(link.getAttribute('href')).toBe('/imports/101');
    expect(screen.getByRole('link', { name: 'Store openings' })).toBeTruthy();
    const row = link.closest('li') as HTMLElement;
    expect(row.textContent).toContain('Owner: Alice');
    expect(row.textContent).toContain('24 items');
    expect(row.textContent).toContain('1 ready');
    expect(row.textContent).toContain('1 analyzing');
    expect(row.textContent).toContain('1 error');
    expect(within(row).getByRole('list', { name: 'First items of Autumn shoot' }).children).toHaveLength(3);
    expect(dispatched.map((event) => event.type)).toContain('imports/listFetchRequested');
  });

  it('"New import" opens a dialog whose "Create" asks for a job with the name', () => {
    const { dispatched } = renderWithStore(
      <Router hook={memoryLocation({ path: '/imports' }).hook}>
        <ImportsPage />
      </Router>,
      [alice],
    );
    fireEvent.click(screen.getByRole('button', { name: 'New import' }));
    const dialog = screen.getByRole('dialog', { name: 'New import' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), {
      target: { value: ' Winter ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    const created = dispatched.filter((event) => event.type === 'imports/jobCreateRequested');
    expect(created.map((event) => (event.payload as { description: unknown }).description)).toEqual([
      { name: 'Winter' },
    ]);
  });

  it('asks a visitor to sign in', () => {
    renderWithStore(
      <Router hook={memoryLocation({ path: '/imports' }).hook}>
        <ImportsPage />
      </Router>,
    );
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeTruthy();
  });
});

describe('/imports/:id', () => {
  it('shows the items as grid cells named by their names, with "Select" and their status badges', () => {
    openJob(jobEvents([item(1, 'a.jpg', 4), item(2, 'b.jpg', 2), item(3, 'c.jpg', 9)]));
    expect(screen.getByRole('heading', { name: 'Autumn shoot' })).toBeTruthy();
    const grid = screen.getByRole('grid', { name: 'Items' });
    const cell = within(grid).getByRole('gridcell', { name: 'b.jpg' });
    expect(within(cell).getByRole('checkbox', { name: 'Select' })).toBeTruthy();
    expect(cell.textContent).toContain('analyzing');
    expect(within(grid).getByRole('gridcell', { name: 'a.jpg' }).textContent).toContain('ready');
    expect(within(grid).getByRole('gridcell', { name: 'c.jpg' }).textContent).toContain('error');
    // the blurhash placeholder stands until a thumbnail exists
    expect(cell.querySelector('canvas')).not.toBeNull();
  });

  it('selects items; "Validate" sends them; the workflow actions they share are in the "Workflow" group', () => {
    const workflow = { state: 'draft', actions: [{ action: 'approve', label: 'Approve' }] };
    const { dispatched } = openJob(
      jobEvents([
        item(1, 'a.jpg', 4, { $workflow: workflow }),
        item(2, 'b.jpg', 4, { $workflow: workflow }),
        item(3, 'c.jpg', 4),
      ]),
    );
    const validate = screen.getByRole('button', { name: 'Validate' }) as HTMLButtonElement;
    expect(validate.disabled).toBe(true);
    for (const name of ['a.jpg', 'b.jpg']) {
      fireEvent.click(
        within(screen.getByRole('gridcell', { name })).getByRole('checkbox', { name: 'Select' }),
      );
    }
    expect(screen.getByText('2 selected')).toBeTruthy();
    fireEvent.click(
      within(screen.getByRole('group', { name: 'Workflow' })).getByRole('button', { name: 'Approve' }),
    );
    fireEvent.click(validate);
    const workflowAsked = dispatched.find((event) => event.type === 'imports/itemsWorkflowRequested');
    expect(workflowAsked?.payload).toEqual({ jobId: '101', itemIds: ['1', '2'], action: 'approve' });
    const validated = dispatched.find((event) => event.type === validateRequested.type);
    expect((validated?.payload as { itemIds: string[] } | undefined)?.itemIds).toEqual(['1', '2']);
    expect(screen.getByRole('button', { name: 'Move to another import' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
  });

  it('"Edit metadata" follows each item\'s own flags under $meta-<field>: not shown, not editable, required (issue 26 item 10)', () => {
    const { store } = openJob(jobEvents([item(1, 'a.jpg', 4), item(2, 'b.jpg', 4)]));
    for (const name of ['a.jpg', 'b.jpg']) {
      fireEvent.click(
        within(screen.getByRole('gridcell', { name })).getByRole('checkbox', { name: 'Select' }),
      );
    }
    fireEvent.click(screen.getByRole('button', { name: 'Edit metadata' }));
    const field = (label: string) => ({ type: 'string', label, cud: { create: true, update: true } });
    const flags = (editable: boolean, mandatory: boolean, viewable = true) => ({
      faces: { editable, mandatory, viewable },
    });
    act(() => {
      store.dispatch(
        itemsFetched({
          jobId: '101',
          ids: ['1', '2'],
          items: [
            item(1, 'a.jpg', 4, {
              $assetmetadata: {
                title: 'A',
                '$meta-title': flags(true, false),
                '$meta-author': flags(true, true),
                '$meta-code': flags(false, false),
                '$meta-secret': flags(true, false, false),
              },
            }),
            item(2, 'b.jpg', 4, {
              $assetmetadata: {
                title: 'B',
                '$meta-title': flags(true, false),
                '$meta-code': flags(true, false),
              },
            }),
          ],
          fields: {
            title: field('Title'),
            author: field('Author'),
            code: field('Code'),
            secret: field('Secret'),
          },
        }),
      );
    });
    const dialog = screen.getByRole('dialog', { name: 'Edit metadata' });
    expect(within(dialog).getByRole('textbox', { name: /Title/ }).getAttribute('aria-required')).not.toBe(
      'true',
    );
    // one item requires the author: required for the pair
    expect(
      within(dialog)
        .getByRole('textbox', { name: /Author/ })
        .getAttribute('aria-required'),
    ).toBe('true');
    // one item may not edit the code, another may not show the secret
    expect(within(dialog).queryByRole('textbox', { name: /Code/ })).toBeNull();
    expect(within(dialog).queryByRole('textbox', { name: /Secret/ })).toBeNull();
  });

  it('"Edit metadata" of one item edits the fields of its schema (mandatory marked) and sends the changed ones', () => {
    const { dispatched, store } = openJob(jobEvents([item(1, 'a.jpg', 4), item(2, 'b.jpg', 4)]));
    fireEvent.click(
      within(screen.getByRole('gridcell', { name: 'a.jpg' })).getByRole('checkbox', { name: 'Select' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Edit metadata' }));
    expect(dispatched.find((event) => event.type === 'imports/itemsFetchRequested')?.payload).toEqual({
      jobId: '101',
      ids: ['1'],
    });
    const fetched = itemsFetched({
      jobId: '101',
      ids: ['1'],
      items: [item(1, 'a.jpg', 4, { title: 'Same' })],
      fields: {
        title: { type: 'string', label: 'Title', $meta: { editable: true, mandatory: true, viewable: true } },
        author: {
          type: 'string',
          label: 'Author',
          $meta: { editable: true, mandatory: false, viewable: true },
        },
        secret: {
          type: 'string',
          label: 'Secret',
          $meta: { editable: true, mandatory: false, viewable: false },
        },
        code: { type: 'string', label: 'Code', cud: { create: false, update: false } },
      },
    });
    act(() => {
      store.dispatch(fetched);
    });
    const dialog = screen.getByRole('dialog', { name: 'Edit metadata' });
    const title = within(dialog).getByRole('textbox', { name: /Title/ }) as HTMLInputElement;
    expect(title.value).toBe('Same');
    expect(title.getAttribute('aria-required')).toBe('true');
    expect(within(dialog).queryByRole('textbox', { name: /Secret/ })).toBeNull();
    expect(within(dialog).queryByRole('textbox', { name: /Code/ })).toBeNull();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Author/ }), { target: { value: 'Jo' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const set = dispatched.find((event) => event.type === 'imports/metadataSetRequested');
    expect(set?.payload).toMatchObject({ jobId: '101', itemIds: ['1'], data: { author: 'Jo' } });
    const requestId = (set?.payload as { requestId: string } | undefined)?.requestId ?? '';
    act(() => {
      store.dispatch(
        commandStarted({
          requestId,
          jobId: '101',
          kind: 'metadata',
          commandIds: ['c7'],
          itemIds: ['1'],
          fields: ['author'],
        }),
      );
    });
    expect(screen.queryByRole('dialog', { name: 'Edit metadata' })).toBeNull();
    expect(screen.getByRole('status', { name: 'Running commands' }).textContent).toContain(
      'Command c7: running',
    );
  });

  it('the upload queue: each file a list item with its progress bar and "Cancel upload"; "Simultaneous uploads"', () => {
    const { dispatched } = openJob([
      ...jobEvents([]),
      filesAdded({
        jobId: '101',
        files: [
          { id: '1_1', name: 'one.png', size: 1000 },
          { id: '1_2', name: 'two.png', size: 1000 },
        ],
      }),
      uploadResolving({ id: '1_1', limit: 3 }),
      uploadStarted({ id: '1_1' }),
      uploadProgressed({ id: '1_1', loaded: 420, total: 1000, progress: 42 }),
    ]);
    const one = screen.getByRole('listitem', { name: 'one.png' });
    expect(within(one).getByRole('progressbar').getAttribute('value')).toBe('42');
    expect(screen.getByRole('listitem', { name: 'two.png' }).textContent).toContain('waiting');
    expect(screen.getByRole('progressbar', { name: 'All uploads' })).toBeTruthy();
    fireEvent.click(within(one).getByRole('button', { name: 'Cancel upload' }));
    expect(dispatched.find((event) => event.type === 'imports/uploadRemoveRequested')?.payload).toEqual({
      id: '1_1',
    });
    const select = screen.getByRole('combobox', { name: 'Simultaneous uploads' }) as HTMLSelectElement;
    expect([...select.options].map((option) => option.value)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
    ]);
    fireEvent.change(select, { target: { value: '2' } });
    expect(
      dispatched.find((event) => event.type === 'imports/uploadConcurrencyChangeRequested')?.payload,
    ).toEqual({
      value: 2,
    });
  });

  it('"Add files" registers the chosen files for the job', () => {
    const { dispatched } = openJob(jobEvents([]));
    const input = screen.getByLabelText('Add files') as HTMLInputElement;
    expect(input.multiple).toBe(true);
    const file = new File([new Uint8Array(10)], 'pic.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [file] } });
    const added = dispatched.find((event) => event.type === 'imports/filesAdded');
    expect(added?.payload).toMatchObject({
      jobId: '101',
      files: [{ name: 'pic.png', size: 10, type: 'image/png' }],
    });
    expect((added?.payload as { files: { id: string }[] } | undefined)?.files[0]?.id).toMatch(/^\d+_\d+$/);
  });

  it('dropping files on the page adds them as "Add files" does', async () => {
    const { dispatched } = openJob(jobEvents([]));
    const file = new File([new Uint8Array(5)], 'dropped.jpg', { type: 'image/jpeg' });
    const page = screen.getByRole('heading', { name: 'Autumn shoot' }).closest('section') as HTMLElement;
    fireEvent.drop(page, { dataTransfer: { files: [file], types: ['Files'] } });
    await act(async () => {
      await Promise.resolve();
    });
    const added = dispatched.find((event) => event.type === 'imports/filesAdded');
    expect(added?.payload).toMatchObject({ jobId: '101', files: [{ name: 'dropped.jpg', size: 5 }] });
  });

  it('a refused file type shows the translated format error; a reload lists the files to choose again', () => {
    openJob([
      ...jobEvents([]),
      filesAdded({ jobId: '101', files: [{ id: '1_1', name: 'notes.exe', size: 10 }] }),
      uploadFailed({
        id: '1_1',
        jobId: '101',
        message: 'The format of notes.exe is not accepted',
        messageKey: 'error.message.format',
        error: { code: '400/9', message: 'The format of notes.exe is not accepted' },
      }),
      uploadsRestored({ files: [{ id: '9_1', jobId: '101', name: 'big.tif', size: 2048 }] }),
    ]);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('notes.exe: This type of file is not accepted in this import.');
    const resume = screen.getByRole('status', { name: 'Choose again to resume' });
    expect(resume.textContent).toContain('big.tif (2 KB)');
  });

  it('an unknown job says so in words and leads back to the imports; the server\'s words behind "Details"', () => {
    openJob([
      jobFetchFailed({
        jobId: '101',
        error: { code: 'error.http.404', message: "Job '101' is unknown", status: 404 },
      }),
    ]);
    const shown = screen.getByRole('alert');
    expect(within(shown).getByRole('heading', { level: 1 }).textContent).toBe('This import does not exist');
    expect(within(shown).getByRole('link', { name: 'All imports' }).getAttribute('href')).toBe('/imports');
    expect(within(shown).getByText('error.http.404')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add files' })).toBeNull();
  });

  it('someone else\'s job (403) says plainly that bob has no access, with a way back and no "Try again"', () => {
    openJob([
      jobFetchFailed({
        jobId: '101',
        error: { code: 'error.http.403', message: "bob may not use the import 'Autumn shoot'", status: 403 },
      }),
    ]);
    const shown = screen.getByRole('alert');
    expect(within(shown).getByRole('heading', { level: 1 }).textContent).toBe(
      'You do not have access to this import',
    );
    expect(within(shown).getByRole('link', { name: 'All imports' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.queryByText(/refused the request/)).toBeNull();
  });

  it('a job that failed otherwise (500) keeps the page, with the failure and "Try again"', () => {
    openJob([
      jobFetchFailed({
        jobId: '101',
        error: { code: 'error.http.500', message: 'Fault injected', status: 500 },
      }),
    ]);
    expect(screen.getAllByRole('button', { name: 'Try again' }).length).toBeGreaterThan(0);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Imports');
  });
});
