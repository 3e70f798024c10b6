import { describe, expect, it } from 'vitest';
import { config } from '../../../streams/core/config';
import type { Store } from '../../../streams/core/store';
import type { RootState } from '../../../streams/root';
import { connectivityChanged } from '../../../streams/outbox/connectivity-events';
import { signInRequested, signOutRequested } from '../../../streams/session/events';
import { selectIsUser } from '../../../streams/session/selectors';
import { aliceMe, applicationMe, runSession, type Server, sessionServer } from './run-session';
import { answer, failure, httpError, networkError, tokenAnswer } from './session-fixtures';

const alice = aliceMe.response.data;

/**
 * The demo server out of reach until `reachable.now` is set; then the refresh token gets `token`
 * and who-am-I names the user, or the application once it signed in.
 */
function cutServer(token: Server = () => answer(tokenAnswer(0, 100, 'refreshed'))) {
  const reachable = { now: false };
  let me: unknown = aliceMe;
  const demo = sessionServer();
  const server = sessionServer({
    '/rest/token': (request) => (reachable.now ? token(request) : failure(networkError())),
    '/rest/signin': (request) => {
      if (!reachable.now) return failure(networkError());
      me = applicationMe;
      return demo(request);
    },
    '/json/whoami': () => answer(me),
  });
  return { reachable, server };
}

/** Alice's reload with the network cut; at 10 ms the network is back and the browser says so. */
function reloadOffline(token?: Server) {
  const { reachable, server } = cutServer(token);
  return runSession({
    server,
    stored: 'alice-refresh',
    kept: alice,
    script: (store, later) =>
      later(10, () => {
        reachable.now = true;
        store.dispatch(connectivityChanged({ online: true }));
      }),
    until: 20,
  });
}

describe('a reload with no network (issue 25, offline reading)', () => {
  it('keeps the user the last who-am-I named, asks nothing more, and says the identity is the kept one', () => {
    const { reachable, server } = cutServer();
    const { state, requests, events } = runSession({
      server,
      stored: 'alice-refresh',
      kept: alice,
      until: 5,
    });
    expect(reachable.now).toBe(false);
    expect(requests.map((request) => request.path)).toEqual(['/rest/token']);
    expect(state.session.whoAmI.me).toEqual(alice);
    expect(selectIsUser(state)).toBe(true);
    expect(state.session.identityKept).toBe(true);
    expect(state.session.provider.status).toBe('error');
    expect(events.map((line) => line.split(' ')[1])).toContain('session/identityRestored');
  });

  it('asks the server again once back online, and who-am-I confirms the user', () => {
    const { state, requests, storage } = reloadOffline();
    expect(requests.map((request) => request.path).sort()).toEqual([
      '/json/whoami',
      '/rest/config',
      '/rest/token',
      '/rest/token',
    ]);
    expect(state.session.provider.status).toBe('signed-in');
    expect(state.session.identityKept).toBe(false);
    expect(selectIsUser(state)).toBe(true);
    expect(JSON.parse(storage.getItem(config.keptIdentityStorageKey) ?? 'null')).toEqual(alice);
  });

  it('signs the user out as before when the server refuses the token once back online', () => {
    const { state, storage } = reloadOffline(() => failure(httpError(401)));
    expect(state.session.identityKept).toBe(false);
    expect(state.session.token?.surfer).toBe('application');
    expect(storage.getItem(config.refreshTokenStorageKey)).toBeNull();
    expect(storage.getItem(config.keptIdentityStorageKey)).toBeNull();
  });

  it('without a kept user, or with one that no longer fits, falls back to the application as before', () => {
    for (const kept of [undefined, { id: 'not a number', isUser: 'yes' }]) {
      const { server } = cutServer();
      const { state, requests } = runSession({ server, stored: 'alice-refresh', kept, until: 5 });
      expect(requests.map((request) => request.path)).toEqual(['/rest/token', '/rest/signin']);
      expect(selectIsUser(state)).toBe(false);
      expect(state.session.identityKept).toBe(false);
    }
  });

  it('keeps the user each who-am-I names, and forgets them at sign-out', () => {
    const signIn = (store: Store<RootState>) =>
      store.dispatch(signInRequested({ login: 'alice', password: 'alice' }));
    const signedIn = runSession({ script: (store, later) => later(10, () => signIn(store)), until: 15 });
    expect(JSON.parse(signedIn.storage.getItem(config.keptIdentityStorageKey) ?? 'null')).toEqual(alice);
    const signedOut = runSession({
      script: (store, later) => {
        later(10, () => signIn(store));
        later(20, () => store.dispatch(signOutRequested({})));
      },
      until: 30,
    });
    expect(signedOut.storage.getItem(config.keptIdentityStorageKey)).toBeNull();
  });
});
