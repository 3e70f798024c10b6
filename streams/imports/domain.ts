import { defineDomain } from '../core/domain';
import { importsReducer } from './reducer';
import { initialImportsState } from './state';

export const importsDomain = defineDomain({
  name: 'imports',
  initialState: initialImportsState,
  reducer: importsReducer,
  epics: {},
  selectors: {},
});
