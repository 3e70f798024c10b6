import {
  catchError,
  concat,
  debounceTime,
  EMPTY,
  filter,
  groupBy,
  map,
  mergeMap,
  type Observable,
  of,
  switchMap,
} from 'rxjs';
import type { Deps } from '../core/deps';
import type { Epic } from '../core/epic';
import { ERROR_CODES, type SerializedError, serializeError } from '../core/errors';
import type { UnstampedEvent } from '../core/event';
import { ofType } from '../core/operators/of-type';
import { asEvents, requestAnswer } from '../core/request';
import { pageLoaded } from '../cursors/events';
import { selectCursor, type WithCursors } from '../cursors/selectors';
import { selectSchemaFields, type WithSchemas } from '../schemas/selectors';
import * as api from './api';
import {
  created,
  createFailed,
  createRequested,
  deleted,
  deleteFailed,
  deleteRequested,
  draftChanged,
  draftRefused,
  draftSaved,
  draftSaveFailed,
  draftSaveRequested,
  draftSaveStarted,
  facesPreviewFailed,
  facesPreviewLoaded,
  facesPreviewRequested,
  fetchFailed,
  fetchRequested,
  fetchStarted,
  listed,
  loaded,
  lookupCleared,
  lookupFailed,
  lookupLoaded,
  lookupTyped,
  moreValuesFailed,
  moreValuesLoaded,
  moreValuesRequested,
  namesFailed,
  namesLoaded,
  namesRequested,
  notFound,
  patched,
  patchFailed,
  patchRequested,
  updated,
  updateFailed,
  updateRequested,
  variationDetailFailed,
  variationDetailLoaded,
  variationDetailRequested,
  variationsFailed,
  variationsLoaded,
  variationsNotFound,
  variationsRequested,
  workflowApplied,
  workflowFailed,
  workflowRequested,
} from './events';
import {
  DRAFT_FIELD_UNDEFINED,
  draftSaveBody,
  ENTITY_MESSAGES,
  type EntityId,
  entityKey,
  faceMembers,
  isNumericId,
} from './model';
import { selectMoreValues, type WithEntities } from './selectors';

type S = WithEntities & WithSchemas & WithCursors;

const isNotFound = (error: SerializedError): boolean => error.status === 404;

function entryOf(state: S, path: string, id: EntityId) {
  return state.entities.byKey[entityKey(path, id)];
}

// --- fetch (protocol §12.1, §12.2) ------------------------------------------------------------

/**
 * Skipped while the entity is fetching or initial; one request per entity at a time (a newer ask
 * replaces an older one). 404 or `response.data === null` → not found; any other failure → error.
 */
export const fetchEntity: Epic<S> = (event$, state$, deps) =>
  event$.pipe(
    ofType(fetchRequested),
    filter((event) => {
      const status = entryOf(state$.value, event.payload.path, event.payload.id)?.status;
      return status !== 'fetching' && status !== 'initial';
    }),
    groupBy((event) => entityKey(event.payload.path, event.payload.id)),
    mergeMap((group$) =>
      group$.pipe(
        switchMap((event) => {
          const { path, id } = event.payload;
          return concat(
            of(fetchStarted({ path, id }, event)),
            requestAnswer(
              deps.http,
              api.fetchEntity(path, id, event.payload),
              (answer) => {
                const data = api.entityData(answer);
                return data ? loaded({ path, id, data }, event) : notFound({ path, id }, event);
              },
              (error) =>
                isNotFound(error) ? notFound({ path, id }, event) : fetchFailed({ path, id, error }, event),
            ),
          );
        }),
      ),
    ),
  );

/** The path of a row of a list on `path` (a meta path names each row's own resource). */
function rowPath(listPath: string, resource: string | undefined): string {
  const slash = listPath.lastIndexOf('/');
  const last = listPath.slice(slash + 1);
  if (!resource || last === resource) return listPath;
  return `${listPath.slice(0, slash + 1)}${resource}`;
}

/** protocol §12.2: entities a list returned are `resolved` (those not known yet). */
export const markListed: Epic<S> = (event$, state$) =>
  event$.pipe(
    ofType(pageLoaded),
    mergeMap((event) => {
      const cursor = selectCursor(state$.value, event.payload.name);
      if (!cursor) return EMPTY;
      const byPath = new Map<string, EntityId[]>();
      for (const row of event.payload.rows) {
        const resource = typeof row.$resource === 'string' ? row.$resource : event.payload.resource;
        const path = rowPath(cursor.path, resource);
        const known = entryOf(state$.value, path, row.id);
        if (known && known.status !== 'unknown') continue;
        byPath.set(path, [...(byPath.get(path) ?? []), row.id]);
      }
      return [...byPath].map(([path, ids]) => listed({ path, ids }, event));
    }),
  );

