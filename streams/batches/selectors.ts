import type { Batch, BatchAction, BatchesState } from './state';

export type { Batch, BatchAction, BatchActionStatus, BatchStatus } from './state';

export type WithBatches = { batches: BatchesState };

/** Messages of protocol §16. */
export const batchExists = (id: string): string => `Batch id ${id} already exists`;
export const unknownBatch = (id: string): string => `Unknown batch ${id}`;

/** A batch: status, progress (0-100), and its actions with their status, entityId and error. */
export const selectBatch = (state: WithBatches, id: string): Batch | null => state.batches.byId[id] ?? null;

const listed = new WeakMap<BatchesState, Batch[]>();
/** Every batch, in the order they were created (the same array while the slice is unchanged). */
export const selectBatches = (state: WithBatches): Batch[] => {
  const slice = state.batches;
  let list = listed.get(slice);
  if (!list) {
    list = slice.order.map((id) => slice.byId[id]!).filter(Boolean);
    listed.set(slice, list);
  }
  return list;
};

/** Whether a batch still waits or runs: the epics tick while one does. */
export const selectHasActiveBatch = (state: WithBatches): boolean =>
  state.batches.order.some((id) => {
    const status = state.batches.byId[id]?.status;
    return status === 'scheduled' || status === 'processing' || status === 'draft';
  });

/** The id the next batch without one gets (§16: counters start at 1; used ids are skipped). */
export const selectNextBatchId = (state: WithBatches): string => {
  let next = state.batches.nextId;
  while (state.batches.byId[String(next)]) next += 1;
  return String(next);
};

/**
 * One action's progress, 0-100 (seed 001 §3-§4): 100 once done; before, its loaded share of its
 * total when it has one (a create with a binary), never past the batch's cap; 0 otherwise.
 */
export const actionProgress = (action: BatchAction, cap: number): number => {
  if (action.status === 'done') return 100;
  if (!action.total || action.loaded === undefined) return 0;
  return Math.min(cap, Math.round((action.loaded / action.total) * 100));
};
