import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AnyEvent, UnstampedEvent } from '../../../streams/core/event';
import { importLog, serializeLog } from '../../../streams/recorder/log-file';
import { createRecorder, type Recorder } from '../../../streams/recorder/recorder';
import { replayLog } from '../../../streams/recorder/replay';
import { testDeps } from '../../helpers/test-deps';
import { added, type CounterState, counterReducer, initialCounterState, noted } from './counter-domain';
import { storeWithoutEpics } from '../../helpers/store-without-epics';

const app = { version: '1.2.3', commit: 'abc1234' };

/** A live store with the epics off, recording into `recorder`. */
function recordedStore(recorder: Recorder<CounterState>) {
  let now = 1_000;
  const deps = { ...testDeps(), clock: { now: () => (now += 10) } };
  return storeWithoutEpics({ reducer: counterReducer, initialState: initialCounterState, deps, recorder });
}

function amounts(n: number, from = 1): UnstampedEvent[] {
  return Array.from({ length: n }, (_, index) => added({ amount: from + index }));
}

function stamped(seq: number): AnyEvent {
  return { ...added({ amount: seq }), meta: { seq, id: `e${seq}`, at: seq, source: 'ui' } };
}

describe('recorder ring buffer', () => {
  it('keeps every event in order until the capacity is reached', () => {
    const recorder = createRecorder<CounterState>({ capacity: 10, snapshotEvery: 5, app });
    for (let seq = 1; seq <= 10; seq += 1) recorder.append(stamped(seq), initialCounterState);
    const log = recorder.export();
    expect(recorder.size).toBe(10);
    expect(log.snapshot).toBeNull();
    expect(log.events.map((event) => event.meta.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('after a wrap keeps the newest events in order, from the oldest snapshot that still has a base', () => {
    const recorder = createRecorder<CounterState>({ capacity: 10, snapshotEvery: 5, app });
    for (let seq = 1; seq <= 23; seq += 1)
      recorder.append(stamped(seq), { ...initialCounterState, count: seq });
    const log = recorder.export();
    expect(recorder.size).toBe(10);
    // buffered: 14..23; snapshots at 15 and 20 can be bases, 15 folds the most
    expect(log.snapshot).toEqual({ seq: 15, state: { ...initialCounterState, count: 15 } });
    expect(log.events.map((event) => event.meta.seq)).toEqual([16, 17, 18, 19, 20, 21, 22, 23]);
  });

  it('keeps a bounded number of snapshots however many events pass', () => {
    const recorder = createRecorder<CounterState>({ capacity: 100, snapshotEvery: 10, app });
    for (let seq = 1; seq <= 10_000; seq += 1) recorder.append(stamped(seq), initialCounterState);
    expect(recorder.size).toBe(100);
    expect(recorder.snapshotCount).toBeLessThanOrEqual(100 / 10 + 1);
  });

  it('refuses a snapshot interval longer than the buffer (a wrapped export would have no base)', () => {
    expect(() => createRecorder({ capacity: 10, snapshotEvery: 11, app })).toThrow(RangeError);
    expect(() => createRecorder({ capacity: 0, snapshotEvery: 1, app })).toThrow(RangeError);
  });

  it('clear() forgets the events and makes the current state the base of the next export', () => {
    const recorder = createRecorder<CounterState>({ capacity: 50, snapshotEvery: 7, app });
    const store = recordedStore(recorder);
    for (const event of amounts(5)) store.dispatch(event);
    recorder.clear();
    expect(recorder.size).toBe(0);
    expect(recorder.export()).toMatchObject({ snapshot: { seq: 5, state: store.getState() }, events: [] });
    for (const event of amounts(3, 100)) store.dispatch(event);
    expect(replayLog(recorder.export(), counterReducer, initialCounterState)).toEqual(store.getState());
  });

  it('writes the app identity, the schema hash and the session into the export', () => {
    const recorder = createRecorder<CounterState>({ capacity: 10, snapshotEvery: 5, app, now: () => 42 });
    expect(recorder.export().session).toEqual({ startedAt: 42, locale: 'en', seed: null });
    recorder.setSession({ locale: 'fr', seed: 7 });
    const log = recorder.export();
    expect(log.session).toEqual({ startedAt: 42, locale: 'fr', seed: 7 });
    expect(log.app).toEqual({ ...app, eventSchemaHash: expect.stringMatching(/^h64:[0-9a-f]{16}$/) });
  });
});

describe('export then replay', () => {
  it('reproduces the state of the store that processed the same events', () => {
    const recorder = createRecorder<CounterState>({ capacity: 100, snapshotEvery: 10, app });
    const store = recordedStore(recorder);
    for (const event of amounts(37)) store.dispatch(event);
    store.dispatch(noted({ text: 'hello', extra: { a: 1 } }));
    const log = recorder.export();
    expect(log.snapshot).toBeNull();
    expect(replayLog(log, counterReducer, initialCounterState)).toEqual(store.getState());
  });

  it('still reproduces the final state after the buffer wrapped, from the snapshot', () => {
    const recorder = createRecorder<CounterState>({ capacity: 20, snapshotEvery: 7, app });
    const store = recordedStore(recorder);
    for (const event of amounts(100)) store.dispatch(event);
    const log = recorder.export();
    expect(log.snapshot).not.toBeNull();
    expect(replayLog(log, counterReducer, initialCounterState)).toEqual(store.getState());
  });

  it('reproduces it through the JSON text and the import too', () => {
    const recorder = createRecorder<CounterState>({ capacity: 20, snapshotEvery: 4, app });
    const store = recordedStore(recorder);
    for (const event of amounts(55)) store.dispatch(event);
    const imported = importLog(serializeLog(recorder.export()));
    expect(imported.verdict).toBe('Fine');
    if (imported.verdict === 'Impossible') return;
    expect(replayLog(imported.log, counterReducer, initialCounterState)).toEqual(store.getState());
  });

  it('reproduces it for any capacity, snapshot interval and number of events', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 30 })
          .chain((capacity) =>
            fc.tuple(
              fc.constant(capacity),
              fc.integer({ min: 1, max: capacity }),
              fc.integer({ min: 0, max: 120 }),
            ),
          ),
        ([capacity, snapshotEvery, events]) => {
          const recorder = createRecorder<CounterState>({ capacity, snapshotEvery, app });
          const store = recordedStore(recorder);
          for (const event of amounts(events)) store.dispatch(event);
          expect(replayLog(recorder.export(), counterReducer, initialCounterState)).toEqual(store.getState());
        },
      ),
    );
  });
});
