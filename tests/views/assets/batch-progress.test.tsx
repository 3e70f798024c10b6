import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BatchProgress } from '../../../src/assets/metadata/batch-progress';
import {
  actionFinished,
  actionStarted,
  batchCreated,
  batchFinished,
  batchScheduled,
  batchStarted,
  type BatchActionInput,
} from '../../../streams/batches/events';
import { config } from '../../../streams/core/config';
import { renderWithStore } from '../../helpers/render';

const CAP = config.batchActionProgressCap;
const update = (id: string) => ({
  kind: 'update' as const,
  path: 'dam/data/asset',
  id,
  values: { author: 'Bea' },
});
const names = ['2', '3', '4'];

function follow(actions: BatchActionInput[] = names.map(update)) {
  const view = renderWithStore(<BatchProgress batchId="b" names={names} onDone={() => {}} />, [
    batchCreated({ id: 'b', label: 'Edit', actions, progressCap: CAP }),
    batchScheduled({ id: 'b' }),
    batchStarted({ id: 'b' }),
    actionStarted({ batchId: 'b', index: 0 }),
  ]);
  return view;
}

const bar = (name: string) => Number(screen.getByRole('progressbar', { name }).getAttribute('aria-valuenow'));

describe('the progress of a batch (seed 001 §3-§4, protocol §16)', () => {
  it('says how many actions are over of how many, and what became of each', () => {
    follow();
    expect(screen.getByText('0 of 3 over')).toBeTruthy();
    const rows = [...screen.getByRole('list', { name: 'Assets of the batch' }).querySelectorAll('li')];
    expect(rows.map((row) => row.firstElementChild?.textContent)).toEqual([
      'Asset 2: being updated…',
      'Asset 3: waiting',
      'Asset 4: waiting',
    ]);
    expect(bar('Asset 2, share done')).toBe(0);
  });

  it('Cancel cancels the waiting actions, and each waiting action has its own Cancel', () => {
    const { dispatched } = follow();
    // a running action cannot be called back: no Cancel of its own
    expect(screen.queryByRole('button', { name: 'Cancel asset 2' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel asset 3' }));
    expect(dispatched.at(-1)).toMatchObject({
      type: 'batches/actionCanceled',
      payload: { batchId: 'b', index: 1 },
    });
    expect(screen.getByText('Asset 3: nothing was done.')).toBeTruthy();
    expect(screen.getByText('1 of 3 over')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(dispatched.at(-1)).toMatchObject({ type: 'batches/batchCanceled', payload: { id: 'b' } });
    expect(screen.getByText('Asset 4: nothing was done.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it(`stays at ${CAP}% with a word of why until the batch is over, then 100 and Done`, () => {
    const { store } = follow();
    act(() => {
      store.dispatch(actionFinished({ batchId: 'b', index: 0, status: 'done', entityId: '2' }));
      store.dispatch(actionStarted({ batchId: 'b', index: 1 }));
      store.dispatch(actionStarted({ batchId: 'b', index: 2 }));
      store.dispatch(actionFinished({ batchId: 'b', index: 1, status: 'done', entityId: '3' }));
      store.dispatch(actionFinished({ batchId: 'b', index: 2, status: 'error', error: 'refused' }));
    });
    expect(bar('Progress')).toBe(CAP);
    expect(bar('Asset 3, share done')).toBe(100);
    expect(
      screen.getByText(
        `Almost there: progress stays at ${CAP}% until the server has answered for every asset.`,
      ),
    ).toBeTruthy();
    expect(screen.getByText('Asset 4: refused')).toBeTruthy();
    act(() => {
      store.dispatch(batchFinished({ id: 'b', status: 'error' }));
    });
    expect(bar('Progress')).toBe(CAP);
    expect(screen.queryByText(/Almost there/)).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('2 of 3 assets updated.');
    expect(screen.getByRole('button', { name: 'Done' })).toBeTruthy();
  });

  it('a create with a binary shows loaded / total, its progress capped, then 100 when done', () => {
    const create = { kind: 'create' as const, path: 'dam/data/asset', values: { binary: { size: 2048 } } };
    const { store } = follow([create, update('3'), update('4')]);
    expect(screen.getByText('0 / 2048')).toBeTruthy();
    act(() => {
      store.dispatch(actionFinished({ batchId: 'b', index: 0, status: 'done', entityId: '9' }));
    });
    expect(screen.getByText('2048 / 2048')).toBeTruthy();
    expect(bar('Asset 2, share done')).toBe(100);
  });
});
