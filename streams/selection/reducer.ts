import { caseReducer, on } from '../core/case-reducer';
import { signedOut } from '../session/events';
import { allSelected, cleared, rangeSelected, toggled } from './events';
import type { SelectionState } from './state';

export const selectionReducer = caseReducer<SelectionState>(
  on(toggled, (draft, { payload: { list, id } }) => {
    draft.byList[list] ??= { ids: [], anchor: null };
    const entry = draft.byList[list];
    const index = entry.ids.indexOf(id);
    if (index >= 0) entry.ids.splice(index, 1);
    else entry.ids.push(id);
    entry.anchor = id;
    if (entry.ids.length === 0) delete draft.byList[list];
  }),
  on(rangeSelected, (draft, { payload: { list, ids } }) => {
    if (ids.length === 0) return;
    draft.byList[list] ??= { ids: [], anchor: null };
    const entry = draft.byList[list];
    const known = new Set(entry.ids);
    for (const id of ids) {
      if (!known.has(id)) {
        known.add(id);
        entry.ids.push(id);
      }
    }
    // the anchor stays where the range started (a second shift-click ranges from it again)
    entry.anchor ??= ids[ids.length - 1] ?? null;
  }),
  on(allSelected, (draft, { payload: { list, ids } }) => {
    if (ids.length === 0) delete draft.byList[list];
    else draft.byList[list] = { ids: [...new Set(ids)], anchor: draft.byList[list]?.anchor ?? null };
  }),
  on(cleared, (draft, { payload: { list } }) => {
    delete draft.byList[list];
  }),
  on(signedOut, (draft) => {
    draft.byList = {};
  }),
);
