import { describe, expect, it } from 'vitest';
import { config } from '../../../streams/core/config';
import { combineEpics } from '../../../streams/core/epic';
import { pollUnreadCount } from '../../../streams/notifications/epics';
import { unreadCountRequested } from '../../../streams/notifications/events';
import { selectUnreadCount, selectUnreadCountFailure } from '../../../streams/notifications/selectors';
import { loadPreference } from '../../../streams/preferences/epics';
import { getRequested, reloadRequested } from '../../../streams/preferences/events';
import { selectPreference } from '../../../streams/preferences/selectors';
import { askWhoAmI, loadWhoAmI } from '../../../streams/session/epics';
import { signedOut, whoAmIRetryRequested } from '../../../streams/session/events';
import { selectMe, selectWhoAmIFailure } from '../../../streams/session/selectors';
import { aliceKnown } from '../../helpers/identities';
import { epicStore, marbleScheduler } from '../../helpers/marbles';
import { fakeHttp, testDeps } from '../../helpers/test-deps';
import { answer, failure, httpError } from '../session/session-fixtures';

/** Fails the first `failures` requests with a 500, then answers. */
function flaky(failures: number, body: unknown) {
  let seen = 0;
  return fakeHttp(() => (seen++ < failures ? failure(httpError(500)) : answer(body)));
}

describe('a background read that failed is asked again on the user’s retry (issue 12 item 12)', () => {
  it('who-am-I: whoAmIRetryRequested asks again; the failure shows until it answers', () => {
    const http = flaky(1, { response: { data: { id: 1, login: 'alice', isUser: true } } });
    const store = epicStore(testDeps({ http }), combineEpics({ askWhoAmI, loadWhoAmI }));
    store.dispatch(whoAmIRetryRequested({}));
    expect(selectWhoAmIFailure(store.getState())?.code).toBe('error.http.500');
    store.dispatch(whoAmIRetryRequested({}));
    expect(http.requests.map((request) => request.path)).toEqual(['/json/whoami', '/json/whoami']);
    expect(selectWhoAmIFailure(store.getState())).toBeNull();
    expect(selectMe(store.getState())).toMatchObject({ login: 'alice' });
  });

  it('the unread count: unreadCountRequested asks it again for the signed-in user, and clears the failure', () => {
    const scheduler = marbleScheduler();
    const http = flaky(1, { response: { unreadCount: 4 } });
    const store = epicStore(testDeps({ scheduler, http }), combineEpics({ pollUnreadCount }));
    const seen: Array<[string | undefined, number | null]> = [];
    scheduler.run(({ hot }) => {
      // sign-out at the end stops the poll (the run flushes every timer)
      hot('a 9ms b 9ms c', { a: aliceKnown(), b: unreadCountRequested({}), c: signedOut({}) }).subscribe(
        store.dispatch,
      );
      for (const at of [5, 15])
        scheduler.schedule(() => {
          const state = store.getState();
          seen.push([selectUnreadCountFailure(state)?.code, selectUnreadCount(state)]);
        }, at);
    });
    expect(seen).toEqual([
      ['error.http.500', null],
      [undefined, 4],
    ]);
    expect(http.requests).toHaveLength(2);
  });

  it('a preference: a failed read is marked as a read (not a save), and reloadRequested reads it again', () => {
    const http = flaky(1, { response: { data: { value: '48' } } });
    const store = epicStore(testDeps({ http }), combineEpics({ loadPreference }));
    const namespace = config.defaultPreferenceNamespace;
    store.dispatch(getRequested({ name: 'pageSize' }));
    expect(selectPreference(store.getState(), namespace, 'pageSize')).toMatchObject({
      status: 'error',
      failedOn: 'read',
    });
    store.dispatch(reloadRequested({ name: 'pageSize' }));
    expect(http.requests.map((request) => `${request.method} ${request.query?.key}`)).toEqual([
      'GET pageSize',
      'GET pageSize',
    ]);
    const reread = selectPreference(store.getState(), namespace, 'pageSize');
    expect(reread?.status).toBe('loaded');
    expect(reread?.failedOn).toBeUndefined();
  });
});
