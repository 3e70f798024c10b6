import { selectAppSetting, type WithApp } from '../app/selectors';
import { reached, type Status } from '../core/status';
import type { DownloadRecord, DownloadStatus } from './events';
import type { DownloadsState, SplitNotice, WithDownloads } from './state';

export type { WithDownloads } from './state';
export { downloadIdOf } from './state';

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

const FINISHED: readonly DownloadStatus[] = ['downloaded', 'error'];
export const isFinished = (record: DownloadRecord): boolean => FINISHED.includes(record.status);

const finishedIds = memoOn((downloads: DownloadsState) =>
  orderedRecords(downloads)
    .filter(isFinished)
    .map((record) => record.downloadId),
);

/** The ids the "Clear finished" button removes. */
export const selectFinishedIds = (state: WithDownloads): string[] => finishedIds(state.downloads);

const followed = memoOn((downloads: DownloadsState) => {
  const byId = new Map<string, DownloadRecord[]>();
  for (const record of orderedRecords(downloads)) {
    const id = record.part?.of ?? record.downloadId;
    const group = byId.get(id);
    if (group) group.push(record);
    else byId.set(id, [record]);
  }
  return byId;
});

/**
 * The downloads a dialog follows: the one its request started (`downloadIdOf` the request), or
 * its parts after a split (their `part.of` is that id). Two dialogs each follow their own.
 */
export const selectFollowed = (state: WithDownloads, downloadId: string | null): DownloadRecord[] =>
  (downloadId ? followed(state.downloads).get(downloadId) : undefined) ?? NONE;
const NONE: DownloadRecord[] = [];

export const selectSplitNotices = (state: WithDownloads): Record<string, SplitNotice> =>
  state.downloads.splits;

export const selectProfiles = (state: WithDownloads) => state.downloads.profiles;

/**
 * Whether a refused download is split: the server setting `carts.splitcart` (protocol §7.2), given
 * to the portal as the mount setting `wedia-app-carts-splitcart` [conv], else `fallback`.
 */
export function splitAllowed(state: WithApp, fallback: boolean): boolean {
  const value = selectAppSetting(state, 'applicationCartsSplitcart');
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
