/** The players slice: players, embeds and media descriptions, cached per URL (protocol §13). */
export interface PlayersState {
  byKey: Record<string, never>;
}

export const initialPlayersState: PlayersState = { byKey: {} };
