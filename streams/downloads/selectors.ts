import type { AppState } from '../app/reducer';
import { reached, type Status } from '../core/status';
import type { DownloadRecord, DownloadStatus } from './events';
import type { DownloadsState, SplitNotice } from './reducer';

type WithDownloads = { downloads: DownloadsState };

/** Memoises a derived value on the identity of its input, so views re-render only on change. */
function memoOn<I, O>(derive: (input: I) => O): (input: I) => O {
  let lastInput: I | undefined;
  let lastOutput: O;
  return (input) => {
    if (input !== lastInput) {
      lastInput = input;
      lastOutput = derive(input);
    }
    return lastOutput;
  };
}

const orderedRecords = memoOn((downloads: DownloadsState) =>
  downloads.order.flatMap((id) => downloads.records[id] ?? []),
);

/** Every download and part, oldest first. */
export const selectDownloads = (state: WithDownloads): DownloadRecord[] => orderedRecords(state.downloads);

export const selectDownload = (state: WithDownloads, downloadId: string): DownloadRecord | undefined =>
  state.downloads.records[downloadId];

const FINISHED: readonly DownloadStatus[] = ['downloaded', 'error'];
export const isFinished = (record: DownloadRecord): boolean => FINISHED.includes(record.status);

/** The downloads the tray shows: the ones not finished yet. */
export const selectActiveDownloadCount = (state: WithDownloads): number =>
  selectDownloads(state).filter((record) => !isFinished(record)).length;

const finishedIds = memoOn((downloads: DownloadsState) =>
  orderedRecords(downloads)
    .filter(isFinished)
    .map((record) => record.downloadId),
);

/** The ids the "Clear finished" button removes. */
export const selectFinishedIds = (state: WithDownloads): string[] => finishedIds(state.downloads);

/**
 * The downloads the dialog follows: the latest one started for this cart, or its parts after a
 * split (their `part.of` is the download the dialog started).
 */
export const selectLatestForCart = (state: WithDownloads, cartId: string): DownloadRecord[] => {
  const records = selectDownloads(state);
  const latest = records.findLast((record) => record.cartId === cartId);
  if (!latest) return [];
  const origin = latest.part?.of;
  return origin ? records.filter((record) => record.part?.of === origin) : [latest];
};

export const selectSplitNotices = (state: WithDownloads): Record<string, SplitNotice> =>
  state.downloads.splits;

export const selectProfiles = (state: WithDownloads) => state.downloads.profiles;

/**
 * Whether a refused download is split: the server setting `carts.splitcart` (protocol §7.2), given
 * to the portal as the mount setting `wedia-app-carts-splitcart` [conv], else `fallback`.
 */
export function splitAllowed(state: { app: AppState }, fallback: boolean): boolean {
  const value = state.app.settings.applicationCartsSplitcart;
  if (value === undefined || value === '') return fallback;
  return value === 'true';
}

const PHASE_PROGRESS: Record<DownloadStatus, number> = {
  unknown: 0,
  registering: 0,
  registered: 5,
  resolving: 15,
  resolved: 30,
  initial: 40,
  invalid: 40,
  fetching: 50,
  next: 50,
  loaded: 95,
  downloaded: 100,
  error: 0,
  not_found: 0,
};

/**
 * Progress in percent through the phases of the flow. While the zip is built each "not yet"
 * answer moves the bar a little, never past 90: the server does not say how long it takes.
 */
export function downloadProgress(record: DownloadRecord): number {
  const base = PHASE_PROGRESS[record.status];
  return record.status === 'fetching' ? Math.min(90, base + record.checks * 5) : base;
}

/** `reached` of protocol §2.1 for a download: `downloaded` comes after `loaded`, like `fetching`. */
export function downloadReached(status: DownloadStatus, target: Status): boolean {
  return reached(status === 'downloaded' ? 'fetching' : status, target);
}
