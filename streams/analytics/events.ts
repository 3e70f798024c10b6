import * as z from 'zod/mini';
import { minLength } from '../core/bounds';
import { defineAnswer, defineFailure, defineIntent } from '../core/event';
import { assetEvents, broadcast, genericTop, top, trend } from './endpoints';

const text = z.string().check(minLength(1));
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

/** The reads that end in one entry each: their events are declared with their requests. */
export const {
  requested: assetEventsRequested,
  started: assetEventsStarted,
  succeeded: assetEventsLoaded,
  failed: assetEventsFailed,
} = assetEvents;
export const { requested: topRequested, started: topStarted, succeeded: topLoaded, failed: topFailed } = top;
export const {
  requested: genericTopRequested,
  started: genericTopStarted,
  succeeded: genericTopLoaded,
  failed: genericTopFailed,
} = genericTop;
export const {
  requested: broadcastRequested,
  started: broadcastStarted,
  succeeded: broadcastLoaded,
  failed: broadcastFailed,
} = broadcast;
export const {
  requested: trendRequested,
  started: trendStarted,
  succeeded: trendLoaded,
  failed: trendFailed,
} = trend;
export { type AssetEvent, type TopLine, type TrendDay, topRefused, trendAbsent } from './endpoints';

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

export const eventLogRequested = defineIntent('analytics/eventLogRequested', {
  configuration: text,
  params: z.string(),
});
export const eventLogged = defineAnswer('analytics/eventLogged', { configuration: text });
export const eventLogFailed = defineFailure('analytics/eventLogFailed', { configuration: text });
