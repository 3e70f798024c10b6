import type { Draft } from 'immer';
import { caseReducer, on } from '../core/case-reducer';
import { signedOut, whoAmILoaded } from '../session/events';
import { type Me, userIdOf } from '../session/selectors';
import { factReceived, receivedFact } from '../tabs/events';
import { sameKeys } from './api';
import * as notificationEvents from './events';
import { initialNotificationsState, type NotificationsState } from './state';

/** Another user (or none): the notifications of the previous one are dropped. */
function adoptIdentity(draft: Draft<NotificationsState>, me: Me): void {
  const owner = userIdOf(me);
  if (owner !== draft.owner) Object.assign(draft, { ...initialNotificationsState, owner });
}

export const notificationsReducer = caseReducer<NotificationsState>(
  on(whoAmILoaded, (draft, { payload }) => adoptIdentity(draft, payload.me)),
  on(notificationEvents.identityAdopted, (draft, { payload }) => adoptIdentity(draft, payload.me)),
  on(signedOut, (draft) => {
    Object.assign(draft, initialNotificationsState);
  }),
  on(notificationEvents.listRequested, (draft) => {
    draft.listing = true;
  }),
  on(notificationEvents.listLoaded, (draft, { payload }) => {
    draft.listing = false;
    draft.error = null;
    // the same keys in another language are other texts: the user picked another language
    const translated = payload.locale !== undefined && payload.locale !== draft.locale;
    if (!draft.items || !sameKeys(draft.items, payload.notifications) || translated) {
      draft.items = payload.notifications;
    }
    if (payload.locale !== undefined) draft.locale = payload.locale;
  }),
  on(notificationEvents.listFailed, (draft, { payload }) => {
    draft.listing = false;
    draft.error = payload.error;
  }),
  on(notificationEvents.unreadCounted, (draft, { payload }) => {
    draft.unreadCount = payload.count;
    draft.unreadError = null;
  }),
  // the tab that polls for all told its count
  on(factReceived, (draft, event) => {
    const counted = receivedFact(event, notificationEvents.unreadCounted);
    if (!counted) return;
    draft.unreadCount = counted.count;
    draft.unreadError = null;
  }),
  on(notificationEvents.unreadCountFailed, (draft, { payload }) => {
    draft.error = payload.error;
    draft.unreadError = payload.error;
  }),
  on(notificationEvents.markAllReadRequested, (draft) => {
    for (const item of draft.items ?? []) item.read = true;
    draft.unreadCount = 0;
    draft.error = null;
  }),
  on(notificationEvents.markAllReadFailed, (draft, { payload }) => {
    draft.error = payload.error;
  }),
  on(notificationEvents.removeRequested, (draft, { payload }) => {
    const removing = draft.items?.find(({ id }) => id === payload.id);
    if (!draft.items || !removing) return;
    draft.items = draft.items.filter(({ id }) => id !== payload.id);
    if (!removing.read && draft.unreadCount) draft.unreadCount -= 1;
    draft.error = null;
  }),
  on(notificationEvents.removeFailed, (draft, { payload }) => {
    draft.error = payload.error;
  }),
);
