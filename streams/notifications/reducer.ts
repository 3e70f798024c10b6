import { caseReducer, on } from '../core/case-reducer';
import type { SerializedError } from '../core/errors';
import { signedOut, whoAmILoaded } from '../session/events';
import { userIdOf } from '../session/selectors';
import { factReceived, receivedFact } from '../tabs/events';
import { type Notification, sameKeys } from './api';
import {
  listFailed,
  listLoaded,
  listRequested,
  markAllReadFailed,
  markAllReadRequested,
  removeFailed,
  removeRequested,
  unreadCountFailed,
  unreadCounted,
} from './events';

/** protocol §20: no statuses are tracked for notifications; failures are kept to be shown. */
export interface NotificationsState {
  /** the user they belong to */
  owner: string | null;
  /** null until the list was loaded once */
  items: Notification[] | null;
  /** true while the list the page asked for is on its way */
  listing: boolean;
  unreadCount: number | null;
  /** why the last unread count failed, until one succeeds (the badge's notice) */
  unreadError: SerializedError | null;
  /** the last failure of the list, the count, a mark-read or a removal */
  error: SerializedError | null;
}

export const initialNotificationsState: NotificationsState = {
  owner: null,
  items: null,
  listing: false,
  unreadCount: null,
  unreadError: null,
  error: null,
};

const cleared = { items: null, listing: false, unreadCount: null, unreadError: null, error: null };

export const notificationsReducer = caseReducer<NotificationsState>(
  on(whoAmILoaded, (draft, { payload }) => {
    const owner = userIdOf(payload.me);
    if (owner !== draft.owner) Object.assign(draft, { ...cleared, owner });
  }),
  on(signedOut, (draft) => {
    Object.assign(draft, { ...cleared, owner: null });
  }),
  on(listRequested, (draft) => {
    draft.listing = true;
  }),
  on(listLoaded, (draft, { payload }) => {
    draft.listing = false;
    draft.error = null;
    if (!draft.items || !sameKeys(draft.items, payload.notifications)) draft.items = payload.notifications;
  }),
  on(listFailed, (draft, { payload }) => {
    draft.listing = false;
    draft.error = payload.error;
  }),
  on(unreadCounted, (draft, { payload }) => {
    draft.unreadCount = payload.count;
    draft.unreadError = null;
  }),
  // the tab that polls for all told its count
  on(factReceived, (draft, event) => {
    const counted = receivedFact(event, unreadCounted);
    if (!counted) return;
    draft.unreadCount = counted.count;
    draft.unreadError = null;
  }),
  on(unreadCountFailed, (draft, { payload }) => {
    draft.error = payload.error;
    draft.unreadError = payload.error;
  }),
  on(markAllReadRequested, (draft) => {
    for (const item of draft.items ?? []) item.read = true;
    draft.unreadCount = 0;
    draft.error = null;
  }),
  on(markAllReadFailed, (draft, { payload }) => {
    draft.error = payload.error;
  }),
  on(removeRequested, (draft, { payload }) => {
    const removing = draft.items?.find(({ id }) => id === payload.id);
    if (!draft.items || !removing) return;
    draft.items = draft.items.filter(({ id }) => id !== payload.id);
    if (!removing.read && draft.unreadCount) draft.unreadCount -= 1;
    draft.error = null;
  }),
  on(removeFailed, (draft, { payload }) => {
    draft.error = payload.error;
  }),
);
