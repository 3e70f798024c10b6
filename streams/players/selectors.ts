import type { PlayersState } from './state';

export type WithPlayers = { players: PlayersState };
