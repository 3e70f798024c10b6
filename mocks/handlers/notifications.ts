import { HttpResponse, http } from 'msw';
import type { Notification } from '../db/notifications';
import { runtime } from '../runtime';
import { callerOf, langFor, userOf } from './caller';
import { errorResponse, restEnvelope } from './respond';

const SIGN_IN_FIRST = 'Notifications belong to users: sign in as a user first';

/** The notifications of a request's user, newest first; applications and visitors have none. */
function notificationsOf(request: Request): Notification[] {
  const user = userOf(request);
  if (!user) return [];
  return runtime.db.notifications
    .filter((notification) => notification.user === user.id)
    .sort((a, b) => b.created - a.created);
}

/**
 * Texts in the request's language (`lang`, else the user's `bolang`, protocol §1.4): French when
 * the notification has them.
 */
const wireNotification =
  (lang: string) =>
  ({ key, type, title, message, created, read, link, author, fr }: Notification) => ({
    key,
    type,
    ...(lang === 'fr' && fr ? fr : { title, message }),
    date: new Date(created).toISOString(),
    read,
    link,
    ...(author ? { author } : {}),
  });

/** `unreadSince`: the date of the oldest unread notification, `null` when all are read. */
function unreadBody(mine: Notification[]) {
  const unread = mine.filter((notification) => !notification.read);
  const oldest = unread.reduce<number | null>(
    (since, notification) => (since === null ? notification.created : Math.min(since, notification.created)),
    null,
  );
  return {
    response: {
      unreadCount: unread.length,
      total: mine.length,
      count: mine.length,
      unreadSince: oldest === null ? null : new Date(oldest).toISOString(),
    },
  };
}

/** Notifications of the signed-in user (protocol §20). */
export const notificationHandlers = [
  http.get('*/api/rest/usernotif', ({ request }) =>
    HttpResponse.json(
      restEnvelope(request, {
        resource: 'usernotif',
        data: notificationsOf(request).map(
          wireNotification(langFor(new URL(request.url).searchParams, callerOf(request))),
        ),
      }),
    ),
  ),

  http.get('*/api/rest/usernotif/unread', ({ request }) =>
    HttpResponse.json(unreadBody(notificationsOf(request))),
  ),

  http.post('*/api/rest/usernotif/markread', ({ request }) => {
    if (!userOf(request)) return errorResponse(401, SIGN_IN_FIRST);
    const mine = notificationsOf(request);
    for (const notification of mine) notification.read = true;
    return HttpResponse.json(unreadBody(mine));
  }),

  http.delete('*/api/rest/usernotif/:key', ({ request, params }) => {
    if (!userOf(request)) return errorResponse(401, SIGN_IN_FIRST);
    const key = String(params.key);
    const mine = notificationsOf(request);
    if (!mine.some((notification) => notification.key === key))
      return errorResponse(404, `Unknown notification ${key}`);
    runtime.db.notifications = runtime.db.notifications.filter((notification) => notification.key !== key);
    return HttpResponse.json({});
  }),
];
