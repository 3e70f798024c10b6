import type { SystemState } from './reducer';

export const selectShownError = (state: { system: SystemState }) => state.system.shownError;
