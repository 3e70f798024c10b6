import { filter, map, merge } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { Epic } from '../../../streams/core/epic';
import type { AnyEvent } from '../../../streams/core/event';
import { createStore } from '../../../streams/core/store';
import { connectReduxDevtools, type DevtoolsMessage } from '../../../streams/recorder/devtools-bridge';
import { createLogFile } from '../../../streams/recorder/log-file';
import { foldUntil } from '../../../streams/recorder/replay';
import { diffStates } from '../../../streams/recorder/state-diff';
import { createTimeline } from '../../../streams/recorder/timeline';
import { testDeps } from '../../helpers/test-deps';
import { added, type CounterState, counterReducer, initialCounterState, noted } from './counter-domain';

/** A store whose epic answers each positive `added` with a note, and counts what woke it. */
function counterStore() {
  const wakeUps: string[] = [];
  const echo: Epic<CounterState> = (event$, state$) =>
    merge(
      state$.pipe(
        map(() => {
          wakeUps.push('state');
        }),
        filter(() => false),
      ),
      event$.pipe(
        filter((event): event is AnyEvent & { payload: { amount: number } } => added.match(event)),
        map((event) => {
          wakeUps.push(event.type);
          return noted({ text: `added ${event.payload.amount}`, extra: {} }, event);
        }),
      ),
    ) as ReturnType<Epic<CounterState>>;
  const store = createStore({
    reducer: counterReducer,
    rootEpic: echo,
    deps: testDeps(),
    initialState: initialCounterState,
  });
  return { store, wakeUps };
}

describe('time travel in the store', () => {
  it('shows a travelled-to state to the views, drops intents, and never wakes the epics', () => {
    const { store, wakeUps } = counterStore();
    store.dispatch(added({ amount: 2 }));
    const live = store.getState();
    const woken = wakeUps.length;
    store.travel({ ...initialCounterState, total: 99 });
    expect(store.view$.value.total).toBe(99);
    expect(store.travelling$.value).toBe(true);
    expect(store.getState()).toBe(live);
    store.dispatch(added({ amount: 5 }));
    expect(store.getState()).toBe(live);
    expect(wakeUps.length).toBe(woken);
    store.travel(null);
    expect(store.view$.value).toBe(live);
    expect(store.travelling$.value).toBe(false);
  });

  it('lets epics go on with the live state while the views show another one', () => {
    const { store } = counterStore();
    store.travel(initialCounterState);
    // a recorded (stamped) event is not an intent: it is folded, and its epic answers
    store.dispatch({ ...added({ amount: 3 }), meta: { source: 'ui', seq: 1, id: 'r1', at: 0 } });
    expect(store.getState().total).toBe(3);
    expect(store.getState().notes).toEqual(['added 3']);
    expect(store.view$.value).toBe(initialCounterState);
  });

  it('calls inspectors with the states around each event until they stop', () => {
    const { store } = counterStore();
    const seen: Array<[string, number, number]> = [];
    const stop = store.inspect((event, before, after) => seen.push([event.type, before.total, after.total]));
    store.dispatch(added({ amount: 2 }));
    stop();
    store.dispatch(added({ amount: 1 }));
    expect(seen).toEqual([
      ['counter/added', 0, 2],
      ['counter/noted', 2, 2],
    ]);
  });
});

describe('timeline and state diffs', () => {
  const events: AnyEvent[] = Array.from({ length: 600 }, (_, index) => ({
    ...added({ amount: index }),
    meta: { source: 'ui' as const, seq: index + 1, id: `e${index + 1}`, at: index },
  }));
  const log = createLogFile({
    app: { version: '0', commit: 'x' },
    session: { startedAt: 0, locale: 'en', seed: null },
    snapshot: null,
    events,
  });

  it('folds to the same state as a fold from the start, from any position, in any order', () => {
    const timeline = createTimeline(log, counterReducer, initialCounterState);
    for (const position of [600, 3, 300, 257, 0, 599]) {
      const seq = position === 0 ? 0 : events[position - 1]!.meta.seq;
      expect(timeline.stateAfter(position)).toEqual(foldUntil(log, seq, counterReducer, initialCounterState));
    }
    expect(timeline.countUntil(300)).toBe(300);
  });

  it('describes what an event changed as immer patches', () => {
    const before = { a: { b: 1, c: [1, 2] }, d: 'x', gone: true };
    const after = { a: { b: 2, c: [1, 2, 3] }, d: 'x', added: null };
    expect(diffStates(before, after)).toEqual([
      { op: 'remove', path: ['gone'] },
      { op: 'replace', path: ['a', 'b'], value: 2 },
      { op: 'add', path: ['a', 'c', 2], value: 3 },
      { op: 'add', path: ['added'], value: null },
    ]);
  });
});

describe('Redux DevTools bridge', () => {
  function fakeExtension() {
    const sent: Array<{ type: string; state: unknown }> = [];
    let listener: (message: DevtoolsMessage) => void = () => {};
    const extension = {
      connect: () => ({
        init: (state: unknown) => sent.push({ type: '@@INIT', state }),
        send: (action: { type: string }, state: unknown) => sent.push({ type: action.type, state }),
        subscribe: (next: (message: DevtoolsMessage) => void) => {
          listener = next;
          return () => {};
        },
      }),
    };
    return {
      host: { __REDUX_DEVTOOLS_EXTENSION__: extension },
      sent,
      message: (m: DevtoolsMessage) => listener(m),
    };
  }

  it('sends each event with its state; a jump travels without waking the epics; the newest goes back to live', () => {
    const { store, wakeUps } = counterStore();
    const devtools = fakeExtension();
    connectReduxDevtools(store, devtools.host);
    store.dispatch(added({ amount: 4 }));
    expect(devtools.sent.map((entry) => entry.type)).toEqual(['@@INIT', 'counter/added', 'counter/noted']);
    const woken = wakeUps.length;
    devtools.message({
      type: 'DISPATCH',
      payload: { type: 'JUMP_TO_ACTION', actionId: 0 },
      state: JSON.stringify(initialCounterState),
    });
    expect(store.view$.value).toEqual(initialCounterState);
    expect(store.getState().total).toBe(4);
    expect(wakeUps.length).toBe(woken);
    devtools.message({
      type: 'DISPATCH',
      payload: { type: 'JUMP_TO_STATE', actionId: 2 },
      state: JSON.stringify(store.getState()),
    });
    expect(store.travelling$.value).toBe(false);
  });

  it('shows the last state of an imported history', () => {
    const { store } = counterStore();
    const devtools = fakeExtension();
    connectReduxDevtools(store, devtools.host);
    const imported = { ...initialCounterState, total: 42 };
    devtools.message({
      type: 'DISPATCH',
      payload: {
        type: 'IMPORT_STATE',
        nextLiftedState: { computedStates: [{ state: {} }, { state: imported }] },
      },
    });
    expect(store.view$.value).toEqual(imported);
  });

  it('does nothing without the extension', () => {
    const { store } = counterStore();
    expect(() => connectReduxDevtools(store, {})()).not.toThrow();
  });
});
