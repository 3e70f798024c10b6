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
export const assetEventSchema = z.object({
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
