import { describe, expect, it } from 'vitest';
import * as app from '../../../streams/app/events';
import type { AnyEvent, UnstampedEvent } from '../../../streams/core/event';
import { newLogEntry } from '../../../streams/logs/api';
import * as logs from '../../../streams/logs/events';
import { createLogFile, type EventLogFile } from '../../../streams/recorder/log-file';
import { createRecorder } from '../../../streams/recorder/recorder';
import { foldUntil, replayLog, summarizeState } from '../../../streams/recorder/replay';
import { initialRootState, type RootState } from '../../../streams/root';
import { rootReducer } from '../../helpers/all-domains';
import * as router from '../../../streams/router/events';
import { rootStoreWithoutEpics, storeWithoutEpics } from '../../helpers/store-without-epics';
import {
  added,
  type CounterState,
  counterReducer,
  failed,
  initialCounterState,
  noted,
} from './counter-domain';

const identity = { version: '0', commit: 'x' };

function logOf(
  events: UnstampedEvent[],
  snapshot: EventLogFile['snapshot'] = null,
  firstSeq = 1,
): EventLogFile {
  const stamped = events.map((event, index): AnyEvent => {
    const seq = firstSeq + index;
    return { ...event, meta: { ...event.meta, seq, id: `e${seq}`, at: 1000 * seq } };
  });
  return createLogFile({
    app: identity,
    session: { startedAt: 0, locale: 'en', seed: null },
    snapshot,
    events: stamped,
  });
}

describe('replayLog and foldUntil', () => {
  const log = logOf([added({ amount: 1 }), added({ amount: 2 }), added({ amount: 3 })]);

  it('folds every event from the initial state when the log has no snapshot', () => {
    expect(replayLog(log, counterReducer, initialCounterState).total).toBe(6);
  });

  it('folds from the snapshot state when there is one', () => {
    const fromSnapshot = logOf(
      [added({ amount: 5 })],
      { seq: 10, state: { ...initialCounterState, total: 100 } },
      11,
    );
    expect(replayLog(fromSnapshot, counterReducer, initialCounterState).total).toBe(105);
  });

  it('foldUntil stops right after the event of the given seq', () => {
    expect(foldUntil(log, 2, counterReducer, initialCounterState).total).toBe(3);
    expect(foldUntil(log, 0, counterReducer, initialCounterState)).toBe(initialCounterState);
    expect(foldUntil(log, 99, counterReducer, initialCounterState).total).toBe(6);
  });

  it('foldUntil refuses a seq before the snapshot: those states are not in the log', () => {
    const fromSnapshot = logOf([added({ amount: 5 })], { seq: 10, state: initialCounterState }, 11);
    expect(() => foldUntil(fromSnapshot, 9, counterReducer, initialCounterState)).toThrow(RangeError);
  });

  it('keeps the state when the reducer throws, as the store does', () => {
    const throwing = (state: CounterState, event: AnyEvent) => {
      if (event.meta.seq === 2) throw new Error('reducer bug');
      return counterReducer(state, event);
    };
    expect(replayLog(log, throwing, initialCounterState).total).toBe(4);
  });

  it('reproduces the live state of the real root reducer', () => {
    const recorder = createRecorder<RootState>({ capacity: 6, snapshotEvery: 3, app: identity });
    const store = rootStoreWithoutEpics({ recorder });
    const events: UnstampedEvent[] = [
      app.started({
        locale: 'fr',
        apiPath: '/api',
        path: '/',
        search: '',
        applicationName: null,
        hasApplicationCredentials: false,
        cookieAuth: true,
        sessionAuth: false,
        settings: {},
      }),
      app.infoRequested({}),
      app.infoLoaded({ infos: { appName: 'DAM', appLogoUrlForDarkBG: '/logo.png' } }),
      router.navigated({ path: '/carts', search: '?page=2', via: 'link' }),
      ...Array.from({ length: 7 }, (_, index) => logs.entryAdded(newLogEntry('portal', 10, `m${index % 3}`))),
      logs.batchSendFailed({
        error: { code: 'error.network', message: 'Network error' },
        consecutiveFailures: 1,
      }),
    ];
    for (const event of events) store.dispatch(event);
    const log = recorder.export();
    expect(log.snapshot).not.toBeNull();
    expect(replayLog(log, rootReducer, initialRootState)).toEqual(store.getState());
  });
});

describe('summarizeState', () => {
  it('counts events by domain and source, failures, and the seq and time span', () => {
    const log = logOf([
      added({ amount: 1 }),
      noted({ text: 'n', extra: {} }),
      failed({ error: { code: 'e', message: 'm' } }),
      app.infoRequested({}),
    ]);
    const summary = summarizeState(initialCounterState, log.events);
    expect(summary).toMatchObject({
      events: 4,
      firstSeq: 1,
      lastSeq: 4,
      firstAt: 1000,
      lastAt: 4000,
      spanMs: 3000,
      failures: 1,
      byDomain: { counter: 3, app: 1 },
      bySource: { server: 2, system: 1, ui: 1 },
    });
    expect(Object.keys(summary.byDomain)).toEqual(['counter', 'app']);
  });

  it('finds string statuses and error-shaped objects anywhere in the state, with their paths', () => {
    const state = {
      carts: {
        byId: {
          c1: { status: 'resolved', error: null },
          c2: {
            status: 'error',
            error: { code: 'error.http.500', message: 'Boom', status: 500, body: { status: 'x' } },
          },
        },
      },
      pages: [{ status: 2 }, { status: 'resolved' }],
      lastError: { code: 'error.network', message: 'offline' },
    };
    const summary = summarizeState(state, []);
    expect(summary.statuses).toEqual({ resolved: 2, error: 1 });
    expect(summary.errors).toEqual([
      { path: 'carts.byId.c2.error', code: 'error.http.500', message: 'Boom' },
      { path: 'lastError', code: 'error.network', message: 'offline' },
    ]);
    expect(summary).toMatchObject({ events: 0, firstSeq: null, lastSeq: null, spanMs: 0 });
  });
});

describe('a long session', () => {
  // how fast export and replay are is a figure of `npm run bench` (tests/bench/replay.ts), never a test's
  it('exports 50 000 events, and the export replays to the live state', () => {
    const count = 50_000;
    const recorder = createRecorder<CounterState>({ capacity: count, snapshotEvery: 500, app: identity });
    const store = storeWithoutEpics({ reducer: counterReducer, initialState: initialCounterState, recorder });
    const events = Array.from({ length: count }, (_, index) => added({ amount: index }));
    for (const event of events) store.dispatch(event);

    const log = recorder.export();
    expect(log.events).toHaveLength(count);
    expect(replayLog(log, counterReducer, initialCounterState)).toEqual(store.getState());
  });
});
