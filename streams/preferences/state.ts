import type { SerializedError } from '../core/errors';
import type { Status } from '../core/status';

/** One preference: `fetching -> loaded | not_found | error` (protocol §4.2). */
export interface PreferenceState {
  status: Status;
  value: unknown;
  error: SerializedError | null;
  /** with `error`: which request failed (a failed read is not a failed save) */
  failedOn?: 'read' | 'write' | 'remove';
  /** with a failed save: the id of its request (the outbox may have kept it) */
  requestId?: string;
  /**
   * While a save is under way or after it failed: the value the server had before it (the last
   * one read or saved), which is what shows while `value` is null after a failed save.
   */
  kept?: unknown;
  /** the server's last answer about it was to a save (not a read): "saved" may be said */
  justSaved?: true;
}

export interface PreferencesState {
  /** the user the values belong to: another user's values never show */
  owner: string | null;
  /** by namespace, then name */
  values: Record<string, Record<string, PreferenceState>>;
  /** the setter's last refusal ('Invalid parameter'), until the next accepted write */
  refusal: string | null;
  /** where the portal's own preferences live: null until they are first asked for */
  portalNamespace: string | null;
}

export const initialPreferencesState: PreferencesState = {
  owner: null,
  values: {},
  refusal: null,
  portalNamespace: null,
};
