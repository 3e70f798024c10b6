import { defineDomain } from '../core/domain';
import { awaitScript, fetchMedia, frameDelays } from './epics';
import { playersReducer } from './reducer';
import { initialPlayersState } from './state';

export const playersDomain = defineDomain({
  name: 'players',
  initialState: initialPlayersState,
  reducer: playersReducer,
  epics: { fetchMedia, awaitScript, frameDelays },
});
