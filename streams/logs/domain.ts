import { defineDomain } from '../core/domain';
import { logFailures, sendLogBatches } from './epics';
import { logsReducer } from './reducer';
import { initialLogsState } from './state';

export const logsDomain = defineDomain({
  name: 'logs',
  initialState: initialLogsState,
  reducer: logsReducer,
  epics: { logFailures, sendLogBatches },
});
