import { defineDomain } from '../core/domain';
import { readHistory, writeHistory } from './epics';
import { initialRouterState, routerReducer } from './reducer';

export const routerDomain = defineDomain({
  name: 'router',
  initialState: initialRouterState,
  reducer: routerReducer,
  epics: { writeHistory, readHistory },
});
