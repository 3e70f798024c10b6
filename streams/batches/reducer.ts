import type { Draft } from 'immer';
import { caseReducer, on } from '../core/case-reducer';
import {
  actionFinished,
  actionStarted,
  batchCanceled,
  batchCreated,
  batchFinished,
  batchScheduled,
  batchStarted,
} from './events';
import type { Batch, BatchAction, BatchesState } from './state';

/** A create whose values hold a binary (a File or Blob, or anything with a size): §16 progress. */
function binarySize(action: { kind: string; values: Record<string, unknown> }): number | null {
  if (action.kind !== 'create') return null;
  for (const value of Object.values(action.values)) {
    if (
      typeof value === 'object' &&
      value !== null &&
      typeof (value as { size?: unknown }).size === 'number'
    ) {
      return (value as { size: number }).size;
    }
  }
  return null;
}

function progressOf(batch: Draft<Batch>): number {
  if (batch.actions.length === 0) return batch.progressCap;
  return Math.min(batch.progressCap, Math.round((batch.finished / batch.actions.length) * 100));
}

const finished = (status: BatchAction['status']) =>
  status === 'done' || status === 'canceled' || status === 'error';

export const batchesReducer = caseReducer<BatchesState>(
  on(batchCreated, (draft, event) => {
    const { id, label, actions, progressCap } = event.payload;
    if (draft.byId[id]) return;
    draft.byId[id] = {
      id,
      label,
      status: 'draft',
      progress: 0,
      progressCap,
      finished: 0,
      origin: event.meta.cause ?? event.meta.id,
      actions: actions.map((action) => {
        const size = binarySize(action);
        return size === null
          ? { ...action, status: 'scheduled' as const }
          : { ...action, status: 'scheduled' as const, total: size, loaded: 0 };
      }),
    };
    draft.order.push(id);
    // the counter goes past any numeric id given by hand, so it never hands out a used one
    const numeric = Number(id);
    if (Number.isInteger(numeric) && numeric >= draft.nextId) draft.nextId = numeric + 1;
  }),
  on(batchScheduled, (draft, { payload }) => {
    const batch = draft.byId[payload.id];
    if (batch?.status === 'draft') batch.status = 'scheduled';
  }),
  on(batchStarted, (draft, { payload }) => {
    const batch = draft.byId[payload.id];
    if (batch) batch.status = 'processing';
  }),
  on(actionStarted, (draft, { payload }) => {
    const action = draft.byId[payload.batchId]?.actions[payload.index];
    if (action?.status === 'scheduled') action.status = 'processing';
  }),
  on(actionFinished, (draft, { payload }) => {
    const batch = draft.byId[payload.batchId];
    const action = batch?.actions[payload.index];
    if (!batch || !action || finished(action.status)) return;
    action.status = payload.status;
    if (payload.entityId !== undefined) action.entityId = payload.entityId;
    if (payload.error !== undefined) action.error = payload.error;
    if (action.total !== undefined && payload.status === 'done') action.loaded = action.total;
    batch.finished += 1;
    batch.progress = progressOf(batch);
  }),
  on(batchFinished, (draft, { payload }) => {
    const batch = draft.byId[payload.id];
    if (!batch) return;
    batch.status = payload.status;
    if (payload.status === 'done') batch.progress = 100;
  }),
  on(batchCanceled, (draft, { payload }) => {
    const batch = draft.byId[payload.id];
    if (!batch || batch.status === 'done' || batch.status === 'error') return;
    for (const action of batch.actions) {
      if (action.status === 'scheduled') {
        action.status = 'canceled';
        batch.finished += 1;
      }
    }
    batch.progress = progressOf(batch);
  }),
);
