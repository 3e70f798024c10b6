import { defineDomain } from '../core/domain';
import {
  buildZip,
  deliverZip,
  loadProfiles,
  measureRefused,
  persistPending,
  pollReadiness,
  restorePending,
  resumeRestored,
  splitRefused,
  testSize,
} from './epics';
import { initialDownloadsState, downloadsReducer } from './reducer';
import * as selectors from './selectors';

export const downloadsDomain = defineDomain({
  name: 'downloads',
  initialState: initialDownloadsState,
  reducer: downloadsReducer,
  epics: {
    testSize,
    buildZip,
    deliverZip,
    loadProfiles,
    pollReadiness,
    measureRefused,
    splitRefused,
    persistPending,
    restorePending,
    resumeRestored,
  },
  selectors,
});