// --- writes (protocol §12.1) ------------------------------------------------------------------

/** The fetch that follows a `/json/...` write (its answer is not read): the data, or null. */
function refetch(deps: Deps, path: string, id: EntityId): Observable<Record<string, unknown> | null> {
  return deps.http.request(api.fetchEntity(path, id)).pipe(
    map(({ data }) => api.entityData(data)),
    catchError(() => of(null)),
  );
}

/** A write's request, then its events; a thrown error becomes the failure event. */
function answered<T>(
  request: Observable<T>,
  succeeded: (value: T) => Observable<UnstampedEvent> | UnstampedEvent,
  failed: (error: SerializedError) => UnstampedEvent | readonly UnstampedEvent[],
): Observable<UnstampedEvent> {
  return request.pipe(
    mergeMap((value) => {
      const out = succeeded(value);
      return 'subscribe' in out ? out : of(out);
    }),
    catchError((thrown: unknown) => of(...asEvents(failed(serializeError(thrown))))),
  );
}

function merged(
  state: S,
  path: string,
  id: EntityId,
  values: Record<string, unknown>,
): Record<string, unknown> {
  return { ...(entryOf(state, path, id)?.data ?? {}), ...values, id };
}

/**
 * Create: `/json/create/{dotted}.add` then a fetch of the new id (default), or `/rest/{path}`. A
 * cancellation gives `null` (id and data), not an error.
 */
export const createEntity: Epic<S> = (event$, _state$, deps) =>
  event$.pipe(
    ofType(createRequested),
    mergeMap((event) => {
      const { path, values, ticket } = event.payload;
      const withTicket = ticket !== undefined ? { ticket } : {};
      const failed = (error: SerializedError) =>
        error.code === ERROR_CODES.canceled
          ? created({ path, id: null, data: null, ...withTicket }, event)
          : createFailed({ path, message: ENTITY_MESSAGES.create, error, ...withTicket }, event);
      if (event.payload.form === 'rest') {
        return answered(
          deps.http.request(api.createByRest(path, values)),
          ({ data }) => {
            const row = api.entityData(data);
            const id = row?.id;
            return typeof id === 'string' || typeof id === 'number'
              ? created({ path, id, data: row as Record<string, unknown>, ...withTicket }, event)
              : created({ path, id: null, data: null, ...withTicket }, event);
          },
          failed,
        );
      }
      return answered(
        deps.http.request(api.createByJson(path, values)),
        ({ data: answer }) => {
          const id = api.createdIdOf(answer);
          if (id === null) return created({ path, id: null, data: null, ...withTicket }, event);
          const fallback = { ...values, ...(answer.response.data ?? {}), id };
          return refetch(deps, path, id).pipe(
            map((data) => created({ path, id, data: data ?? fallback, ...withTicket }, event)),
          );
        },
        failed,
      );
    }),
  );

/** Update: `/json/update/…` (answer not read) then a fetch (default), or the REST patch call. */
export const updateEntity: Epic<S> = (event$, state$, deps) =>
  event$.pipe(
    ofType(updateRequested),
    mergeMap((event) => {
      const { path, id, values, ticket } = event.payload;
      const withTicket = ticket !== undefined ? { ticket } : {};
      const failed = (error: SerializedError) =>
        updateFailed({ path, id, message: ENTITY_MESSAGES.update, error, ...withTicket }, event);
      if (event.payload.form === 'rest') {
        return answered(
          deps.http.request(api.patchByRest(path, id, values)),
          ({ data }) =>
            updated(
              {
                path,
                id,
                data: api.entityData(data) ?? merged(state$.value, path, id, values),
                ...withTicket,
              },
              event,
            ),
          failed,
        );
      }
      return answered(
        deps.http.request(api.updateByJson(path, id, values)),
        () =>
          refetch(deps, path, id).pipe(
            map((data) =>
              updated(
                { path, id, data: data ?? merged(state$.value, path, id, values), ...withTicket },
                event,
              ),
            ),
          ),
        failed,
      );
    }),
  );

/** Patch: the REST call; the entity gets its previous status back on failure. */
export const patchEntity: Epic<S> = (event$, state$, deps) =>
  event$.pipe(
    ofType(patchRequested),
    mergeMap((event) => {
      const { path, id, values, ticket } = event.payload;
      const withTicket = ticket !== undefined ? { ticket } : {};
      const previousStatus = entryOf(state$.value, path, id)?.previousStatus ?? 'unknown';
      return requestAnswer(
        deps.http,
        api.patchByRest(path, id, values),
        (data) =>
          patched(
            { path, id, data: api.entityData(data) ?? merged(state$.value, path, id, values), ...withTicket },
            event,
          ),
        (error) =>
          patchFailed(
            { path, id, message: ENTITY_MESSAGES.update, error, previousStatus, ...withTicket },
            event,
          ),
      );
    }),
  );

