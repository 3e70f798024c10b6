import { describe, expect, it } from 'vitest';
import { config } from '../../../streams/core/config';
import { combineEpics } from '../../../streams/core/epic';
import type { HttpRequest } from '../../../streams/core/http';
import type { Notification } from '../../../streams/notifications/api';
import {
  loadList,
  markAllRead,
  pollUnreadCount,
  removeNotification,
} from '../../../streams/notifications/epics';
import {
  listLoaded,
  listRequested,
  markAllReadRequested,
  removeRequested,
  unreadCounted,
} from '../../../streams/notifications/events';
import { signedOut } from '../../../streams/session/events';
import { aliceKnown, bobKnown, visitorKnown } from '../../helpers/identities';
import { epicStore, fold, marbleScheduler } from '../../helpers/marbles';
import { fakeHttp, testDeps } from '../../helpers/test-deps';
import { answer } from '../session/session-fixtures';

const notificationEpics = combineEpics({ loadList, pollUnreadCount, markAllRead, removeNotification });
const wire = [
  { key: 'n-1', title: 'One', read: false },
  { key: 'n-2', title: 'Two', read: false },
  { key: 'n-3', title: 'Three', read: true },
];

/** GET /rest/usernotif[/unread] as the demo server answers them (protocol §20). */
function notificationServer(request: HttpRequest<unknown>) {
  if (request.path === '/rest/usernotif/unread') return answer({ response: { unreadCount: 2, total: 3 } });
  if (request.path === '/rest/usernotif') return answer({ response: { data: wire } });
  return answer(undefined);
}

const requestsTo = (http: { requests: HttpRequest<unknown>[] }, path: string) =>
  http.requests.filter((request) => request.path === path);

const notification = (id: string, read = false): Notification => ({
  id,
  type: null,
  title: id,
  message: null,
  date: null,
  read,
  link: null,
});

describe('unread count (protocol §20)', () => {
  it('is asked at once for a user, then every notificationsPollMs, and no more after sign-out', () => {
    const scheduler = marbleScheduler();
    const times: number[] = [];
    const poll = config.notificationsPollMs;
    scheduler.run(({ hot }) => {
      const http = fakeHttp((request) => {
        if (request.path === '/rest/usernotif/unread') times.push(scheduler.now());
        return notificationServer(request);
      });
      const store = epicStore(testDeps({ scheduler, http }), notificationEpics);
      hot(`a ${2 * poll + 10}ms b`, { a: aliceKnown(), b: signedOut({}) }).subscribe(store.dispatch);
      scheduler.schedule(() => {}, 5 * poll);
    });
    expect(times).toEqual([0, poll, 2 * poll]);
  });

  it('follows the interval of the config', () => {
    const scheduler = marbleScheduler();
    const times: number[] = [];
    scheduler.run(({ hot }) => {
      const http = fakeHttp((request) => {
        times.push(scheduler.now());
        return notificationServer(request);
      });
      const store = epicStore(
        testDeps({ scheduler, http, config: { notificationsPollMs: 1000 } }),
        notificationEpics,
      );
      hot('a 2500ms b', { a: aliceKnown(), b: visitorKnown() }).subscribe(store.dispatch);
    });
    expect(times).toEqual([0, 1000, 2000]);
  });

  it('is never asked for a visitor, and keeps one poll when who-am-I repeats the same user', () => {
    const scheduler = marbleScheduler();
    const http = fakeHttp(notificationServer);
    scheduler.run(({ hot }) => {
      const store = epicStore(testDeps({ scheduler, http }), notificationEpics);
      hot('a b c 100ms d', {
        a: visitorKnown(),
        b: aliceKnown(),
        c: aliceKnown(),
        d: visitorKnown(),
      }).subscribe(store.dispatch);
    });
    expect(http.requests).toHaveLength(1);
  });

  it('is asked again after mark-all-read and after a removal', () => {
    const http = fakeHttp(notificationServer);
    const scheduler = marbleScheduler();
    scheduler.run(({ hot }) => {
      const store = epicStore(testDeps({ scheduler, http }), notificationEpics);
      hot('a b c d 10ms e', {
        a: aliceKnown(),
        b: listRequested({}),
        c: markAllReadRequested({}),
        d: removeRequested({ id: 'n-1' }),
        e: visitorKnown(),
      }).subscribe(store.dispatch);
    });
    expect(http.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /rest/usernotif/unread',
      'GET /rest/usernotif',
      'POST /rest/usernotif/markread',
      'GET /rest/usernotif/unread',
      'DELETE /rest/usernotif/n-1',
      'GET /rest/usernotif/unread',
    ]);
  });

  it('asks again for a list already shown with the timed count', () => {
    const scheduler = marbleScheduler();
    const http = fakeHttp(notificationServer);
    const poll = config.notificationsPollMs;
    scheduler.run(({ hot }) => {
      const store = epicStore(testDeps({ scheduler, http }), notificationEpics);
      hot(`a b ${poll + 10}ms c`, { a: aliceKnown(), b: listRequested({}), c: signedOut({}) }).subscribe(
        store.dispatch,
      );
    });
    expect(requestsTo(http, '/rest/usernotif')).toHaveLength(2);
  });
});

