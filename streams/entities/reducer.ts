import type { Draft } from 'immer';
import { caseReducer, on, onReplace } from '../core/case-reducer';
import type { SerializedError } from '../core/errors';
import { reached, type Status } from '../core/status';
import * as entityEvents from './events';
import {
  applyDraftChanges,
  creationKey,
  type EntityId,
  entityKey,
  entityName,
  failedName,
  moreKey,
  notFoundName,
  variationDetailKey,
  variationKey,
} from './model';
import type { EntitiesState, EntityEntry, NameAsk, WriteEntry } from './state';

type D = Draft<EntitiesState>;

function entry(draft: D, path: string, id: EntityId): Draft<EntityEntry> {
  const key = entityKey(path, id);
  draft.byKey[key] ??= {
    path,
    id,
    status: 'unknown',
    data: null,
    name: String(id),
    error: null,
    previousStatus: null,
  };
  return draft.byKey[key] as Draft<EntityEntry>;
}

function setLoaded(draft: D, path: string, id: EntityId, data: Record<string, unknown>): void {
  const target = entry(draft, path, id);
  target.status = 'loaded';
  target.data = data;
  target.name = entityName(data, id);
  target.error = null;
  target.previousStatus = null;
  namesOf(draft, path)[String(id)] = target.name;
}

function write(
  draft: D,
  key: string,
  operation: WriteEntry['operation'],
  status: Status,
  failure?: { message: string; error: SerializedError },
  requestId?: string,
): void {
  draft.writes[key] = {
    operation,
    status,
    message: failure?.message ?? null,
    error: failure?.error ?? null,
    ...(requestId !== undefined && { requestId }),
  };
}

/**
 * The two cases a batch of edits repeats once per entity: plain spreads, because immer's
 * finalising walks every key of a record it copied, and these records hold thousands.
 */
function writeAsked(state: EntitiesState, key: string, operation: WriteEntry['operation']): EntitiesState {
  const asked: WriteEntry = { operation, status: 'fetching', message: null, error: null };
  return { ...state, writes: { ...state.writes, [key]: asked } };
}

function writeAnswered(
  state: EntitiesState,
  operation: WriteEntry['operation'],
  path: string,
  id: EntityId,
  data: Record<string, unknown>,
): EntitiesState {
  const key = entityKey(path, id);
  const name = entityName(data, id);
  const answered: WriteEntry = { operation, status: 'loaded', message: null, error: null };
  const loaded: EntityEntry = { path, id, status: 'loaded', data, name, error: null, previousStatus: null };
  return {
    ...state,
    byKey: { ...state.byKey, [key]: loaded },
    writes: { ...state.writes, [key]: answered },
    names: { ...state.names, [path]: { ...state.names[path], [String(id)]: name } },
  };
}

function namesOf(draft: D, path: string): Record<string, string> {
  draft.names[path] ??= {};
  return draft.names[path];
}

function appendValues(target: unknown, values: readonly unknown[]): unknown[] {
  return [...(Array.isArray(target) ? target : []), ...values];
}

