import type { SystemState } from './reducer';

export const selectShownError = (state: { system: SystemState }) => state.system.shownError;

/** True once a domain that loads with its first screen is on (`system/domainLoaded`), or was never deferred. */
export const selectIsDomainOn = (state: { system: SystemState }, name: string): boolean =>
  !(state.system.deferredDomains ?? []).includes(name);
