import type { ProfileState } from './state';

export type WithProfile = { profile: ProfileState };

export const selectProfile = (state: WithProfile) => state.profile;
export const selectLocaleChange = (state: WithProfile) => state.profile.locale;

/** The language picked in this browser, if any: optional so the session's selectors work without this slice. */
export const selectLocaleChoice = (
  state: Partial<WithProfile>,
): { requested: string | null; visitor: string | null } | null => state.profile?.locale ?? null;
