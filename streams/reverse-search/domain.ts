import { defineDomain } from '../core/domain';
import {
  fetchReport,
  findCopies,
  forgetPermissionsOfPreviousUser,
  loadFeature,
  loadPermissions,
  submitSearch,
} from './epics';
import { reverseSearchReducer } from './reducer';
import { initialReverseSearchState } from './state';

export const reverseSearchDomain = defineDomain({
  name: 'reverseSearch',
  initialState: initialReverseSearchState,
  reducer: reverseSearchReducer,
  epics: {
    loadFeature,
    loadPermissions,
    forgetPermissionsOfPreviousUser,
    findCopies,
    submitSearch,
    fetchReport,
  },
});
