import type { SelectionState } from './state';

export type { ListSelection, SelectionState } from './state';
type WithSelection = { selection: SelectionState };

const NONE: readonly string[] = Object.freeze([]);

/** The ids picked in a list, in the order they were picked (the same array while nothing changes). */
export const selectSelection = (state: WithSelection, list: string): readonly string[] =>
  state.selection.byList[list]?.ids ?? NONE;

export const selectSelectionCount = (state: WithSelection, list: string): number =>
  state.selection.byList[list]?.ids.length ?? 0;

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
