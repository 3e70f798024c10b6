import { readFileSync } from 'node:fs';
import { debounceTime, EMPTY, forkJoin, map, mergeMap } from 'rxjs';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import type { Epic } from '../../../streams/core/epic';
import { defineAnswer, defineFact, defineFailure, defineIntent } from '../../../streams/core/event';
import { ofType } from '../../../streams/core/operators/of-type';
import { requestAnswer } from '../../../streams/core/request';
import { type EventLogFile, importLog } from '../../../streams/recorder/log-file';
import { replayLog } from '../../../streams/recorder/replay';
import { resimulate } from '../../../streams/recorder/resimulate';
import { initialRootState, type RootState } from '../../../streams/root';
import { rootReducer } from '../../helpers/all-domains';
import { logSendRetried, recordSession, shellEpic, visitWithRetry } from '../../replay/recorded-sessions';

const options = { reducer: rootReducer, rootEpic: shellEpic, initialState: initialRootState };

const asked = defineIntent('resimTest/asked', { text: z.string() });
const answered = defineAnswer('resimTest/answered', { value: z.number() });
const followed = defineFact('resimTest/followed', 'system', { value: z.number() });
const failed = defineFailure('resimTest/failed');
const searched = defineFact('resimTest/searched', 'system', { text: z.string() });
const remembered = defineFact('resimTest/remembered', 'storage', { value: z.nullable(z.string()) });

/** Asks the server once per `asked`; the answer's mapping also emits a follow-up. */
const askAndFollow: Epic<RootState> = (event$, _state$, { http }) =>
  event$.pipe(
    ofType(asked),
    mergeMap((event) =>
      requestAnswer(
        http,
        { method: 'GET', path: `/resim-test/${event.payload.text}` },
        () => [answered({ value: 1 }, event), followed({ value: 2 }, event)],
        (error) => failed({ error }, event),
      ),
    ),
  );

/** A search 300 ms after the last keystroke: the debounce of the spec's typeahead, in small. */
const debouncedSearch: Epic<RootState> = (event$, _state$, { scheduler }) =>
  event$.pipe(
    ofType(asked),
    debounceTime(300, scheduler),
    map((event) => searched({ text: event.payload.text }, event)),
  );

const typed = (at: number, text: string) => ({ at, event: asked({ text }) });

