import type { SerializedError } from '../core/errors';
import type { LogEntry } from './api';

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
