import { describe, expect, it } from 'vitest';
import { resetRequested } from '../../../streams/app/events';
import { config } from '../../../streams/core/config';
import { SIGN_OUT_REFUSED } from '../../../streams/session/api';
import {
  passwordChangeRequested,
  signInRequested,
  signOutRequested,
  ssoConfigRequested,
} from '../../../streams/session/events';
import { REFUSAL_CODES } from '../../../streams/session/refusals';
import {
  answer,
  demoVault,
  failure,
  httpError,
  multipartOf,
  networkError,
  tokenAnswer,
} from './session-fixtures';
import { aliceMe, applicationMe, at, runSession, sessionServer } from './run-session';

describe('session start-up (protocol §3.2)', () => {
  it('without a stored token signs in the application, becomes signed-in, then asks who-am-I', () => {
    const { requests, state, vault } = runSession();
    expect(requests[0]?.path).toBe('/rest/signin');
    expect(requests.map((request) => request.path).sort()).toEqual([
      '/json/whoami',
      '/rest/config',
      '/rest/signin',
    ]);
    expect(multipartOf(requests[0]!)).toEqual({
      application: 'wedia-demo',
      login: 'demo-key',
      password: 'demo-secret',
    });
    expect(state.session.provider.status).toBe('signed-in');
    expect(state.session.whoAmI.me).toEqual(applicationMe.response.data);
    expect(vault.token?.accessToken).toBe('access-demo-key');
    // the state holds the token's times only
    expect(JSON.stringify(state)).not.toContain('access-');
  });

  it('auto-connects with the stored refresh token, falling back to the application when it fails', () => {
    const ok = runSession({ stored: 'stored-refresh' });
    expect(ok.requests[0]).toMatchObject({ path: '/rest/token' });
    expect(multipartOf(ok.requests[0]!)).toEqual({ token: 'stored-refresh' });
    expect(ok.vault.userToken?.accessToken).toBe('access-refreshed');

    const refused = runSession({
      stored: 'stale',
      server: sessionServer({ '/rest/token': () => failure(httpError(401)) }),
    });
    expect(refused.requests.map((request) => request.path).slice(0, 2)).toEqual([
      '/rest/token',
      '/rest/signin',
    ]);
    expect(refused.state.session.provider.status).toBe('signed-in');
  });

  it('keeps a 403/2 met on auto-connect as the user error and goes on (protocol §2.2)', () => {
    const { state } = runSession({
      stored: 'dave',
      server: sessionServer({ '/rest/token': () => failure(httpError(403, 'change it', '403/2')) }),
    });
    expect(state.session.signIn.error?.restCode).toBe('403/2');
    expect(state.session.provider.status).toBe('signed-in');
  });

  it('fails with the spec message when no application credential is configured', () => {
    const vault = demoVault();
    vault.application = null;
    const { state, requests } = runSession({ vault, startPayload: { hasApplicationCredentials: false } });
    expect(requests).toHaveLength(0);
    expect(state.session.provider.status).toBe('error');
    expect(state.session.provider.error?.message).toBe('No application credential provided');
  });

  it('auto-connects in cookie mode with cookieauth=true (protocol §3.1)', () => {
    const { requests } = runSession({ vault: demoVault({ cookieAuth: true }) });
    expect(requests[0]?.path).toBe('/rest/token');
    expect(multipartOf(requests[0]!)).toEqual({ cookieauth: true });
  });
});

