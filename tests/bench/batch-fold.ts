import {
  actionFinished,
  actionStarted,
  batchCreated,
  batchFinished,
  batchRequested,
  batchScheduled,
  batchStarted,
} from '../../streams/batches/events';
import { config } from '../../streams/core/config';
import type { AnyEvent, UnstampedEvent } from '../../streams/core/event';
import { updated, updateRequested } from '../../streams/entities/events';
import { initialRootState } from '../../streams/root';
import { rootReducer } from '../helpers/all-domains';

const PATH = 'dam/data/asset';

/**
 * Every event of one batch of `count` updates as a session folds them (protocol §16): the
 * request, the batch's creation and start, then per action its start, the entity write asked
 * and answered (ticket `1:index`) and its end, two actions at a time, and the batch's end.
 */
export function batchEvents(count: number): AnyEvent[] {
  const actions = Array.from({ length: count }, (_, index) => ({
    kind: 'update' as const,
    path: PATH,
    id: index + 1,
    values: { title: `Title ${index + 1}` },
  }));
  const list: UnstampedEvent[] = [
    batchRequested({ label: 'bench', actions }),
    batchCreated({ id: '1', label: 'bench', actions, progressCap: config.batchActionProgressCap }),
    batchScheduled({ id: '1' }),
    batchStarted({ id: '1' }),
  ];
  for (let index = 0; index < count; index += 2) {
    const pair = [index, index + 1].filter((one) => one < count);
    for (const one of pair) {
      const ticket = `1:${one}`;
      list.push(actionStarted({ batchId: '1', index: one }));
      list.push(updateRequested({ path: PATH, id: one + 1, values: actions[one]!.values, ticket }));
    }
    for (const one of pair) {
      const ticket = `1:${one}`;
      list.push(updated({ path: PATH, id: one + 1, data: { id: one + 1, ...actions[one]!.values }, ticket }));
      list.push(actionFinished({ batchId: '1', index: one, status: 'done', entityId: String(one + 1) }));
    }
  }
  list.push(batchFinished({ id: '1', status: 'done' }));
  return list.map((event, index) => ({
    ...event,
    meta: { ...event.meta, seq: index + 1, id: `b${index + 1}`, at: index },
  }));
}

function foldMs(events: AnyEvent[]): number {
  const startedAt = performance.now();
  events.reduce(rootReducer, initialRootState);
  return performance.now() - startedAt;
}

const round = (ms: number) => Math.round(ms * 10) / 10;

/** First pass (cold JIT) and the median of 3 more. */
function timed(events: AnyEvent[]): { coldMs: number; medianMs: number } {
  const coldMs = foldMs(events);
  const warm = [foldMs(events), foldMs(events), foldMs(events)].sort((a, b) => a - b);
  return { coldMs: round(coldMs), medianMs: round(warm[1]!) };
}

/**
 * Folds the events of a `count`-action batch through the root reducer: all of them (the entity
 * writes included), and the batches' own events alone (what the batches slice costs).
 */
export function benchBatchFold(count = 1000) {
  const events = batchEvents(count);
  const end = events.reduce(rootReducer, initialRootState);
  if (end.batches.byId['1']?.progress !== 100) throw new Error('the batch bench did not end done');
  const own = events.filter((event) => event.type.startsWith('batches/'));
  return {
    actions: count,
    events: events.length,
    all: timed(events),
    ownEvents: own.length,
    own: timed(own),
  };
}

/** The figures `npm run bench` prints for it. */
export function batchFoldFigures(result = benchBatchFold(1000)) {
  return [
    {
      name: `fold of a ${result.actions}-action batch, all ${result.events} events (entity writes included) through the root reducer, median of 3 (first pass ${result.all.coldMs} ms)`,
      value: result.all.medianMs,
      unit: 'ms',
    },
    {
      name: `fold of that batch, its ${result.ownEvents} batches/* events only, median of 3 (first pass ${result.own.coldMs} ms)`,
      value: result.own.medianMs,
      unit: 'ms',
    },
  ];
}
