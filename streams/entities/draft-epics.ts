// The epics around an entity being edited — its draft, more values of a field, variations, faces
// preview, relation lookups and names — kept apart from the fetch and write epics in `epics.ts`.
import {
  concat,
  debounceTime,
  EMPTY,
  filter,
  map,
  mergeMap,
  type Observable,
  of,
  switchMap,
  pipe,
} from 'rxjs';
import type { Epic } from '../core/epic';
import type { UnstampedEvent } from '../core/event';
import { ofType } from '../core/operators/of-type';
import { perKey } from '../core/operators/per-key';
import { wireId } from '../core/wire-id';
import { requestAnswer } from '../core/request';
import { selectSchemaFields } from '../schemas/selectors';
import * as api from './api';
import { isNotFound, merged, type S } from './epic-support';
import * as entityEvents from './events';
import {
  DRAFT_FIELD_UNDEFINED,
  draftSaveBody,
  ENTITY_MESSAGES,
  type EntityId,
  entityKey,
  faceMembers,
  isNumericId,
} from './model';
import { selectMoreValues } from './selectors';

// --- drafts (protocol §12.2) ------------------------------------------------------------------

/** A draft update with neither a field name nor a change object is refused in the spec's words. */
export const refuseDraftChange: Epic<S> = (event$) =>
  event$.pipe(
    ofType(entityEvents.draftChanged),
    filter((event) => event.payload.changes === undefined && event.payload.field === undefined),
    map((event) =>
      entityEvents.draftRefused(
        { path: event.payload.path, id: event.payload.id, message: DRAFT_FIELD_UNDEFINED },
        event,
      ),
    ),
  );

/**
 * Save: every schema field's draft value, or its default when mandatory (create when the id is
 * not numeric); the answer becomes the entity and the draft is cleared (in the reducer).
 */
export const saveDraft: Epic<S> = (event$, state$, deps) =>
  event$.pipe(
    ofType(entityEvents.draftSaveRequested),
    mergeMap((event) => {
      const { path, id } = event.payload;
      const state = state$.value;
      const changes = state.entities.drafts[entityKey(path, id)]?.changes ?? {};
      const creating = !isNumericId(id);
      const { json, files } = draftSaveBody(selectSchemaFields(state, path), changes, creating);
      return concat(
        of(entityEvents.draftSaveStarted({ path, id }, event)),
        requestAnswer(
          deps.http,
          api.saveDraft(path, id, json, files),
          (answer) =>
            entityEvents.draftSaved(
              { path, id, data: api.entityData(answer) ?? merged(state$.value, path, id, json) },
              event,
            ),
          (error) =>
            entityEvents.draftSaveFailed(
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
    ofType(entityEvents.moreValuesRequested),
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
          entityEvents.moreValuesLoaded(
            { path, id, field, ...withSub, ...api.moreValuesOf(answer, field, sub) },
            event,
          ),
        (error) => entityEvents.moreValuesFailed({ path, id, field, ...withSub, error }, event),
      );
    }),
  );

/** Variations: a bare array; anything else (a 404 too) means not found. */
export const loadVariations: Epic<S> = (event$, _state$, deps) =>
  event$.pipe(
    ofType(entityEvents.variationsRequested),
    mergeMap((event) => {
      const { resource, id } = event.payload;
      return requestAnswer(
        deps.http,
        api.variations(resource, id),
        (answer) => {
          const variations = api.variationsOf(answer);
          return variations
            ? entityEvents.variationsLoaded({ resource, id, variations }, event)
            : entityEvents.variationsNotFound({ resource, id }, event);
        },
        (error) =>
          isNotFound(error)
            ? entityEvents.variationsNotFound({ resource, id }, event)
            : entityEvents.variationsFailed({ resource, id, error }, event),
      );
    }),
  );

export const loadVariationDetail: Epic<S> = (event$, _state$, deps) =>
  event$.pipe(
    ofType(entityEvents.variationDetailRequested),
    mergeMap((event) => {
      const { path, id, variation, variations } = event.payload;
      return requestAnswer(
        deps.http,
        api.variationDetail(path, id, variation, variations),
        (answer) =>
          entityEvents.variationDetailLoaded(
            { path, id, variation, ...api.variationDetailOf(answer) },
            event,
          ),
        (error) => entityEvents.variationDetailFailed({ path, id, variation, error }, event),
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
    ofType(entityEvents.facesPreviewRequested),
    switchMap((event) => {
      const { path, id } = event.payload;
      return requestAnswer(
        deps.http,
        api.facesPreview(path, id, updatableValues(state$.value, path, id)),
        (answer) =>
          entityEvents.facesPreviewLoaded({ path, id, faces: faceMembers(answer.response.data) }, event),
        (error) => entityEvents.facesPreviewFailed({ path, id, error }, event),
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
    ofType(entityEvents.lookupTyped, entityEvents.lookupCleared),
    perKey(
      (event) => event.payload.key,
      pipe(
        debounceTime(deps.config.typeaheadDebounceMs, deps.scheduler),
        switchMap((event): Observable<UnstampedEvent> => {
          if (!entityEvents.lookupTyped.match(event)) return EMPTY;
          const { key, path, text, field } = event.payload;
          if (!text.trim() && field === undefined)
            return of(entityEvents.lookupLoaded({ key, text, candidates: [] }, event));
          const constraint = field !== undefined ? { field, value: event.payload.value } : undefined;
          return requestAnswer(
            deps.http,
            api.lookup(path, text, deps.config.lookupCursorMax, constraint),
            (answer) => entityEvents.lookupLoaded({ key, text, candidates: api.candidatesOf(answer) }, event),
            (error) => entityEvents.lookupFailed({ key, error }, event),
          );
        }),
      ),
    ),
  );

/**
 * Names of ids (a relation field's values, the assets a top counts): one list call with `id in
 * [...]` for the ids not named, never asked or whose ask failed. An id being asked, or that the answer did
 * not name, is not asked again (issue 26: a top names its assets with one request).
 */
export const loadNames: Epic<S> = (event$, state$, deps) =>
  event$.pipe(
    ofType(entityEvents.namesRequested),
    mergeMap((event) => {
      const { path } = event.payload;
      const known = state$.value.entities.names[path] ?? {};
      const asked = state$.value.entities.namesAsked[path] ?? {};
      const ids = [...new Set(event.payload.ids.map(String))]
        .filter((id) => known[id] === undefined && (asked[id] === undefined || asked[id] === 'failed'))
        .map(wireId);
      if (ids.length === 0) return EMPTY;
      return concat(
        of(entityEvents.namesStarted({ path, ids }, event)),
        requestAnswer(
          deps.http,
          api.names(path, ids),
          (answer) =>
            entityEvents.namesLoaded(
              {
                path,
                ids,
                names: Object.fromEntries(api.candidatesOf(answer).map((row) => [String(row.id), row.name])),
              },
              event,
            ),
          (error) => entityEvents.namesFailed({ path, ids, error }, event),
        ),
      );
    }),
  );
