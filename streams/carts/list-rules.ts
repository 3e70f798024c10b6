import type { Cart, SortField } from './model';

/** Seed 000 §5, verbatim. */
export const NAME_REQUIRED = 'A cart requires a name';
export const NAME_NOT_EMPTY = 'A cart requires a non empty name';
/** seed 000 §8: a change to a cart the portal does not know. */
export const UNKNOWN_CART = 'Unknown cart';

/** Create: an undefined name, then an empty one once converted to text (protocol §6.4). */
export function createNameError(name: unknown): string | null {
  if (name === undefined || name === null) return NAME_REQUIRED;
  return String(name).trim() === '' ? NAME_NOT_EMPTY : null;
}

/** Edit: the name must be a string, and not an empty one (protocol §6.4). */
export function editNameError(name: unknown): string | null {
  if (typeof name !== 'string') return NAME_REQUIRED;
  return name.trim() === '' ? NAME_NOT_EMPTY : null;
}

type Comparable = string | number | null | undefined;

function fieldValue(cart: Cart, field: SortField): Comparable {
  switch (field) {
    case 'id':
      return Number.parseInt(cart.id, 10);
    case 'total':
      return cart.total;
    case 'name':
      return cart.name;
    case 'modified':
      return cart.modified;
  }
}

function compareValues(a: Comparable, b: Comparable): number {
  const aMissing = a === null || a === undefined || Number.isNaN(a);
  const bMissing = b === null || b === undefined || Number.isNaN(b);
  // a missing value is the smallest: first ascending, last descending (protocol §6.3)
  if (aMissing || bMissing) return aMissing === bMissing ? 0 : aMissing ? -1 : 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b));
}

/** Sorts by `id` (as an integer), `total` (item count) or another field; descending by default. */
export function sortCarts(carts: readonly Cart[], field: SortField, ascending: boolean): Cart[] {
  const direction = ascending ? 1 : -1;
  return [...carts].sort((a, b) => direction * compareValues(fieldValue(a, field), fieldValue(b, field)));
}

/** 0 or unset means the default, a negative value means unlimited (protocol §6.3). */
export function sharedLimit(setting: number | undefined, fallback: number): number {
  if (setting === undefined || setting === 0 || Number.isNaN(setting)) return fallback;
  return setting < 0 ? Number.POSITIVE_INFINITY : setting;
}

export interface SharedLimits {
  privateMax: number;
  publicMax: number;
}

/** Shared carts beyond their limit are dropped, in server order; my own carts never are. */
export function applySharedLimits<T extends Pick<Cart, 'isMine' | 'isPrivate'>>(
  carts: readonly T[],
  limits: SharedLimits,
): T[] {
  let privateCount = 0;
  let publicCount = 0;
  return carts.filter((cart) => {
    if (cart.isMine) return true;
    if (cart.isPrivate) {
      privateCount += 1;
      return privateCount <= limits.privateMax;
    }
    publicCount += 1;
    return publicCount <= limits.publicMax;
  });
}