export const deleteEntity: Epic<S> = (event$, _state$, deps) =>
  event$.pipe(
    ofType(deleteRequested),
    mergeMap((event) => {
      const { path, id, ticket } = event.payload;
      const withTicket = ticket !== undefined ? { ticket } : {};
      return requestAnswer(
        deps.http,
        api.deleteEntity(path, id, event.payload.form ?? 'json'),
        () => deleted({ path, id, ...withTicket }, event),
        (error) => deleteFailed({ path, id, message: ENTITY_MESSAGES.delete, error, ...withTicket }, event),
      );
    }),
  );

/** Workflow step: `/json/workflow/…` (not read) then a fetch (default), or the REST call. */
export const applyWorkflow: Epic<S> = (event$, state$, deps) =>
  event$.pipe(
    ofType(workflowRequested),
    mergeMap((event) => {
      const { path, id, action, ticket } = event.payload;
      const withTicket = ticket !== undefined ? { ticket } : {};
      const failed = (error: SerializedError) =>
        workflowFailed({ path, id, message: ENTITY_MESSAGES.workflow, error, ...withTicket }, event);
      const current = () => merged(state$.value, path, id, {});
      if (event.payload.form === 'rest') {
        return answered(
          deps.http.request(api.workflowByRest(path, id, action)),
          ({ data }) =>
            workflowApplied({ path, id, data: api.entityData(data) ?? current(), ...withTicket }, event),
          failed,
        );
      }
      return answered(
        deps.http.request(api.workflowByJson(path, id, action)),
        () =>
          refetch(deps, path, id).pipe(
            map((data) => workflowApplied({ path, id, data: data ?? current(), ...withTicket }, event)),
          ),
        failed,
      );
    }),
  );

// --- drafts (protocol §12.2) ------------------------------------------------------------------

/** A draft update with neither a field name nor a change object is refused in the spec's words. */
export const refuseDraftChange: Epic<S> = (event$) =>
  event$.pipe(
    ofType(draftChanged),
    filter((event) => event.payload.changes === undefined && event.payload.field === undefined),
    map((event) =>
      draftRefused({ path: event.payload.path, id: event.payload.id, message: DRAFT_FIELD_UNDEFINED }, event),
    ),
  );

/**
 * Save: every schema field's draft value, or its default when mandatory (create when the id is
 * not numeric); the answer becomes the entity and the draft is cleared (in the reducer).
 */
export const saveDraft: Epic<S> = (event$, state$, deps) =>
  event$.pipe(
    ofType(draftSaveRequested),
    mergeMap((event) => {
      const { path, id } = event.payload;
      const state = state$.value;
      const changes = state.entities.drafts[entityKey(path, id)]?.changes ?? {};
      const creating = !isNumericId(id);
      const { json, files } = draftSaveBody(selectSchemaFields(state, path), changes, creating);
      return concat(
        of(draftSaveStarted({ path, id }, event)),
        requestAnswer(
          deps.http,
          api.saveDraft(path, id, json, files),
          (answer) =>
            draftSaved(
              { path, id, data: api.entityData(answer) ?? merged(state$.value, path, id, json) },
              event,
            ),
          (error) =>
            draftSaveFailed(
              { path, id, message: creating ? ENTITY_MESSAGES.create : ENTITY_MESSAGES.update, error },
              event,
            ),
        ),
      );
    }),
  );

// --- more values, variations, faces -----------------------------------------------------------

/** More values of a field after its `$moreChildren_{field}.nextToken`, appended to the entity. */
export const loadMoreValues: Epic<S> = (event$, state$, deps) =>
  event$.pipe(
    ofType(moreValuesRequested),
    mergeMap((event) => {
      const { path, id, field, sub, maxchildren } = event.payload;
      const info = selectMoreValues(state$.value, path, id, field, sub).info as {
        nextToken?: unknown;
      } | null;
      const nextToken = typeof info?.nextToken === 'string' ? info.nextToken : null;
      const withSub = sub !== undefined ? { sub } : {};
      return requestAnswer(
        deps.http,
        api.moreValues(path, id, field, sub, nextToken, maxchildren),
        (answer) =>
          moreValuesLoaded({ path, id, field, ...withSub, ...api.moreValuesOf(answer, field, sub) }, event),
        (error) => moreValuesFailed({ path, id, field, ...withSub, error }, event),
      );
    }),
  );

