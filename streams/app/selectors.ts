import type { AppState } from './reducer';

type WithApp = { app: AppState };

export const selectAppInfo = (state: WithApp) => state.app.info;
export const selectLocale = (state: WithApp) => state.app.locale;

/** The app-not-available view shows when the server says so, or after a 419 (protocol §2.2, §19). */
export const selectUnavailability = (
  state: WithApp,
): { reason: 'unavailable' | 'invalid'; message: string | null } | null => {
  if (state.app.validity === 'invalid') return { reason: 'invalid', message: null };
  const { availability } = state.app;
  if (availability.resolved && !availability.available)
    return { reason: 'unavailable', message: availability.message };
  return null;
};
