import { EMPTY, map, mergeMap, throwError, timer } from 'rxjs';
import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { config } from '../../../streams/core/config';
import { combineEpics, type Epic } from '../../../streams/core/epic';
import { defineEvent, type AnyEvent } from '../../../streams/core/event';
import { ofType } from '../../../streams/core/operators/of-type';
import { createStore } from '../../../streams/core/store';
import { marbleScheduler } from '../../helpers/marbles';
import { testDeps } from '../../helpers/test-deps';

const clicked = defineEvent('test/clicked', z.object({ n: z.number() }), { source: 'ui' });
const echoed = defineEvent('test/echoed', z.object({ seen: z.number() }), { source: 'system' });
const ticked = defineEvent('test/ticked', z.object({}), { source: 'timer' });
const exploded = defineEvent('test/exploded', z.object({}), { source: 'ui' });

interface Counter {
  clicks: number;
}
const counter = (state: Counter, event: AnyEvent): Counter => {
  if (exploded.match(event)) throw new Error('reducer bug');
  return clicked.match(event) ? { clicks: state.clicks + event.payload.n } : state;
};

describe('store', () => {
  it('folds an event before the epics see it, so epics read the updated state (ARCHITECTURE "Store")', () => {
    const echo: Epic<Counter> = (event$, state$) =>
      event$.pipe(
        ofType(clicked),
        map((event) => echoed({ seen: state$.value.clicks }, event)),
      );
    const store = createStore({
      reducer: counter,
      rootEpic: echo,
      deps: testDeps(),
      initialState: { clicks: 0 },
    });
    const seen: AnyEvent[] = [];
    store.event$.subscribe((event) => seen.push(event));
    store.dispatch(clicked({ n: 2 }));
    expect(seen.map((event) => [event.type, event.payload])).toEqual([
      ['test/clicked', { n: 2 }],
      ['test/echoed', { seen: 2 }],
    ]);
    expect(seen[1]!.meta).toMatchObject({ seq: 2, cause: seen[0]!.meta.id, source: 'system' });
  });

  it('runs synchronous epic output breadth-first, in dispatch order (ARCHITECTURE "Store")', () => {
    const fanOut: Epic<Counter> = (event$) =>
      event$.pipe(
        ofType(clicked),
        mergeMap((event) =>
          event.payload.n < 3 ? [clicked({ n: event.payload.n + 1 }), echoed({ seen: event.payload.n })] : [],
        ),
      );
    const store = createStore({
      reducer: counter,
      rootEpic: fanOut,
      deps: testDeps(),
      initialState: { clicks: 0 },
    });
    const order: string[] = [];
    store.event$.subscribe((event) => order.push(`${event.type.slice(5)}:${JSON.stringify(event.payload)}`));
    store.dispatch(clicked({ n: 1 }));
    expect(order).toEqual([
      'clicked:{"n":1}',
      'clicked:{"n":2}',
      'echoed:{"seen":1}',
      'clicked:{"n":3}',
      'echoed:{"seen":2}',
    ]);
  });

  it('stamps meta with a strictly increasing seq and the scheduler clock (ARCHITECTURE "Event envelope")', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, expectObservable }) => {
      const store = createStore({
        reducer: counter,
        rootEpic: () => EMPTY,
        deps: testDeps({ scheduler }),
        initialState: { clicks: 0 },
      });
      hot('a 9ms b', { a: clicked({ n: 1 }), b: clicked({ n: 1 }) }).subscribe(store.dispatch);
      expectObservable(store.event$.pipe(map((event) => `${event.meta.seq}@${event.meta.at}`))).toBe(
        'a 9ms b',
        {
          a: '1@0',
          b: '2@10',
        },
      );
    });
  });

  it('turns a throwing reducer into system/reducerFailed and keeps the state (ARCHITECTURE "Store")', () => {
    const store = createStore({
      reducer: counter,
      rootEpic: () => EMPTY,
      deps: testDeps(),
      initialState: { clicks: 1 },
    });
    const types: string[] = [];
    store.event$.subscribe((event) => types.push(event.type));
    store.dispatch(exploded({}));
    store.dispatch(clicked({ n: 1 }));
    expect(types).toEqual(['test/exploded', 'system/reducerFailed', 'test/clicked']);
    expect(store.getState()).toEqual({ clicks: 2 });
  });

  it('isolates a crashing epic: it is reported and restarted while the others keep running (ARCHITECTURE rule 3)', () => {
    const scheduler = marbleScheduler();
    scheduler.run(({ hot, expectObservable }) => {
      const crashOnClick: Epic<Counter> = (event$) =>
        event$.pipe(
          ofType(clicked),
          mergeMap(() => throwError(() => new Error('epic bug'))),
        );
      const tick: Epic<Counter> = (event$, _state$, deps) =>
        event$.pipe(
          ofType(clicked),
          mergeMap((event) => timer(5, deps.scheduler).pipe(map(() => ticked({}, event)))),
        );
      const store = createStore({
        reducer: counter,
        rootEpic: combineEpics({ crashOnClick, tick }),
        deps: testDeps({ scheduler }),
        initialState: { clicks: 0 },
      });
      hot('a 9ms b', { a: clicked({ n: 1 }), b: clicked({ n: 1 }) }).subscribe(store.dispatch);
      const out = store.event$.pipe(map((event) => event.type));
      expectObservable(out).toBe('(ac) 1ms t 4ms (bc) 1ms t', {
        a: 'test/clicked',
        b: 'test/clicked',
        c: 'system/epicCrashed',
        t: 'test/ticked',
      });
    });
  });

  it(`stops restarting an epic after ${config.epicMaxRestarts} restarts and says so (ARCHITECTURE rule 3)`, () => {
    const crashAtOnce: Epic<Counter> = () => throwError(() => new Error('broken on start'));
    const crashes: AnyEvent[] = [];
    const store = createStore({
      reducer: counter,
      rootEpic: combineEpics({ crashAtOnce }),
      deps: testDeps(),
      initialState: { clicks: 0 },
      recorder: { append: (event) => crashes.push(event) },
    });
    expect(crashes.map((event) => (event.payload as { restarted: boolean }).restarted)).toEqual([
      ...Array.from({ length: config.epicMaxRestarts }, () => true),
      false,
    ]);
    store.dispatch(clicked({ n: 1 }));
    expect(store.getState().clicks).toBe(1);
  });
});
