import { itemKey, itemKeys } from '../../streams/carts/model';
import { selectCart, selectContent } from '../../streams/carts/selectors';
import type { Row } from '../../streams/cursors/model';
import { selectCursorRows } from '../../streams/cursors/selectors';
import type { RootState } from '../../streams/root';
import { SEARCH_CURSOR } from '../../streams/search/url';

/** The list an asset page was opened from (`?from=search`, `?from=cart-<cartId>`). */
type AssetList = { kind: 'search' } | { kind: 'cart'; cartId: string };

export function parseFrom(from: string | null | undefined): AssetList | null {
  if (from === 'search') return { kind: 'search' };
  if (from?.startsWith('cart-') && from.length > 5) return { kind: 'cart', cartId: from.slice(5) };
  return null;
}

/** The `from` of the address, or null. */
export function fromOf(search: string): string | null {
  return new URLSearchParams(search.replace(/^\?/, '')).get('from');
}

/**
 * The search an asset was opened from, as its own query string (`q=lake&f.assetnature=2`): a
 * search result's link carries it as `back`, so "Back to results" returns to that search, reloads
 * and shared links included. Empty for a search without parameters.
 */
export function backOf(search: string): string {
  return new URLSearchParams(search.replace(/^\?/, '')).get('back') ?? '';
}

/** The address of an asset opened from a list, which keeps that list (`from`) and the search to go back to (`back`). */
export function listedAssetHref(resource: string, id: string, from: string | null, back = ''): string {
  const base = `/assets/${encodeURIComponent(resource)}/${encodeURIComponent(id)}`;
  const params = new URLSearchParams();
  if (from) params.set('from', from);
  if (back) params.set('back', back.replace(/^\?/, ''));
  const query = params.toString();
  return query ? `${base}?${query}` : base;
}

const resourceOf = (row: Row): string =>
  typeof row.$resource === 'string' && row.$resource ? row.$resource : 'asset';

/** Position of each `resource/id` in a list of rows, computed once per list. */
const searchIndex = new WeakMap<readonly Row[], Map<string, number>>();
function searchKeys(rows: readonly Row[]): Map<string, number> {
  let index = searchIndex.get(rows);
  if (!index) {
    index = new Map(rows.map((row, position) => [itemKey(resourceOf(row), row.id), position]));
    searchIndex.set(rows, index);
  }
  return index;
}

/** The `resource/id` keys of a cart's items, in its order (its content, else the list's cart). */
function cartKeys(state: RootState, cartId: string): readonly string[] {
  const content = selectContent(state, cartId);
  if (content.keys.length > 0) return content.keys;
  const cart = selectCart(state, cartId);
  return cart ? itemKeys(cart.items) : [];
}

/**
 * The asset before (`step` −1) or after (+1) this one in the list it was opened from, as a
 * `resource/id` key (a string, so the view re-renders only when it changes); null at the ends,
 * when the asset is not in the list, or when the list is unknown.
 */
export function selectNeighbour(
  state: RootState,
  from: string | null,
  resource: string,
  id: string,
  step: -1 | 1,
): string | null {
  const list = parseFrom(from);
  if (!list) return null;
  const key = itemKey(resource, id);
  if (list.kind === 'search') {
    const rows = selectCursorRows(state, SEARCH_CURSOR);
    const position = searchKeys(rows).get(key);
    if (position === undefined) return null;
    const row = rows[position + step];
    return row ? itemKey(resourceOf(row), row.id) : null;
  }
  const keys = cartKeys(state, list.cartId);
  const position = keys.indexOf(key);
  if (position < 0) return null;
  return keys[position + step] ?? null;
}

/** The address of a neighbour, keeping the list it came from and the search to go back to. */
export function assetHref(key: string, from: string | null, back = ''): string {
  const slash = key.indexOf('/');
  return listedAssetHref(key.slice(0, slash), key.slice(slash + 1), from, back);
}
