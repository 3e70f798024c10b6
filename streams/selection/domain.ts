import { defineDomain } from '../core/domain';
import { selectionReducer } from './reducer';
import { initialSelectionState } from './state';

export const selectionDomain = defineDomain({
  name: 'selection',
  initialState: initialSelectionState,
  reducer: selectionReducer,
  epics: {},
});
