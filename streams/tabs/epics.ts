import { EMPTY, filter, ignoreElements, map, merge, mergeMap, take, tap } from 'rxjs';
import type { Epic } from '../core/epic';
import { type AnyEvent, eventCatalogue } from '../core/event';
import { ofType } from '../core/operators/of-type';
import type { SharedFact } from '../core/shared-facts';
import { selectUserId, type WithSession } from '../session/selectors';
import { factReceived, joined, leadershipGained, type TabMessage, tabMessageSchema } from './events';
import type { WithTabs } from './selectors';

type S = WithTabs & WithSession;

/**
 * A tab with the channel and the lock joins the election (`tabs/joined`, dispatched at start with
 * `app/started`) and asks for the leader's lock: it is granted when no other tab holds it, or when
 * the one that did closes. The grant is an input: a re-simulation feeds it from the log.
 */
export const electLeader: Epic<S> = (event$, _state$, { tabs }) =>
  tabs
    ? event$.pipe(
        ofType(joined),
        take(1),
        // never completed nor unsubscribed: the lock is held until the tab closes
        mergeMap(() => tabs.leadership$.pipe(map(() => leadershipGained({})))),
      )
    : EMPTY;

/** Whether another tab's message names a fact this tab knows, with a valid payload, for its user. */
function accepted(message: TabMessage, user: string | null, shared: SharedFact | undefined): boolean {
  const definition = eventCatalogue().get(message.fact.type);
  if (!shared || !definition?.schema.safeParse(message.fact.payload).success) return false;
  return shared.anyUser || (message.user !== null && message.user === user);
}

/**
 * What the other tabs post becomes `tabs/factReceived`, when it is a shared fact of this tab's user
 * (a session fact, whoever the user). A message that is not one, or for another user, is dropped
 * before it enters the log: only what this tab acts on is recorded.
 */
export const receiveFromOtherTabs: Epic<S> = (_event$, state$, { tabs, sharedFact }) =>
  tabs
    ? tabs.received$.pipe(
        map((message) => tabMessageSchema.safeParse(message)),
        mergeMap((parsed) => (parsed.success ? [parsed.data] : [])),
        filter((message) => accepted(message, selectUserId(state$.value), sharedFact?.(message.fact.type))),
        map((message) => factReceived({ user: message.user, fact: message.fact })),
      )
    : EMPTY;

/**
 * Each shared fact that happened here is posted to the other tabs, with this tab's user. What this
 * tab did because of another tab's fact (a sign-out followed) is not posted back.
 */
export const tellOtherTabs: Epic<S> = (event$, state$, { tabs, sharedFact }) => {
  if (!tabs) return EMPTY;
  const received = new Set<string>();
  const followed = (event: AnyEvent) => event.meta.cause !== undefined && received.has(event.meta.cause);
  return merge(
    event$.pipe(
      ofType(factReceived),
      tap((event) => received.add(event.meta.id)),
    ),
    event$.pipe(
      filter((event) => {
        const shared = sharedFact?.(event.type);
        return shared !== undefined && (shared.when?.(event) ?? true) && !followed(event);
      }),
      tap((event) =>
        tabs.post({
          user: selectUserId(state$.value),
          fact: { type: event.type, payload: event.payload },
        } satisfies TabMessage),
      ),
    ),
  ).pipe(ignoreElements());
};
