import type { Draft } from 'immer';
import { caseReducer, on } from '../core/case-reducer';
import type { SerializedError } from '../core/errors';
import type { Status } from '../core/status';
import { signedOut, whoAmILoaded } from '../session/events';
import { userIdOf } from '../session/selectors';
import {
  fetchStarted,
  loaded,
  loadFailed,
  notFound,
  portalRequested,
  removed,
  removeFailed,
  saved,
  saveFailed,
  saveStarted,
  setRefused,
} from './events';

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

type Id = { namespace: string; name: string };

function entry(draft: Draft<PreferencesState>, { namespace, name }: Id): Draft<PreferenceState> {
  draft.values[namespace] ??= {};
  const namespaceValues = draft.values[namespace];
  namespaceValues[name] ??= { status: 'unknown', value: null, error: null };
  const found = namespaceValues[name];
  delete found.failedOn;
  delete found.requestId;
  delete found.justSaved;
  return found;
}

/** The entry once the server said what it holds: nothing kept from before is needed any more. */
function settled(draft: Draft<PreferencesState>, id: Id): Draft<PreferenceState> {
  const found = entry(draft, id);
  delete found.kept;
  return found;
}

export const preferencesReducer = caseReducer<PreferencesState>(
  on(whoAmILoaded, (draft, { payload }) => {
    const owner = userIdOf(payload.me);
    if (owner !== draft.owner) Object.assign(draft, { owner, values: {}, refusal: null });
  }),
  on(signedOut, (draft) => {
    Object.assign(draft, { owner: null, values: {}, refusal: null });
  }),
  on(portalRequested, (draft, { payload }) => {
    draft.portalNamespace = payload.namespace;
  }),
  on(setRefused, (draft, { payload }) => {
    draft.refusal = payload.message;
  }),
  // the value shows at once; a failed write sets it to null (protocol §4.2)
  on(saveStarted, (draft, { payload }) => {
    draft.refusal = null;
    for (const { namespace, name, value } of payload.entries) {
      const found = entry(draft, { namespace, name });
      const kept = found.status === 'loaded' ? found.value : found.kept;
      Object.assign(found, { status: 'fetching', value, error: null });
      if (kept !== undefined) found.kept = kept;
    }
  }),
  on(saved, (draft, { payload }) => {
    Object.assign(settled(draft, payload), {
      status: 'loaded',
      value: payload.value,
      error: null,
      justSaved: true,
    });
  }),
  on(saveFailed, (draft, { payload, meta }) => {
    Object.assign(entry(draft, payload), {
      status: 'error',
      value: null,
      error: payload.error,
      failedOn: 'write',
      ...(meta.cause !== undefined && { requestId: meta.cause }),
    });
  }),
  on(fetchStarted, (draft, { payload }) => {
    entry(draft, payload).status = 'fetching';
  }),
  on(loaded, (draft, { payload }) => {
    Object.assign(settled(draft, payload), { status: 'loaded', value: payload.value, error: null });
  }),
  on(notFound, (draft, { payload }) => {
    Object.assign(settled(draft, payload), { status: 'not_found', value: null, error: null });
  }),
  on(loadFailed, (draft, { payload }) => {
    Object.assign(entry(draft, payload), { status: 'error', error: payload.error, failedOn: 'read' });
  }),
  on(removed, (draft, { payload }) => {
    Object.assign(settled(draft, payload), { status: 'not_found', value: null, error: null });
  }),
  on(removeFailed, (draft, { payload }) => {
    Object.assign(entry(draft, payload), { status: 'error', error: payload.error, failedOn: 'remove' });
  }),
);