describe('re-simulation (ARCHITECTURE "Recording and replay")', () => {
  it('reproduces every recorded event of a session run by the same epics', () => {
    for (const session of [visitWithRetry, logSendRetried]) {
      const log = recordSession(session);
      const result = resimulate(log, options);
      expect(result.divergence).toBeNull();
      expect(result.matched).toBe(log.events.length);
    }
  });

  it('records each timer firing and each request with its answer as events', () => {
    const log = recordSession(logSendRetried);
    const types = log.events.map((event) => event.type);
    expect(types).toContain('system/timerFired');
    expect(types).toContain('system/requestSent');
    expect(types).toContain('system/requestEnded');
    const sent = log.events.filter((event) => event.type === 'system/requestSent');
    const ended = log.events.filter((event) => event.type === 'system/requestEnded');
    expect(ended.map((event) => (event.payload as { requestId: string }).requestId)).toEqual(
      sent.map((event) => (event.payload as { requestId: string }).requestId),
    );
  });

  it('re-simulates timers a busy page fired late, after inputs that came in between, exactly', () => {
    // live: the page was busy and each debounce fired 250 ms late, so a keystroke typed while the
    // search was due came first and the one search that ran took the newer text
    const session = { inputs: [typed(0, 'c'), typed(500, 'ca')], server: {} };
    const late = recordSession(session, debouncedSearch, { timersLateBy: 250 });
    expect(late.events.filter(searched.match).map((event) => event.payload.text)).toEqual(['ca']);
    const result = resimulate(late, { ...options, rootEpic: debouncedSearch });
    expect(result.divergence).toBeNull();
    expect(result.matched).toBe(late.events.length);
    // on time, the same keystrokes search twice: the timing is what the log holds
    const onTime = recordSession(session, debouncedSearch);
    expect(onTime.events.filter(searched.match).map((event) => event.payload.text)).toEqual(['c', 'ca']);
  });

  it("feeds what an answer's mapping emitted with the answer, marked with its request", () => {
    const log = recordSession(
      { inputs: [typed(0, 'a')], server: { '/resim-test/a': [{ latency: 80, status: 200, data: {} }] } },
      askAndFollow,
    );
    const mapped = log.events.filter((event) => event.meta.request !== undefined);
    expect(mapped.map((event) => event.type)).toEqual([
      'resimTest/answered',
      'resimTest/followed',
      'system/requestEnded',
    ]);
    const result = resimulate(log, { ...options, rootEpic: askAndFollow });
    expect(result.divergence).toBeNull();
    expect(result.matched).toBe(log.events.length);
  });

  it('feeds what a failed request set off, up to its end, from the log', () => {
    const log = recordSession(
      { inputs: [typed(0, 'a')], server: { '/resim-test/a': [{ latency: 80, status: 503 }] } },
      askAndFollow,
    );
    const failure = log.events.find(failed.match)!;
    expect(failure.meta.request).toBeDefined();
    expect(resimulate(log, { ...options, rootEpic: askAndFollow }).divergence).toBeNull();
  });

  it('re-simulates requests chained on the end of others (forkJoin, a read of every page)', () => {
    const both: Epic<RootState> = (event$, _state$, { http }) =>
      event$.pipe(
        ofType(asked),
        mergeMap((event) =>
          forkJoin([
            http.request({ method: 'GET', path: '/resim-test/one' }),
            http.request({ method: 'GET', path: '/resim-test/two' }),
          ]).pipe(
            mergeMap(() => http.request({ method: 'GET', path: '/resim-test/three' })),
            map(() => answered({ value: 3 }, event)),
          ),
        ),
      );
    const ok = [{ latency: 50, status: 200, data: {} }];
    const log = recordSession(
      {
        inputs: [typed(0, 'a')],
        server: {
          '/resim-test/one': ok,
          '/resim-test/two': [{ latency: 90, status: 200 }],
          '/resim-test/three': ok,
        },
      },
      both,
    );
    expect(log.events.filter(answered.match)).toHaveLength(1);
    const result = resimulate(log, { ...options, rootEpic: both });
    expect(result.divergence).toBeNull();
    expect(result.matched).toBe(log.events.length);
  });

  it('reports a planted change that drops one request, naming the request', () => {
    const log = recordSession(
      {
        inputs: [typed(0, 'a'), typed(1000, 'b')],
        server: {
          '/resim-test/a': [{ latency: 80, status: 200, data: {} }],
          '/resim-test/b': [{ latency: 80, status: 200, data: {} }],
        },
      },
      askAndFollow,
    );
    const dropsB: Epic<RootState> = (event$, state$, deps) =>
      askAndFollow(
        event$.pipe(
          mergeMap((event) => (asked.match(event) && event.payload.text === 'b' ? EMPTY : [event])),
        ),
        state$,
        deps,
      );
    const result = resimulate(log, { ...options, rootEpic: dropsB });
    expect(result.divergence).toMatchObject({
      kind: 'missing',
      expected: { type: 'system/requestSent', payload: { method: 'GET', path: '/resim-test/b' } },
      about: 'the request GET /resim-test/b (http)',
    });
  });

  it('reads back what an epic read from storage from the log, not from an environment', () => {
    const readsStorage: Epic<RootState> = (event$, _state$, { storage }) =>
      event$.pipe(
        ofType(asked),
        map((event) => remembered({ value: storage.getItem('resim-test.remembered') }, event)),
      );
    const log = recordSession({ inputs: [typed(0, 'a')], server: {} }, (event$, state$, deps) => {
      deps.storage.setItem('resim-test.remembered', 'kept from the last visit');
      return readsStorage(event$, state$, deps);
    });
    expect(log.events.find(remembered.match)?.payload.value).toBe('kept from the last visit');
    // the re-simulation's storage is empty: the value comes from the recorded read
    const result = resimulate(log, { ...options, rootEpic: readsStorage });
    expect(result.divergence).toBeNull();
    expect(result.matched).toBe(log.events.length);
  });
});

describe('logs a re-simulation refuses, plainly', () => {
  it('a log recorded before inputs were events still replays, and says it predates them', () => {
    const imported = importLog(
      readFileSync(new URL('../../replay/fixtures/fresh-export.evlog.json', import.meta.url), 'utf8'),
    );
    if (imported.verdict === 'Impossible') throw new Error(imported.reasons.join('; '));
    expect(() => replayLog(imported.log, rootReducer, initialRootState)).not.toThrow();
    expect(resimulate(imported.log, options)).toMatchObject({ refused: 'predatesInputs', divergence: null });
  });

  it('a log that starts from a snapshot mid-session', () => {
    const log = recordSession(visitWithRetry);
    const cut = 10;
    const windowed: EventLogFile = {
      ...log,
      snapshot: {
        seq: log.events[cut - 1]!.meta.seq,
        state: log.events.slice(0, cut).reduce(rootReducer, initialRootState),
      },
      events: log.events.slice(cut),
    };
    expect(resimulate(windowed, options).refused).toBe('startsMidSession');
  });
});
