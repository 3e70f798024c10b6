import { produce } from 'immer';
import type { SerializedError } from '../core/errors';
import type { AnyEvent } from '../core/event';
import { type LogEntry, logHash } from './api';
import { batchSendFailed, batchSent, entriesDropped, entryAdded } from './events';

export interface LogsState {
  /** merged entries waiting to be sent */
  pending: LogEntry[];
  consecutiveFailures: number;
  lastError: SerializedError | null;
  sentOccurrences: number;
  droppedOccurrences: number;
  lastDroppedAt: number | null;
}

export const initialLogsState: LogsState = {
  pending: [],
  consecutiveFailures: 0,
  lastError: null,
  sentOccurrences: 0,
  droppedOccurrences: 0,
  lastDroppedAt: null,
};

export const logsReducer = produce((draft: LogsState, event: AnyEvent) => {
  if (entryAdded.match(event)) {
    const { name, level, message } = event.payload;
    const hash = logHash(level, message);
    const existing = draft.pending.find((entry) => entry.hash === hash);
    if (existing) {
      existing.count += 1;
      existing.times.push(event.meta.at);
    } else {
      draft.pending.push({ name, hash, count: 1, level, message, times: [event.meta.at] });
    }
  } else if (batchSent.match(event)) {
    // entries added while the batch was in flight stay pending
    for (const { hash, count } of event.payload.entries) {
      const entry = draft.pending.find((candidate) => candidate.hash === hash);
      if (!entry) continue;
      entry.count -= count;
      entry.times.splice(0, count);
      draft.sentOccurrences += count;
    }
    draft.pending = draft.pending.filter((entry) => entry.count > 0);
    draft.consecutiveFailures = 0;
    draft.lastError = null;
  } else if (batchSendFailed.match(event)) {
    draft.consecutiveFailures = event.payload.consecutiveFailures;
    draft.lastError = event.payload.error;
  } else if (entriesDropped.match(event)) {
    // everything pending goes, including entries that arrived during the last attempt
    draft.droppedOccurrences += draft.pending.reduce((sum, entry) => sum + entry.count, 0);
    draft.pending = [];
    draft.consecutiveFailures = 0;
    draft.lastDroppedAt = event.meta.at;
  }
});
