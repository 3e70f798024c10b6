import { type SharedFact, share } from '../core/shared-facts';
import * as downloadEvents from './events';

/**
 * What the other tabs of the user are told of a download (issue 25), so every tab shows the same
 * rows: a download started here, each step of its flow, what the user did with it, and the readiness
 * checks of the tab that polls for all (progress, ready, failed).
 */
export const downloadSharedFacts: readonly SharedFact[] = [
  share(downloadEvents.announced),
  share(downloadEvents.sizeTestStarted),
  share(downloadEvents.sizeTested),
  share(downloadEvents.warningConfirmed),
  share(downloadEvents.buildStarted),
  share(downloadEvents.built),
  share(downloadEvents.readinessChecked),
  share(downloadEvents.readinessCheckFailed),
  share(downloadEvents.buildStalled),
  share(downloadEvents.zipReady),
  share(downloadEvents.fetchProgressed),
  share(downloadEvents.fileSaved),
  share(downloadEvents.handedToBrowser),
  share(downloadEvents.browserFetchFailed),
  share(downloadEvents.failed),
  share(downloadEvents.split),
  share(downloadEvents.splitConfirmed),
  share(downloadEvents.splitDeclined),
  share(downloadEvents.splitNoticeDismissed),
  share(downloadEvents.retried),
  share(downloadEvents.saveAgainRequested),
  share(downloadEvents.canceled),
  share(downloadEvents.cleared),
];
