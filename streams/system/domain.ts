import { defineDomain } from '../core/domain';
import { initialSystemState, systemReducer } from './reducer';
import { selectEpicHealth, selectIsDomainOn, selectShownError } from './selectors';

export const systemDomain = defineDomain({
  name: 'system',
  initialState: initialSystemState,
  reducer: systemReducer,
  selectors: { selectShownError, selectIsDomainOn, selectEpicHealth },
});