export const entitiesReducer = caseReducer<EntitiesState>(
  // --- fetch (protocol §12.2) ---
  on(entityEvents.fetchStarted, (draft, { payload }) => {
    const target = entry(draft, payload.path, payload.id);
    target.status = target.status === 'resolved' ? 'initial' : 'resolving';
  }),
  on(entityEvents.loaded, (draft, { payload }) => setLoaded(draft, payload.path, payload.id, payload.data)),
  on(entityEvents.notFound, (draft, { payload }) => {
    const target = entry(draft, payload.path, payload.id);
    Object.assign(target, { status: 'not_found', data: null, name: notFoundName(payload.id), error: null });
  }),
  on(entityEvents.fetchFailed, (draft, { payload }) => {
    const target = entry(draft, payload.path, payload.id);
    Object.assign(target, { status: 'error', name: failedName(payload.id), error: payload.error });
  }),
  on(entityEvents.listed, (draft, { payload }) => {
    for (const id of payload.ids) {
      const key = entityKey(payload.path, id);
      if (draft.byKey[key] && draft.byKey[key].status !== 'unknown') continue;
      entry(draft, payload.path, id).status = 'resolved';
    }
  }),

  // --- writes ---
  on(entityEvents.createRequested, (draft, { payload }) =>
    write(draft, creationKey(payload.path), 'create', 'fetching'),
  ),
  on(entityEvents.created, (draft, { payload }) => {
    write(draft, creationKey(payload.path), 'create', payload.id === null ? 'unknown' : 'loaded');
    if (payload.id !== null && payload.data) setLoaded(draft, payload.path, payload.id, payload.data);
  }),
  on(entityEvents.createFailed, (draft, { payload }) =>
    write(draft, creationKey(payload.path), 'create', 'error', payload),
  ),
  onReplace(entityEvents.updateRequested, (state, { payload }) =>
    writeAsked(state, entityKey(payload.path, payload.id), 'update'),
  ),
  onReplace(entityEvents.updated, (state, { payload }) =>
    writeAnswered(state, 'update', payload.path, payload.id, payload.data),
  ),
  on(entityEvents.updateFailed, (draft, { payload }) =>
    write(draft, entityKey(payload.path, payload.id), 'update', 'error', payload),
  ),
  // protocol §12.2: the entity goes fetching (from resolved on) or initial, and gets its status back on failure
  on(entityEvents.patchRequested, (draft, { payload }) => {
    const target = entry(draft, payload.path, payload.id);
    target.previousStatus = target.status;
    target.status = reached(target.status, 'resolved') ? 'fetching' : 'initial';
    write(draft, entityKey(payload.path, payload.id), 'patch', 'fetching');
  }),
  on(entityEvents.patched, (draft, { payload }) => {
    write(draft, entityKey(payload.path, payload.id), 'patch', 'loaded');
    setLoaded(draft, payload.path, payload.id, payload.data);
  }),
  on(entityEvents.patchFailed, (draft, { payload }) => {
    const target = entry(draft, payload.path, payload.id);
    target.status = target.previousStatus ?? payload.previousStatus;
    target.previousStatus = null;
    write(draft, entityKey(payload.path, payload.id), 'patch', 'error', payload);
  }),
  on(entityEvents.deleteRequested, (draft, { payload }) =>
    write(draft, entityKey(payload.path, payload.id), 'delete', 'fetching'),
  ),
  on(entityEvents.deleted, (draft, { payload }) => {
    const key = entityKey(payload.path, payload.id);
    write(draft, key, 'delete', 'loaded');
    const target = entry(draft, payload.path, payload.id);
    Object.assign(target, { status: 'not_found', data: null, name: notFoundName(payload.id), error: null });
    delete draft.drafts[key];
  }),
  on(entityEvents.deleteFailed, (draft, { payload }) =>
    write(draft, entityKey(payload.path, payload.id), 'delete', 'error', payload),
  ),
  on(entityEvents.workflowRequested, (draft, { payload }) =>
    write(draft, entityKey(payload.path, payload.id), 'workflow', 'fetching'),
  ),
  on(entityEvents.workflowApplied, (draft, { payload }) => {
    write(draft, entityKey(payload.path, payload.id), 'workflow', 'loaded');
    setLoaded(draft, payload.path, payload.id, payload.data);
  }),
  // the failure's cause is the step's request: the outbox tells by it whether the step is kept
  on(entityEvents.workflowFailed, (draft, { payload, meta }) =>
    write(draft, entityKey(payload.path, payload.id), 'workflow', 'error', payload, meta.cause),
  ),

  // --- drafts (protocol §12.2) ---
  on(entityEvents.draftChanged, (draft, { payload }) => {
    const changes =
      payload.changes ?? (payload.field !== undefined ? { [payload.field]: payload.value } : undefined);
    if (!changes) return;
    const key = entityKey(payload.path, payload.id);
    const current = draft.drafts[key];
    const stored = draft.byKey[key]?.data ?? null;
    const next = applyDraftChanges(current?.changes ?? {}, stored, changes);
    draft.draftRefusal = null;
    if (Object.keys(next).length === 0) delete draft.drafts[key];
    else
      draft.drafts[key] = {
        path: payload.path,
        id: payload.id,
        changes: next,
        since: current?.since ?? payload.at,
      };
  }),
  on(entityEvents.draftRefused, (draft, { payload }) => {
    draft.draftRefusal = payload.message;
  }),
  on(entityEvents.draftSaveStarted, (draft, { payload }) =>
    write(draft, entityKey(payload.path, payload.id), 'save', 'fetching'),
  ),
  on(entityEvents.draftSaved, (draft, { payload }) => {
    const key = entityKey(payload.path, payload.id);
    write(draft, key, 'save', 'loaded');
    delete draft.drafts[key];
    setLoaded(draft, payload.path, payload.id, payload.data);
    // a creation: the server named the new entity
    const newId = payload.data.id;
    if ((typeof newId === 'string' || typeof newId === 'number') && String(newId) !== String(payload.id))
      setLoaded(draft, payload.path, newId, payload.data);
  }),
  on(entityEvents.draftSaveFailed, (draft, { payload, meta }) =>
    write(draft, entityKey(payload.path, payload.id), 'save', 'error', payload, meta.cause),
  ),
  on(entityEvents.draftRolledBack, (draft, { payload }) => {
    delete draft.drafts[entityKey(payload.path, payload.id)];
  }),
  on(entityEvents.draftsRestored, (draft, { payload }) => {
    for (const record of payload.drafts) {
      const key = entityKey(record.path, record.id);
      if (!draft.drafts[key] && Object.keys(record.changes).length > 0) draft.drafts[key] = record;
    }
  }),

  // --- more values of a field (protocol §12.1) ---
  on(entityEvents.moreValuesRequested, (draft, { payload }) => {
    const key = moreKey(payload.path, payload.id, payload.field, payload.sub);
    draft.more[key] = { status: 'next', error: null, info: draft.more[key]?.info ?? null };
  }),
  on(entityEvents.moreValuesLoaded, (draft, { payload }) => {
    const { path, id, field, sub } = payload;
    // the paging info is kept beside the entity (a key built from a field name stays out of its data)
    draft.more[moreKey(path, id, field, sub)] = { status: 'loaded', error: null, info: payload.more };
    const target = entry(draft, path, id);
    target.data ??= { id };
    const data = target.data as Record<string, unknown>;
    if (sub) {
      // values by `sub` live in an object; anything else there (a list, a text) is not that field's shape
      const current = data[field];
      const holder = (
        current && typeof current === 'object' && !Array.isArray(current) ? current : {}
      ) as Record<string, unknown>;
      holder[sub] = appendValues(holder[sub], payload.values);
      data[field] = holder;
    } else data[field] = appendValues(data[field], payload.values);
  }),
  on(entityEvents.moreValuesFailed, (draft, { payload }) => {
    const key = moreKey(payload.path, payload.id, payload.field, payload.sub);
    draft.more[key] = { status: 'error', error: payload.error, info: draft.more[key]?.info ?? null };
  }),

  // --- variations ---
  on(entityEvents.variationsRequested, (draft, { payload }) => {
    const key = variationKey(payload.resource, payload.id);
    draft.variations[key] = {
      status: 'fetching',
      variations: draft.variations[key]?.variations ?? null,
      error: null,
    };
  }),
  on(entityEvents.variationsLoaded, (draft, { payload }) => {
    draft.variations[variationKey(payload.resource, payload.id)] = {
      status: 'loaded',
      variations: payload.variations,
      error: null,
    };
  }),
  on(entityEvents.variationsNotFound, (draft, { payload }) => {
    draft.variations[variationKey(payload.resource, payload.id)] = {
      status: 'not_found',
      variations: null,
      error: null,
    };
  }),
  on(entityEvents.variationsFailed, (draft, { payload }) => {
    draft.variations[variationKey(payload.resource, payload.id)] = {
      status: 'error',
      variations: null,
      error: payload.error,
    };
  }),
  on(entityEvents.variationDetailRequested, (draft, { payload }) => {
    const key = variationDetailKey(payload.path, payload.id, payload.variation);
    draft.variationDetails[key] = {
      status: 'fetching',
      detail: draft.variationDetails[key]?.detail ?? null,
      sizes: draft.variationDetails[key]?.sizes ?? null,
      error: null,
    };
  }),
  on(entityEvents.variationDetailLoaded, (draft, { payload }) => {
    draft.variationDetails[variationDetailKey(payload.path, payload.id, payload.variation)] = {
      status: 'loaded',
      detail: payload.detail,
      sizes: payload.sizes,
      error: null,
    };
  }),
  on(entityEvents.variationDetailFailed, (draft, { payload }) => {
    draft.variationDetails[variationDetailKey(payload.path, payload.id, payload.variation)] = {
      status: payload.error.status === 404 ? 'not_found' : 'error',
      detail: null,
      sizes: null,
      error: payload.error,
    };
  }),

  // --- faces preview ---
  on(entityEvents.facesPreviewRequested, (draft, { payload }) => {
    const key = entityKey(payload.path, payload.id);
    draft.facesPreview[key] = {
      status: 'fetching',
      faces: draft.facesPreview[key]?.faces ?? null,
      error: null,
    };
  }),
  on(entityEvents.facesPreviewLoaded, (draft, { payload }) => {
    draft.facesPreview[entityKey(payload.path, payload.id)] = {
      status: 'loaded',
      faces: payload.faces,
      error: null,
    };
  }),
  on(entityEvents.facesPreviewFailed, (draft, { payload }) => {
    const key = entityKey(payload.path, payload.id);
    draft.facesPreview[key] = {
      status: 'error',
      faces: draft.facesPreview[key]?.faces ?? null,
      error: payload.error,
    };
  }),

  // --- relation lookups and names ---
  on(entityEvents.lookupTyped, (draft, { payload }) => {
    const before = draft.lookups[payload.key];
    draft.lookups[payload.key] = {
      status: 'fetching',
      path: payload.path,
      text: payload.text,
      candidates: before?.path === payload.path ? before.candidates : [],
      error: null,
    };
  }),
  on(entityEvents.lookupLoaded, (draft, { payload }) => {
    const target = draft.lookups[payload.key];
    if (!target) return;
    if (payload.text !== undefined && payload.text !== target.text) return;
    target.status = 'loaded';
    target.candidates = payload.candidates;
    target.error = null;
    const names = namesOf(draft, target.path);
    for (const candidate of payload.candidates) names[String(candidate.id)] = candidate.name;
  }),
  on(entityEvents.lookupFailed, (draft, { payload }) => {
    const target = draft.lookups[payload.key];
    if (!target) return;
    target.status = 'error';
    target.error = payload.error;
  }),
  on(entityEvents.lookupCleared, (draft, { payload }) => {
    delete draft.lookups[payload.key];
  }),
  on(entityEvents.namesStarted, (draft, { payload }) =>
    markAsked(draft, payload.path, payload.ids, 'asking'),
  ),
  on(entityEvents.namesLoaded, (draft, { payload }) => {
    Object.assign(namesOf(draft, payload.path), payload.names);
    markAsked(draft, payload.path, payload.ids, 'answered');
  }),
  on(entityEvents.namesFailed, (draft, { payload }) => markAsked(draft, payload.path, payload.ids, 'failed')),
);

function markAsked(draft: D, path: string, ids: readonly EntityId[], ask: NameAsk): void {
  draft.namesAsked[path] ??= {};
  for (const id of ids) draft.namesAsked[path][String(id)] = ask;
}
