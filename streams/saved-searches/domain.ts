import { defineDomain } from '../core/domain';
import { adoptIdentity, bookmark, loadList, operateOnSearch, reloadAfterSharing } from './epics';
import { savedSearchesReducer } from './reducer';
import { initialSavedSearchesState } from './state';
// the writes the outbox keeps join its catalogue with this domain's code
import './outbox';

export const savedSearchesDomain = defineDomain({
  name: 'savedSearches',
  initialState: initialSavedSearchesState,
  reducer: savedSearchesReducer,
  epics: { adoptIdentity, loadList, bookmark, operateOnSearch, reloadAfterSharing },
});
