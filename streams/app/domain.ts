import { defineDomain } from '../core/domain';
import {
  checkAvailability,
  loadInfo,
  reportApplicationInvalid,
  requestAvailability,
  requestInfo,
} from './epics';
import { initialAppState, appReducer } from './reducer';
import {
  selectApiPath,
  selectAppInfo,
  selectAppSetting,
  selectApplicationName,
  selectAvailabilityFailure,
  selectHasApplicationCredentials,
  selectUnavailability,
} from './selectors';

export const appDomain = defineDomain({
  name: 'app',
  initialState: initialAppState,
  reducer: appReducer,
  epics: { requestInfo, loadInfo, requestAvailability, checkAvailability, reportApplicationInvalid },
  selectors: {
    selectAppInfo,
    selectAvailabilityFailure,
    selectApiPath,
    selectApplicationName,
    selectHasApplicationCredentials,
    selectAppSetting,
    selectUnavailability,
  },
});
