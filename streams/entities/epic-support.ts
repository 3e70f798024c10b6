import type { SerializedError } from '../core/errors';
import type { WithCursors } from '../cursors/selectors';
import type { WithSchemas } from '../schemas/selectors';
import { type EntityId, entityKey } from './model';
import type { WithEntities } from './selectors';

/** The state the entity epics read, shared by the fetch/write epics and the draft/lookup epics. */
export type S = WithEntities & WithSchemas & WithCursors;

export const isNotFound = (error: SerializedError): boolean => error.status === 404;

export function entryOf(state: S, path: string, id: EntityId) {
  return state.entities.byKey[entityKey(path, id)];
}

/** The stored data with `values` over it, when an answer carries no entity back. */
export function merged(
  state: S,
  path: string,
  id: EntityId,
  values: Record<string, unknown>,
): Record<string, unknown> {
  return { ...(entryOf(state, path, id)?.data ?? {}), ...values, id };
}
