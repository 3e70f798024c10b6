import { caseReducer, on, onReplace } from '../core/case-reducer';
import type { LogEntry } from './api';
import { batchSendFailed, batchSent, entriesDropped, entryAdded } from './events';
import type { LogsState } from './state';

export const logsReducer = caseReducer<LogsState>(
  // the two hot transitions of a long session build the next state by hand (no draft)
  onReplace(entryAdded, (state, { payload, meta }) => {
    const { name, level, message, hash } = payload;
    const index = state.pending.findIndex((entry) => entry.hash === hash);
    const pending =
      index < 0
        ? [...state.pending, { name, hash, count: 1, level, message, times: [meta.at] }]
        : state.pending.map((entry, at) =>
            at === index ? { ...entry, count: entry.count + 1, times: [...entry.times, meta.at] } : entry,
          );
    return { ...state, pending };
  }),
  onReplace(batchSent, (state, { payload }) => {
    // entries added while the batch was in flight stay pending
    let sentOccurrences = state.sentOccurrences;
    const sent = new Map<LogEntry['hash'], number>();
    for (const { hash, count } of payload.entries) sent.set(hash, (sent.get(hash) ?? 0) + count);
    const pending: LogEntry[] = [];
    for (const entry of state.pending) {
      const count = sent.get(entry.hash);
      if (count === undefined) {
        pending.push(entry);
        continue;
      }
      sentOccurrences += count;
      if (entry.count > count)
        pending.push({ ...entry, count: entry.count - count, times: entry.times.slice(count) });
    }
    return { ...state, pending, sentOccurrences, consecutiveFailures: 0, lastError: null };
  }),
  on(batchSendFailed, (draft, { payload }) => {
    draft.consecutiveFailures = payload.consecutiveFailures;
    draft.lastError = payload.error;
  }),
  on(entriesDropped, (draft, { meta }) => {
    // everything pending goes, including entries that arrived during the last attempt
    draft.droppedOccurrences += draft.pending.reduce((sum, entry) => sum + entry.count, 0);
    draft.pending = [];
    draft.consecutiveFailures = 0;
    draft.lastDroppedAt = meta.at;
  }),
);
