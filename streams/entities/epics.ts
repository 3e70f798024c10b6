// The fetch and write epics of entities; the epics around a draft being edited are in `draft-epics.ts`.
import { catchError, concat, EMPTY, filter, map, mergeMap, type Observable, of, switchMap } from 'rxjs';
import type { Deps } from '../core/deps';
import type { Epic } from '../core/epic';
import { ERROR_CODES, type SerializedError, serializeError } from '../core/errors';
import type { UnstampedEvent } from '../core/event';
import { ofType } from '../core/operators/of-type';
import { perKey } from '../core/operators/per-key';
import { asEvents, requestAnswer } from '../core/request';
import { pageLoaded } from '../cursors/events';
import { selectCursor } from '../cursors/selectors';
import * as api from './api';
import { entryOf, isNotFound, merged, type S } from './epic-support';
import * as entityEvents from './events';
import { ENTITY_MESSAGES, type EntityId, entityKey } from './model';

// --- fetch (protocol §12.1, §12.2) ------------------------------------------------------------

/**
 * Skipped while the entity is fetching or initial; one request per entity at a time (a newer ask
 * replaces an older one). 404 or `response.data === null` → not found; any other failure → error.
 */
export const fetchEntity: Epic<S> = (event$, state$, deps) =>
  event$.pipe(
    ofType(entityEvents.fetchRequested),
    filter((event) => {
      const status = entryOf(state$.value, event.payload.path, event.payload.id)?.status;
      return status !== 'fetching' && status !== 'initial';
    }),
    perKey(
      (event) => entityKey(event.payload.path, event.payload.id),
      switchMap((event) => {
        const { path, id } = event.payload;
        return concat(
          of(entityEvents.fetchStarted({ path, id }, event)),
          requestAnswer(
            deps.http,
            api.fetchEntity(path, id, event.payload),
            (answer) => {
              const data = api.entityData(answer);
              return data
                ? entityEvents.loaded({ path, id, data }, event)
                : entityEvents.notFound({ path, id }, event);
            },
            (error) =>
              isNotFound(error)
                ? entityEvents.notFound({ path, id }, event)
                : entityEvents.fetchFailed({ path, id, error }, event),
          ),
        );
      }),
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
      return [...byPath].map(([path, ids]) => entityEvents.listed({ path, ids }, event));
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

/**
 * Create: `/json/create/{dotted}.add` then a fetch of the new id (default), or `/rest/{path}`. A
 * cancellation gives `null` (id and data), not an error.
 */
export const createEntity: Epic<S> = (event$, _state$, deps) =>
  event$.pipe(
    ofType(entityEvents.createRequested),
    mergeMap((event) => {
      const { path, values, ticket } = event.payload;
      const withTicket = ticket !== undefined ? { ticket } : {};
      const failed = (error: SerializedError) =>
        error.code === ERROR_CODES.canceled
          ? entityEvents.created({ path, id: null, data: null, ...withTicket }, event)
          : entityEvents.createFailed({ path, message: ENTITY_MESSAGES.create, error, ...withTicket }, event);
      if (event.payload.form === 'rest') {
        return answered(
          deps.http.request(api.createByRest(path, values)),
          ({ data }) => {
            const row = api.entityData(data);
            const id = row?.id;
            return typeof id === 'string' || typeof id === 'number'
              ? entityEvents.created({ path, id, data: row as Record<string, unknown>, ...withTicket }, event)
              : entityEvents.created({ path, id: null, data: null, ...withTicket }, event);
          },
          failed,
        );
      }
      return answered(
        deps.http.request(api.createByJson(path, values)),
        ({ data: answer }) => {
          const id = api.createdIdOf(answer);
          if (id === null) return entityEvents.created({ path, id: null, data: null, ...withTicket }, event);
          const fallback = { ...values, ...(answer.response.data ?? {}), id };
          return refetch(deps, path, id).pipe(
            map((data) => entityEvents.created({ path, id, data: data ?? fallback, ...withTicket }, event)),
          );
        },
        failed,
      );
    }),
  );

/** Update: `/json/update/…` (answer not read) then a fetch (default), or the REST patch call. */
export const updateEntity: Epic<S> = (event$, state$, deps) =>
  event$.pipe(
    ofType(entityEvents.updateRequested),
    mergeMap((event) => {
      const { path, id, values, ticket } = event.payload;
      const withTicket = ticket !== undefined ? { ticket } : {};
      const failed = (error: SerializedError) =>
        entityEvents.updateFailed({ path, id, message: ENTITY_MESSAGES.update, error, ...withTicket }, event);
      if (event.payload.form === 'rest') {
        return answered(
          deps.http.request(api.patchByRest(path, id, values)),
          ({ data }) =>
            entityEvents.updated(
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
              entityEvents.updated(
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
    ofType(entityEvents.patchRequested),
    mergeMap((event) => {
      const { path, id, values, ticket } = event.payload;
      const withTicket = ticket !== undefined ? { ticket } : {};
      const previousStatus = entryOf(state$.value, path, id)?.previousStatus ?? 'unknown';
      return requestAnswer(
        deps.http,
        api.patchByRest(path, id, values),
        (data) =>
          entityEvents.patched(
            { path, id, data: api.entityData(data) ?? merged(state$.value, path, id, values), ...withTicket },
            event,
          ),
        (error) =>
          entityEvents.patchFailed(
            { path, id, message: ENTITY_MESSAGES.update, error, previousStatus, ...withTicket },
            event,
          ),
      );
    }),
  );

export const deleteEntity: Epic<S> = (event$, _state$, deps) =>
  event$.pipe(
    ofType(entityEvents.deleteRequested),
    mergeMap((event) => {
      const { path, id, ticket } = event.payload;
      const withTicket = ticket !== undefined ? { ticket } : {};
      return requestAnswer(
        deps.http,
        api.deleteEntity(path, id, event.payload.form ?? 'json'),
        () => entityEvents.deleted({ path, id, ...withTicket }, event),
        (error) =>
          entityEvents.deleteFailed(
            { path, id, message: ENTITY_MESSAGES.delete, error, ...withTicket },
            event,
          ),
      );
    }),
  );

/** Workflow step: `/json/workflow/…` (not read) then a fetch (default), or the REST call. */
export const applyWorkflow: Epic<S> = (event$, state$, deps) =>
  event$.pipe(
    ofType(entityEvents.workflowRequested),
    mergeMap((event) => {
      const { path, id, action, ticket } = event.payload;
      const withTicket = ticket !== undefined ? { ticket } : {};
      const failed = (error: SerializedError) =>
        entityEvents.workflowFailed(
          { path, id, message: ENTITY_MESSAGES.workflow, error, ...withTicket },
          event,
        );
      const current = () => merged(state$.value, path, id, {});
      if (event.payload.form === 'rest') {
        return answered(
          deps.http.request(api.workflowByRest(path, id, action)),
          ({ data }) =>
            entityEvents.workflowApplied(
              { path, id, data: api.entityData(data) ?? current(), ...withTicket },
              event,
            ),
          failed,
        );
      }
      return answered(
        deps.http.request(api.workflowByJson(path, id, action)),
        () =>
          refetch(deps, path, id).pipe(
            map((data) =>
              entityEvents.workflowApplied({ path, id, data: data ?? current(), ...withTicket }, event),
            ),
          ),
        failed,
      );
    }),
  );
