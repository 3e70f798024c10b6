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
import {
  selectCanReverseSearch,
  selectCanViewReverseSearchReport,
  selectReverseSearchFeature,
  selectReverseSearchJob,
  selectReverseSearchPermissions,
} from './selectors';
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
  selectors: {
    selectReverseSearchFeature,
    selectReverseSearchPermissions,
    selectReverseSearchJob,
    selectCanReverseSearch,
    selectCanViewReverseSearchReport,
  },
});
