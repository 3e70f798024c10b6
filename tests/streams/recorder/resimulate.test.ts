import { readFileSync } from 'node:fs';
import { debounceTime, delay, filter, map, merge, mergeMap, type Observable } from 'rxjs';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { config } from '../../../streams/core/config';
import type { Epic } from '../../../streams/core/epic';
import { type AnyEvent, defineAnswer, defineFact, defineIntent } from '../../../streams/core/event';
import { ofType } from '../../../streams/core/operators/of-type';
import { requestAnswer } from '../../../streams/core/request';
import { type EventLogFile, importLog } from '../../../streams/recorder/log-file';
import { recordedEnvironment } from '../../../streams/recorded-environment';
import { resimulate } from '../../../streams/recorder/resimulate';
import {
  initialRootState,
  loadAllDomains,
  type RootState,
  rootEpic,
  rootReducer,
} from '../../../streams/root';
import { appStarted } from '../../helpers/app-started';
import { logSendRetried, recordSession, shellEpic, visitWithRetry } from '../../replay/recorded-sessions';

const options = { reducer: rootReducer, rootEpic: shellEpic, initialState: initialRootState, toleranceMs: 0 };

describe('re-simulation (ARCHITECTURE "Recording and replay")', () => {
  it('reproduces every recorded event of a session run by the same epics', () => {
    for (const session of [visitWithRetry, logSendRetried]) {
      const log = recordSession(session);
      const result = resimulate(log, options);
      expect(result.divergence).toBeNull();
      expect(result.matched).toBe(log.events.length);
    }
  });

  it('reports the first divergence when a timing constant changed: the log batch leaves later', () => {
    const log = recordSession(visitWithRetry);
    const result = resimulate(log, { ...options, config: { logDebounceMs: 12_000 } });
    const sentAt = log.events.find((event) => event.type === 'logs/batchSent')!.meta.at;
    const entryAt = log.events.find((event) => event.type === 'logs/entryAdded')!.meta.at;
    expect(result.divergence).toMatchObject({
      kind: 'time',
      expected: { type: 'logs/batchSent', at: sentAt },
      // the request leaves 12 s after the entry and the recorded answer comes at once
      actual: { type: 'logs/batchSent', at: entryAt + 12_000 },
    });
    expect(result.matched).toBe(log.events.findIndex((event) => event.type === 'logs/batchSent'));
  });
});

/** A log as the live recorder writes it: stamped events, in seq order. */
function logOf(events: Array<Omit<AnyEvent, 'meta'> & { meta: Partial<AnyEvent['meta']> }>): EventLogFile {
  return {
    format: 'dam-portal.eventlog',
    version: 1,
    app: { version: 'test', commit: 'test', eventSchemaHash: 'test' },
    session: { startedAt: 0, locale: 'en', seed: null },
    snapshot: null,
    events: events.map(
      (event, index) =>
        ({
          ...event,
          meta: { seq: index + 1, id: `t-${index + 1}`, source: 'ui', ...event.meta },
        }) as AnyEvent,
    ),
  };
}

