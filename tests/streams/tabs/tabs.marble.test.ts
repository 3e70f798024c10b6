import { describe, expect, it } from 'vitest';
import { listFetchStarted, listLoaded } from '../../../streams/carts/events';
import { deleted } from '../../../streams/carts/edit-events';
import { config } from '../../../streams/core/config';
import { combineEpics } from '../../../streams/core/epic';
import { liveInputs } from '../../../streams/core/recorded-inputs';
import { pollUnreadCount } from '../../../streams/notifications/epics';
import { unreadCounted } from '../../../streams/notifications/events';
import { selectUnreadCount } from '../../../streams/notifications/selectors';
import { localeChanged } from '../../../streams/profile/events';
import { initialRootState, type RootState } from '../../../streams/root';
import { startListLoad } from '../../../streams/carts/list-epics';
import { signedOut, tokenReceived } from '../../../streams/session/events';
import { selectEffectiveLocale } from '../../../streams/session/selectors';
import { followSignOut, followTokens } from '../../../streams/session/tab-epics';
import { electLeader, receiveFromOtherTabs, tellOtherTabs } from '../../../streams/tabs/epics';
import { factReceived, joined } from '../../../streams/tabs/events';
import { selectPollsForAllTabs, selectTabRole } from '../../../streams/tabs/selectors';
import { aliceKnown } from '../../helpers/identities';
import { epicStore, marbleScheduler, typesOf } from '../../helpers/marbles';
import { fakeHttp, fakeTabs, testDeps } from '../../helpers/test-deps';
import { answer, demoVault, tokenAnswer } from '../session/session-fixtures';

const tabEpics = combineEpics<RootState>({ electLeader, receiveFromOtherTabs, tellOtherTabs });
/** A message as another tab of alice (user id 1) posts it. */
const fromAlice = (fact: { type: string; payload: unknown }, user: string | null = '1') => ({ user, fact });

describe('the leader (issue 25)', () => {
  it('a tab with the channel follows once it joins, and leads once the lock is granted', () => {
    const scheduler = marbleScheduler();
    const tabs = fakeTabs();
    const roles: string[] = [];
    scheduler.run(({ hot, cold, expectObservable }) => {
      const store = epicStore(testDeps({ scheduler, tabs: tabs.port }), tabEpics);
      store.state$.subscribe((state) => roles.push(selectTabRole(state)));
      expectObservable(typesOf(store, 'tabs/')).toBe('a 99ms b', {
        a: 'tabs/joined',
        b: 'tabs/leadershipGained',
      });
      hot('a', { a: joined({}) }).subscribe(store.dispatch);
      cold('100ms a').subscribe(() => tabs.grantLeadership());
    });
    expect([...new Set(roles)]).toEqual(['alone', 'follower', 'leader']);
  });

  it('a tab without the channel or the lock is alone, and polls for itself', () => {
    expect(selectTabRole(initialRootState)).toBe('alone');
    expect(selectPollsForAllTabs(initialRootState)).toBe(true);
  });

  it('only the leader asks the unread count: a follower starts at once when it leads, then every notificationsPollMs', () => {
    const scheduler = marbleScheduler();
    const tabs = fakeTabs();
    const times: number[] = [];
    const poll = config.notificationsPollMs;
    scheduler.run(({ hot, cold }) => {
      const http = fakeHttp(() => {
        times.push(scheduler.now());
        return answer({ response: { unreadCount: 2, total: 3 } });
      });
      const store = epicStore(
        testDeps({ scheduler, http, tabs: tabs.port }),
        combineEpics<RootState>({ electLeader, pollUnreadCount }),
      );
      hot(`ab ${3 * poll - 3}ms c`, { a: joined({}), b: aliceKnown(), c: signedOut({}) }).subscribe(
        store.dispatch,
      );
      cold(`${poll}ms a`).subscribe(() => tabs.grantLeadership());
    });
    expect(times).toEqual([poll, 2 * poll]);
  });
});

