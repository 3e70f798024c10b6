import type { Constraint } from '../core/query/operators';
import type { Row } from '../cursors/selectors';
import type { Chunk } from './huge-cart';
import type { CartItem, FulltextMode, ItemMap } from './model';

/**
 * A cart's content as a list query (seed 002 §4, protocol §6.6): the temporary cursor
 * `~[CART@{id}]` of the cursor registry, on `dam/asset`, one page of at most the cart cursor max.
 * Its constraints name the cart's ids per resource; a huge cart's constraints are one chunk (one
 * sequence) at a time. Pure: the names, options and constraints the epics send.
 */

const PREFIX = '~[CART@';
const SUFFIX = ']';

const CART_CURSOR_PATH = 'dam/asset';

export function cartCursorName(cartId: string): string {
  return `${PREFIX}${cartId}${SUFFIX}`;
}

/** The cart a cursor name is the content of, or null for another list. */
export function cartOfCursor(name: string): string | null {
  return name.startsWith(PREFIX) && name.endsWith(SUFFIX) ? name.slice(PREFIX.length, -SUFFIX.length) : null;
}

const NOTHING: Record<string, Constraint> = { default: { field: 'id', operator: 'eq', value: 0 } };

/**
 * Every resource of the cart with all its ids: the one sequence of a cart that is not huge. An
 * empty cart keeps the default constraint: no constraint at all would list every asset.
 */
export function cartConstraints(items: ItemMap): Record<string, Constraint> {
  const entries = Object.entries(items);
  if (entries.length === 0) return NOTHING;
  return Object.fromEntries(
    entries.map(([resource, ids]) => [`${resource}_items`, itemsConstraint(resource, ids)]),
  );
}

/**
 * The registration of protocol §6.6: `dam/asset`, the page size (`max` at most the cart cursor
 * max), default constraint `{"id":{"eq":0}}` (nothing until the cart's ids are set), fulltext `''`,
 * `techprops=none`, `withAggregates=false`.
 */
export function cartCursorRegistration(cartId: string, max: number) {
  return {
    name: cartCursorName(cartId),
    path: CART_CURSOR_PATH,
    max,
    fulltext: '',
    techprops: ['none'],
    withAggregates: false,
    constraints: NOTHING,
  };
}

/**
 * "Search in this cart" in cursor mode: the cart's list query searches the text (seed 002 §4), its
 * mode sent only when should or must (seed 000 §5), as `viewCart` would.
 */
export function cartCursorFulltext(cartId: string, fulltext: string, mode: FulltextMode) {
  return { name: cartCursorName(cartId), fulltext, mode: mode === 'default' ? null : mode };
}

/** `<res>_items` = `{"<res>@id":{"in":[ids]}}`, or `[0]` for a resource without ids (protocol §6.6). */
function itemsConstraint(resource: string, ids: readonly string[]): Constraint {
  return { field: `${resource}@id`, operator: 'in', value: ids.length > 0 ? [...ids] : [0] };
}

/** One chunk's sequence of a huge cart: its resource with its ids, every other resource `[0]`. */
export function chunkConstraints(chunk: Chunk, resources: readonly string[]): Record<string, Constraint> {
  return Object.fromEntries(
    resources.map((resource) => [
      `${resource}_items`,
      itemsConstraint(resource, resource === chunk.resource ? chunk.ids : []),
    ]),
  );
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const number = (value: unknown): number | null => (typeof value === 'number' ? value : null);

/** A row of the cart's list as the cart shows an item (its `$resource`, else the list's). */
export function rowToItem(row: Row, resource: string): CartItem {
  const nature = row.assetnature as { code?: unknown } | null | undefined;
  return {
    id: String(row.id),
    resource: text(row.$resource) ?? resource,
    name: text(row.name),
    title: text(row.title),
    mimetype: text(row.mimetype),
    nature: text(nature?.code),
    filesize: number(row.filesize),
    width: number(row.width),
    height: number(row.height),
  };
}
