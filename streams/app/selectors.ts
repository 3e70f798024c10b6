import type { AppState } from './reducer';

export type { AppState };
/** The state other domains type themselves with to read the app's slice through these selectors. */
export type WithApp = { app: AppState };

export const selectAppInfo = (state: WithApp) => state.app.info;
export const selectApiPath = (state: WithApp): string => state.app.apiPath;
export const selectApplicationName = (state: WithApp): string | null => state.app.applicationName;
export const selectHasApplicationCredentials = (state: WithApp): boolean =>
  state.app.hasApplicationCredentials;
/** One mount setting (a `data-*` attribute of the mount element, read at `app/started`). */
export const selectAppSetting = (state: WithApp, name: string): string | undefined =>
  state.app.settings[name];

/** Why the last availability check failed (the portal goes on as available, protocol §19). */
export const selectAvailabilityFailure = (state: WithApp) =>
  state.app.availability.status === 'resolved' ? state.app.availability.error : null;

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
