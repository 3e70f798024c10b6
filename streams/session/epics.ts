import {
  concat,
  merge,
  distinctUntilChanged,
  EMPTY,
  exhaustMap,
  filter,
  ignoreElements,
  map,
  mergeMap,
  of,
  tap,
} from 'rxjs';
import { resetRequested, started } from '../app/events';
import type { WithApp } from '../app/selectors';
import type { Deps } from '../core/deps';
import type { Epic } from '../core/epic';
import { ERROR_CODES, type SerializedError } from '../core/errors';
import type { AnyEvent } from '../core/event';
import { ofType } from '../core/operators/of-type';
import { requestAnswer, requestEpic } from '../core/request';
import { connectivityChanged } from '../outbox/connectivity-events';
import * as api from './api';
import * as sessionEvents from './events';
import { keptIdentity } from './kept-identity';
import { asCredentialsRefusal, REFUSAL_CODES } from './refusals';
import { selectEffectiveLocale, selectIsUser, type WithSession } from './selectors';
import { dropToken, obtainToken, signOutHere, storedRefreshToken } from './tokens';

type S = WithApp & WithSession;

/** Application provider step 1 (protocol §3.2). */
export const registerProvider: Epic<S> = (event$) =>
  event$.pipe(
    ofType(started),
    map((event) => sessionEvents.providerRegistered({ locale: event.payload.locale }, event)),
  );

/** Step 2: auto-connect when a refresh token is stored (bearer) or always (cookie); else step 3. */
export const autoConnect: Epic<S> = (event$, _state$, deps) =>
  event$.pipe(
    ofType(sessionEvents.providerRegistered),
    exhaustMap((event) => {
      const flags = deps.session.connection;
      const refresh = storedRefreshToken(deps);
      if (!flags.cookieAuth && !refresh) return of(sessionEvents.applicationSignInStarted({}, event));
      return concat(
        of(sessionEvents.autoConnectStarted({}, event)),
        obtainToken(deps, 'user', api.refreshToken(refresh, flags), 'autoConnect', event, (error) => {
          const failed = sessionEvents.autoConnectFailed({ error }, event);
          if (!isUnreachable(error)) {
            dropToken(deps, 'user');
            return [failed, sessionEvents.applicationSignInStarted({}, event)];
          }
          // no answer at all says nothing of the token: it is tried again once online
          // (reconnectProvider); meanwhile the user the last visit knew stays signed in
          const me = keptIdentity(deps);
          if (!me) return [failed, sessionEvents.applicationSignInStarted({}, event)];
          return [
            failed,
            sessionEvents.identityRestored({ me }, event),
            sessionEvents.providerFailed({ error }, event),
          ];
        }),
      );
    }),
  );

const isUnreachable = (error: SerializedError): boolean => error.code.startsWith(ERROR_CODES.network);

/**
 * A start-up that got no answer at all (offline, issue 25) starts again from step 2 when the
 * browser says it is back online: the user's stored refresh token, else the application.
 */
export const reconnectProvider: Epic<S> = (event$, state$) =>
  event$.pipe(
    ofType(connectivityChanged),
    filter((event) => event.payload.online),
    filter(() => {
      const { status, error } = state$.value.session.provider;
      return status === 'error' && error !== null && isUnreachable(error);
    }),
    map((event) => sessionEvents.providerRegistered({ locale: selectEffectiveLocale(state$.value) }, event)),
  );

/** Step 3, and every later application sign-in (after an expiry, after a cookie-mode sign-out). */
export const signInApplication: Epic<S> = (event$, _state$, deps) =>
  event$.pipe(
    ofType(sessionEvents.applicationSignInStarted),
    exhaustMap((event) => {
      const credentials = deps.session.application;
      if (!credentials) {
        const error = { code: 'error.signin.credentials', message: api.NO_APPLICATION_CREDENTIALS };
        return of(sessionEvents.signInFailed({ surfer: 'application', error }, event));
      }
      const request = api.applicationSignIn(credentials, deps.session.connection);
      return obtainToken(deps, 'application', request, 'signIn', event, (error) =>
        sessionEvents.signInFailed({ surfer: 'application', error }, event),
      );
    }),
  );

/** Step 4: the first token makes the provider signed-in; no token at all makes it fail. */
export const settleProvider: Epic<S> = (event$, state$) =>
  event$.pipe(
    filter((event) => sessionEvents.tokenReceived.match(event) || sessionEvents.signInFailed.match(event)),
    filter(() => state$.value.session.provider.status !== 'signed-in'),
    mergeMap((event) => {
      if (sessionEvents.tokenReceived.match(event))
        return of(sessionEvents.providerSignedIn({ surfer: event.payload.surfer }, event));
      if (sessionEvents.signInFailed.match(event) && event.payload.surfer === 'application')
        return of(sessionEvents.providerFailed({ error: event.payload.error }, event));
      return EMPTY;
    }),
  );

/** A user's sign-in with login and password; the token is kept, the event carries its times. */
function signInWith(deps: Deps, login: string, password: string, origin: AnyEvent) {
  const request = api.userSignIn(login, password, deps.session.connection);
  return obtainToken(deps, 'user', request, 'signIn', origin, (error) =>
    sessionEvents.signInFailed(
      { surfer: 'user', error: asCredentialsRefusal(error, REFUSAL_CODES.wrongCredentials) },
      origin,
    ),
  );
}

export const signInUser: Epic<S> = (event$, _state$, deps) =>
  event$.pipe(
    ofType(sessionEvents.signInRequested),
    exhaustMap((event) => signInWith(deps, event.payload.login, event.payload.password, event)),
  );

/**
 * Who-am-I once the provider is signed in (protocol §3.2 step 5) and after each user sign-in;
 * sign-out and expiry ask for it themselves.
 */
