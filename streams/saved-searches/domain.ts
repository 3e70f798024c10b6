import { defineDomain } from '../core/domain';
import { bookmark, loadList, operateOnSearch, reloadAfterSharing } from './epics';
import { initialSavedSearchesState, savedSearchesReducer } from './reducer';
import {
  selectBookmarkOf,
  selectSavedSearch,
  selectSavedSearches,
  selectSavedSearchesFilter,
  selectSavedSearchesLoaded,
  selectSavedSearchesNotice,
  selectSavedSearchesStatus,
} from './selectors';

export const savedSearchesDomain = defineDomain({
  name: 'savedSearches',
  initialState: initialSavedSearchesState,
  reducer: savedSearchesReducer,
  epics: { loadList, bookmark, operateOnSearch, reloadAfterSharing },
  selectors: {
    selectSavedSearches,
    selectSavedSearch,
    selectSavedSearchesStatus,
    selectSavedSearchesNotice,
    selectSavedSearchesFilter,
    selectSavedSearchesLoaded,
    selectBookmarkOf,
  },
});
