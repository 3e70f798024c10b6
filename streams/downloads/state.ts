import type { WithApp } from '../app/selectors';
import type { SerializedError } from '../core/errors';
import type { AnyEvent } from '../core/event';
import type { Status } from '../core/status';
import type { WithSession } from '../session/selectors';
import type { SizedItem, ZipProfile } from './api';
import type { DownloadRecord } from './events';

/** What the user is told about a split: how many parts, and which items were left out. */
export interface SplitNotice {
  downloadName: string;
  total: number;
  skipped: SizedItem[];
}

export interface DownloadsState {
  records: Record<string, DownloadRecord>;
  /** ids, oldest first */
  order: string[];
  /** by the id of the download that was split */
  splits: Record<string, SplitNotice>;
  /** the zip profiles (`/wedia/cart/profiles`), offered by the download and the share dialogs */
  profiles: { status: Status; list: ZipProfile[]; error: SerializedError | null };
}

export const initialDownloadsState: DownloadsState = {
  records: {},
  order: [],
  splits: {},
  // share actions and profiles start resolved (protocol §6.4)
  profiles: { status: 'resolved', list: [], error: null },
};

export type WithDownloads = { downloads: DownloadsState };

/** What the download epics read of the state. */
export type DownloadsRoot = WithDownloads & WithApp & WithSession;

/** protocol §7.2: `{cartId}-{epoch ms}-{unique}`, from the event so that a replay builds the same id. */
export function downloadIdOf(event: Pick<AnyEvent, 'meta'>, cartId: string): string {
  return `${cartId}-${event.meta.at}-${event.meta.id}`;
}
