import type { LogsState } from './reducer';

export const selectLogs = (state: { logs: LogsState }) => state.logs;
