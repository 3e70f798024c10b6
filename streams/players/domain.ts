import { defineDomain } from '../core/domain';
import { awaitScript, fetchMedia } from './epics';
import { playersReducer } from './reducer';
import {
  selectEmbed,
  selectFreePlayer,
  selectMediaDescription,
  selectPlayer,
  selectPlayerActions,
  selectPlayerScript,
} from './selectors';
import { initialPlayersState } from './state';

export const playersDomain = defineDomain({
  name: 'players',
  initialState: initialPlayersState,
  reducer: playersReducer,
  epics: { fetchMedia, awaitScript },
  selectors: {
    selectPlayer,
    selectEmbed,
    selectFreePlayer,
    selectMediaDescription,
    selectPlayerActions,
    selectPlayerScript,
  },
});