describe('re-simulating a fresh export of the live portal (issue 12 item 17)', () => {
  it('reproduces every event of an export taken right after start: credentials, lazy domains, catch-ups', async () => {
    await loadAllDomains();
    const result = importLog(
      readFileSync(new URL('../../replay/fixtures/fresh-export.evlog.json', import.meta.url), 'utf8'),
    );
    if (result.verdict === 'Impossible') throw new Error(result.reasons.join('; '));
    expect(result.log.snapshot?.seq).toBe(0);
    const run = resimulate(result.log, {
      reducer: rootReducer,
      rootEpic,
      initialState: initialRootState,
      environment: recordedEnvironment,
    });
    expect(run.divergence).toBeNull();
    expect(run.matched).toBe(result.log.events.length);
  });

  it('fires a timer as late as the live one fired, after the input that came in between', () => {
    // live: the debounce was due at +100 but the page was busy; a click at +120 came first
    const debounced: Epic<unknown> = (event$, _state$, { scheduler }) =>
      event$.pipe(
        filter((event) => event.type === 'test/typed'),
        debounceTime(100, scheduler),
        map((event) => ({
          type: 'test/searched',
          payload: {},
          meta: { source: 'system' as const, cause: event.meta.id },
        })),
      );
    const log = logOf([
      { type: 'test/typed', payload: {}, meta: { at: 1000 } },
      { type: 'test/clicked', payload: {}, meta: { at: 1120 } },
      { type: 'test/searched', payload: {}, meta: { at: 1160, source: 'system', cause: 't-1' } },
    ]);
    const options = { reducer: (state: unknown) => state, rootEpic: debounced, initialState: {} };
    expect(resimulate(log, options).divergence).toBeNull();
    // a what-if run with other constants still fires its timers when they fall due
    expect(resimulate(log, { ...options, config: {} }).divergence).toMatchObject({
      index: 1,
      kind: 'type',
      actual: { type: 'test/searched', at: 1100 },
    });
  });

  it('starts from what the vault and the storage held: credentials and the stored refresh token', () => {
    const started = appStarted({
      hasApplicationCredentials: true,
      applicationName: 'demo',
      cookieAuth: false,
    });
    const log = logOf([
      { ...started, meta: { at: 0, source: 'system' } },
      {
        type: 'session/providerRegistered',
        payload: { locale: 'en' },
        meta: { at: 1, source: 'system', cause: 't-1' },
      },
      { type: 'session/autoConnectStarted', payload: {}, meta: { at: 2, source: 'system', cause: 't-2' } },
    ]);
    const { session, storage } = recordedEnvironment(log.events, config);
    expect(session.application?.name).toBe('demo');
    expect(session.connection).toMatchObject({ apiPath: started.payload.apiPath, cookieAuth: false });
    expect(storage.getItem(config.refreshTokenStorageKey)).not.toBeNull();
    const visitor = recordedEnvironment(log.events.slice(0, 2), config);
    expect(visitor.storage.getItem(config.refreshTokenStorageKey)).toBeNull();
  });
});

describe('re-simulating a log whose window starts after a snapshot', () => {
  it('feeds an event caused before the window as recorded: nothing in the window can make it again', () => {
    const log = recordSession(visitWithRetry);
    const ids = log.events.map((event) => event.meta.id);
    const cut = log.events.findIndex(
      (event, index) => index > 0 && event.meta.cause === ids[index - 1] && event.meta.source !== 'server',
    );
    expect(cut).toBeGreaterThan(0);
    const before = log.events.slice(0, cut);
    const windowed: EventLogFile = {
      ...log,
      snapshot: { seq: before.at(-1)!.meta.seq, state: before.reduce(rootReducer, initialRootState) },
      events: log.events.slice(cut),
    };
    const result = resimulate(windowed, options);
    expect(result.divergence).toBeNull();
    expect(result.matched).toBe(windowed.events.length);
  });
});

describe('re-simulating an answer whose mapping emitted a follow-up with it', () => {
  const asked = defineIntent('resimTest/asked', {});
  const answered = defineAnswer('resimTest/answered', { value: z.number() });
  const followed = defineFact('resimTest/followed', 'system', { value: z.number() });
  const askAndFollow: Epic<RootState> = (event$, _state$, { http }) =>
    event$.pipe(
      ofType(asked),
      mergeMap((event) =>
        requestAnswer(
          http,
          { method: 'GET', path: '/resim-test' },
          () => [answered({ value: 1 }, event), followed({ value: 2 }, event)],
          () => [],
        ),
      ),
    );

  it('feeds the follow-up with the recorded answer: the mapping that made it never runs again', () => {
    const log = recordSession(
      {
        inputs: [{ at: 0, event: asked({}) }],
        server: { '/resim-test': [{ latency: 80, status: 200, data: {} }] },
      },
      askAndFollow,
    );
    expect(log.events.map((event) => event.type)).toEqual([
      'resimTest/asked',
      'resimTest/answered',
      'resimTest/followed',
    ]);
    const result = resimulate(log, { ...options, rootEpic: askAndFollow });
    expect(result.divergence).toBeNull();
    expect(result.matched).toBe(log.events.length);
  });
});

