import { defineDomain } from '../core/domain';
import { refetchOnChange, refetchOnIdentity, registerCursor, resolveCursor } from './epics';
import {
  fetchCursorPage,
  loadCursorPage,
  pageCursor,
  refetchInvalidCursor,
  refuseUnknownFetch,
} from './fetch-epics';
import type { WithSession } from '../session/selectors';
import {
  applyCursorTo,
  clearAppliedSearch,
  filterByAggregate,
  holdUndefinedPath,
  refuseUnknownCursor,
} from './rule-epics';
import type { CursorsState } from './model';
import { cursorsReducer } from './reducer';
import { refreshListedRows } from './refresh-epics';
import type { ListSlices } from './request';
import { initialCursorsState } from './state';

export const cursorsDomain = defineDomain<'cursors', CursorsState, ListSlices & WithSession>({
  name: 'cursors',
  initialState: initialCursorsState,
  reducer: cursorsReducer,
  epics: {
    registerCursor,
    resolveCursor,
    refetchOnChange,
    refetchOnIdentity,
    fetchCursorPage,
    loadCursorPage,
    pageCursor,
    refetchInvalidCursor,
    refuseUnknownFetch,
    refuseUnknownCursor,
    holdUndefinedPath,
    applyCursorTo,
    clearAppliedSearch,
    filterByAggregate,
    refreshListedRows,
  },
});
