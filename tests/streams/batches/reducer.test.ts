import { describe, expect, it } from 'vitest';
import {
  actionCanceled,
  actionFinished,
  actionStarted,
  batchCanceled,
  batchCreated,
  batchFinished,
  batchScheduled,
  batchStarted,
} from '../../../streams/batches/events';
import { selectBatch, selectBatches } from '../../../streams/batches/selectors';
import { fold } from '../../helpers/marbles';

const actions = [1, 2, 3, 4].map((id) => ({
  kind: 'update' as const,
  path: 'dam/data/asset',
  id,
  values: {},
}));

describe('batches reducer (protocol §16)', () => {
  it('draft → scheduled → processing → done, progress the share of finished actions up to the cap', () => {
    const steps = [
      batchCreated({ id: '1', label: 'Four', actions, progressCap: 95 }),
      batchScheduled({ id: '1' }),
      batchStarted({ id: '1' }),
      actionStarted({ batchId: '1', index: 0 }),
      actionStarted({ batchId: '1', index: 1 }),
      actionFinished({ batchId: '1', index: 0, status: 'done', entityId: '1' }),
      actionFinished({ batchId: '1', index: 1, status: 'canceled' }),
      actionStarted({ batchId: '1', index: 2 }),
      actionStarted({ batchId: '1', index: 3 }),
      actionFinished({ batchId: '1', index: 2, status: 'error', error: 'error updating entity' }),
      actionFinished({ batchId: '1', index: 3, status: 'done', entityId: '4' }),
    ];
    const seen = steps.map((_, index) => {
      const batch = selectBatch(fold(steps.slice(0, index + 1)), '1')!;
      return [batch.status, batch.progress];
    });
    expect(seen).toEqual([
      ['draft', 0],
      ['scheduled', 0],
      ['processing', 0],
      ['processing', 0],
      ['processing', 0],
      ['processing', 25],
      ['processing', 50],
      ['processing', 50],
      ['processing', 50],
      ['processing', 75],
      ['processing', 95],
    ]);
    const state = fold(steps);
    expect(
      selectBatch(state, '1')?.actions.map(({ status, entityId, error }) => [status, entityId, error]),
    ).toEqual([
      ['done', '1', undefined],
      ['canceled', undefined, undefined],
      ['error', undefined, 'error updating entity'],
      ['done', '4', undefined],
    ]);
    expect(selectBatch(fold([batchFinished({ id: '1', status: 'done' })], state), '1')).toMatchObject({
      status: 'done',
      progress: 100,
    });
    expect(selectBatch(fold([batchFinished({ id: '1', status: 'error' })], state), '1')).toMatchObject({
      status: 'error',
      progress: 95,
    });
  });

  it('an answer for a finished action changes nothing; the counter passes numeric ids', () => {
    const state = fold([
      batchCreated({ id: '7', label: 'A', actions: actions.slice(0, 1), progressCap: 95 }),
      actionStarted({ batchId: '7', index: 0 }),
      actionFinished({ batchId: '7', index: 0, status: 'done', entityId: '1' }),
      actionFinished({ batchId: '7', index: 0, status: 'error', error: 'late' }),
    ]);
    expect(selectBatch(state, '7')?.actions[0]).toMatchObject({ status: 'done', entityId: '1' });
    expect(selectBatch(state, '7')?.progress).toBe(95);
    expect(state.batches.nextId).toBe(8);
  });

  it('cancel marks the waiting actions canceled; a create with a binary has total and loaded', () => {
    const state = fold([
      batchCreated({
        id: '1',
        label: 'A',
        actions: [
          { kind: 'create', path: 'dam/data/asset', values: { binary: { size: 99 } } },
          { kind: 'create', path: 'dam/data/asset', values: { name: 'x' } },
        ],
        progressCap: 95,
      }),
      batchScheduled({ id: '1' }),
      batchCanceled({ id: '1' }),
    ]);
    const batch = selectBatch(state, '1')!;
    expect(batch.actions.map(({ status, total, loaded }) => [status, total, loaded])).toEqual([
      ['canceled', 99, 0],
      ['canceled', undefined, undefined],
    ]);
    expect(batch.progress).toBe(95);
    expect(selectBatches(state)).toHaveLength(1);
  });

  it('an action canceled by its handle: only while scheduled; it counts as finished for the progress', () => {
    const base = [
      batchCreated({ id: '1', label: 'Four', actions, progressCap: 95 }),
      batchScheduled({ id: '1' }),
      batchStarted({ id: '1' }),
      actionStarted({ batchId: '1', index: 0 }),
    ];
    const state = fold([
      ...base,
      actionCanceled({ batchId: '1', index: 0 }),
      actionCanceled({ batchId: '1', index: 3 }),
      actionCanceled({ batchId: '1', index: 3 }),
    ]);
    const batch = selectBatch(state, '1')!;
    expect(batch.actions.map(({ status }) => status)).toEqual([
      'processing',
      'scheduled',
      'scheduled',
      'canceled',
    ]);
    expect([batch.finished, batch.progress]).toEqual([1, 25]);
  });
});
