import { produce } from 'immer';
import { config } from '../../streams/core/config';
import type { AnyEvent, UnstampedEvent } from '../../streams/core/event';
import {
  filesAdded,
  uploadLoaded,
  uploadProgressed,
  uploadResolving,
  uploadStarted,
} from '../../streams/imports/events';
import { initialRootState } from '../../streams/root';
import { rootReducer } from '../helpers/all-domains';

const PROGRESS_STEPS = 10;

/**
 * Every event of a drop of `count` files as the upload queue folds them (protocol §15.2): the drop,
 * then, `uploadConcurrencyDefault` at a time, each file's slot, start, 10 progress reports and end.
 */
export function uploadEvents(count: number): AnyEvent[] {
  const ids = Array.from({ length: count }, (_, index) => `1700000000000_${index + 1}`);
  const list: UnstampedEvent[] = [
    filesAdded({
      jobId: '5',
      files: ids.map((id, index) => ({
        id,
        name: `photo-${index + 1}.jpg`,
        size: 1_000_000,
        type: 'image/jpeg',
      })),
    }),
  ];
  const limit = config.uploadConcurrencyDefault;
  for (let start = 0; start < count; start += limit) {
    const group = ids.slice(start, start + limit);
    for (const id of group) list.push(uploadResolving({ id, limit }), uploadStarted({ id }));
    for (let step = 1; step <= PROGRESS_STEPS; step += 1)
      for (const id of group) {
        const progress = (step * 100) / PROGRESS_STEPS;
        list.push(uploadProgressed({ id, loaded: progress * 10_000, total: 1_000_000, progress }));
      }
    for (const [index, id] of group.entries())
      list.push(uploadLoaded({ id, jobId: '5', item: { id: start + index + 1 } }));
  }
  return list.map((event, index) => ({
    ...event,
    meta: { ...event.meta, seq: index + 1, id: `u${index + 1}`, at: index },
  }));
}

const round = (ms: number) => Math.round(ms * 10) / 10;

function foldMs(events: AnyEvent[]): number {
  const startedAt = performance.now();
  const end = events.reduce(rootReducer, initialRootState);
  const ms = performance.now() - startedAt;
  if (end.imports.uploads.running !== 0)
    throw new Error('the upload bench did not end with every file loaded');
  return ms;
}

/**
 * The same events folded into the shape an immer draft would use (one record of every file,
 * `draft.files[id].progress = …`): what the bucketed replace cases save.
 */
function naiveFoldMs(events: AnyEvent[]): number {
  type File = { status: string; progress: number; loaded: number };
  let state: { files: Record<string, File> } = { files: {} };
  const startedAt = performance.now();
  for (const event of events) {
    const payload = event.payload as {
      id?: string;
      files?: { id: string }[];
      progress?: number;
      loaded?: number;
    };
    state = produce(state, (draft) => {
      if (payload.files)
        for (const file of payload.files)
          draft.files[file.id] = { status: 'registered', progress: 0, loaded: 0 };
      else if (payload.id && draft.files[payload.id]) {
        const file = draft.files[payload.id]!;
        if (payload.progress !== undefined) file.progress = payload.progress;
        else file.status = event.type;
      }
    });
  }
  return performance.now() - startedAt;
}

export function benchUploadFold(count = 10_000) {
  const events = uploadEvents(count);
  const coldMs = foldMs(events);
  const warm = [foldMs(events), foldMs(events), foldMs(events)].sort((a, b) => a - b);
  return {
    files: count,
    events: events.length,
    coldMs: round(coldMs),
    medianMs: round(warm[1]!),
    // the flat immer shape costs O(files) per event: measured on 1 000 files only
    naiveFiles: 1000,
    naiveImmerMs: round(naiveFoldMs(uploadEvents(1000))),
    bucketedMs1000: round(foldMs(uploadEvents(1000))),
  };
}

/** The figures `npm run bench` prints for it. */
export function uploadFoldFigures(result = benchUploadFold(10_000)) {
  return [
    {
      name: `upload queue fold: ${result.files} files, ${result.events} events (drop, slot, start, 10 progress, loaded each) through the root reducer, median of 3 (first pass ${result.coldMs} ms)`,
      value: result.medianMs,
      unit: 'ms',
    },
    {
      name: `upload queue fold of ${result.naiveFiles} files into one immer record of every file (the shape not taken; bucketed: ${result.bucketedMs1000} ms)`,
      value: result.naiveImmerMs,
      unit: 'ms',
    },
  ];
}

// `npx tsx tests/bench/upload-fold.ts` prints it alone
if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(benchUploadFold());
}
