import { distinctUntilChanged, EMPTY, interval, map, mergeMap, of, switchMap } from 'rxjs';
import type { Epic } from '../core/epic';
import type { AppEvent, UnstampedEvent } from '../core/event';
import { ofType } from '../core/operators/of-type';
import {
  created,
  createFailed,
  createRequested,
  updated,
  updateFailed,
  updateRequested,
} from '../entities/events';
import * as batchEvents from './events';
import {
  batchExists,
  selectHasActiveBatch,
  selectNextBatchId,
  unknownBatch,
  type WithBatches,
} from './selectors';
import type { Batch, BatchesState } from './state';

type S = WithBatches;

/** [conv] an update action must name the entity it changes */
const UPDATE_WITHOUT_ID = 'An update action needs an id';

/** The ticket an action's entity write carries, echoed in its answer (`${batchId}:${index}`). */
const ticketOf = (batchId: string, index: number): string => `${batchId}:${index}`;

function parseTicket(ticket: string | undefined): { batchId: string; index: number } | null {
  if (!ticket) return null;
  const at = ticket.lastIndexOf(':');
  if (at <= 0) return null;
  const index = Number(ticket.slice(at + 1));
  return Number.isInteger(index) && index >= 0 ? { batchId: ticket.slice(0, at), index } : null;
}

/** A batch's tick events are caused by the request that made it, which a replay links them to. */
const originOf = (batch: Batch): Pick<AppEvent, 'meta'> => ({
  meta: { id: batch.origin, seq: 0, at: 0, source: 'ui' },
});

/** §16: a batch is created `draft` and at once `scheduled`; an id already used is refused. */
export const createBatch: Epic<S> = (event$, state$, deps) =>
  event$.pipe(
    ofType(batchEvents.batchRequested),
    mergeMap((event) => {
      const state = state$.value;
      const id = event.payload.id ?? selectNextBatchId(state);
      if (state.batches.byId[id])
        return of(batchEvents.batchRefused({ id, message: batchExists(id) }, event));
      const { label, actions } = event.payload;
      return of(
        batchEvents.batchCreated(
          { id, label, actions, progressCap: deps.config.batchActionProgressCap },
          event,
        ),
        batchEvents.batchScheduled({ id }, event),
      );
    }),
  );

/** Operations on a batch id nobody made: `Unknown batch {id}`. */
export const refuseUnknown: Epic<S> = (event$, state$) =>
  event$.pipe(
    ofType(batchEvents.batchCanceled, batchEvents.actionCanceled),
    mergeMap((event) => {
      const id = batchEvents.batchCanceled.match(event) ? event.payload.id : event.payload.batchId;
      return state$.value.batches.byId[id]
        ? EMPTY
        : of(batchEvents.batchRefused({ id, message: unknownBatch(id) }, event));
    }),
  );

/**
 * What one tick does (§16): starts waiting batches while fewer than `batchConcurrency` run, then in
 * each running batch finishes it when every action is over, or starts waiting actions while fewer
 * than `batchActionConcurrency` of it run, each with its entity write.
 */
function tick(batches: BatchesState, limits: { batches: number; actions: number }): UnstampedEvent[] {
  const events: UnstampedEvent[] = [];
  const running: string[] = [];
  // a running batch whose actions are all over ends first, which makes room for the next
  for (const id of batches.order) {
    const batch = batches.byId[id];
    if (batch?.status !== 'processing') continue;
    if (batch.actions.some(({ status }) => status === 'scheduled' || status === 'processing')) {
      running.push(id);
      continue;
    }
    const failed = batch.actions.some(({ status }) => status === 'error');
    events.push(batchEvents.batchFinished({ id, status: failed ? 'error' : 'done' }, originOf(batch)));
  }
  for (const id of batches.order) {
    if (running.length >= limits.batches) break;
    const batch = batches.byId[id];
    if (batch?.status !== 'scheduled') continue;
    events.push(batchEvents.batchStarted({ id }, originOf(batch)));
    if (batch.actions.every(({ status }) => status !== 'scheduled')) {
      // nothing to run (no actions, or all canceled): over at once
      events.push(batchEvents.batchFinished({ id, status: 'done' }, originOf(batch)));
      continue;
    }
    running.push(id);
  }
  for (const id of running) {
    const batch = batches.byId[id]!;
    const origin = originOf(batch);
    let busy = 0;
    const waiting: number[] = [];
    batch.actions.forEach((action, index) => {
      if (action.status === 'processing') busy += 1;
      else if (action.status === 'scheduled') waiting.push(index);
    });
    for (const index of waiting.slice(0, Math.max(0, limits.actions - busy))) {
      const action = batch.actions[index]!;
      const ticket = ticketOf(id, index);
      events.push(batchEvents.actionStarted({ batchId: id, index }, origin));
      if (action.kind === 'create') {
        events.push(createRequested({ path: action.path, values: action.values, ticket }, origin));
      } else if (action.id === undefined) {
        events.push(
          batchEvents.actionFinished(
            { batchId: id, index, status: 'error', error: UPDATE_WITHOUT_ID },
            origin,
          ),
        );
      } else {
        events.push(
          updateRequested({ path: action.path, id: action.id, values: action.values, ticket }, origin),
        );
      }
    }
  }
  return events;
}

/** Every `batchTickMs` on the scheduler while a batch waits or runs, the next actions are looked for. */
export const runBatches: Epic<S> = (_event$, state$, deps) =>
  state$.pipe(
    map((state) => state.batches),
    distinctUntilChanged(),
    map((batches) => selectHasActiveBatch({ batches })),
    distinctUntilChanged(),
    switchMap((active) => (active ? interval(deps.config.batchTickMs, deps.scheduler) : EMPTY)),
    mergeMap(() =>
      tick(state$.value.batches, {
        batches: deps.config.batchConcurrency,
        actions: deps.config.batchActionConcurrency,
      }),
    ),
  );

/**
 * The entity writes' answers, matched by ticket: `done` with the entity's id when there is a
 * result, `canceled` without one (a cancelled create gives null), `error` on failure.
 */
export const finishActions: Epic<S> = (event$, state$) =>
  event$.pipe(
    ofType(created, updated, createFailed, updateFailed),
    mergeMap((event) => {
      const target = parseTicket(event.payload.ticket);
      if (!target) return EMPTY;
      const action = state$.value.batches.byId[target.batchId]?.actions[target.index];
      if (action?.status !== 'processing') return EMPTY;
      if (createFailed.match(event) || updateFailed.match(event)) {
        const message = event.payload.message || event.payload.error.message;
        return of(batchEvents.actionFinished({ ...target, status: 'error', error: message }, event));
      }
      const data = event.payload.data as Record<string, unknown> | null;
      if (!data) return of(batchEvents.actionFinished({ ...target, status: 'canceled' }, event));
      const id = data.id ?? event.payload.id;
      return of(
        batchEvents.actionFinished(
          id === undefined || id === null
            ? { ...target, status: 'done' }
            : { ...target, status: 'done', entityId: String(id) },
          event,
        ),
      );
    }),
  );
