import * as z from 'zod/mini';
import { defineAnswer, defineFact, defineFailure, defineIntent } from '../core/event';

const text = z.string().check(z.minLength(1));
const actionIdSchema = z.enum(['view', 'download']);

/** An asset was opened: a `view` is logged (protocol §18, fire and forget). */
export const objectViewed = defineIntent('analytics/objectViewed', { resource: text, id: text });
/** An asset was downloaded: a `download` is logged. */
export const objectDownloaded = defineIntent('analytics/objectDownloaded', { resource: text, id: text });

/** The server took the log line (its answer is not read). */
export const objectLogged = defineAnswer('analytics/objectLogged', {
  resource: text,
  id: text,
  actionId: actionIdSchema,
});
/** The log line was lost: kept in the event log (and the portal log), never shown. */
export const objectLogFailed = defineFailure('analytics/objectLogFailed', {
  resource: text,
  id: text,
  actionId: actionIdSchema,
});

/** One line of an asset's usage: how many views or downloads (protocol §18 "Asset events"). */
const assetEventSchema = z.object({
  key: actionIdSchema,
  count: z.number(),
  caption: z.optional(z.string()),
});
export type AssetEvent = z.infer<typeof assetEventSchema>;

export const assetEventsRequested = defineIntent('analytics/assetEventsRequested', {
  resource: text,
  id: text,
});
/** Asset events always go through `fetching` (§18). */
export const assetEventsStarted = defineFact('analytics/assetEventsStarted', 'system', {
  resource: text,
  id: text,
});
export const assetEventsLoaded = defineAnswer('analytics/assetEventsLoaded', {
  resource: text,
  id: text,
  list: z.array(assetEventSchema),
});
export const assetEventsFailed = defineFailure('analytics/assetEventsFailed', { resource: text, id: text });

/*
 * Issue 17 (protocol §18; seed 001 §3, §4, §7, §9)
 *
 * Public API: tops
 * - dispatch `analytics/topRequested` {name, nbrDays?, max?}: name is one of TOP_NAMES
 *   (`topDamView`, `topDamDownload`, `topDamViewUser`, `topDamDownloadUser`; the `User` ones send
 *   onlyCurrentUser=true). nbrDays defaults to config.analyticsTopCallDays (0), max to
 *   config.analyticsTopMax (24); the /analytics screen passes its period (config.analyticsTopUiDays,
 *   30, at first; -1 for "all"). `object` is repeated with the resources of the `dam/asset`
 *   sub-schemas (read from the schemas domain, `asset` while they are not known).
 *   Skipped while the top is `initial` or `fetching`; `registered` goes `initial`, any other
 *   status `fetching` (`analytics/topStarted`); then `analytics/topLoaded` {name, ts, list,
 *   nbrDays, max} (each line `{key, resource, id, count}`, the key split on its first `_`) or
 *   `analytics/topFailed` (status `error`, `error.message` the message). An unknown name gives
 *   `analytics/topRefused` {name, message: 'Unknown top {name}'}.
 *   Read with selectTop(state, name), selectTopName(kind, onlyMine), TOP_NAMES, TOP_PERIODS.
 * - generic top: `analytics/genericTopRequested` {id, configurationName, aggregationFieldname,
 *   nbrDays?, max?, query?, onlyCurrentUser?} → `genericTopStarted` → `genericTopLoaded` {id, data
 *   (whole body)} | `genericTopFailed`. selectGenericTop(state, id).
 * - broadcast data (whereDamBroadcasted): `analytics/broadcastRequested` {uuid, max?, nbDays?} →
 *   `broadcastStarted` → `broadcastLoaded` {uuid, data (whole body)} | `broadcastFailed`.
 *   selectBroadcast(state, uuid).
 * - daily trend (demo convention of helper 17A, POST /wedia/analytics/trend): dispatch
 *   `analytics/trendRequested` {nbrDays, onlyCurrentUser} → `trendStarted` → `trendLoaded` {key,
 *   days: [{day, views, downloads}]} | `trendAbsent` {key} (the server has no such call: 404,
 *   405, 501 or an answer that is no trend; status not_found, the screen says "not available",
 *   and no other period is asked of that server) | `trendFailed`. selectTrend(state, nbrDays, onlyCurrentUser).
 * - event logging (`log/event`): searches (`cursors/fulltextChanged` of the `search` list with a
 *   text) and shares (`carts/shareCreated`, `savedSearches/shared`) are logged by the domain
 *   itself (configuration `search` / `share`, params as JSON); `analytics/eventLogRequested`
 *   {configuration, params} logs anything else. Fire and forget: `eventLogged` | `eventLogFailed`.
 */

