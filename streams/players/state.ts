import type { SerializedError } from '../core/errors';
import type { MediaKind } from './events';

/** Protocol §13.2 statuses a player entry goes through. */
export type PlayerStatus = 'unknown' | 'fetching' | 'loaded' | 'error';

/** One cached answer, under its URL (protocol §1.10). */
export interface MediaEntry {
  kind: MediaKind;
  status: PlayerStatus;
  data: Record<string, unknown> | null;
  /** scheduler time of the answer kept in `data`; null before the first one */
  fetchedAt: number | null;
  error: SerializedError | null;
}

/** A script awaited: `fetching` while it is looked for, `loaded` once there, `error` after the last try. */
export interface ScriptEntry {
  status: 'fetching' | 'loaded' | 'error';
  message: string | null;
}

/**
 * A player frame on the page: `opening` (loading, hidden, no notice yet), `loading` (the notice is
 * shown), `ready` (loaded, still hidden for the display delay), `shown`.
 */
export type FramePhase = 'opening' | 'loading' | 'ready' | 'shown';

/** The players slice: players, embeds and media descriptions, cached per URL (protocol §13). */
export interface PlayersState {
  /** answers by cache key (URL, plus the JSON body of a POST) */
  byKey: Record<string, MediaEntry>;
  /** the key last asked for an asset, by `${kind}:${resource}|${id}` */
  keyOf: Record<string, string>;
  /** the actions the player frame listed, by `${resource}|${id}` */
  actions: Record<string, Array<{ action: string }>>;
  /** player scripts waited for, by global name */
  scripts: Record<string, ScriptEntry>;
  /** player frames on the page, by `${resource}|${id}` */
  frames: Record<string, FramePhase>;
  /** the action last pressed for a player, by `${resource}|${id}` */
  chosen: Record<string, string>;
}

export const initialPlayersState: PlayersState = {
  byKey: {},
  keyOf: {},
  actions: {},
  scripts: {},
  frames: {},
  chosen: {},
};
