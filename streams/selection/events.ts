import * as z from 'zod/mini';
import { defineIntent } from '../core/event';

/**
 * Selection: the results a user picked in a list (the search results, a cart), for actions on
 * several at once ("Edit metadata of the selection"). Kept as events, so a replay shows the same
 * selection.
 *
 * Public API (events to dispatch)
 * - `selection/toggled` {list, id}: adds the id when it is not selected, else removes it.
 * - `selection/rangeSelected` {list, ids}: adds every id (shift-click: the view names the ids
 *   between the last toggled one and the clicked one, in the list's order).
 * - `selection/cleared` {list}: nothing selected any more.
 * Signing out clears every list.
 * Selectors (`streams/selection/selectors.ts`): selectSelection(list) (ids in the order picked),
 * selectIsSelected(list, id), selectSelectionCount(list), selectSelectionAnchor(list) (the last toggled id).
 */

const list = z.string();
const id = z.string();

export const toggled = defineIntent('selection/toggled', { list, id });
export const rangeSelected = defineIntent('selection/rangeSelected', { list, ids: z.array(id) });
export const cleared = defineIntent('selection/cleared', { list });
