import type { SerializedError } from '../core/errors';
import type { CopyFound } from './copies';

export type FetchStatus = 'unknown' | 'fetching' | 'loaded' | 'error';

export interface FeatureEntry {
  status: FetchStatus;
  enabled: boolean;
  error: SerializedError | null;
}

export interface PermissionsEntry {
  status: FetchStatus;
  canSubmit: boolean;
  canViewReport: boolean;
  error: SerializedError | null;
}

export type JobState = 'idle' | 'submitting' | 'waiting' | 'downloading' | 'done' | 'error';

export interface JobEntry {
  state: JobState;
  /** checks of the report made while waiting */
  attempts: number;
  /** the name of the last report downloaded */
  fileName: string | null;
  /** the copies the last report listed; null before one came or when it held no table */
  copies: CopyFound[] | null;
  /** a report came after the last submit (its copies, or none, are shown) */
  reported: boolean;
  error: SerializedError | null;
}

/** An asset's job before any submit: what the page shows, and what the first submit starts from. */
export const IDLE_JOB: Readonly<JobEntry> = {
  state: 'idle',
  attempts: 0,
  fileName: null,
  copies: null,
  reported: false,
  error: null,
};

/** The reverseSearch slice (protocol §21): the feature, permissions and jobs by asset uuid. */
export interface ReverseSearchState {
  feature: FeatureEntry;
  permissions: Record<string, PermissionsEntry>;
  jobs: Record<string, JobEntry>;
}

export const initialReverseSearchState: ReverseSearchState = {
  feature: { status: 'unknown', enabled: false, error: null },
  permissions: {},
  jobs: {},
};
