import { defineDomain } from '../core/domain';
import { refuseDuplicateQuery, resolveSubqueries, setConstraints, setOneConstraint } from './epics';
import { queriesReducer } from './reducer';
import { initialQueriesState } from './state';

export const queriesDomain = defineDomain({
  name: 'queries',
  initialState: initialQueriesState,
  reducer: queriesReducer,
  epics: { setConstraints, setOneConstraint, refuseDuplicateQuery, resolveSubqueries },
});
