import { describe, expect, it } from 'vitest';
import { resimulate } from '../../../streams/recorder/resimulate';
import { initialRootState, rootReducer } from '../../../streams/root';
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
