import type { Notification } from './api';
import type { NotificationsState } from './state';

export type { Notification };

export type WithNotifications = { notifications: NotificationsState };

export const selectNotifications = (state: WithNotifications) => state.notifications;
/** The header badge: null until the server answered, 0 when everything is read. */
export const selectUnreadCount = (state: WithNotifications): number | null => state.notifications.unreadCount;
/** Why the last unread count failed, until one succeeds. */
export const selectUnreadCountFailure = (state: WithNotifications) => state.notifications.unreadError;

/** A comment left on a shared cart, as its owner reads it on the cart's page (issue 28). */
interface CartComment {
  id: string;
  /** null: a visitor who did not sign in */
  author: string | null;
  date: string | null;
  text: string;
}

/**
 * The comments on one cart, newest first: the notifications of type `cart.comment` that link to
 * it (protocol §20 is the only way a comment reaches the owner). null until the list was loaded.
 */
export function selectCartComments(state: WithNotifications, cartId: string): CartComment[] | null {
  const items = state.notifications.items;
  if (items === null) return null;
  return items
    .filter((item) => item.type === 'cart.comment' && item.link === `/carts/${cartId}`)
    .map((item) => ({ id: item.id, author: item.author ?? null, date: item.date, text: item.message ?? '' }));
}
