import { defineDomain } from '../core/domain';
import { initialSystemState, systemReducer } from './reducer';

export const systemDomain = defineDomain({
  name: 'system',
  initialState: initialSystemState,
  reducer: systemReducer,
});