/** Variations: a bare array; anything else (a 404 too) means not found. */
export const loadVariations: Epic<S> = (event$, _state$, deps) =>
  event$.pipe(
    ofType(variationsRequested),
    mergeMap((event) => {
      const { resource, id } = event.payload;
      return requestAnswer(
        deps.http,
        api.variations(resource, id),
        (answer) => {
          const variations = api.variationsOf(answer);
          return variations
            ? variationsLoaded({ resource, id, variations }, event)
            : variationsNotFound({ resource, id }, event);
        },
        (error) =>
          isNotFound(error)
            ? variationsNotFound({ resource, id }, event)
            : variationsFailed({ resource, id, error }, event),
      );
    }),
  );

export const loadVariationDetail: Epic<S> = (event$, _state$, deps) =>
  event$.pipe(
    ofType(variationDetailRequested),
    mergeMap((event) => {
      const { path, id, variation, variations } = event.payload;
      return requestAnswer(
        deps.http,
        api.variationDetail(path, id, variation, variations),
        (answer) => variationDetailLoaded({ path, id, variation, ...api.variationDetailOf(answer) }, event),
        (error) => variationDetailFailed({ path, id, variation, error }, event),
      );
    }),
  );

/** The updatable fields' values (stored data with the draft over it), for a faces preview. */
function updatableValues(state: S, path: string, id: EntityId): Record<string, unknown> {
  const key = entityKey(path, id);
  const values = {
    ...(state.entities.byKey[key]?.data ?? {}),
    ...(state.entities.drafts[key]?.changes ?? {}),
  };
  const fields = selectSchemaFields(state, path);
  const creating = !isNumericId(id);
  const names = Object.keys(fields);
  if (names.length === 0)
    return Object.fromEntries(
      Object.entries(values).filter(([field]) => !field.startsWith('$') && field !== 'id'),
    );
  return Object.fromEntries(
    names
      .filter(
        (field) => (creating ? fields[field]?.cud?.create : fields[field]?.cud?.update) && field in values,
      )
      .map((field) => [field, values[field]]),
  );
}

/** Faces preview (`?simu=true`): the `$faces-*` members of the answer. */
export const previewFaces: Epic<S> = (event$, state$, deps) =>
  event$.pipe(
    ofType(facesPreviewRequested),
    switchMap((event) => {
      const { path, id } = event.payload;
      return requestAnswer(
        deps.http,
        api.facesPreview(path, id, updatableValues(state$.value, path, id)),
        (answer) => facesPreviewLoaded({ path, id, faces: faceMembers(answer.response.data) }, event),
        (error) => facesPreviewFailed({ path, id, error }, event),
      );
    }),
  );

// --- relation lookups and names ---------------------------------------------------------------

/**
 * Text typed in a relation field: after `config.typeaheadDebounceMs` without typing (per field),
 * a temporary list query on the related path (max `config.lookupCursorMax`); a newer text replaces
 * the request of an older one. A blank text without a constraint asks nothing.
 */
export const lookupRelated: Epic<S> = (event$, _state$, deps) =>
  event$.pipe(
    ofType(lookupTyped, lookupCleared),
    groupBy((event) => event.payload.key),
    mergeMap((group$) =>
      group$.pipe(
        debounceTime(deps.config.typeaheadDebounceMs, deps.scheduler),
        switchMap((event): Observable<UnstampedEvent> => {
          if (!lookupTyped.match(event)) return EMPTY;
          const { key, path, text, field } = event.payload;
          if (!text.trim() && field === undefined)
            return of(lookupLoaded({ key, text, candidates: [] }, event));
          const constraint = field !== undefined ? { field, value: event.payload.value } : undefined;
          return requestAnswer(
            deps.http,
            api.lookup(path, text, deps.config.lookupCursorMax, constraint),
            (answer) => lookupLoaded({ key, text, candidates: api.candidatesOf(answer) }, event),
            (error) => lookupFailed({ key, error }, event),
          );
        }),
      ),
    ),
  );

/** Names of related ids not known yet: one list call with `id in [...]`. */
export const loadNames: Epic<S> = (event$, state$, deps) =>
  event$.pipe(
    ofType(namesRequested),
    mergeMap((event) => {
      const { path } = event.payload;
      const known = state$.value.entities.names[path] ?? {};
      const ids = [...new Set(event.payload.ids.map(String))]
        .filter((id) => known[id] === undefined)
        .map((id) => (isNumericId(id) ? Number(id) : id));
      if (ids.length === 0) return EMPTY;
      return requestAnswer(
        deps.http,
        api.names(path, ids),
        (answer) =>
          namesLoaded(
            {
              path,
              names: Object.fromEntries(api.candidatesOf(answer).map((row) => [String(row.id), row.name])),
            },
            event,
          ),
        (error) => namesFailed({ path, ids, error }, event),
      );
    }),
  );