describe('re-simulating timers that fell due together or before an input', () => {
  const emitted = (type: string, payload: object, cause: AnyEvent) => ({
    type,
    payload,
    meta: { source: 'system' as const, cause: cause.meta.id },
  });

  it('fires timers due together in the order they fell due, at the time the live page recorded', () => {
    // live: the page was busy; the count due at +100 fired at +210, then the one due at +200
    // found it running and asked nothing
    const busy = (state: { busy: boolean }, event: AnyEvent) =>
      event.type === 'test/counted' ? { busy: true } : event.type === 'test/loaded' ? { busy: false } : state;
    const counts: Epic<{ busy: boolean }> = (event$, state$, { scheduler }) => {
      const countAfter = (type: string, wait: number, reset: boolean) =>
        event$.pipe(
          filter((event) => event.type === type),
          debounceTime(wait, scheduler),
          filter(() => !state$.value.busy),
          map((event) => emitted('test/counted', { reset }, event)),
        );
      return merge(countAfter('test/changed', 100, true), countAfter('test/wanted', 200, false));
    };
    const log = logOf([
      { type: 'test/changed', payload: {}, meta: { at: 1000 } },
      { type: 'test/wanted', payload: {}, meta: { at: 1000 } },
      { type: 'test/counted', payload: { reset: true }, meta: { at: 1210, source: 'system', cause: 't-1' } },
      { type: 'test/loaded', payload: {}, meta: { at: 1250 } },
      // the later wish shows that the second count was not just held back
      { type: 'test/wanted', payload: {}, meta: { at: 1300 } },
      { type: 'test/counted', payload: { reset: false }, meta: { at: 1500, source: 'system', cause: 't-5' } },
    ]);
    const result = resimulate(log, { reducer: busy, rootEpic: counts, initialState: { busy: false } });
    expect(result.divergence).toBeNull();
    expect(result.matched).toBe(6);
  });

  it('fires a timer that emitted nothing when due, when waiting for the next input was the wrong guess', () => {
    // live: the knock due at +100 found the door shut and did nothing; the door opened at +130;
    // the bell due at +200 rang late, at +300
    const door = (state: { open: boolean }, event: AnyEvent) =>
      event.type === 'test/opened' ? { open: true } : event.type === 'test/closed' ? { open: false } : state;
    const poked$ = (event$: Observable<AnyEvent>) =>
      event$.pipe(filter((event) => event.type === 'test/poked'));
    const knockAndRing: Epic<{ open: boolean }> = (event$, state$, { scheduler }) =>
      merge(
        poked$(event$).pipe(
          delay(200, scheduler),
          map((event) => emitted('test/rang', {}, event)),
        ),
        poked$(event$).pipe(
          delay(100, scheduler),
          filter(() => state$.value.open),
          map((event) => emitted('test/knocked', {}, event)),
        ),
      );
    const log = logOf([
      { type: 'test/poked', payload: {}, meta: { at: 1000 } },
      { type: 'test/opened', payload: {}, meta: { at: 1130 } },
      { type: 'test/rang', payload: {}, meta: { at: 1300, source: 'system', cause: 't-1' } },
      // long after: a knock fired late would not be one the export came before
      { type: 'test/closed', payload: {}, meta: { at: 30_000 } },
    ]);
    const result = resimulate(log, { reducer: door, rootEpic: knockAndRing, initialState: { open: false } });
    expect(result.divergence).toBeNull();
    expect(result.matched).toBe(4);
  });
});
