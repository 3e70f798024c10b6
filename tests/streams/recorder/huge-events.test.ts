import { describe, expect, it } from 'vitest';
import { approximateBytes } from '../../../streams/recorder/approximate-bytes';
import { fetchStarted } from '../../../streams/cursors/events';
import { importLog, serializeLog } from '../../../streams/recorder/log-file';
import { createRecorder } from '../../../streams/recorder/recorder';
import { redactState } from '../../../streams/recorder/redact';
import { replayLog } from '../../../streams/recorder/replay';
import { initialRootState, type RootState } from '../../../streams/root';
import { rootReducer } from '../../helpers/all-domains';
import { hugePage } from '../../bench/huge-answer';
import { storeWithoutEpics } from '../../helpers/store-without-epics';
import { testDeps } from '../../helpers/test-deps';
import { registrationRequested } from '../../../streams/cursors/events';

const MB = 1024 * 1024;
const app = { version: 'test', commit: 'test' };

/** A 2 MB list answer (rows with long texts and many tags), its ids from `firstId`. */
const bigPage = (firstId: number) => hugePage('big', firstId, 2_000_000, 40);

function recordedSession(maxBytes: number) {
  const recorder = createRecorder<RootState>({ capacity: 5000, snapshotEvery: 20, maxBytes, app });
  const store = storeWithoutEpics({
    reducer: rootReducer,
    initialState: initialRootState,
    deps: testDeps(),
    recorder,
  });
  store.dispatch(registrationRequested({ name: 'big', path: 'dam/data/asset' }));
  return { recorder, store };
}

describe('recorder with huge answers (issue 12 item 11)', () => {
  it('keeps its bytes under the budget however many 2 MB answers come, and its export replays to the live state', () => {
    const maxBytes = 7 * MB;
    const { recorder, store } = recordedSession(maxBytes);
    for (let answer = 0; answer < 12; answer += 1) {
      store.dispatch(fetchStarted({ name: 'big', page: 'first', signature: '1' }));
      store.dispatch(bigPage(answer * 100 + 1));
      for (let i = 0; i < 15; i += 1)
        store.dispatch(fetchStarted({ name: `small${i}`, page: 'first', signature: '1' }));
      expect(recorder.bytes).toBeLessThanOrEqual(maxBytes);
    }
    const log = recorder.export();
    // what an export holds: the fold base's state and the events after it, each counted whole
    const exported = approximateBytes(log.events) + approximateBytes(log.snapshot?.state ?? null);
    expect(exported).toBeLessThanOrEqual(maxBytes);
    expect(log.events.length).toBeGreaterThan(0);
    expect(log.events.length).toBeLessThan(12 * 17);

    const imported = importLog(serializeLog(log));
    if (imported.verdict === 'Impossible') throw new Error(imported.reasons.join('; '));
    expect(imported.verdict).toBe('Fine');
    const replayed = replayLog(imported.log, rootReducer, initialRootState);
    expect(redactState(replayed)).toEqual(redactState(store.getState()));
    expect(replayed.cursors.byName.big?.size).toBe(40);
  });

  it('keeps a huge answer by reference: redaction of frozen data waits for the export, which masks it as before', () => {
    const { recorder, store } = recordedSession(64 * MB);
    const page = bigPage(1);
    const rows = page.payload.rows as Array<Record<string, unknown>>;
    rows[0]!.description = 'token=abc123 Bearer eyJhbGciOi.eyJzdWIiOi.sig';
    store.dispatch(fetchStarted({ name: 'big', page: 'first', signature: '1' }));
    store.dispatch(page);
    const [recorded] = recorder.export().events.filter((event) => event.type === 'cursors/pageLoaded');
    const text = JSON.stringify(recorded);
    expect(text).not.toContain('abc123');
    expect(text).not.toContain('eyJhbGciOi');
    expect((recorded!.payload as { rows: unknown[] }).rows).toHaveLength(40);
  });
});
