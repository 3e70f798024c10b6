import type { WithApp } from '../app/selectors';
import { selectLocaleChoice } from '../profile/selectors';
import type { Me } from './api';
import type { SessionState } from './reducer';

export type { Me, SessionState };
/** The state other domains type themselves with to read the session through these selectors. */
export type WithSession = { session: SessionState };
export type WithAppAndSession = WithSession & WithApp;

type SurferType = 'unknown' | 'application' | 'user';

/** protocol §3.3: unknown when `me` is empty, application when `me.application` is set, else user. */
export function surferTypeOf(me: Me | null): SurferType {
  if (!me || Object.keys(me).length === 0) return 'unknown';
  return me.application ? 'application' : 'user';
}

export const selectSession = (state: WithSession) => state.session;
export const selectPasswordChange = (state: WithSession) => state.session.passwordChange;
export const selectSso = (state: WithSession) => state.session.sso;
export const selectMe = (state: WithSession) => state.session.whoAmI.me;
/** Why the last who-am-I failed, while it stays failed. */
export const selectWhoAmIFailure = (state: WithSession) =>
  state.session.whoAmI.status === 'error' ? state.session.whoAmI.error : null;
export const selectSurferType = (state: WithSession): SurferType => surferTypeOf(state.session.whoAmI.me);
export const selectIsUser = (state: WithSession): boolean => selectSurferType(state) === 'user';
/** The id of the user `me` describes; null for an application or a visitor. */
export function userIdOf(me: Me | null): string | null {
  return surferTypeOf(me) === 'user' && me?.id !== undefined ? String(me.id) : null;
}

export const selectUserId = (state: WithSession): string | null => userIdOf(state.session.whoAmI.me);

/**
 * protocol §1.4 and §3.3: a user's locale (underscores become hyphens), else the configured one.
 * A language just picked on the account page shows at once: a user's while the profile patch
 * runs, a visitor's for good (streams/profile).
 */
export const selectEffectiveLocale = (
  state: WithAppAndSession & Parameters<typeof selectLocaleChoice>[0],
): string => {
  const me = state.session.whoAmI.me;
  const choice = selectLocaleChoice(state);
  const chosen =
    surferTypeOf(me) === 'user' ? (choice?.requested ?? me?.locale) : (choice?.requested ?? choice?.visitor);
  return chosen ? chosen.replace(/_/g, '-') : state.app.locale || 'en';
};
