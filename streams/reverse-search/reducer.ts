import { caseReducer, on } from '../core/case-reducer';
import {
  copiesFound,
  featureFailed,
  featureLoaded,
  featureStarted,
  permissionsFailed,
  permissionsForgotten,
  permissionsLoaded,
  permissionsStarted,
  reportChecked,
  reportDelivered,
  reportFailed,
  reportRequested,
  reset,
  submitFailed,
  submitStarted,
  submitted,
} from './events';
import type { JobEntry, JobState, ReverseSearchState } from './state';

const idle = (): JobEntry => ({
  state: 'idle',
  attempts: 0,
  fileName: null,
  copies: null,
  reported: false,
  error: null,
});

function job(draft: ReverseSearchState, uuid: string, state: JobState): JobEntry {
  const entry = draft.jobs[uuid] ?? idle();
  entry.state = state;
  if (state !== 'error') entry.error = null;
  draft.jobs[uuid] = entry;
  return entry;
}

export const reverseSearchReducer = caseReducer<ReverseSearchState>(
  on(featureStarted, (draft) => {
    draft.feature.status = 'fetching';
    draft.feature.error = null;
  }),
  on(featureLoaded, (draft, { payload }) => {
    draft.feature = { status: 'loaded', enabled: payload.enabled, error: null };
  }),
  // protocol §21: a failure gives error, and the feature is off
  on(featureFailed, (draft, { payload }) => {
    draft.feature = { status: 'error', enabled: false, error: payload.error };
  }),
  on(permissionsStarted, (draft, { payload }) => {
    const known = draft.permissions[payload.uuid];
    draft.permissions[payload.uuid] = {
      status: 'fetching',
      canSubmit: known?.canSubmit ?? false,
      canViewReport: known?.canViewReport ?? false,
      error: null,
    };
  }),
  on(permissionsLoaded, (draft, { payload }) => {
    draft.permissions[payload.uuid] = {
      status: 'loaded',
      canSubmit: payload.canSubmit,
      canViewReport: payload.canViewReport,
      error: null,
    };
  }),
  on(permissionsFailed, (draft, { payload }) => {
    draft.permissions[payload.uuid] = {
      status: 'error',
      canSubmit: false,
      canViewReport: false,
      error: payload.error,
    };
  }),
  on(permissionsForgotten, (draft) => {
    draft.permissions = {};
  }),
  on(submitStarted, (draft, { payload }) => {
    draft.jobs[payload.uuid] = { ...idle(), state: 'submitting' };
  }),
  on(submitted, (draft, { payload }) => {
    job(draft, payload.uuid, 'waiting');
  }),
  on(reportChecked, (draft, { payload }) => {
    job(draft, payload.uuid, 'waiting').attempts = payload.attempt;
  }),
  on(reportRequested, (draft, { payload }) => {
    const current = draft.jobs[payload.uuid]?.state;
    if (current === 'submitting' || current === 'waiting' || current === 'downloading') return;
    job(draft, payload.uuid, 'downloading');
  }),
  on(copiesFound, (draft, { payload }) => {
    const entry = job(draft, payload.uuid, 'done');
    entry.copies = payload.copies;
    entry.reported = true;
  }),
  on(reportDelivered, (draft, { payload }) => {
    job(draft, payload.uuid, 'done').fileName = payload.fileName;
  }),
  on(submitFailed, (draft, { payload }) => {
    job(draft, payload.uuid, 'error').error = payload.error;
  }),
  on(reportFailed, (draft, { payload }) => {
    job(draft, payload.uuid, 'error').error = payload.error;
  }),
  on(reset, (draft, { payload }) => {
    draft.jobs[payload.uuid] = idle();
  }),
);
