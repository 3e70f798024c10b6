import { distinctUntilChanged, filter, map, type Observable, skip, startWith } from 'rxjs';
import type { StateObservable } from '../core/epic';
import type { AppEvent } from '../core/event';
import type { Me } from './api';
import {
  selectEffectiveLocale,
  selectIsUser,
  selectUserId,
  userIdOf,
  type WithAppAndSession,
  type WithSession,
} from './selectors';

/**
 * What the other domains read of who the portal works for, beyond what the shell's header needs
 * (`selectors.ts`): whether requests may go out as whom they will, the watermark, the contribution
 * languages, another user's who-am-I. They load with those domains, not in the first download.
 */

/** A missing role means watermarked content (seed 002 §8). */
export const selectIsWatermarked = (state: WithSession): boolean => {
  const role = state.session.whoAmI.me?.role;
  return role ? (role.watermark ?? false) : true;
};

/**
 * Who the requests are sent as is known, unless a change of identity is on its way: the stored
 * refresh token or the application's credentials are being exchanged (provider registered), or
 * a user's token is held and who-am-I has not answered for it yet (it is cleared by a sign-in and
 * a sign-out). An application's token needs no who-am-I: it can only name the application, so
 * the schemas' headers go beside who-am-I on a visitor's first screen, not after it (issue 22).
 * A failed who-am-I settles it too (the token still works); so does a provider in error (nothing
 * will come). Requests whose answer depends on the caller (schema rights) wait for it, so a
 * reload with a stored refresh token does not ask them as the visitor (issue 12 item 15).
 * Before `app/started` (`pending`) nothing is on its way.
 */
export function selectIdentitySettled(state: WithSession): boolean {
  const { provider, whoAmI, token } = state.session;
  if (provider.status === 'registered') return false;
  if (provider.status === 'signed-in')
    return token?.surfer === 'application' || whoAmI.me !== null || whoAmI.status === 'error';
  return true;
}

/** The portal may load data: a token is held and who-am-I has answered once. */
export const selectSessionReady = (state: WithSession): boolean =>
  state.session.provider.status === 'signed-in' && state.session.whoAmI.me !== null;

/** protocol §3.3: the user's contribution languages, their own locale first; none for applications. */
export const selectContributionLocales = (state: WithAppAndSession): string[] => {
  if (!selectIsUser(state)) return [];
  const own = selectEffectiveLocale(state);
  const codes = (state.session.whoAmI.me?.userdata?.contriblangs ?? []).map(({ code }) =>
    code.replace(/_/g, '-'),
  );
  return [own, ...codes.filter((code) => code !== own)];
};

/**
 * The who-am-I answers that name another user than the one known when the epic started or at the
 * previous answer: the same user answering again (after a profile patch) is no change.
 */
export function anotherUserKnown<E extends AppEvent<string, { me: Me }>>(
  whoAmI$: Observable<E>,
  state$: StateObservable<WithSession>,
): Observable<E> {
  return whoAmI$.pipe(
    map((event): { event: E | null; user: string | null } => ({ event, user: userIdOf(event.payload.me) })),
    startWith({ event: null, user: selectUserId(state$.value) }),
    distinctUntilChanged((before, after) => before.user === after.user),
    skip(1),
    map(({ event }) => event),
    filter((event): event is E => event !== null),
  );
}
