import { delay, filter, map, mergeMap, of } from 'rxjs';
import type { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { batchesDomain } from '../../../streams/batches/domain';
import { actionCanceled, batchCanceled, batchRequested } from '../../../streams/batches/events';
import { selectBatch, selectBatches } from '../../../streams/batches/selectors';
import { type Config, config } from '../../../streams/core/config';
import { combineEpics, domainEpics, type Epic } from '../../../streams/core/epic';
import { ofType } from '../../../streams/core/operators/of-type';
import {
  created,
  createFailed,
  createRequested,
  updated,
  updateRequested,
} from '../../../streams/entities/events';
import type { RootState } from '../../../streams/root';
import { epicStore, marbleScheduler } from '../../helpers/marbles';
import { testDeps } from '../../helpers/test-deps';

const T = config.batchTickMs;
const CAP = config.batchActionProgressCap;

/**
 * Stands for the entities domain: answers each write after `delays[index]` ms (by the ticket's
 * action index); a create whose values say `cancel` gets no result, one that says `fail` fails.
 */
function fakeEntities(scheduler: TestScheduler, delays: number[]): Epic<RootState> {
  return (event$) =>
    event$.pipe(
      ofType(createRequested, updateRequested),
      filter((event) => event.payload.ticket !== undefined),
      mergeMap((event) => {
        const ticket = event.payload.ticket!;
        const index = Number(ticket.split(':')[1]);
        const wait = delays[index] ?? 10;
        if (updateRequested.match(event)) {
          const { path, id, values } = event.payload;
          return of(updated({ path, id, data: { id, ...values }, ticket }, event)).pipe(
            delay(wait, scheduler),
          );
        }
        const { path, values } = event.payload;
        if (values.fail) {
          return of(
            createFailed(
              { path, ticket, message: 'error creating entity', error: { code: 'x', message: 'no' } },
              event,
            ),
          ).pipe(delay(wait, scheduler));
        }
        const answer = values.cancel
          ? created({ path, id: null, data: null, ticket }, event)
          : created({ path, id: 100 + index, data: { id: 100 + index }, ticket }, event);
        return of(answer).pipe(delay(wait, scheduler));
      }),
    );
}

function setup(scheduler: TestScheduler, delays: number[], overrides: Partial<Config> = {}) {
  const deps = testDeps({ scheduler, config: overrides });
  const epic = combineEpics<RootState>({
    batches: domainEpics<RootState>(batchesDomain),
    entities: fakeEntities(scheduler, delays),
  });
  const store = epicStore(deps, epic);
  /** time, type and the first batch's status and progress after each batches/entities event */
  const seen: Array<[number, string, string | undefined, number | undefined]> = [];
  store.event$.subscribe((event) => {
    const batch = selectBatches(store.state$.value)[0];
    seen.push([scheduler.now(), event.type, batch?.status, batch?.progress]);
  });
  return { store, seen };
}

const updateAction = (id: number) => ({
  kind: 'update' as const,
  path: 'dam/data/asset',
  id,
  values: { title: `T${id}` },
});

describe('batches (protocol §16) on the scheduler', () => {
  it(`1 batch, 2 actions: ticks every ${T} ms, progress capped at ${CAP} until done, then 100`, () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, flush }) => {
      const { store, seen } = setup(scheduler, [10, 20]);
      hot('a', {
        a: batchRequested({ label: 'Edit 2', actions: [updateAction(1), updateAction(2)] }),
      }).subscribe(store.dispatch);
      scheduler.schedule(() => {}, 10 * T);
      flush();
      expect(seen).toEqual([
        [0, 'batches/batchRequested', undefined, undefined],
        [0, 'batches/batchCreated', 'draft', 0],
        [0, 'batches/batchScheduled', 'scheduled', 0],
        [T, 'batches/batchStarted', 'processing', 0],
        [T, 'batches/actionStarted', 'processing', 0],
        [T, 'entities/updateRequested', 'processing', 0],
        [T, 'batches/actionStarted', 'processing', 0],
        [T, 'entities/updateRequested', 'processing', 0],
        [T + 10, 'entities/updated', 'processing', 0],
        [T + 10, 'batches/actionFinished', 'processing', 50],
        [T + 20, 'entities/updated', 'processing', 50],
        [T + 20, 'batches/actionFinished', 'processing', CAP],
        [2 * T, 'batches/batchFinished', 'done', 100],
      ]);
      const batch = selectBatch(store.state$.value, '1');
      expect(batch?.actions.map(({ status, entityId }) => ({ status, entityId }))).toEqual([
        { status: 'done', entityId: '1' },
        { status: 'done', entityId: '2' },
      ]);
    });
  });

  it('runs at most 2 actions at once and 1 batch at once; the next is looked for at each tick', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, flush }) => {
      const { store, seen } = setup(scheduler, [10, 150, 10]);
      hot('a b', {
        a: batchRequested({ label: 'A', actions: [updateAction(1), updateAction(2), updateAction(3)] }),
        b: batchRequested({ label: 'B', actions: [updateAction(4)] }),
      }).subscribe(store.dispatch);
      scheduler.schedule(() => {}, 20 * T);
      flush();
      const starts = seen.filter(
        ([, type]) =>
          type === 'batches/actionStarted' ||
          type === 'batches/batchStarted' ||
          type === 'batches/batchFinished',
      );
      expect(starts.map(([at, type]) => [at, type])).toEqual([
        [T, 'batches/batchStarted'],
        [T, 'batches/actionStarted'],
        [T, 'batches/actionStarted'],
        // action 0 is over at T+10: the third starts at the next tick
        [2 * T, 'batches/actionStarted'],
        // action 1 answers at T+150, action 2 at 2T+10: batch A is over at the tick after
        [3 * T, 'batches/batchFinished'],
        [3 * T, 'batches/batchStarted'],
        [3 * T, 'batches/actionStarted'],
        [4 * T, 'batches/batchFinished'],
      ]);
      expect(selectBatches(store.state$.value).map(({ id, status }) => [id, status])).toEqual([
        ['1', 'done'],
        ['2', 'done'],
      ]);
    });
  });

  it('an action canceled before its turn is never started; one running finishes; an unknown batch is refused', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, flush }) => {
      const { store, seen } = setup(scheduler, [10, 150, 10, 10]);
      const four = [updateAction(1), updateAction(2), updateAction(3), updateAction(4)];
      // at T+5 actions 0 and 1 run: canceling 1 (running) does nothing, 2 (waiting) is canceled
      hot(`a ${T + 4}ms (bcd)`, {
        a: batchRequested({ label: 'A', actions: four }),
        b: actionCanceled({ batchId: '1', index: 1 }),
        c: actionCanceled({ batchId: '1', index: 2 }),
        d: actionCanceled({ batchId: '9', index: 0 }),
      }).subscribe(store.dispatch);
      scheduler.schedule(() => {}, 10 * T);
      flush();
      const batch = selectBatch(store.state$.value, '1')!;
      expect(batch.actions.map(({ status }) => status)).toEqual(['done', 'done', 'canceled', 'done']);
      expect(batch.status).toBe('done');
      const updates = seen.filter(([, type]) => type === 'entities/updateRequested');
      expect(updates).toHaveLength(3);
      expect(store.state$.value.batches.byId['9']).toBeUndefined();
      expect(seen.some(([, type]) => type === 'batches/batchRefused')).toBe(true);
    });
  });

  it('follows changed constants', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, flush }) => {
      const { store, seen } = setup(scheduler, [5, 5, 5], {
        batchTickMs: 30,
        batchActionConcurrency: 3,
        batchActionProgressCap: 90,
      });
      hot('a', {
        a: batchRequested({ label: 'A', actions: [updateAction(1), updateAction(2), updateAction(3)] }),
      }).subscribe(store.dispatch);
      flush();
      const finishes = seen.filter(
        ([, type]) => type === 'batches/actionFinished' || type === 'batches/batchFinished',
      );
      expect(finishes).toEqual([
        [35, 'batches/actionFinished', 'processing', 33],
        [35, 'batches/actionFinished', 'processing', 67],
        [35, 'batches/actionFinished', 'processing', 90],
        [60, 'batches/batchFinished', 'done', 100],
      ]);
    });
  });

  it('a create with no result is canceled, a failure is error and the batch ends in error; a binary sets total', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, flush }) => {
      const { store } = setup(scheduler, [10, 10, 10]);
      const file = { size: 1234, name: 'a.jpg' };
      hot('a', {
        a: batchRequested({
          label: 'Creates',
          actions: [
            { kind: 'create', path: 'dam/data/asset', values: { binary: file } },
            { kind: 'create', path: 'dam/data/asset', values: { cancel: true } },
            { kind: 'create', path: 'dam/data/asset', values: { fail: true } },
          ],
        }),
      }).subscribe(store.dispatch);
      const early = () => selectBatch(store.state$.value, '1');
      scheduler.schedule(() => {
        expect(early()?.actions[0]).toMatchObject({ status: 'processing', total: 1234, loaded: 0 });
      }, T + 1);
      flush();
      const batch = selectBatch(store.state$.value, '1');
      expect(batch?.status).toBe('error');
      expect(batch?.progress).toBe(CAP);
      expect(batch?.actions.map(({ status, entityId, error }) => ({ status, entityId, error }))).toEqual([
        { status: 'done', entityId: '100', error: undefined },
        { status: 'canceled', entityId: undefined, error: undefined },
        { status: 'error', entityId: undefined, error: 'error creating entity' },
      ]);
      expect(batch?.actions[0]).toMatchObject({ total: 1234, loaded: 1234 });
    });
  });

  it('refuses a used id and an unknown batch, with the §16 messages', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, flush }) => {
      const { store, seen } = setup(scheduler, []);
      const refusals: string[] = [];
      store.event$
        .pipe(
          filter((event) => event.type === 'batches/batchRefused'),
          map((event) => (event.payload as { message: string }).message),
        )
        .subscribe((message) => refusals.push(message));
      hot('a b c d', {
        a: batchRequested({ id: 'mine', label: 'A', actions: [] }),
        b: batchRequested({ id: 'mine', label: 'B', actions: [] }),
        c: batchCanceled({ id: 'nope' }),
        d: batchRequested({ label: 'C', actions: [] }),
      }).subscribe(store.dispatch);
      flush();
      expect(refusals).toEqual(['Batch id mine already exists', 'Unknown batch nope']);
      expect(selectBatches(store.state$.value).map(({ id, label, status }) => [id, label, status])).toEqual([
        ['mine', 'A', 'done'],
        ['1', 'C', 'done'],
      ]);
      void seen;
    });
  });

  it('cancel: the actions not started are canceled, the running one finishes', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, flush }) => {
      const { store } = setup(scheduler, [50, 50, 50], { batchActionConcurrency: 1 });
      hot(`a ${T + 10}ms b`, {
        a: batchRequested({ label: 'A', actions: [updateAction(1), updateAction(2), updateAction(3)] }),
        b: batchCanceled({ id: '1' }),
      }).subscribe(store.dispatch);
      flush();
      const batch = selectBatch(store.state$.value, '1');
      expect(batch?.status).toBe('done');
      expect(batch?.actions.map(({ status }) => status)).toEqual(['done', 'canceled', 'canceled']);
    });
  });
});
