import { type SharedFact, share } from '../core/shared-facts';
import {
  announced,
  browserFetchFailed,
  buildStalled,
  buildStarted,
  built,
  canceled,
  cleared,
  failed,
  fetchProgressed,
  fileSaved,
  handedToBrowser,
  readinessCheckFailed,
  readinessChecked,
  retried,
  saveAgainRequested,
  sizeTested,
  sizeTestStarted,
  split,
  splitConfirmed,
  splitDeclined,
  splitNoticeDismissed,
  warningConfirmed,
  zipReady,
} from './events';

/**
 * What the other tabs of the user are told of a download (issue 25), so every tab shows the same
 * rows: a download started here, each step of its flow, what the user did with it, and the readiness
 * checks of the tab that polls for all (progress, ready, failed).
 */
export const downloadSharedFacts: readonly SharedFact[] = [
  share(announced),
  share(sizeTestStarted),
  share(sizeTested),
  share(warningConfirmed),
  share(buildStarted),
  share(built),
  share(readinessChecked),
  share(readinessCheckFailed),
  share(buildStalled),
  share(zipReady),
  share(fetchProgressed),
  share(fileSaved),
  share(handedToBrowser),
  share(browserFetchFailed),
  share(failed),
  share(split),
  share(splitConfirmed),
  share(splitDeclined),
  share(splitNoticeDismissed),
  share(retried),
  share(saveAgainRequested),
  share(canceled),
  share(cleared),
];