describe('facts shared between tabs (issue 25)', () => {
  it("posts each shared fact with this tab's user, never other events nor what followed another tab's fact", () => {
    const scheduler = marbleScheduler();
    const tabs = fakeTabs();
    const session = demoVault();
    session.userToken = { ...tokenAnswer(0, 3600, 'alice') };
    scheduler.run(({ hot, cold }) => {
      const store = epicStore(
        testDeps({ scheduler, session, tabs: tabs.port }),
        combineEpics<RootState>({ tellOtherTabs, receiveFromOtherTabs, followSignOut }),
      );
      hot('ab', { a: aliceKnown(), b: unreadCounted({ count: 3 }) }).subscribe(store.dispatch);
      cold('10ms a').subscribe(() => tabs.receive(fromAlice({ type: signedOut.type, payload: {} })));
    });
    expect(tabs.posted).toEqual([fromAlice({ type: unreadCounted.type, payload: { count: 3 } })]);
  });

  it("takes another tab's fact of the same user, a session fact of any user, and drops the rest", () => {
    const scheduler = marbleScheduler();
    const tabs = fakeTabs();
    let count: number | null = null;
    const received: string[] = [];
    scheduler.run(({ hot, cold }) => {
      const store = epicStore(testDeps({ scheduler, tabs: tabs.port }), tabEpics);
      store.event$.subscribe((event) => {
        if (factReceived.match(event)) received.push(event.payload.fact.type);
      });
      hot('a', { a: aliceKnown() }).subscribe(store.dispatch);
      cold('10ms a').subscribe(() => {
        tabs.receive(fromAlice({ type: unreadCounted.type, payload: { count: 7 } }, '2'));
        tabs.receive(fromAlice({ type: 'carts/somethingUnknown', payload: {} }));
        tabs.receive(fromAlice({ type: unreadCounted.type, payload: { count: 'many' } }));
        tabs.receive('not a message');
        tabs.receive(fromAlice({ type: unreadCounted.type, payload: { count: 5 } }));
        tabs.receive(fromAlice({ type: signedOut.type, payload: {} }, null));
        count = selectUnreadCount(store.getState());
      });
    });
    expect(received).toEqual([unreadCounted.type, signedOut.type]);
    expect(count).toBe(5);
  });

  it('records what another tab told as an input of the log, so a re-simulation feeds it', () => {
    const scheduler = marbleScheduler();
    const tabs = fakeTabs();
    const inputs: boolean[] = [];
    scheduler.run(({ hot, cold }) => {
      const store = epicStore(
        testDeps({ scheduler, tabs: tabs.port }),
        tabEpics,
        initialRootState,
        liveInputs(scheduler),
      );
      store.event$.subscribe((event) => {
        if (factReceived.match(event)) inputs.push(event.meta.input === true);
      });
      hot('a', { a: aliceKnown() }).subscribe(store.dispatch);
      cold('10ms a').subscribe(() =>
        tabs.receive(fromAlice({ type: unreadCounted.type, payload: { count: 1 } })),
      );
    });
    expect(inputs).toEqual([true]);
  });
});

describe('tabs refresh what another tab changed (issue 25)', () => {
  it('a sign-out in another tab signs this one out, sending nothing', () => {
    const scheduler = marbleScheduler();
    const tabs = fakeTabs();
    const session = demoVault();
    session.userToken = { ...tokenAnswer(0, 3600, 'alice') };
    const http = fakeHttp();
    scheduler.run(({ hot, cold, expectObservable }) => {
      const epics = combineEpics<RootState>({ receiveFromOtherTabs, followSignOut });
      const follower = epicStore(testDeps({ scheduler, http, session, tabs: tabs.port }), epics);
      expectObservable(typesOf(follower, 'session/signedOut')).toBe('10ms a', { a: 'session/signedOut' });
      hot('a', { a: aliceKnown() }).subscribe(follower.dispatch);
      cold('10ms a').subscribe(() => tabs.receive(fromAlice({ type: signedOut.type, payload: {} })));
    });
    expect(session.userToken).toBeNull();
    expect(http.requests.filter((request) => request.path.includes('logout'))).toEqual([]);
  });

  it("another tab's new token is re-read from this browser's storage, never from the channel", () => {
    const scheduler = marbleScheduler();
    const tabs = fakeTabs();
    const session = demoVault();
    session.userToken = { ...tokenAnswer(0, 3600, 'old') };
    const deps = testDeps({ scheduler, session, tabs: tabs.port });
    deps.storage.setItem(config.userTokenStorageKey, JSON.stringify(tokenAnswer(1000, 4600, 'new')));
    scheduler.run(({ hot, cold, expectObservable }) => {
      const store = epicStore(deps, combineEpics<RootState>({ receiveFromOtherTabs, followTokens }));
      expectObservable(typesOf(store, 'session/')).toBe('a 9ms b', {
        a: 'session/whoAmILoaded',
        b: 'session/tokenAdopted',
      });
      hot('a', { a: aliceKnown() }).subscribe(store.dispatch);
      const refreshed = tokenReceived({ surfer: 'user', iat: 1000, exp: 4600, via: 'refresh' });
      cold('10ms a').subscribe(() =>
        tabs.receive(fromAlice({ type: refreshed.type, payload: refreshed.payload })),
      );
    });
    expect(session.userToken?.accessToken).toBe('access-new');
  });

  it("a cart changed in another tab reads this tab's carts list again, and its badges with it", () => {
    const scheduler = marbleScheduler();
    const tabs = fakeTabs();
    scheduler.run(({ hot, cold, expectObservable }) => {
      const store = epicStore(
        testDeps({ scheduler, tabs: tabs.port }),
        combineEpics<RootState>({ receiveFromOtherTabs, startListLoad }),
      );
      expectObservable(typesOf(store, listFetchStarted.type)).toBe('10ms a', { a: listFetchStarted.type });
      hot('ab', { a: aliceKnown(), b: listLoaded({ carts: [] }) }).subscribe(store.dispatch);
      cold('10ms a').subscribe(() =>
        tabs.receive(fromAlice({ type: deleted.type, payload: { cartId: '4' } })),
      );
    });
  });

  it('the language chosen in another tab becomes this tab’s at once', () => {
    const scheduler = marbleScheduler();
    const tabs = fakeTabs();
    let locale = '';
    scheduler.run(({ hot, cold }) => {
      const store = epicStore(testDeps({ scheduler, tabs: tabs.port }), tabEpics);
      hot('a', { a: aliceKnown() }).subscribe(store.dispatch);
      cold('10ms a').subscribe(() => {
        tabs.receive(fromAlice({ type: localeChanged.type, payload: { locale: 'fr' } }));
        locale = selectEffectiveLocale(store.getState());
      });
    });
    expect(locale).toBe('fr');
  });
});
