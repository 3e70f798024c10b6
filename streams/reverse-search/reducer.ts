import { caseReducer, on } from '../core/case-reducer';
import * as reverseSearchEvents from './events';
import { IDLE_JOB, type JobEntry, type JobState, type ReverseSearchState } from './state';

function job(draft: ReverseSearchState, uuid: string, state: JobState): JobEntry {
  const entry = draft.jobs[uuid] ?? { ...IDLE_JOB };
  entry.state = state;
  if (state !== 'error') entry.error = null;
  draft.jobs[uuid] = entry;
  return entry;
}

export const reverseSearchReducer = caseReducer<ReverseSearchState>(
  on(reverseSearchEvents.featureStarted, (draft) => {
    draft.feature.status = 'fetching';
    draft.feature.error = null;
  }),
  on(reverseSearchEvents.featureLoaded, (draft, { payload }) => {
    draft.feature = { status: 'loaded', enabled: payload.enabled, error: null };
  }),
  // protocol §21: a failure gives error, and the feature is off
  on(reverseSearchEvents.featureFailed, (draft, { payload }) => {
    draft.feature = { status: 'error', enabled: false, error: payload.error };
  }),
  on(reverseSearchEvents.permissionsStarted, (draft, { payload }) => {
    const known = draft.permissions[payload.uuid];
    draft.permissions[payload.uuid] = {
      status: 'fetching',
      canSubmit: known?.canSubmit ?? false,
      canViewReport: known?.canViewReport ?? false,
      error: null,
    };
  }),
  on(reverseSearchEvents.permissionsLoaded, (draft, { payload }) => {
    draft.permissions[payload.uuid] = {
      status: 'loaded',
      canSubmit: payload.canSubmit,
      canViewReport: payload.canViewReport,
      error: null,
    };
  }),
  on(reverseSearchEvents.permissionsFailed, (draft, { payload }) => {
    draft.permissions[payload.uuid] = {
      status: 'error',
      canSubmit: false,
      canViewReport: false,
      error: payload.error,
    };
  }),
  on(reverseSearchEvents.permissionsForgotten, (draft) => {
    draft.permissions = {};
  }),
  on(reverseSearchEvents.submitStarted, (draft, { payload }) => {
    draft.jobs[payload.uuid] = { ...IDLE_JOB, state: 'submitting' };
  }),
  on(reverseSearchEvents.submitted, (draft, { payload }) => {
    job(draft, payload.uuid, 'waiting');
  }),
  on(reverseSearchEvents.reportChecked, (draft, { payload }) => {
    job(draft, payload.uuid, 'waiting').attempts = payload.attempt;
  }),
  on(reverseSearchEvents.reportRequested, (draft, { payload }) => {
    const current = draft.jobs[payload.uuid]?.state;
    if (current === 'submitting' || current === 'waiting' || current === 'downloading') return;
    job(draft, payload.uuid, 'downloading');
  }),
  on(reverseSearchEvents.copiesFound, (draft, { payload }) => {
    const entry = job(draft, payload.uuid, 'done');
    entry.copies = payload.copies;
    entry.reported = true;
  }),
  on(reverseSearchEvents.reportDelivered, (draft, { payload }) => {
    job(draft, payload.uuid, 'done').fileName = payload.fileName;
  }),
  on(reverseSearchEvents.submitFailed, (draft, { payload }) => {
    job(draft, payload.uuid, 'error').error = payload.error;
  }),
  on(reverseSearchEvents.reportFailed, (draft, { payload }) => {
    job(draft, payload.uuid, 'error').error = payload.error;
  }),
  on(reverseSearchEvents.reset, (draft, { payload }) => {
    draft.jobs[payload.uuid] = { ...IDLE_JOB };
  }),
);
