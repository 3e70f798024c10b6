import type { SerializedError } from '../core/errors';
import type { Status } from '../core/status';
import type { SavedSearch } from './api';
import type { Operation } from './events';

export interface SavedSearchEntry extends SavedSearch {
  /** fetching while an operation on it runs (seed 001 §4) */
  status: Status;
  error: SerializedError | null;
}

export interface SavedSearchesState {
  status: Status;
  /** null until the list has loaded once for the current identity */
  items: SavedSearchEntry[] | null;
  filter: string;
  /** whose searches these are */
  userId: string | null;
  /** the last refusal or failure, in the spec's words, for the screen that asked */
  notice: {
    operation: Operation | 'list' | 'bookmark';
    message: string;
    detail: string | null;
    /** a failed request's error (its code says what happened); none for a refusal */
    error?: SerializedError;
    /** the id of the request that failed: the outbox may have kept it */
    requestId?: string;
  } | null;
  /**
   * The last "Bookmark this search", keyed by the id of its request event, so the dialog follows
   * its own save (a search already bookmarked is matched before the new save answers).
   */
  lastBookmark: { requestId: string; status: Status; searchId: string | null } | null;
}

export const initialSavedSearchesState: SavedSearchesState = {
  status: 'unknown',
  items: null,
  filter: '',
  userId: null,
  notice: null,
  lastBookmark: null,
};
