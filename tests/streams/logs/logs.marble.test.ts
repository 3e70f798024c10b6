import { describe, expect, it } from 'vitest';
import { config } from '../../../streams/core/config';
import type { AnyEvent } from '../../../streams/core/event';
import { LOG_LEVELS, newLogEntry } from '../../../streams/logs/api';
import { sendLogBatches } from '../../../streams/logs/epics';
import { entryAdded } from '../../../streams/logs/events';
import { epicStore, marbleScheduler, typesOf } from '../../helpers/marbles';
import { fakeHttp, testDeps } from '../../helpers/test-deps';

const entry = (message: string) => entryAdded(newLogEntry('carts', LOG_LEVELS.error, message));

describe('logs.epic', () => {
  it('batches entries and sends them 10000 ms after the last new entry (seed 000 §9)', () => {
    const scheduler = marbleScheduler();
    const http = fakeHttp();
    scheduler.run(({ hot, cold, expectObservable }) => {
      http.request = ((request) => {
        http.requests.push(request);
        return cold('-r|', { r: { status: 200, data: undefined } });
      }) as typeof http.request;
      const store = epicStore(testDeps({ scheduler, http }), sendLogBatches);
      // entries at 0, 4000 and 6000 ms: the last one restarts the wait
      hot('a 3999ms b 1999ms c', { a: entry('one'), b: entry('two'), c: entry('one') }).subscribe(
        store.dispatch,
      );
      const sentAt = 6000 + config.logDebounceMs + 1;
      expectObservable(typesOf(store, 'logs/batch')).toBe(`${sentAt}ms a`, { a: 'logs/batchSent' });
    });
    expect(http.requests).toHaveLength(1);
    const form = (http.requests[0]!.body as { form: Record<string, string> }).form;
    expect(form.TYPE).toBe('LOGS');
    const sent = JSON.parse(form.MESSAGE!) as Array<{ message: string; count: number; times: number[] }>;
    expect(sent.map(({ message, count, times }) => ({ message, count, times }))).toEqual([
      { message: 'one', count: 2, times: [0, 6000] },
      { message: 'two', count: 1, times: [4000] },
    ]);
  });

  it('drops the pending entries after 10 consecutive failed sends (seed 000 §9)', () => {
    const scheduler = marbleScheduler();
    const http = fakeHttp();
    const seen: Array<[number, string]> = [];
    let state = { droppedOccurrences: 0, pending: 1 };
    scheduler.run(({ hot, cold }) => {
      http.request = ((request) => {
        http.requests.push(request);
        return cold('-#', {}, new Error('log server down'));
      }) as typeof http.request;
      const store = epicStore(testDeps({ scheduler, http }), sendLogBatches);
      store.event$.subscribe((event: AnyEvent) => {
        if (event.type !== 'logs/entryAdded') seen.push([event.meta.at, event.type]);
      });
      hot('a', { a: entry('lost') }).subscribe(store.dispatch);
      scheduler.schedule(() => {
        const { logs } = store.getState();
        state = { droppedOccurrences: logs.droppedOccurrences, pending: logs.pending.length };
      }, 20 * config.logDebounceMs);
    });
    // each failure re-arms the wait: attempt k fails at k * (debounce + 1) ms
    const failures = Array.from({ length: config.logMaxConsecutiveFailures }, (_, index) => [
      (index + 1) * (config.logDebounceMs + 1),
      'logs/batchSendFailed',
    ]);
    const lastFailure = failures[failures.length - 1]![0];
    expect(seen).toEqual([...failures, [lastFailure, 'logs/entriesDropped']]);
    expect(http.requests).toHaveLength(config.logMaxConsecutiveFailures);
    expect(state).toEqual({ droppedOccurrences: 1, pending: 0 });
  });

  it('keeps entries that arrive while a batch is in flight for the next batch (seed 000 §7)', () => {
    const scheduler = marbleScheduler();
    const http = fakeHttp();
    let pendingAfter: string[] = [];
    scheduler.run(({ hot, cold }) => {
      http.request = ((request) => {
        http.requests.push(request);
        return cold('100ms r|', { r: { status: 200, data: undefined } });
      }) as typeof http.request;
      const store = epicStore(testDeps({ scheduler, http }), sendLogBatches);
      hot(`a ${config.logDebounceMs + 49}ms b`, { a: entry('first'), b: entry('second') }).subscribe(
        store.dispatch,
      );
      scheduler.schedule(() => {
        pendingAfter = store.getState().logs.pending.map((pending) => pending.message);
      }, config.logDebounceMs + 200);
    });
    expect(pendingAfter).toEqual(['second']);
  });
});
