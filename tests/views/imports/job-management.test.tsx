import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { UnstampedEvent } from '../../../streams/core/event';
import {
  analyzingCounted,
  itemsFetched,
  itemsPageLoaded,
  itemsSearchRequested,
  jobDeleted,
  jobLoaded,
  listFetchFailed,
  listLoaded,
  listRegistered,
  statusCountsLoaded,
  workflowListLoaded,
} from '../../../streams/imports/events';
import { itemsPatched, jobWriteRefused, UNKNOWN_JOB } from '../../../streams/imports/manage-events';
import { whoAmILoaded } from '../../../streams/session/events';
import { ImportPage } from '../../../src/imports/import-page';
import { LIST_NAME } from '../../../src/imports/listed-jobs';
import { renderWithStore } from '../../helpers/render';

const alice = whoAmILoaded({ me: { id: 1, login: 'alice', isUser: true } });
const owner = { id: 1, login: 'alice', name: 'Alice Martin' };
const bob = { id: 2, login: 'bob', name: 'Bob Durand' };

const job = (extra: Record<string, unknown> = {}) =>
  jobLoaded({
    jobId: '101',
    job: {
      id: 101,
      name: 'Autumn shoot',
      jobowner: owner,
      created: '2026-03-01T09:00:00.000Z',
      status: 'open',
      count: 3,
      subjobs: [],
      $security: { 'objectactions/multiupdate': true },
      ...extra,
    },
  });
const items = itemsPageLoaded({
  jobId: '101',
  reset: true,
  more: false,
  items: [1, 2, 3].map((id) => ({ id, name: `${id}.jpg`, job: 101, $status: 4 })),
});

function openJob(events: UnstampedEvent[]) {
  const location = memoryLocation({ path: '/imports/101', record: true });
  const rendered = renderWithStore(
    <Router hook={location.hook}>
      <Route path="/imports/:id" component={ImportPage} />
    </Router>,
    [alice, ...events],
  );
  return { ...rendered, history: location.history };
}

const sent = (dispatched: { type: string; payload: unknown }[], type: string) =>
  dispatched.filter((event) => event.type === type).map((event) => event.payload);

