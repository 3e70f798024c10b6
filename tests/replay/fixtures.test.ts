import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type EventLogFile, importLog } from '../../streams/recorder/log-file';
import { replayLog } from '../../streams/recorder/replay';
import { resimulate } from '../../streams/recorder/resimulate';
import { initialRootState, type RootState } from '../../streams/root';
import { rootReducer } from '../helpers/all-domains';
import { RECORDED_SESSIONS, recordSession, shellEpic } from './recorded-sessions';

/** A committed fixture; its payloads must still fit today's schemas. */
function fixtureLog(name: string): EventLogFile {
  const result = importLog(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));
  if (result.verdict === 'Impossible') throw new Error(`${name}: ${result.reasons.join('; ')}`);
  // a new event type elsewhere changes the hash; anything else means: run make-fixtures.ts again
  expect(result.reasons.filter((reason) => !reason.startsWith('event schema hash differs'))).toEqual([]);
  return result.log;
}

/** Replays a committed fixture with today's reducers. */
function replayFixture(name: string): RootState {
  return replayLog(fixtureLog(name), rootReducer, initialRootState);
}

describe('recorded logs replay to the same state', () => {
  it('app-start: a failed availability check, a navigation, repeated log entries and a render crash', () => {
    const state = replayFixture('app-start.evlog.json');
    expect(state.app).toMatchObject({
      started: true,
      locale: 'fr',
      settings: { theme: 'dark', accessToken: '[redacted]' },
      info: {
        status: 'resolved',
        data: { appName: 'DAM', appLogoUrlForDarkBG: 'https://dam.example/logo.png' },
      },
      availability: { status: 'resolved', available: true, error: { code: 'error.http.503' } },
    });
    expect(state.router).toEqual({ path: '/search', search: '?q=cat' });
    expect(state.logs.pending).toMatchObject([
      { count: 2, message: 'Request failed: https://dam.example/api?token=[redacted]' },
    ]);
    expect(state.logs.consecutiveFailures).toBe(1);
    expect(state.system.shownError).toMatchObject({ origin: 'render', error: { message: 'x is undefined' } });
  });

  it('logs-wrapped: folds from the snapshot the recorder kept when its buffer wrapped', () => {
    const state = replayFixture('logs-wrapped.evlog.json');
    expect(state.router).toEqual({ path: '/carts', search: '' });
    expect(state.logs.pending.map((entry) => [entry.message, entry.level, entry.count])).toEqual([
      ['message 0', 0, 8],
      ['message 1', 10, 8],
      ['message 2', 0, 7],
      ['message 3', 10, 7],
    ]);
    expect(state.logs.lastError).toMatchObject({ code: 'error.network' });
  });
});

describe('logs recorded with the epics re-simulate to the same events', () => {
  const options = { reducer: rootReducer, rootEpic: shellEpic, initialState: initialRootState };

  for (const name of Object.keys(RECORDED_SESSIONS)) {
    it(`${name}: replays to the recorded state and re-simulates without divergence`, () => {
      const state = replayFixture(name);
      const log = fixtureLog(name);
      expect(state).toEqual(
        replayLog(
          recordSession(RECORDED_SESSIONS[name as keyof typeof RECORDED_SESSIONS]),
          rootReducer,
          initialRootState,
        ),
      );
      const result = resimulate(log, options);
      expect(result.divergence).toBeNull();
      expect(result.matched).toBe(log.events.length);
    });
  }
});
