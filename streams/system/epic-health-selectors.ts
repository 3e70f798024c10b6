import type { SystemState } from './reducer';

/** The epics that crashed (the last ones kept) and those left stopped. */
export const selectEpicHealth = (state: { system: SystemState }) => ({
  crashes: state.system.epicCrashes,
  stopped: state.system.stoppedEpics,
});
