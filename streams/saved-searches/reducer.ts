import type { Draft } from 'immer';
import { caseReducer, on } from '../core/case-reducer';
import type { Status } from '../core/status';
import { whoAmILoaded } from '../session/events';
import { type Me, userIdOf } from '../session/selectors';
import {
  added,
  bookmarkRefused,
  bookmarkRequested,
  collaboratorsAdded,
  deleted,
  filterChanged,
  identityAdopted,
  listFailed,
  listLoaded,
  listRequested,
  operationFailed,
  operationStarted,
  privateSwitched,
  renamed,
  revoked,
  shared,
  unsubscribed,
  updated,
} from './events';
import type { SavedSearchEntry, SavedSearchesState } from './state';

type D = Draft<SavedSearchesState>;

function withSearch(draft: D, id: string | null, change: (search: Draft<SavedSearchEntry>) => void): void {
  const search = draft.items?.find((candidate) => candidate.id === id);
  if (search) change(search);
}

/** An operation ended well: the search and the list are loaded again (seed 001 §4). */
function done(draft: D, id: string, change?: (search: Draft<SavedSearchEntry>) => void): void {
  draft.status = 'loaded';
  draft.notice = null;
  withSearch(draft, id, (search) => {
    search.status = 'loaded';
    search.error = null;
    change?.(search);
  });
}

function removeSearch(draft: D, id: string): void {
  draft.status = 'loaded';
  draft.notice = null;
  if (draft.items) draft.items = draft.items.filter((search) => search.id !== id);
}

export const savedSearchesReducer = caseReducer<SavedSearchesState>(
  on(listRequested, (draft) => {
    draft.status = 'fetching';
  }),
  on(listLoaded, (draft, { payload }) => {
    draft.status = 'loaded';
    draft.items = payload.searches.map((search) => ({ ...search, status: 'loaded', error: null }));
    draft.notice = null;
  }),
  on(listFailed, (draft, { payload }) => {
    draft.status = 'error';
    draft.notice = {
      operation: 'list',
      message: payload.message,
      detail: payload.error.message,
      error: payload.error,
    };
  }),
  on(filterChanged, (draft, { payload }) => {
    draft.filter = payload.text;
  }),
  on(bookmarkRequested, (draft, { meta }) => {
    draft.notice = null;
    draft.lastBookmark = { requestId: meta.id, status: 'fetching', searchId: null };
  }),
  on(bookmarkRefused, (draft, { payload, meta }) => {
    draft.notice = { operation: 'bookmark', message: payload.message, detail: null };
    settleBookmark(draft, meta.cause, 'error', null);
  }),
  on(operationStarted, (draft, { payload }) => {
    draft.status = 'fetching';
    draft.notice = null;
    withSearch(draft, payload.id, (search) => {
      search.status = 'fetching';
    });
  }),
  on(operationFailed, (draft, { payload, meta }) => {
    if (payload.operation === 'add') settleBookmark(draft, meta.cause, 'error', null);
    draft.status = 'error';
    draft.notice = {
      operation: payload.operation,
      message: payload.message,
      detail: payload.error.message,
      error: payload.error,
      ...(meta.cause !== undefined && { requestId: meta.cause }),
    };
    withSearch(draft, payload.id, (search) => {
      search.status = 'error';
      search.error = payload.error;
    });
  }),
  // protocol §17.1: the client sets `created` to the current time
  on(added, (draft, { payload, meta }) => {
    draft.status = 'loaded';
    draft.notice = null;
    const search = { ...payload.search, created: meta.at, status: 'loaded' as const, error: null };
    settleBookmark(draft, meta.cause, 'loaded', search.id);
    draft.items = [...(draft.items ?? []).filter((item) => item.id !== search.id), search];
  }),
  on(renamed, (draft, { payload }) =>
    done(draft, payload.id, (search) => {
      search.name = payload.name;
    }),
  ),
  on(updated, (draft, { payload }) =>
    done(draft, payload.id, (search) => {
      search.data = payload.data;
    }),
  ),
  on(shared, (draft, { payload }) =>
    done(draft, payload.id, (search) => {
      search.subscriberIds = [search.ownerId, ...payload.userIds.filter((id) => id !== search.ownerId)];
      search.isPrivate = false;
    }),
  ),
  on(collaboratorsAdded, (draft, { payload }) => done(draft, payload.id)),
  on(revoked, (draft, { payload }) =>
    done(draft, payload.id, (search) => {
      search.subscriberIds = search.subscriberIds.filter(
        (id) => id === search.ownerId || !payload.userIds.includes(id),
      );
    }),
  ),
  on(privateSwitched, (draft, { payload }) =>
    done(draft, payload.id, (search) => {
      search.isPrivate = payload.isPrivate;
    }),
  ),
  // unsubscribe and delete answer nothing the portal reads: the search goes locally (protocol §17.1)
  on(unsubscribed, (draft, { payload }) => removeSearch(draft, payload.id)),
  on(deleted, (draft, { payload }) => removeSearch(draft, payload.id)),
  // another identity has other searches; the same one seen again keeps its list
  on(whoAmILoaded, (draft, { payload }) => adoptIdentity(draft, payload.me)),
  on(identityAdopted, (draft, { payload }) => adoptIdentity(draft, payload.me)),
);

/** The outcome of the bookmark request `requestId`; an answer to an older request changes nothing. */
function settleBookmark(
  draft: D,
  requestId: string | undefined,
  status: Status,
  searchId: string | null,
): void {
  if (!draft.lastBookmark || draft.lastBookmark.requestId !== requestId) return;
  draft.lastBookmark.status = status;
  draft.lastBookmark.searchId = searchId;
}

function adoptIdentity(draft: Draft<SavedSearchesState>, me: Me): void {
  const userId = userIdOf(me);
  if (userId === draft.userId) return;
  Object.assign(draft, { userId, items: null, status: 'unknown', notice: null, lastBookmark: null });
}
