import { concat, defer, EMPTY, filter, mergeMap, type Observable, of, switchMap, timer } from 'rxjs';
import { selectHasApplicationCredentials, type WithApp } from '../app/selectors';
import type { Deps } from '../core/deps';
import type { Epic } from '../core/epic';
import { ERROR_CODES } from '../core/errors';
import type { AnyEvent, UnstampedEvent } from '../core/event';
import { ofType } from '../core/operators/of-type';
import * as api from './api';
import {
  applicationSignInStarted,
  sessionExpired,
  signedOut,
  tokenAdopted,
  tokenReceived,
  tokenRefreshStarted,
  whoAmIRequested,
} from './events';
import type { WithSession } from './selectors';
import { leadershipGained } from '../tabs/events';
import { selectPollsForAllTabs, type WithTabs } from '../tabs/selectors';
import { dropToken, heldToken, obtainToken, refreshDelayMs, type SurferKind } from './tokens';

type S = WithApp & WithSession & WithTabs;

/**
 * One refresh attempt, and the next ones while the server cannot be reached: up to
 * `tokenRefreshRetries` more, `tokenRefreshRetryMs` apart (protocol §3.4). An HTTP error, or the
 * last network failure, ends the session.
 */
function refreshAttempt(
  deps: Deps,
  surfer: SurferKind,
  attempt: number,
  origin: AnyEvent,
): Observable<UnstampedEvent> {
  const { config, scheduler, session } = deps;
  const refresh = heldToken(deps, surfer)?.refreshToken ?? null;
  let retry = false;
  return concat(
    of(tokenRefreshStarted({ attempt }, origin)),
    obtainToken(deps, surfer, api.refreshToken(refresh, session.connection), 'refresh', origin, (error) => {
      retry = error.code === ERROR_CODES.network && attempt <= config.tokenRefreshRetries;
      return retry ? [] : sessionExpired({ surfer, error }, origin);
    }),
    defer(() =>
      retry
        ? timer(config.tokenRefreshRetryMs, scheduler).pipe(
            mergeMap(() => refreshAttempt(deps, surfer, attempt + 1, origin)),
          )
        : EMPTY,
    ),
  );
}

/** The surfer whose token an event asks to refresh on schedule. */
function surferOf(event: AnyEvent): SurferKind {
  if (tokenReceived.match(event)) return event.payload.surfer;
  return tokenAdopted.match(event) || leadershipGained.match(event) ? 'user' : 'application';
}

/**
 * Arms the refresh timer whenever a token arrives, and again for the application's token when a
 * user signs out (its full delay from then: a token already too old fails its refresh and the
 * application signs in again). A new token replaces the pending timer. The user's token is shared
 * by the tabs (issue 25): only the tab that polls for all refreshes it, the others adopt what it
 * got (`session/tokenAdopted`, which re-arms their timer); a tab that starts leading re-arms it.
 */
export const refreshTokenOnSchedule: Epic<S> = (event$, state$, deps) =>
  event$.pipe(
    filter(
      (event) =>
        tokenReceived.match(event) ||
        tokenAdopted.match(event) ||
        signedOut.match(event) ||
        sessionExpired.match(event) ||
        (leadershipGained.match(event) && heldToken(deps, 'user') !== null),
    ),
    switchMap((event) => {
      if (sessionExpired.match(event)) return EMPTY;
      const surfer = surferOf(event);
      const token = heldToken(deps, surfer);
      if (!token || (signedOut.match(event) && deps.session.connection.cookieAuth)) return EMPTY;
      return timer(refreshDelayMs(deps, token), deps.scheduler).pipe(
        filter(() => surfer === 'application' || selectPollsForAllTabs(state$.value)),
        mergeMap(() => refreshAttempt(deps, surfer, 1, event)),
      );
    }),
  );

/**
 * protocol §3.4: a user falls back to the application (or anonymous) client, who-am-I is asked
 * again, then the application reconnects; an expired application simply signs in again.
 */
export const recoverFromExpiry: Epic<S> = (event$, state$, deps) =>
  event$.pipe(
    ofType(sessionExpired),
    mergeMap((event) => {
      dropToken(deps, event.payload.surfer);
      const reconnect = selectHasApplicationCredentials(state$.value)
        ? [applicationSignInStarted({}, event)]
        : [];
      return event.payload.surfer === 'user'
        ? of(whoAmIRequested({}, event), ...reconnect)
        : of(...reconnect);
    }),
  );
