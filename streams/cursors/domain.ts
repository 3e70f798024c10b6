import { defineDomain } from '../core/domain';
import {
  fetchCursorPage,
  loadCursorPage,
  pageCursor,
  refetchInvalidCursor,
  refetchOnChange,
  refetchOnIdentity,
  refuseUnknownFetch,
  registerCursor,
  resolveCursor,
} from './epics';
import { initialCursorsState, cursorsReducer } from './reducer';
import * as selectors from './selectors';

export const cursorsDomain = defineDomain({
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
  },
  selectors,
});
