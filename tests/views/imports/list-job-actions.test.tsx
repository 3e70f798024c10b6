import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ImportsPage } from '../../../src/imports/imports-page';
import { LIST_NAME } from '../../../src/imports/listed-jobs';
import { jobDeleted, jobDeleteFailed, listLoaded, listRegistered } from '../../../streams/imports/events';
import { whoAmILoaded } from '../../../streams/session/events';
import { renderWithStore } from '../../helpers/render';

const alice = whoAmILoaded({ me: { id: 1, login: 'alice', isUser: true } });

const job = (id: number, name: string, mayManage: boolean, owner: { id: number; name: string }) => ({
  id,
  name,
  jobowner: owner,
  status: 'open',
  $security: { 'objectactions/multiupdate': mayManage },
});

function openList() {
  return renderWithStore(
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
          job(101, 'Autumn shoot', true, { id: 1, name: 'Alice Martin' }),
          job(102, 'Winter shoot', true, { id: 2, name: 'Bob Durand' }),
          job(103, 'Not mine', false, { id: 3, name: 'Carol' }),
        ],
      }),
    ],
  );
}

const sent = (dispatched: { type: string; payload: unknown }[], type: string) =>
  dispatched.filter((event) => event.type === type).map((event) => event.payload);

describe('/imports: the job actions on each row (issue 24)', () => {
  it('offers "Start workflow", "Change owner" and "Delete import" on the jobs the reader may manage', () => {
    openList();
    const autumn = screen.getByRole('group', { name: 'Actions of Autumn shoot' });
    for (const name of ['Start workflow', 'Change owner', 'Delete import'])
      expect(within(autumn).getByRole('button', { name })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Actions of Winter shoot' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Actions of Not mine' })).toBeNull();
  });

  it('"Start workflow" starts that row\'s job', () => {
    const { dispatched } = openList();
    const winter = screen.getByRole('group', { name: 'Actions of Winter shoot' });
    fireEvent.click(within(winter).getByRole('button', { name: 'Start workflow' }));
    expect(sent(dispatched, 'imports/jobWorkflowRequested')).toEqual([{ jobId: '102', action: 'start' }]);
  });

  it('"Change owner" opens the job page\'s dialog, with the owners the list names', () => {
    const { dispatched } = openList();
    const autumn = screen.getByRole('group', { name: 'Actions of Autumn shoot' });
    fireEvent.click(within(autumn).getByRole('button', { name: 'Change owner' }));
    const dialog = screen.getByRole('dialog', { name: 'Change owner' });
    fireEvent.change(within(dialog).getByRole('combobox'), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(sent(dispatched, 'imports/jobOwnerChangeRequested')).toEqual([{ jobId: '101', ownerId: 2 }]);
  });

  it('"Delete import" asks first; the deleted job leaves the list; a refusal says so on the list', () => {
    const { dispatched, store } = openList();
    const autumn = screen.getByRole('group', { name: 'Actions of Autumn shoot' });
    fireEvent.click(within(autumn).getByRole('button', { name: 'Delete import' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete import' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(sent(dispatched, 'imports/jobDeleteRequested')).toEqual([{ jobId: '101' }]);
    act(() => {
      store.dispatch(jobDeleted({ jobId: '101', deactivated: false }));
      store.dispatch(
        jobDeleteFailed({
          jobId: '102',
          error: { code: 'error.http.403', message: 'Forbidden', status: 403 },
        }),
      );
    });
    expect(screen.queryByRole('link', { name: 'Autumn shoot' })).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('Forbidden');
  });
});