describe('notifications list (protocol §20)', () => {
  it('mark all read shows at once, the count drops to 0; a removal is local at once', () => {
    const http = fakeHttp(notificationServer);
    const store = epicStore(testDeps({ http }), combineEpics({ loadList, markAllRead, removeNotification }));
    store.dispatch(aliceKnown());
    store.dispatch(unreadCounted({ count: 2 }));
    store.dispatch(listRequested({}));
    expect(store.getState().notifications.items?.map(({ id }) => id)).toEqual(['n-1', 'n-2', 'n-3']);
    store.dispatch(removeRequested({ id: 'n-1' }));
    expect(store.getState().notifications.items?.map(({ id }) => id)).toEqual(['n-2', 'n-3']);
    expect(store.getState().notifications.unreadCount).toBe(1);
    store.dispatch(markAllReadRequested({}));
    expect(store.getState().notifications.items?.every(({ read }) => read)).toBe(true);
    expect(store.getState().notifications.unreadCount).toBe(0);
    expect(store.getState().notifications.error).toBeNull();
  });

  it('replaces the local list only when the set of keys changed', () => {
    const user = aliceKnown();
    const first = fold([user, listLoaded({ notifications: [notification('a'), notification('b')] })]);
    const sameKeys = fold(
      [listLoaded({ notifications: [notification('b', true), notification('a', true)] })],
      first,
    );
    expect(sameKeys.notifications.items).toBe(first.notifications.items);
    const changed = fold([listLoaded({ notifications: [notification('a'), notification('c')] })], first);
    expect(changed.notifications.items?.map(({ id }) => id)).toEqual(['a', 'c']);
  });

  it("replaces a list of the same keys asked in another language: its texts are the new language's (issue 28, protocol §1.4)", () => {
    const english = fold([
      aliceKnown(),
      listLoaded({ notifications: [notification('a'), notification('b')], locale: 'en' }),
    ]);
    const again = fold(
      [listLoaded({ notifications: [notification('b', true), notification('a', true)], locale: 'en' })],
      english,
    );
    expect(again.notifications.items).toBe(english.notifications.items);
    const french = [notification('a', true), notification('b', true)];
    const picked = fold([listLoaded({ notifications: french, locale: 'fr' })], english);
    expect(picked.notifications.items).toEqual(french);
    expect(picked.notifications.locale).toBe('fr');
  });

  it('forgets the notifications of the previous user', () => {
    const state = fold([aliceKnown(), listLoaded({ notifications: [notification('a')] }), bobKnown()]);
    expect(state.notifications).toMatchObject({ owner: '2', items: null, unreadCount: null });
  });
});
