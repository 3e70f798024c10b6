import { defineDomain } from '../core/domain';
import { logFailures, sendLogBatches } from './epics';
import { initialLogsState, logsReducer } from './reducer';

export const logsDomain = defineDomain({
  name: 'logs',
  initialState: initialLogsState,
  reducer: logsReducer,
  epics: { logFailures, sendLogBatches },
});
