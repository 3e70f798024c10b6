import { defineDomain } from '../core/domain';
import { logFailures, sendLogBatches } from './epics';
import { initialLogsState, logsReducer } from './reducer';
import * as selectors from './selectors';

export const logsDomain = defineDomain({
  name: 'logs',
  initialState: initialLogsState,
  reducer: logsReducer,
  epics: { logFailures, sendLogBatches },
  selectors,
});
