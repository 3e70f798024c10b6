import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { EMPTY } from 'rxjs';
import { config } from '../../streams/core/config';
import { createStore } from '../../streams/core/store';
import { fetchStarted, pageLoaded, registrationRequested } from '../../streams/cursors/events';
import { createRecorder } from '../../streams/recorder/recorder';
import { initialRootState, type RootState } from '../../streams/root';
import { rootReducer } from '../helpers/all-domains';
import { testDeps } from '../helpers/test-deps';

/**
 * About `bytes` of list rows as a hostile server answers them (mocks `hostile.hugeAnswers`): each
 * row has a long text with quotes and `=` (the redaction's slow case) and many small tags.
 */
export function hugeRows(
  bytes: number,
  rows = 100,
  firstId = 1,
): Array<{ id: number; [key: string]: unknown }> {
  const perRow = Math.floor(bytes / rows);
  const unit = 'A "long" description, key=value; ';
  const text = unit.repeat(Math.ceil(perRow / 2 / unit.length)).slice(0, perRow / 2);
  return Array.from({ length: rows }, (_, index) => {
    const id = firstId + index;
    const tags = Array.from({ length: Math.floor(perRow / 2 / 14) }, (_, tag) => `tag-${id}-${tag}`);
    return { id, name: `asset ${id}`, description: `${text} ${id}`, tags };
  });
}

/** A first page of a list of about `bytes` (10 MB by default), as the event the list epic dispatches. */
export function hugePage(
  name: string,
  firstId: number,
  bytes = 10_000_000,
  rowCount = 100,
): ReturnType<typeof pageLoaded> {
  const rows = hugeRows(bytes, rowCount, firstId);
  return pageLoaded({
    name,
    page: 'first',
    signature: '1',
    resource: 'asset',
    rows,
    total: rows.length,
    count: rows.length,
    nextResultsToken: null,
    aggregates: null,
  });
}

/**
 * A live store with the app's recorder settings receives `answers` 10 MB list answers, with 300
 * small events after each: the slowest dispatch of an answer (fold + record), what the recorder
 * counts, and the heap it keeps once the answers are gone from the state.
 */
export function benchHugeAnswers(answers = 8): {
  answers: number;
  slowestMs: number;
  medianMs: number;
  recorderMB: number;
  recorderHeapMB: number;
  bufferedEvents: number;
  exportMs: number;
} {
  setFlagsFromString('--expose_gc');
  const gc = runInNewContext('gc') as () => void;
  gc();
  const base = process.memoryUsage().heapUsed;
  const recorder = createRecorder<RootState>({
    capacity: config.recorderCapacity,
    snapshotEvery: config.recorderSnapshotEvery,
    maxBytes: config.recorderMaxBytes,
    app: { version: 'bench', commit: 'bench' },
  });
  const store = createStore({
    reducer: rootReducer,
    rootEpic: () => EMPTY,
    deps: testDeps(),
    initialState: initialRootState,
    recorder,
  });
  store.dispatch(registrationRequested({ name: 'huge', path: 'dam/data/asset' }));
  const times: number[] = [];
  for (let answer = 0; answer < answers; answer += 1) {
    const page = hugePage('huge', answer * 1000 + 1);
    store.dispatch(fetchStarted({ name: 'huge', page: 'first', signature: '1' }));
    const started = performance.now();
    store.dispatch(page);
    times.push(performance.now() - started);
    for (let i = 0; i < 300; i += 1)
      store.dispatch(fetchStarted({ name: `small${i}`, page: 'first', signature: '1' }));
  }
  // the list leaves the state: what stays is the recorder's
  store.dispatch({ type: 'cursors/removed', payload: { name: 'huge' }, meta: { source: 'ui' } });
  gc();
  const heap = process.memoryUsage().heapUsed - base;
  const exportStarted = performance.now();
  recorder.export();
  const exportMs = performance.now() - exportStarted;
  const sorted = [...times].sort((a, b) => a - b);
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    answers,
    slowestMs: round(sorted[sorted.length - 1]!),
    medianMs: round(sorted[Math.floor(sorted.length / 2)]!),
    recorderMB: round(recorder.bytes / 1024 / 1024),
    recorderHeapMB: round(heap / 1024 / 1024),
    bufferedEvents: recorder.size,
    exportMs: Math.round(exportMs),
  };
}
