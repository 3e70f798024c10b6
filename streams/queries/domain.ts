import { defineDomain } from '../core/domain';
import { refuseDuplicateQuery, resolveSubqueries, setConstraints, setOneConstraint } from './epics';
import { queriesReducer } from './reducer';
import { initialQueriesState } from './state';
import { selectConstraint, selectQuery, selectQueryStatus, selectWireQuery } from './selectors';

export const queriesDomain = defineDomain({
  name: 'queries',
  initialState: initialQueriesState,
  reducer: queriesReducer,
  epics: { setConstraints, setOneConstraint, refuseDuplicateQuery, resolveSubqueries },
  selectors: { selectQuery, selectQueryStatus, selectConstraint, selectWireQuery },
});
