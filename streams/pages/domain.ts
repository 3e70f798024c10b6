import { defineDomain } from '../core/domain';
import { pagesReducer } from './reducer';
import { initialPagesState } from './state';

export const pagesDomain = defineDomain({
  name: 'pages',
  initialState: initialPagesState,
  reducer: pagesReducer,
  epics: {},
  selectors: {},
});
