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
const assetEventsAnswerSchema = z.looseObject({ list: z.array(wireAssetEventSchema) });
export type AssetEventsAnswer = z.infer<typeof assetEventsAnswerSchema>;

/**
 * Asset events (§18), multipart as the reference sends them (seed 001 says form encoded): all
 * days by default, at most `max` lines, every user's.
 */
export const assetEvents = (
  resource: string,
  id: string,
  options: { nbrDays: number; max: number },
): HttpRequest<AssetEventsAnswer> => ({
  method: 'POST',
  path: `${BASE}/assetEvents`,
  body: {
    multipart: {
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

/** A top line as the server sends it: `key` is `{resource}_{id}` (protocol §18). */
const topAnswerSchema = z.looseObject({
  list: z.array(z.looseObject({ key: z.string(), count: z.number() })),
});
type TopAnswer = z.infer<typeof topAnswerSchema>;

/** Top list (§18): `object` repeated with the resources counted. */
export const top = (
  name: 'topDamView' | 'topDamDownload',
  options: { nbrDays: number; max: number; onlyCurrentUser: boolean; objects: readonly string[] },
): HttpRequest<TopAnswer> => ({
  method: 'POST',
  path: `${BASE}/${name}`,
  body: {
    multipart: {
      nbrDays: options.nbrDays,
      max: options.max,
      onlyCurrentUser: options.onlyCurrentUser,
      object: [...options.objects],
    },
  },
  schema: topAnswerSchema,
});

const wholeSchema = z.unknown();

/** Generic top (§18): the whole body is kept. */
export const genericTop = (fields: {
  configurationName: string;
  aggregationFieldname: string;
  nbrDays: number;
  max: number;
  query: unknown;
  onlyCurrentUser: boolean;
}): HttpRequest<unknown> => ({
  method: 'POST',
  path: `${BASE}/top`,
  body: {
    multipart: {
      configurationName: fields.configurationName,
      aggregationFieldname: fields.aggregationFieldname,
      nbrDays: fields.nbrDays,
      max: fields.max,
      query: JSON.stringify(fields.query ?? {}),
      onlyCurrentUser: fields.onlyCurrentUser,
    },
  },
  schema: wholeSchema,
});

/** Broadcast data [seed only] (§18): kept whole, keyed by uuid. */
export const whereDamBroadcasted = (uuid: string, max: number, nbDays: number): HttpRequest<unknown> => ({
  method: 'POST',
  path: `${BASE}/whereDamBroadcasted`,
  body: { multipart: { max, nbDays, uuid } },
  schema: wholeSchema,
});

/** Log event (§18): the answer is not read. */
export const logEvent = (
  configuration: string,
  params: string,
  sessionType: string | undefined,
): HttpRequest<undefined> => ({
  method: 'POST',
  path: `${BASE}/log/event`,
  body: { multipart: { configuration, params, sessionType } },
});

/**
 * The daily trend: a demo convention, no protocol call (only the demo server answers it):
 * `{days: [{date, view, download}]}`, oldest first. A real server has none: the portal works
 * without it (loadTrend).
 */
const trendAnswerSchema = z.looseObject({
  days: z.array(z.looseObject({ date: z.string(), view: z.number(), download: z.number() })),
});
export const dailyTrend = (
  nbrDays: number,
  onlyCurrentUser: boolean,
): HttpRequest<z.infer<typeof trendAnswerSchema>> => ({
  method: 'POST',
  path: `${BASE}/trend`,
  body: { multipart: { nbrDays, onlyCurrentUser } },
  schema: trendAnswerSchema,
});
