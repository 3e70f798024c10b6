import { config } from '../core/config';
import {
  DEFAULT_GRID_DENSITY,
  GRID_DENSITIES,
  type GridDensity,
  PAGE_SIZES,
  type PageSize,
  PORTAL_PREFERENCES,
} from './portal-preferences';
import type { PreferenceState, PreferencesState } from './reducer';

type WithPreferences = { preferences: PreferencesState };

/** One preference, `undefined` until it was asked for; the namespace defaults to the configured one. */
export const selectPreference = (
  state: WithPreferences,
  name: string,
  namespace: string = config.defaultPreferenceNamespace,
): PreferenceState | undefined => state.preferences.values[namespace]?.[name];

/** The setter's last refusal ('Invalid parameter'), shown as an alert. */
export const selectPreferenceRefusal = (state: WithPreferences): string | null => state.preferences.refusal;

function portalValue<T>(state: WithPreferences, name: string, allowed: readonly T[], fallback: T): T {
  const value = selectPreference(state, name)?.value;
  return allowed.includes(value as T) ? (value as T) : fallback;
}

/** Results per page: the user's choice among 24, 48 and 96, else the default page size (seed 002 §9). */
export const selectPageSize = (state: WithPreferences): PageSize =>
  portalValue(state, PORTAL_PREFERENCES.pageSize, PAGE_SIZES, config.cursorDefaultMax as PageSize);

/** Grid density: 'comfortable' (default) or 'compact'. */
export const selectGridDensity = (state: WithPreferences): GridDensity =>
  portalValue(state, PORTAL_PREFERENCES.gridDensity, GRID_DENSITIES, DEFAULT_GRID_DENSITY);
