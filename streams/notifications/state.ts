import type { SerializedError } from '../core/errors';
import type { Notification } from './api';

/** protocol §20: no statuses are tracked for notifications; failures are kept to be shown. */
export interface NotificationsState {
  /** the user they belong to */
  owner: string | null;
  /** null until the list was loaded once */
  items: Notification[] | null;
  /** the language the items' texts are in; null when not said */
  locale: string | null;
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
  locale: null,
  listing: false,
  unreadCount: null,
  unreadError: null,
  error: null,
};
