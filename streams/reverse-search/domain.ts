import { defineDomain } from '../core/domain';
import { reverseSearchReducer } from './reducer';
import { initialReverseSearchState } from './state';

export const reverseSearchDomain = defineDomain({
  name: 'reverseSearch',
  initialState: initialReverseSearchState,
  reducer: reverseSearchReducer,
  epics: {},
  selectors: {},
});
