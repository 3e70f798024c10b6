import { defineDomain } from '../core/domain';
import { cartsEpics } from './epics';
import { cartsReducer } from './reducer';
import { initialCartsState } from './state';
import * as selectors from './selectors';

export const cartsDomain = defineDomain({
  name: 'carts',
  initialState: initialCartsState,
  reducer: cartsReducer,
  epics: cartsEpics,
  selectors,
});