describe('/imports/:id job management (issue 24)', () => {
  it('reads the job, its items, its counts and the workflow list on opening', () => {
    const { dispatched } = openJob([]);
    for (const type of [
      'imports/jobFetchRequested',
      'imports/itemsSearchRequested',
      'imports/statusCountsRequested',
      'imports/analyzingCountRequested',
      'imports/workflowListRequested',
    ])
      expect(sent(dispatched, type)).toHaveLength(1);
  });

  it('the summary says owner, created, status, items, counts by status and the analysing count', () => {
    openJob([
      job(),
      statusCountsLoaded({ jobId: '101', total: 5, counts: { '2': 2, '4': 3 } }),
      analyzingCounted({ jobId: '101', total: 2 }),
    ]);
    const summary = screen.getByRole('region', { name: 'About this import' });
    const pairs = [...summary.querySelectorAll('dl > div')].map((cell) => [
      cell.querySelector('dt')?.textContent,
      cell.querySelector('dd')?.textContent,
    ]);
    expect(pairs).toEqual(
      expect.arrayContaining([
        ['Owner', 'Alice Martin'],
        ['Status', 'open'],
        ['Items', '5'],
        ['analyzing', '2'],
        ['ready', '3'],
        ['Being analysed', '2'],
      ]),
    );
    expect(pairs.find(([term]) => term === 'Created')?.[1]).toContain('2026');
  });

  it('"Delete import" asks first; "Delete" sends the delete; a deleted import goes back to the list', () => {
    const { dispatched, store, history } = openJob([job()]);
    fireEvent.click(screen.getByRole('button', { name: 'Delete import' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete import' });
    expect(dialog.textContent).toContain('Autumn shoot');
    expect(sent(dispatched, 'imports/jobDeleteRequested')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(sent(dispatched, 'imports/jobDeleteRequested')).toEqual([{ jobId: '101' }]);
    expect(screen.getByText('Deleting the import…').getAttribute('role')).toBe('status');
    act(() => {
      store.dispatch(jobDeleted({ jobId: '101', deactivated: false }));
    });
    expect(history.at(-1)).toBe('/imports');
  });

  it('"Change owner" offers the owners the job list names and sends the chosen one', () => {
    const { dispatched } = openJob([
      job(),
      listRegistered({ name: LIST_NAME }),
      listLoaded({
        name: LIST_NAME,
        reset: true,
        next: null,
        jobs: [
          { id: 101, name: 'Autumn shoot', jobowner: owner },
          { id: 102, name: 'Coffee', jobowner: bob },
        ],
      }),
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Change owner' }));
    const dialog = screen.getByRole('dialog', { name: 'Change owner' });
    const select = within(dialog).getByRole('combobox', { name: 'New owner' }) as HTMLSelectElement;
    expect([...select.options].map((option) => option.textContent)).toEqual(['Alice Martin', 'Bob Durand']);
    const save = within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(select, { target: { value: '2' } });
    fireEvent.click(save);
    expect(sent(dispatched, 'imports/jobOwnerChangeRequested')).toEqual([{ jobId: '101', ownerId: 2 }]);
  });

  it('"Change owner" whose list of owners could not be read says so with "Try again", not a select left with the current owner only', () => {
    const { dispatched, store } = openJob([job(), listRegistered({ name: LIST_NAME })]);
    fireEvent.click(screen.getByRole('button', { name: 'Change owner' }));
    const dialog = screen.getByRole('dialog', { name: 'Change owner' });
    dispatched.length = 0;
    const failed = listFetchFailed({
      name: LIST_NAME,
      error: { code: 'error.http.500', message: 'Fault injected', status: 500 },
    });
    act(() => void store.dispatch(failed));
    const said = within(dialog).getByRole('alert');
    expect(said.textContent).toContain('The imports to choose from could not be read.');
    fireEvent.click(within(said).getByRole('button', { name: 'Try again' }));
    expect(sent(dispatched, 'imports/listFetchRequested')).toEqual([{ name: LIST_NAME }]);
  });

  it('"Start workflow" starts the job; it waits while the job runs', () => {
    const { dispatched } = openJob([job()]);
    fireEvent.click(screen.getByRole('button', { name: 'Start workflow' }));
    expect(sent(dispatched, 'imports/jobWorkflowRequested')).toEqual([{ jobId: '101', action: 'start' }]);
    openJob([job({ status: 'running' })]);
    const buttons = screen.getAllByRole('button', { name: 'Start workflow' }) as HTMLButtonElement[];
    expect(buttons.at(-1)!.disabled).toBe(true);
  });

  it('the job actions are for those the server lets change the job', () => {
    openJob([job({ $security: { 'objectactions/multiupdate': false } })]);
    expect(screen.queryByRole('button', { name: 'Delete import' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change owner' })).toBeNull();
  });

  it('a refused write shows the domain\'s "Job is unknown"', () => {
    openJob([job(), jobWriteRefused({ jobId: '101', message: UNKNOWN_JOB })]);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Job is unknown');
  });

  it('"Sort items" searches the items again in the chosen order, with the typed text', () => {
    const { dispatched } = openJob([job(), itemsSearchRequested({ jobId: '101' }), items]);
    fireEvent.change(screen.getByLabelText('Search the items'), { target: { value: 'sun' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort items' }), {
      target: { value: 'name desc' },
    });
    expect(sent(dispatched, 'imports/itemsSearchRequested').at(-1)).toEqual({
      jobId: '101',
      fulltext: 'sun',
      orderby: 'name desc',
    });
  });

  it('the "Workflow" group lists the workflow list\'s steps, each offered when every selected item offers it', () => {
    const offered = { actions: [{ action: 'reject', label: 'Reject' }] };
    openJob([
      job(),
      itemsSearchRequested({ jobId: '101' }),
      itemsPageLoaded({
        jobId: '101',
        reset: true,
        more: false,
        items: [{ id: 1, name: '1.jpg', job: 101, $status: 4, $workflow: offered }],
      }),
      workflowListLoaded({
        actions: [
          { action: 'analyze', label: 'Analyse again' },
          { action: 'validate', label: 'Validate' },
          { action: 'reject', label: 'Reject' },
        ],
      }),
    ]);
    const group = screen.getByRole('group', { name: 'Workflow' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Analyse again', 'Reject']);
    fireEvent.click(
      within(screen.getByRole('gridcell', { name: '1.jpg' })).getByRole('checkbox', { name: 'Select' }),
    );
    expect((within(group).getByRole('button', { name: 'Reject' }) as HTMLButtonElement).disabled).toBe(false);
    expect((within(group).getByRole('button', { name: 'Analyse again' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('"Edit metadata" on many items sends one bulk patch and closes when it is done', () => {
    const { dispatched, store } = openJob([job(), itemsSearchRequested({ jobId: '101' }), items]);
    for (const name of ['1.jpg', '2.jpg'])
      fireEvent.click(
        within(screen.getByRole('gridcell', { name })).getByRole('checkbox', { name: 'Select' }),
      );
    fireEvent.click(screen.getByRole('button', { name: 'Edit metadata' }));
    act(() => {
      store.dispatch(
        itemsFetched({
          jobId: '101',
          ids: ['1', '2'],
          items: [1, 2].map((id) => ({ id, name: `${id}.jpg`, job: 101, $status: 4 })),
          fields: {
            title: {
              type: 'string',
              label: 'Title',
              $meta: { editable: true, mandatory: true, viewable: true },
            },
          },
        }),
      );
    });
    const dialog = screen.getByRole('dialog', { name: 'Edit metadata' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Title/ }), { target: { value: 'Dawn' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const [patch] = sent(dispatched, 'imports/itemsPatchRequested') as { requestId: string }[];
    expect(patch).toMatchObject({ jobId: '101', itemIds: ['1', '2'], data: { title: 'Dawn' } });
    expect(sent(dispatched, 'imports/metadataSetRequested')).toEqual([]);
    act(() => {
      store.dispatch(itemsPatched({ requestId: patch!.requestId, jobId: '101', itemIds: ['1', '2'] }));
    });
    expect(screen.queryByRole('dialog', { name: 'Edit metadata' })).toBeNull();
  });
});
