import { filter, map, mergeMap, of } from 'rxjs';
import type { WithApp } from '../app/selectors';
import type { Epic } from '../core/epic';
import { ofType } from '../core/operators/of-type';
import { factReceived, receivedFact } from '../tabs/events';
import { signedOut, tokenAdopted, tokenReceived, whoAmIRequested } from './events';
import { selectIsUser, type WithSession } from './selectors';
import { adoptToken, signOutHere } from './tokens';

type S = WithApp & WithSession;

/**
 * Issue 25: a sign-out in another tab signs this one out too. The server already ended the session,
 * so nothing is sent: the token is dropped and the portal goes on as after its own sign-out.
 */
export const followSignOut: Epic<S> = (event$, state$, deps) =>
  event$.pipe(
    ofType(factReceived),
    filter((event) => receivedFact(event, signedOut) !== null && selectIsUser(state$.value)),
    map((event) => signOutHere(deps, event, deps.session.connection.cookieAuth)),
  );

/**
 * Another tab obtained the user's token: this tab re-reads it (a refresh there spent the pair held
 * here) and re-arms its refresh timer on it; a tab that was not yet this user asks who it is now.
 */
export const followTokens: Epic<S> = (event$, state$, deps) =>
  event$.pipe(
    ofType(factReceived),
    mergeMap((event) => {
      const received = receivedFact(event, tokenReceived);
      if (!received) return [];
      adoptToken(deps, received);
      const adopted = tokenAdopted({ iat: received.iat, exp: received.exp }, event);
      return selectIsUser(state$.value) ? of(adopted) : of(adopted, whoAmIRequested({}, event));
    }),
  );
