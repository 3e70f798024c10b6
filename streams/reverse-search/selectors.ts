import {
  type FeatureEntry,
  IDLE_JOB,
  type JobEntry,
  type PermissionsEntry,
  type ReverseSearchState,
} from './state';

export type { CopyFound } from './copies';
export type { FeatureEntry, FetchStatus, JobEntry, JobState, PermissionsEntry } from './state';
export type WithReverseSearch = { reverseSearch: ReverseSearchState };

const NO_PERMISSIONS: PermissionsEntry = {
  status: 'unknown',
  canSubmit: false,
  canViewReport: false,
  error: null,
};

/** The feature: on when its status call answered below 400. */
export const selectReverseSearchFeature = (state: WithReverseSearch): FeatureEntry =>
  state.reverseSearch.feature;

export const selectReverseSearchPermissions = (state: WithReverseSearch, uuid: string): PermissionsEntry =>
  state.reverseSearch.permissions[uuid] ?? NO_PERMISSIONS;

/** The job of an asset: idle, submitting, waiting, downloading, done or error (with its error). */
export const selectReverseSearchJob = (state: WithReverseSearch, uuid: string): JobEntry =>
  state.reverseSearch.jobs[uuid] ?? IDLE_JOB;

/** "Find copies on the web" shows only when the feature is on and the asset's permissions allow a submit. */
export const selectCanReverseSearch = (state: WithReverseSearch, uuid: string): boolean =>
  state.reverseSearch.feature.enabled && selectReverseSearchPermissions(state, uuid).canSubmit;

/** Whether an existing report may be downloaded without a new submit. */
export const selectCanViewReverseSearchReport = (state: WithReverseSearch, uuid: string): boolean =>
  state.reverseSearch.feature.enabled && selectReverseSearchPermissions(state, uuid).canViewReport;
