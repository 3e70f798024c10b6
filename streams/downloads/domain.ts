import { defineDomain } from '../core/domain';
import { buildZip, deliverZip, loadProfiles, testSize } from './epics';
import { persistPending, restorePending, restorePendingOnStart, resumeRestored } from './persistence-epics';
import { noticeStalledBuild, pollReadiness } from './readiness-epics';
import { downloadsReducer } from './reducer';
import {
  selectDownloads,
  selectFinishedIds,
  selectFollowed,
  selectHeldSplits,
  selectProfiles,
  selectSplitNotices,
} from './selectors';
import { measureRefused, splitRefused } from './split-epics';
import { initialDownloadsState } from './state';

/** Downloads (protocol §7): size test, zip build, readiness poll, split, PENDING_DOWNLOAD; the zip profiles. */
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
    noticeStalledBuild,
    measureRefused,
    splitRefused,
    persistPending,
    restorePending,
    restorePendingOnStart,
    resumeRestored,
  },
  selectors: {
    selectDownloads,
    selectFinishedIds,
    selectFollowed,
    selectSplitNotices,
    selectHeldSplits,
    selectProfiles,
  },
});
