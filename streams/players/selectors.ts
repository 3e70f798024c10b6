import type { FramePhase, MediaEntry, PlayersState, ScriptEntry } from './state';
import { mediaKey } from './model';

export {
  embedCodeOf,
  freePlayerCodeOf,
  imageByPath,
  imageByQuery,
  MEDIA_DEFAULTS,
  mediaDescriptionUrl,
  mediaKey,
  type PlayerFrameOptions,
  playerFrameUrl,
  unsecuredImage,
  VARIATION_PROVIDER_REFUSAL,
  type VariationTarget,
  variationTarget,
  viewerVariation,
} from './model';
export type { FramePhase, MediaEntry, PlayerStatus, ScriptEntry } from './state';

export type WithPlayers = { players: PlayersState };

const entryOf = (state: WithPlayers, kind: string, resource: string, id: string): MediaEntry | null => {
  const key = state.players.keyOf[`${kind}:${mediaKey(resource, id)}`];
  return key ? (state.players.byKey[key] ?? null) : null;
};

/** The HTML+JS player last asked for an asset: its status and answer (null before any ask). */
export const selectPlayer = (state: WithPlayers, resource: string, id: string): MediaEntry | null =>
  entryOf(state, 'player', resource, id);

/** The embed answer last asked for an asset. */
export const selectEmbed = (state: WithPlayers, resource: string, id: string): MediaEntry | null =>
  entryOf(state, 'embed', resource, id);

/** The free player answer. */
export const selectFreePlayer = (state: WithPlayers): MediaEntry | null => {
  const key = state.players.keyOf['free:'];
  return key ? (state.players.byKey[key] ?? null) : null;
};

/**
 * The media description of an asset: its entry (status, error), whose `data` is null when the
 * server has none (404).
 */
export const selectMediaDescription = (state: WithPlayers, resource: string, id: string): MediaEntry | null =>
  entryOf(state, 'description', resource, id);

const NO_ACTIONS: Array<{ action: string }> = [];
/** The actions the embedded player listed for an asset (its `listActions` message). */
export const selectPlayerActions = (
  state: WithPlayers,
  resource: string,
  id: string,
): Array<{ action: string }> => state.players.actions[mediaKey(resource, id)] ?? NO_ACTIONS;

/** A player script awaited: `fetching`, `loaded`, or `error` with `Could not load {name}`. */
export const selectPlayerScript = (state: WithPlayers, name: string): ScriptEntry | null =>
  state.players.scripts[name] ?? null;

/** Where an asset's player frame is: opening, loading (notice shown), ready (hidden), shown; null off the page. */
export const selectPlayerFrame = (state: WithPlayers, resource: string, id: string): FramePhase | null =>
  state.players.frames[mediaKey(resource, id)] ?? null;

/** The player action last pressed for an asset's frame, or null. */
export const selectPlayerChosenAction = (state: WithPlayers, resource: string, id: string): string | null =>
  state.players.chosen[mediaKey(resource, id)] ?? null;
