import { memo } from '../core/memo';
import type { SelectionState } from './state';

export type { ListSelection, SelectionState } from './state';
type WithSelection = { selection: SelectionState };

const NONE: readonly string[] = Object.freeze([]);

/** The ids picked in a list, in the order they were picked (the same array while nothing changes). */
export const selectSelection = (state: WithSelection, list: string): readonly string[] =>
  state.selection.byList[list]?.ids ?? NONE;

/** The name of the selection of a cart's items, or of an import's items. */
export const selectionList = {
  cart: (cartId: string) => `cart:${cartId}`,
  import: (jobId: string) => `import:${jobId}`,
} as const;

const among = memo(
  (ids: readonly string[], shown: readonly string[], _list: string): readonly string[] => {
    const keep = new Set(shown);
    const kept = ids.filter((id) => keep.has(id));
    return kept.length === ids.length ? ids : kept;
  },
  (_ids, _shown, list: string) => list,
);
/**
 * The picked ids a list still shows, in the order picked: an id filtered out or removed stays
 * picked in the slice but is not acted on (the same array while neither changes).
 */
export const selectSelectionAmong = (state: WithSelection, list: string, shown: readonly string[]) =>
  among(selectSelection(state, list), shown, list);

export const selectIsSelected = (state: WithSelection, list: string, id: string): boolean =>
  state.selection.byList[list]?.ids.includes(id) ?? false;

/** The last id toggled in a list: where a shift-click's range starts. */
export const selectSelectionAnchor = (state: WithSelection, list: string): string | null =>
  state.selection.byList[list]?.anchor ?? null;

/**
 * The ids of a shift-click's range: from the anchor to the clicked id, in the list's order (the
 * clicked id alone when there is no anchor or it is no longer in the list).
 */
export function rangeBetween(keys: readonly string[], anchor: string | null, id: string): string[] {
  const to = keys.indexOf(id);
  const from = anchor === null ? -1 : keys.indexOf(anchor);
  if (to < 0) return [id];
  if (from < 0) return [id];
  const [low, high] = from <= to ? [from, to] : [to, from];
  return keys.slice(low, high + 1);
}
