import type { Draft } from 'immer';
import { caseReducer, on } from '../core/case-reducer';
import { signedOut, whoAmILoaded } from '../session/events';
import { type Me, userIdOf } from '../session/selectors';
import {
  fetchStarted,
  identityAdopted,
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
import type { PreferenceState, PreferencesState } from './state';

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

/** Another user (or none): the values of the previous one are dropped. */
function adoptIdentity(draft: Draft<PreferencesState>, me: Me): void {
  const owner = userIdOf(me);
  if (owner !== draft.owner) Object.assign(draft, { owner, values: {}, refusal: null });
}

export const preferencesReducer = caseReducer<PreferencesState>(
  on(whoAmILoaded, (draft, { payload }) => adoptIdentity(draft, payload.me)),
  on(identityAdopted, (draft, { payload }) => adoptIdentity(draft, payload.me)),
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
