import { defineDomain } from '../core/domain';
import { selectionReducer } from './reducer';
import { selectIsSelected, selectSelection, selectSelectionAnchor, selectSelectionCount } from './selectors';
import { initialSelectionState } from './state';

export const selectionDomain = defineDomain({
  name: 'selection',
  initialState: initialSelectionState,
  reducer: selectionReducer,
  epics: {},
  selectors: { selectSelection, selectSelectionCount, selectIsSelected, selectSelectionAnchor },
});
