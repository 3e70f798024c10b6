import * as z from 'zod/mini';
import type { HttpRequest } from '../core/http';

/** Protocol §18: every analytics call is a POST whose fields are form fields. */
const BASE = '/wedia/analytics';

export type LoggedAction = 'view' | 'download';

/**
 * Log an entity view or download: multipart, as the reference client sends it (§18 note); the
 * answer is not read.
 */
export const logObjectData = (
  resource: string,
  id: string,
  actionId: LoggedAction,
  sessionType: string | undefined,
): HttpRequest<undefined> => ({
  method: 'POST',
  path: `${BASE}/log/objectdata`,
  body: { multipart: { object: resource, id, actionId, sessionType } },
});

/** One asset event line as the server sends it; other keys than view and download are left out. */
const wireAssetEventSchema = z.looseObject({
  key: z.string(),
  count: z.number(),
  caption: z.optional(z.nullable(z.string())),
});
export const assetEventsAnswerSchema = z.looseObject({ list: z.array(wireAssetEventSchema) });
export type AssetEventsAnswer = z.infer<typeof assetEventsAnswerSchema>;

/** Asset events (§18): all days by default, at most `max` lines, every user's. */
export const assetEvents = (
  resource: string,
  id: string,
  options: { nbrDays: number; max: number },
): HttpRequest<AssetEventsAnswer> => ({
  method: 'POST',
  path: `${BASE}/assetEvents`,
  body: {
    form: {
      nbrDays: options.nbrDays,
      object: resource,
      id,
      onlyDownloadAndView: false,
      max: options.max,
      onlyCurrentUser: false,
    },
  },
  schema: assetEventsAnswerSchema,
});
