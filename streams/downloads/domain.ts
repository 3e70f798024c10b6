import { defineDomain } from '../core/domain';
import { announceStarted, buildZip, deliverZip, loadProfiles, testSize } from './epics';
import { persistPending, restorePending, restorePendingOnStart, resumeRestored } from './persistence-epics';
import { noticeStalledBuild, pollReadiness } from './readiness-epics';
import { downloadsReducer } from './reducer';
import { measureRefused, splitRefused } from './split-epics';
import { initialDownloadsState } from './state';
import { downloadSharedFacts } from './tab-facts';

/**
 * Downloads (protocol §7): size test, zip build, readiness poll, split, PENDING_DOWNLOAD; the zip
 * profiles. Shared with the other tabs, one of which checks every zip (issue 25).
 */
export const downloadsDomain = defineDomain({
  name: 'downloads',
  initialState: initialDownloadsState,
  reducer: downloadsReducer,
  epics: {
    // before the size test: the other tabs add the row before its first step
    announceStarted,
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
  shares: downloadSharedFacts,
});
