import { defineDomain } from '../core/domain';
import { playersReducer } from './reducer';
import { initialPlayersState } from './state';

export const playersDomain = defineDomain({
  name: 'players',
  initialState: initialPlayersState,
  reducer: playersReducer,
  epics: {},
  selectors: {},
});