describe('token refresh (protocol §3.4)', () => {
  it(`refreshes a bearer token after ${config.bearerRefreshRatio * 100} % of its lifetime, and reschedules after each success`, () => {
    const { events } = runSession({ until: 50_000 });
    const dueAfter = config.bearerRefreshRatio * 100 * 1000;
    expect(at(events, 'session/tokenRefreshStarted')).toEqual([dueAfter, 2 * dueAfter]);
  });

  it(`refreshes a cookie session after ${config.cookieRefreshRatio * 100} % of its lifetime`, () => {
    const { events } = runSession({ vault: demoVault({ cookieAuth: true }), until: 170_000 });
    const dueAfter = config.cookieRefreshRatio * 100 * 1000;
    expect(at(events, 'session/tokenRefreshStarted')).toEqual([dueAfter, 2 * dueAfter]);
  });

  it(`retries ${config.tokenRefreshRetries} times ${config.tokenRefreshRetryMs} ms apart when the server cannot be reached, then expires and reconnects`, () => {
    let refreshes = 0;
    const { events, requests, state } = runSession({
      stored: 'alice',
      until: 40_000,
      server: sessionServer({
        '/rest/token': () => {
          refreshes += 1;
          return refreshes === 1 ? answer(tokenAnswer(0, 100, 'alice')) : failure(networkError());
        },
      }),
    });
    const due = config.bearerRefreshRatio * 100 * 1000;
    const attempts = Array.from(
      { length: config.tokenRefreshRetries + 1 },
      (_, n) => due + n * config.tokenRefreshRetryMs,
    );
    expect(at(events, 'session/tokenRefreshStarted')).toEqual(attempts);
    expect(at(events, 'session/sessionExpired')).toEqual([attempts.at(-1)]);
    // the user falls back: who-am-I again, then the application signs in
    const afterExpiry = requests.slice(
      requests.findLastIndex((request) => request.path === '/rest/token') + 1,
    );
    expect(afterExpiry.map((request) => request.path)).toEqual([
      '/json/whoami',
      '/rest/signin',
      '/json/whoami',
    ]);
    expect(state.session.connectionExpired).toBe(true);
  });

  it('expires at once on an HTTP error of the refresh', () => {
    let refreshes = 0;
    const { events } = runSession({
      stored: 'alice',
      until: 30_000,
      server: sessionServer({
        '/rest/token': () => {
          refreshes += 1;
          return refreshes === 1 ? answer(tokenAnswer(0, 100, 'alice')) : failure(httpError(401));
        },
      }),
    });
    expect(at(events, 'session/tokenRefreshStarted')).toEqual([20_000]);
    expect(at(events, 'session/sessionExpired')).toEqual([20_000]);
  });
});

