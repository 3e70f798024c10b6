import { defineDomain } from '../core/domain';
import { awaitScript, fetchMedia, frameDelays } from './epics';
import { playersReducer } from './reducer';
import {
  selectEmbed,
  selectFreePlayer,
  selectMediaDescription,
  selectPlayer,
  selectPlayerActions,
  selectPlayerChosenAction,
  selectPlayerFrame,
  selectPlayerScript,
} from './selectors';
import { initialPlayersState } from './state';

export const playersDomain = defineDomain({
  name: 'players',
  initialState: initialPlayersState,
  reducer: playersReducer,
  epics: { fetchMedia, awaitScript, frameDelays },
  selectors: {
    selectPlayer,
    selectEmbed,
    selectFreePlayer,
    selectMediaDescription,
    selectPlayerActions,
    selectPlayerChosenAction,
    selectPlayerFrame,
    selectPlayerScript,
  },
});
