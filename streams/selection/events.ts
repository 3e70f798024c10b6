import * as z from 'zod/mini';
import { defineIntent } from '../core/event';

/**
 * Selection: the items a user picked in a list, for actions on several at once ("Edit metadata of
 * the selection", "Remove selected", "Validate"). The one selection model of the portal: the
 * search results (`SEARCH_CURSOR`), a cart's items (`cart:{id}`), an import's items
 * (`import:{id}`); `selectionList` names them. Kept as events, so a replay shows the same selection.
 *
 * Public API (events to dispatch)
 * - `selection/toggled` {list, id}: adds the id when it is not selected, else removes it.
 * - `selection/rangeSelected` {list, ids}: adds every id (shift-click: the view names the ids
 *   between the last toggled one and the clicked one, in the list's order).
 * - `selection/allSelected` {list, ids}: exactly these ids ("Select all" of the ids shown).
 * - `selection/cleared` {list}: nothing selected any more.
 * Signing out clears every list.
 * Selectors (`streams/selection/selectors.ts`): selectSelection(list) (ids in the order picked),
 * selectIsSelected(list, id), selectSelectionAnchor(list) (the last toggled id), selectSelectionAmong(list,
 * shown) (the picked ids a list still shows: a filtered or shortened list keeps its picks for later).
 */

const list = z.string();
const id = z.string();

export const toggled = defineIntent('selection/toggled', { list, id });
export const rangeSelected = defineIntent('selection/rangeSelected', { list, ids: z.array(id) });
export const allSelected = defineIntent('selection/allSelected', { list, ids: z.array(id) });
export const cleared = defineIntent('selection/cleared', { list });