export const askWhoAmI: Epic<S> = (event$, state$) =>
  event$.pipe(
    filter(
      (event) =>
        sessionEvents.providerSignedIn.match(event) ||
        sessionEvents.whoAmIRetryRequested.match(event) ||
        (sessionEvents.tokenReceived.match(event) &&
          event.payload.via === 'signIn' &&
          state$.value.session.provider.status === 'signed-in'),
    ),
    map((event) => sessionEvents.whoAmIRequested({}, event)),
  );

export const loadWhoAmI: Epic<S> = requestEpic({
  on: sessionEvents.whoAmIRequested,
  flatten: 'switch',
  call: () => api.whoAmI(),
  succeeded: (data, event) => sessionEvents.whoAmILoaded({ me: data.response.data }, event),
  failed: (error, event) => sessionEvents.whoAmIFailed({ error }, event),
});

/** The server config is read once the provider is signed in (protocol §3.1). */
export const loadServerConfig: Epic<S> = requestEpic({
  on: sessionEvents.providerSignedIn,
  flatten: 'exhaust',
  call: () => api.serverConfig(),
  succeeded: (data, event) => sessionEvents.serverConfigLoaded({ config: api.toServerConfig(data) }, event),
  failed: (error, event) => sessionEvents.serverConfigFailed({ error }, event),
});

/**
 * Seed 002 §4: fetched once, again after an error or for another return path (the reducer marks
 * the request that starts a fetch); a newer return path replaces a fetch on its way.
 */
export const loadSsoConfig: Epic<S> = requestEpic({
  on: sessionEvents.ssoConfigRequested,
  flatten: 'switch',
  when: (event, state) => state.session.sso.request === event.meta.id,
  call: (event) => api.ssoConfig(event.payload.relativeURL),
  succeeded: (data, event) => sessionEvents.ssoConfigLoaded({ providers: data.providers ?? [] }, event),
  failed: (error, event) => sessionEvents.ssoConfigFailed({ error }, event),
});

/**
 * Sign-out (protocol §3.2), also asked by the reset of the app-not-available view. Afterwards
 * the application takes over: in cookie mode it signs in again; in bearer mode its token is still
 * in the vault, and who-am-I tells who the portal now is.
 */
export const signOutUser: Epic<S> = (event$, state$, deps) =>
  event$.pipe(
    filter((event) => sessionEvents.signOutRequested.match(event) || resetRequested.match(event)),
    exhaustMap((event) => {
      if (!selectIsUser(state$.value)) {
        return resetRequested.match(event)
          ? EMPTY
          : of(sessionEvents.signOutRefused({ message: api.SIGN_OUT_REFUSED }, event));
      }
      const flags = deps.session.connection;
      return requestAnswer(
        deps.http,
        api.signOut(deps.session.userToken?.refreshToken ?? null, flags),
        () => signOutHere(deps, event, flags.cookieAuth),
        (error) => sessionEvents.signOutFailed({ error }, event),
      );
    }),
  );

/** After a sign-out, the application signs in again or who-am-I is asked, as the answer says. */
export const afterSignOut: Epic<S> = (event$) =>
  event$.pipe(
    ofType(sessionEvents.signedOut),
    mergeMap((event) => {
      if (event.payload.next === 'applicationSignIn')
        return of(sessionEvents.applicationSignInStarted({}, event));
      return event.payload.next === 'whoAmI' ? of(sessionEvents.whoAmIRequested({}, event)) : EMPTY;
    }),
  );

/** The password change of protocol §4.1 (a 403/2 user's, or a signed-in user's on /account). */
export const changePassword: Epic<S> = requestEpic({
  on: sessionEvents.passwordChangeRequested,
  flatten: 'exhaust',
  call: ({ payload }) => api.changePassword(payload.login, payload.currentPassword, payload.newPassword),
  succeeded: (_data, request) => sessionEvents.passwordChanged({}, request),
  failed: (error, request) =>
    sessionEvents.passwordChangeFailed(
      { error: asCredentialsRefusal(error, REFUSAL_CODES.wrongCurrentPassword) },
      request,
    ),
});

/**
 * After the change, a user who had to change password (403/2) signs in with the new one, a
 * signed-in user's identity is read again. The change itself went through, so a failed sign-in
 * after it is a sign-in failure.
 */
export const signInAfterPasswordChange: Epic<S> = (event$, state$, deps) => {
  const asked = new Map<string, { login: string; newPassword: string }>();
  return merge(
    event$.pipe(
      ofType(sessionEvents.passwordChangeRequested),
      tap(({ meta, payload }) =>
        asked.set(meta.id, { login: payload.login, newPassword: payload.newPassword }),
      ),
      ignoreElements(),
    ),
    event$.pipe(
      ofType(sessionEvents.passwordChanged, sessionEvents.passwordChangeFailed),
      mergeMap((answer) => {
        const request = answer.meta.cause === undefined ? undefined : asked.get(answer.meta.cause);
        if (answer.meta.cause !== undefined) asked.delete(answer.meta.cause);
        if (!request || !sessionEvents.passwordChanged.match(answer)) return EMPTY;
        return selectIsUser(state$.value)
          ? of(sessionEvents.whoAmIRequested({}, answer))
          : signInWith(deps, request.login, request.newPassword, answer);
      }),
    ),
  );
};

/** Every request carries the effective locale as `lang` (protocol §1.4): a user's, else the configured one. */
export const keepLangInVault: Epic<S> = (_event$, state$, { session }) =>
  state$.pipe(
    map(selectEffectiveLocale),
    distinctUntilChanged(),
    tap((locale) => {
      session.lang = locale;
    }),
    ignoreElements(),
  );
