import { caseReducer, on } from '../core/case-reducer';
import type { SerializedError } from '../core/errors';
import type { LogEntry } from './api';
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

export const logsReducer = caseReducer<LogsState>(
  on(entryAdded, (draft, { payload, meta }) => {
    const { name, level, message, hash } = payload;
    const existing = draft.pending.find((entry) => entry.hash === hash);
    if (existing) {
      existing.count += 1;
      existing.times.push(meta.at);
    } else {
      draft.pending.push({ name, hash, count: 1, level, message, times: [meta.at] });
    }
  }),
  on(batchSent, (draft, { payload }) => {
    // entries added while the batch was in flight stay pending
    for (const { hash, count } of payload.entries) {
      const entry = draft.pending.find((candidate) => candidate.hash === hash);
      if (!entry) continue;
      entry.count -= count;
      entry.times.splice(0, count);
      draft.sentOccurrences += count;
    }
    draft.pending = draft.pending.filter((entry) => entry.count > 0);
    draft.consecutiveFailures = 0;
    draft.lastError = null;
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