const topNameSchema = z.string().check(z.minLength(1));

export const topRequested = defineIntent('analytics/topRequested', {
  name: topNameSchema,
  nbrDays: z.optional(z.number()),
  max: z.optional(z.number()),
});
/** An unknown top name (protocol §18): nothing is asked. */
export const topRefused = defineFact('analytics/topRefused', 'system', {
  name: topNameSchema,
  message: z.string(),
});
/** The request leaves: `registered` → `initial`, another status → `fetching`. */
export const topStarted = defineFact('analytics/topStarted', 'system', {
  name: topNameSchema,
  status: z.enum(['initial', 'fetching']),
  nbrDays: z.number(),
  max: z.number(),
});
const topLineSchema = z.object({
  key: z.string(),
  resource: z.string(),
  id: z.string(),
  count: z.number(),
});
export type TopLine = z.infer<typeof topLineSchema>;
export const topLoaded = defineAnswer('analytics/topLoaded', {
  name: topNameSchema,
  ts: z.number(),
  nbrDays: z.number(),
  max: z.number(),
  list: z.array(topLineSchema),
});
export const topFailed = defineFailure('analytics/topFailed', { name: topNameSchema });

export const genericTopRequested = defineIntent('analytics/genericTopRequested', {
  id: text,
  configurationName: text,
  aggregationFieldname: text,
  nbrDays: z.optional(z.number()),
  max: z.optional(z.number()),
  query: z.optional(z.unknown()),
  onlyCurrentUser: z.optional(z.boolean()),
});
export const genericTopStarted = defineFact('analytics/genericTopStarted', 'system', { id: text });
export const genericTopLoaded = defineAnswer('analytics/genericTopLoaded', { id: text, data: z.unknown() });
export const genericTopFailed = defineFailure('analytics/genericTopFailed', { id: text });

export const broadcastRequested = defineIntent('analytics/broadcastRequested', {
  uuid: text,
  max: z.optional(z.number()),
  nbDays: z.optional(z.number()),
});
export const broadcastStarted = defineFact('analytics/broadcastStarted', 'system', { uuid: text });
export const broadcastLoaded = defineAnswer('analytics/broadcastLoaded', { uuid: text, data: z.unknown() });
export const broadcastFailed = defineFailure('analytics/broadcastFailed', { uuid: text });

const trendDaySchema = z.object({ day: z.string(), views: z.number(), downloads: z.number() });
export type TrendDay = z.infer<typeof trendDaySchema>;
export const trendRequested = defineIntent('analytics/trendRequested', {
  nbrDays: z.number(),
  onlyCurrentUser: z.boolean(),
});
/** `key` is `${nbrDays}|${onlyCurrentUser}` (trendKey in selectors). */
export const trendStarted = defineFact('analytics/trendStarted', 'system', { key: z.string() });
export const trendLoaded = defineAnswer('analytics/trendLoaded', {
  key: z.string(),
  days: z.array(trendDaySchema),
});
/** The server has no trend call (404, 405, 501, or an answer that is no trend): "not available". */
export const trendAbsent = defineAnswer('analytics/trendAbsent', { key: z.string() });
export const trendFailed = defineFailure('analytics/trendFailed', { key: z.string() });

export const eventLogRequested = defineIntent('analytics/eventLogRequested', {
  configuration: text,
  params: z.string(),
});
export const eventLogged = defineAnswer('analytics/eventLogged', { configuration: text });
export const eventLogFailed = defineFailure('analytics/eventLogFailed', { configuration: text });
