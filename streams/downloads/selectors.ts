import { memo } from '../core/memo';
import { selectAppSetting, type WithApp } from '../app/selectors';
import { reached, type Status } from '../core/status';
import type { DownloadRecord, DownloadStatus } from './events';
import type { SizedItem } from './api';
import type { DownloadsState, SplitNotice, WithDownloads } from './state';

export type { SizedItem } from './api';
export type { WithDownloads } from './state';
export { downloadIdOf } from './state';

const orderedRecords = memo((downloads: DownloadsState) =>
  downloads.order.flatMap((id) => downloads.records[id] ?? []),
);

/** Every download and part, oldest first. */
export const selectDownloads = (state: WithDownloads): DownloadRecord[] => orderedRecords(state.downloads);

const FINISHED: readonly DownloadStatus[] = ['downloaded', 'error'];
export const isFinished = (record: DownloadRecord): boolean => FINISHED.includes(record.status);

const finishedIds = memo((downloads: DownloadsState) =>
  orderedRecords(downloads)
    .filter(isFinished)
    .map((record) => record.downloadId),
);

/** The ids the "Clear finished" button removes. */
export const selectFinishedIds = (state: WithDownloads): string[] => finishedIds(state.downloads);

const followed = memo((downloads: DownloadsState) => {
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

/**
 * What a download's progress bar can honestly show (issue 13):
 * - `server`: the server prepares the zip (size test, build, readiness checks): it does not say
 *   how far it is, so the bar is indeterminate;
 * - `bytes`: the page fetches the zip: bytes received of `total` (-1 when not told);
 * - `browser`: the browser fetches the zip itself and the page cannot see its bytes;
 * - `done`: saved; `none`: failed, or waiting for the user (a warning, a split's one question).
 */
type DownloadProgress =
  | { kind: 'server' }
  | { kind: 'bytes'; loaded: number; total: number }
  | { kind: 'browser' }
  | { kind: 'done' }
  | { kind: 'none' };

const SERVER: DownloadProgress = { kind: 'server' };
const BROWSER: DownloadProgress = { kind: 'browser' };
const DONE: DownloadProgress = { kind: 'done' };
const NO_PROGRESS: DownloadProgress = { kind: 'none' };

export function downloadProgress(record: DownloadRecord): DownloadProgress {
  const { status } = record;
  if (status === 'error' || record.held || waitsForWarning(record)) return NO_PROGRESS;
  if (status === 'downloaded') return DONE;
  if (status === 'loaded') {
    return record.fetched ? { kind: 'bytes', ...record.fetched } : BROWSER;
  }
  return SERVER;
}

/** A download whose size the server warned about, waiting for the user to go on (protocol §7.2 step 3). */
export function waitsForWarning(record: DownloadRecord): boolean {
  return record.status === 'resolved' && record.infos?.warn === true && !record.part;
}

/** A split whose parts wait for the user's one answer about the whole set (issue 13). */
export interface HeldSplit {
  /** the id of the download that was split */
  origin: string;
  downloadName: string;
  parts: number;
  /** bytes: the parts' measured sizes added up */
  size: number;
  skipped: SizedItem[];
}

const heldSplits = memo((downloads: DownloadsState) => {
  const byOrigin = new Map<string, HeldSplit>();
  for (const record of orderedRecords(downloads)) {
    if (!record.held || !record.part) continue;
    const origin = record.part.of;
    const notice = downloads.splits[origin];
    const held = byOrigin.get(origin) ?? {
      origin,
      downloadName: notice?.downloadName ?? record.downloadName,
      parts: 0,
      size: 0,
      skipped: notice?.skipped ?? [],
    };
    held.parts += 1;
    held.size += Math.max(0, record.plannedSize ?? 0);
    byOrigin.set(origin, held);
  }
  return [...byOrigin.values()];
});

/** The splits waiting for the user's answer, oldest first. */
export const selectHeldSplits = (state: WithDownloads): HeldSplit[] => heldSplits(state.downloads);

/** `reached` of protocol §2.1 for a download: `downloaded` comes after `loaded`, like `fetching`. */
export function downloadReached(status: DownloadStatus, target: Status): boolean {
  return reached(status === 'downloaded' ? 'fetching' : status, target);
}
