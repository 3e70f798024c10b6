import * as z from 'zod/mini';
import { minLength } from '../core/bounds';
import { defineAnswer, defineFact, defineFailure, defineIntent } from '../core/event';

const text = z.string().check(minLength(1));
const size = z.union([z.string(), z.number()]);

/** What the portal fetches and caches per URL (protocol §1.10, §13.1). */
const mediaKindSchema = z.enum(['player', 'embed', 'free', 'description']);
export type MediaKind = z.infer<typeof mediaKindSchema>;

/** The HTML+JS player of an asset (cached 60 s per URL). */
export const playerRequested = defineIntent('players/playerRequested', {
  resource: text,
  id: text,
  width: size,
  height: size,
  canLogView: z.optional(z.boolean()),
  canLogPlaying: z.optional(z.boolean()),
  /** asks again after an error (protocol §13.2 runs a request only from unknown or loaded) */
  retry: z.optional(z.boolean()),
});

/** The embed code of an asset's player (POST, cached 60 s per URL and body). */
export const embedRequested = defineIntent('players/embedRequested', {
  resource: text,
  id: text,
  width: size,
  height: size,
  options: z.record(z.string(), z.unknown()),
  playerUid: z.optional(z.string()),
  retry: z.optional(z.boolean()),
});

/** The free player (cached 60 s). */
export const freePlayerRequested = defineIntent('players/freePlayerRequested', {
  retry: z.optional(z.boolean()),
});

/** The media description of an asset (404 → null, cached 20 s). */
export const descriptionRequested = defineIntent('players/descriptionRequested', {
  resource: text,
  id: text,
  retry: z.optional(z.boolean()),
});

/** A request went out: its entry is `fetching` (the data it had stays until the answer). */
export const fetchStarted = defineFact('players/fetchStarted', 'system', {
  key: text,
  kind: mediaKindSchema,
});

/**
 * The answer, kept under its URL with the time it came (`fetchedAt`, the epic's scheduler time):
 * the cache is state, so a replay decides like the session did. `data` is null for a media
 * description the server does not have (404).
 */
export const loaded = defineAnswer('players/loaded', {
  key: text,
  kind: mediaKindSchema,
  data: z.nullable(z.record(z.string(), z.unknown())),
  fetchedAt: z.number(),
});

export const fetchFailed = defineFailure('players/fetchFailed', { key: text, kind: mediaKindSchema });

/**
 * The embedded player frame's `listActions` message (protocol §13.2 [conv]), validated by the
 * view: the actions the player offers for that asset.
 */
export const actionsListed = defineIntent('players/actionsListed', {
  resource: text,
  id: text,
  actions: z.array(z.looseObject({ action: z.string() })),
});

/** A player the user chose to press in the frame's listed actions: it is posted to the frame. */
export const actionChosen = defineIntent('players/actionChosen', { resource: text, id: text, action: text });

/**
 * The player frame of an asset is put on the page (protocol §13.2 delays): hidden while it loads,
 * a loading notice only after `playerLoadingDelayMs`, shown `playerDisplayDelayMs` after its load.
 */
export const frameOpened = defineIntent('players/frameOpened', { resource: text, id: text });
/** The frame's load event: the player's callback, from which the display delay runs. */
export const frameLoaded = defineIntent('players/frameLoaded', { resource: text, id: text });
/** The frame left the page (the browser's player was chosen again, or the page closed). */
export const frameClosed = defineIntent('players/frameClosed', { resource: text, id: text });
/** The frame still loads after the loading delay: the loading notice is shown. */
export const loadingShown = defineFact('players/loadingShown', 'timer', { resource: text, id: text });
/** The display delay after the frame's load has passed: the frame is shown. */
export const frameDisplayed = defineFact('players/frameDisplayed', 'timer', { resource: text, id: text });

/** A player script is loading: its global is looked for every 250 ms, up to 50 times (§13.2). */
export const scriptAwaited = defineIntent('players/scriptAwaited', { name: text });
export const scriptReady = defineFact('players/scriptReady', 'system', { name: text });
export const scriptFailed = defineFact('players/scriptFailed', 'system', { name: text, message: z.string() });
