import { describe, expect, it } from 'vitest';
import { config } from '../../../streams/core/config';
import type { AnyEvent } from '../../../streams/core/event';
import { registrationRequested } from '../../../streams/cursors/events';
import { constraintRequested } from '../../../streams/queries/events';
import { selectConstraint } from '../../../streams/queries/selectors';
import type { RootState } from '../../../streams/root';
import { epicStore, marbleScheduler, typesOf } from '../../helpers/marbles';
import { testDeps } from '../../helpers/test-deps';
import { listEpics } from '../cursors/helpers';

const register = registrationRequested({ name: 'search', path: 'dam/data/asset' });
const typeIs = constraintRequested({
  name: 'search',
  key: 'type',
  constraint: { field: 'type', operator: 'eq', value: 'image' },
});
const retry = config.singleConstraintRetryMs;

describe('single-constraint setter (protocol §8.4, §24)', () => {
  it('sets one constraint of a known query at once', () => {
    const scheduler = marbleScheduler();
    let state: RootState | undefined;
    scheduler.run(({ hot, expectObservable }) => {
      const store = epicStore(testDeps({ scheduler }), listEpics);
      hot('a b', { a: register, b: typeIs }).subscribe(store.dispatch);
      expectObservable(typesOf(store, 'queries/constraintsSet')).toBe('-a', { a: 'queries/constraintsSet' });
      scheduler.schedule(() => {
        state = store.getState();
      }, 5);
    });
    expect(selectConstraint(state!, 'search', 'type')?.constraint.value).toBe('image');
  });

  it('asks an unknown query once more after 200 ms, and sets the constraint when it appeared meanwhile', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, expectObservable }) => {
      const store = epicStore(testDeps({ scheduler }), listEpics);
      hot('a', { a: typeIs }).subscribe(store.dispatch);
      hot(`${retry / 2}ms a`, { a: register }).subscribe(store.dispatch);
      expectObservable(typesOf(store, 'queries/constraints')).toBe(`${retry}ms a`, {
        a: 'queries/constraintsSet',
      });
    });
  });

  it("retries only once: still unknown after 200 ms, it is refused ('Failed to retrieve query {name}')", () => {
    const scheduler = marbleScheduler();
    const refused: AnyEvent[] = [];
    scheduler.run(({ hot, expectObservable }) => {
      const store = epicStore(testDeps({ scheduler }), listEpics);
      store.event$.subscribe((event) => {
        if (event.type === 'queries/constraintsRefused') refused.push(event);
      });
      hot('a', { a: typeIs }).subscribe(store.dispatch);
      hot(`${retry + 1}ms a`, { a: register }).subscribe(store.dispatch);
      expectObservable(typesOf(store, 'queries/constraints')).toBe(`${retry}ms a`, {
        a: 'queries/constraintsRefused',
      });
    });
    expect(refused[0]?.payload).toEqual({ name: 'search', message: 'Failed to retrieve query search' });
  });
});

describe('duplicate query (seed 002 §8)', () => {
  it("a second registration under a name whose query exists gives 'query {name} already exists'", () => {
    const scheduler = marbleScheduler();
    const messages: string[] = [];
    scheduler.run(({ hot }) => {
      const store = epicStore(testDeps({ scheduler }), listEpics);
      store.event$.subscribe((event) => {
        if (event.error) messages.push(`${event.type}: ${(event.payload as { message: string }).message}`);
      });
      hot('a b', {
        a: register,
        b: registrationRequested({ name: 'search', path: 'dam/data/keyword' }),
      }).subscribe(store.dispatch);
    });
    expect(messages).toEqual([
      'cursors/registrationRefused: Cursor search already exists',
      'queries/registrationRefused: query search already exists',
    ]);
  });
});
