import { defineDomain } from '../core/domain';
import {
  checkAvailability,
  loadInfo,
  reportApplicationInvalid,
  requestAvailability,
  requestInfo,
} from './epics';
import { initialAppState, appReducer } from './reducer';

export const appDomain = defineDomain({
  name: 'app',
  initialState: initialAppState,
  reducer: appReducer,
  epics: { requestInfo, loadInfo, requestAvailability, checkAvailability, reportApplicationInvalid },
});
