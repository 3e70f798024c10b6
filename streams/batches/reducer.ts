import { caseReducer, on, onReplace } from '../core/case-reducer';
import * as batchEvents from './events';
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

function progressOf(batch: Pick<Batch, 'actions' | 'finished' | 'progressCap'>): number {
  if (batch.actions.length === 0) return batch.progressCap;
  return Math.min(batch.progressCap, Math.round((batch.finished / batch.actions.length) * 100));
}

/** The slice with one action of a batch replaced, and the batch's finished count and progress. */
function withAction(
  state: BatchesState,
  batch: Batch,
  index: number,
  action: BatchAction,
  finishedCount: number,
): BatchesState {
  const actions = batch.actions.slice();
  actions[index] = action;
  const next: Batch = { ...batch, actions, finished: finishedCount };
  next.progress = progressOf(next);
  return { ...state, byId: { ...state.byId, [batch.id]: next } };
}

const finished = (status: BatchAction['status']) =>
  status === 'done' || status === 'canceled' || status === 'error';

export const batchesReducer = caseReducer<BatchesState>(
  on(batchEvents.batchCreated, (draft, event) => {
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
  on(batchEvents.batchScheduled, (draft, { payload }) => {
    const batch = draft.byId[payload.id];
    if (batch?.status === 'draft') batch.status = 'scheduled';
  }),
  on(batchEvents.batchStarted, (draft, { payload }) => {
    const batch = draft.byId[payload.id];
    if (batch) batch.status = 'processing';
  }),
  // the two hot cases of a long batch: one action changes, so the actions array is copied
  // shallowly instead of drafted (immer would walk every action of a 1 000-action batch)
  onReplace(batchEvents.actionStarted, (state, { payload }) => {
    const batch = state.byId[payload.batchId];
    const action = batch?.actions[payload.index];
    if (!batch || action?.status !== 'scheduled') return state;
    return withAction(state, batch, payload.index, { ...action, status: 'processing' }, batch.finished);
  }),
  onReplace(batchEvents.actionFinished, (state, { payload }) => {
    const batch = state.byId[payload.batchId];
    const action = batch?.actions[payload.index];
    if (!batch || !action || finished(action.status)) return state;
    const next: BatchAction = { ...action, status: payload.status };
    if (payload.entityId !== undefined) next.entityId = payload.entityId;
    if (payload.error !== undefined) next.error = payload.error;
    if (next.total !== undefined && payload.status === 'done') next.loaded = next.total;
    return withAction(state, batch, payload.index, next, batch.finished + 1);
  }),
  onReplace(batchEvents.actionCanceled, (state, { payload }) => {
    const batch = state.byId[payload.batchId];
    const action = batch?.actions[payload.index];
    if (!batch || action?.status !== 'scheduled') return state;
    return withAction(state, batch, payload.index, { ...action, status: 'canceled' }, batch.finished + 1);
  }),
  on(batchEvents.batchFinished, (draft, { payload }) => {
    const batch = draft.byId[payload.id];
    if (!batch) return;
    batch.status = payload.status;
    if (payload.status === 'done') batch.progress = 100;
  }),
  on(batchEvents.batchCanceled, (draft, { payload }) => {
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
