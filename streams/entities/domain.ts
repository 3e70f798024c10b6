import { defineDomain } from '../core/domain';
import { entitiesReducer } from './reducer';
import { initialEntitiesState } from './state';

export const entitiesDomain = defineDomain({
  name: 'entities',
  initialState: initialEntitiesState,
  reducer: entitiesReducer,
  epics: {},
  selectors: {},
});
