import type { Caller } from '../handlers/caller';
import { ROLES } from '../db/users';

/** The rights a list or a schema may be asked about (protocol §8.2 `security`, §11 `rscSecurity`). */
export const KNOWN_RIGHTS = [
  'insert',
  'objectactions/create',
  'objectactions/multiupdate',
  'objectactions/delete',
  'objectactions/view',
] as const;

/**
 * What a caller may do on the demo's data: asset managers everything, contributors all but delete,
 * partners (carol), applications and visitors only view.
 */
export function hasRight(caller: Caller, right: string): boolean {
  if (right === 'objectactions/view') return true;
  if (caller.kind !== 'user') return false;
  const role = caller.user.role.id;
  if (role === ROLES.assetManager.id) return true;
  if (role === ROLES.contributor.id) return right !== 'objectactions/delete';
  return false;
}

/** `$security` of a row or schema: each asked right with the caller's answer. */
export function securityOf(caller: Caller, rights: readonly string[]): Record<string, boolean> {
  return Object.fromEntries(rights.map((right) => [right, hasRight(caller, right)]));
}

/** The `objectdata/insert` right of a schema's `$security` (protocol §11.2: `canCreate`). */
export function insertRight(caller: Caller): boolean {
  return hasRight(caller, 'insert');
}
