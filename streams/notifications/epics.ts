import { distinctUntilChanged, EMPTY, map, merge, mergeMap, type Observable, switchMap, timer } from 'rxjs';
import { catchUpOnStart } from '../core/catch-up';
import type { Epic } from '../core/epic';
import type { AnyEvent, UnstampedEvent } from '../core/event';
import type { Http } from '../core/http';
import { ofType } from '../core/operators/of-type';
import { requestAnswer, requestEpic } from '../core/request';
import { signedOut, whoAmILoaded } from '../session/events';
import { selectEffectiveLocale, selectMe, userIdOf, type WithSession } from '../session/selectors';
import { selectPollsForAllTabs, type WithTabs } from '../tabs/selectors';
import * as api from './api';
import * as notificationEvents from './events';
import { selectNotifications, type WithNotifications } from './selectors';

type S = WithNotifications & WithTabs & Parameters<typeof selectEffectiveLocale>[0];

/** The list, its texts in the language the request asks them in (protocol §1.4). */
function fetchList(http: Http, origin: AnyEvent, locale: string): Observable<UnstampedEvent> {
  return requestAnswer(
    http,
    api.listNotifications(),
    (data) =>
      notificationEvents.listLoaded(
        { notifications: data.response.data.map(api.toNotification), locale },
        origin,
      ),
    (error) => notificationEvents.listFailed({ error }, origin),
  );
}

function fetchUnreadCount(http: Http, origin: AnyEvent): Observable<UnstampedEvent> {
  return requestAnswer(
    http,
    api.unreadCount(),
    (data) => notificationEvents.unreadCounted({ count: data.response.unreadCount }, origin),
    (error) => notificationEvents.unreadCountFailed({ error }, origin),
  );
}

export const loadList: Epic<S> = (event$, state$, { http }) =>
  event$.pipe(
    ofType(notificationEvents.listRequested),
    switchMap((event) => fetchList(http, event, selectEffectiveLocale(state$.value))),
  );

/** Started after the identity was known (the notifications load with the portal's code): take it now. */
export const adoptIdentity = catchUpOnStart<S & WithSession>('notifications', (state, start) => {
  const me = selectMe(state);
  return me ? [notificationEvents.identityAdopted({ me }, start)] : [];
});

/**
 * While a user is signed in: the unread count at once, then every `notificationsPollMs`, and
 * after each mark-read or removal (protocol §20). A list already shown is asked again with the
 * timed count (it is replaced only when its keys changed). Sign-out or another user stops it.
 * Only the tab that polls for all tabs times it (issue 25): the others fold the count it tells.
 */
export const pollUnreadCount: Epic<S> = (event$, state$, { http, scheduler, config }) => {
  const changes$ = event$.pipe(
    ofType(
      notificationEvents.markedAllRead,
      notificationEvents.markAllReadFailed,
      notificationEvents.removed,
      notificationEvents.removeFailed,
      notificationEvents.unreadCountRequested,
    ),
  );
  return event$.pipe(
    ofType(whoAmILoaded, notificationEvents.identityAdopted, signedOut),
    map((event) => ({ event, user: signedOut.match(event) ? null : userIdOf(event.payload.me) })),
    distinctUntilChanged((previous, next) => previous.user === next.user),
    switchMap(({ event, user }) => {
      if (user === null) return EMPTY;
      const ticks$ = timer(0, config.notificationsPollMs, scheduler).pipe(
        mergeMap(() =>
          selectNotifications(state$.value).items === null
            ? fetchUnreadCount(http, event)
            : merge(
                fetchUnreadCount(http, event),
                fetchList(http, event, selectEffectiveLocale(state$.value)),
              ),
        ),
      );
      const whileLeading$ = state$.pipe(
        map(selectPollsForAllTabs),
        distinctUntilChanged(),
        switchMap((polls) => (polls ? ticks$ : EMPTY)),
      );
      const afterChanges$ = changes$.pipe(switchMap((change) => fetchUnreadCount(http, change)));
      return merge(whileLeading$, afterChanges$);
    }),
  );
};

/** Fire and forget: the page does not wait for the answer, only the count is asked again. */
export const markAllRead: Epic<S> = requestEpic({
  on: notificationEvents.markAllReadRequested,
  flatten: 'merge',
  call: () => api.markAllRead(),
  succeeded: (_data, event) => notificationEvents.markedAllRead({}, event),
  failed: (error, event) => notificationEvents.markAllReadFailed({ error }, event),
});

export const removeNotification: Epic<S> = requestEpic({
  on: notificationEvents.removeRequested,
  flatten: 'merge',
  call: (event) => api.removeNotification(event.payload.id),
  succeeded: (_data, event) => notificationEvents.removed({ id: event.payload.id }, event),
  failed: (error, event) => notificationEvents.removeFailed({ id: event.payload.id, error }, event),
});