describe('sign-in and sign-out (protocol §3.2)', () => {
  it('signs a user in, asks who-am-I, and keeps the refresh token for the next visit', () => {
    const { state, requests, vault } = runSession({
      script: (store, later) =>
        later(10, () => store.dispatch(signInRequested({ login: 'alice', password: 'alice' }))),
      until: 20,
    });
    const signIn = requests.find((request) => multipartOf(request).login === 'alice');
    expect(multipartOf(signIn!)).toEqual({ login: 'alice', password: 'alice', cookieauth: false });
    expect(state.session.whoAmI.me).toEqual(aliceMe.response.data);
    expect(vault.userToken?.refreshToken).toBe('refresh-alice');
  });

  it('keeps the failure of a wrong password as the user error', () => {
    const { state } = runSession({
      server: sessionServer({
        '/rest/signin': (request) =>
          multipartOf(request).application
            ? answer(tokenAnswer(0, 100))
            : failure(httpError(401, 'Wrong login or password')),
      }),
      script: (store, later) =>
        later(10, () => store.dispatch(signInRequested({ login: 'alice', password: 'no' }))),
      until: 20,
    });
    expect(state.session.signIn).toMatchObject({
      status: 'error',
      error: { code: REFUSAL_CODES.wrongCredentials, status: 401, message: 'Wrong login or password' },
    });
  });

  it('says the current password is wrong when the server refuses a password change (issue 28)', () => {
    const { state } = runSession({
      server: sessionServer({
        '/rest/profil/me/patch': () =>
          failure(httpError(403, 'The login or the current password is wrong', '403')),
      }),
      script: (store, later) =>
        later(10, () =>
          store.dispatch(
            passwordChangeRequested({ login: 'alice', currentPassword: 'no', newPassword: 'n3w' }),
          ),
        ),
      until: 20,
    });
    expect(state.session.passwordChange.error).toMatchObject({
      code: REFUSAL_CODES.wrongCurrentPassword,
      restCode: '403',
    });
  });

  it('keeps a 403/2 at sign-in as the must-change-password answer, not as wrong credentials', () => {
    const { state } = runSession({
      server: sessionServer({
        '/rest/signin': (request) =>
          multipartOf(request).application
            ? answer(tokenAnswer(0, 100))
            : failure(httpError(403, 'You must change your password', '403/2')),
      }),
      script: (store, later) =>
        later(10, () => store.dispatch(signInRequested({ login: 'dave', password: 'dave' }))),
      until: 20,
    });
    expect(state.session.signIn.error).toMatchObject({ code: 'error.rest.403/2', restCode: '403/2' });
  });

  it('refuses to sign out a visitor with the spec message, sending nothing', () => {
    const { state, requests } = runSession({
      script: (store, later) => later(10, () => store.dispatch(signOutRequested({}))),
      until: 20,
    });
    expect(requests.some((request) => request.path === '/rest/signout')).toBe(false);
    expect(state.session.signOut.error?.message).toBe(SIGN_OUT_REFUSED);
  });

  it('signs a user out with the refresh token, then the application is who the portal is again', () => {
    const { state, requests, vault } = runSession({
      script: (store, later) => {
        later(10, () => store.dispatch(signInRequested({ login: 'alice', password: 'alice' })));
        later(20, () => store.dispatch(signOutRequested({})));
      },
      until: 30,
    });
    const signOut = requests.find((request) => request.path === '/rest/signout');
    expect(multipartOf(signOut!)).toEqual({ token: 'refresh-alice' });
    expect(requests.at(-1)?.path).toBe('/json/whoami');
    expect(state.session.whoAmI.me).toEqual(applicationMe.response.data);
    expect(vault.userToken).toBeNull();
    expect(vault.token?.accessToken).toBe('access-demo-key');
  });

  it('signs the user out on the reset of the app-not-available view (protocol §2.2)', () => {
    const { requests } = runSession({
      script: (store, later) => {
        later(10, () => store.dispatch(signInRequested({ login: 'alice', password: 'alice' })));
        later(20, () => store.dispatch(resetRequested({})));
      },
      until: 30,
    });
    expect(requests.some((request) => request.path === '/rest/signout')).toBe(true);
  });
});

describe('single sign-on config (seed 002 §4)', () => {
  it('is fetched once, and again only after an error', () => {
    let calls = 0;
    const { requests } = runSession({
      server: sessionServer({
        '/rest/auth/config': () => {
          calls += 1;
          return calls === 1 ? failure(httpError(500)) : answer({ providers: [] });
        },
      }),
      script: (store, later) => {
        for (const ms of [10, 20, 30, 40]) later(ms, () => store.dispatch(ssoConfigRequested({})));
      },
      until: 50,
    });
    expect(requests.filter((request) => request.path === '/rest/auth/config')).toHaveLength(2);
  });

  it('sends the return path as relativeURL, and asks again only for another one (issue 12, item 4)', () => {
    const { requests, state } = runSession({
      server: sessionServer({
        '/rest/auth/config': (request) =>
          answer({
            providers: [{ id: 'okta', url: `https://sso.example/?back=${request.query?.relativeURL}` }],
          }),
      }),
      script: (store, later) => {
        later(10, () => store.dispatch(ssoConfigRequested({ relativeURL: '/carts/5' })));
        later(20, () => store.dispatch(ssoConfigRequested({ relativeURL: '/carts/5' })));
        later(30, () => store.dispatch(ssoConfigRequested({ relativeURL: '/search?q=sea' })));
        later(40, () => store.dispatch(ssoConfigRequested({ relativeURL: '/search?q=sea' })));
      },
      until: 50,
    });
    const asked = requests.filter((request) => request.path === '/rest/auth/config');
    expect(asked.map((request) => request.query?.relativeURL)).toEqual(['/carts/5', '/search?q=sea']);
    expect(state.session.sso.providers).toEqual([
      { id: 'okta', url: 'https://sso.example/?back=/search?q=sea' },
    ]);
  });
});
