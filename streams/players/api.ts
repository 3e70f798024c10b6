import * as z from 'zod/mini';
import { encodePairs, type HttpRequest, type QueryValue } from '../core/http';

/** The HTML+JS player answer (protocol §13.1): the fields the portal uses; the rest is kept. */
const htmlPlayerSchema = z.looseObject({
  Dom: z.optional(z.string()),
  JavascriptUrl: z.optional(z.string()),
  JSEndpoint: z.optional(z.string()),
  LauncherOptions: z.optional(
    z.looseObject({
      mediasJsonUrl: z.optional(z.string()),
      mediasJson: z.optional(z.unknown()),
    }),
  ),
});
type HtmlPlayer = z.infer<typeof htmlPlayerSchema>;

/** Embed, free player and media description answers are used whole: an object. */
const wholeBodySchema = z.record(z.string(), z.unknown());

const BASE = '/wedia/evp';
const DESCRIBE_PATH = '/wedia/cloud/describeMedia';

/** The cache key of a request: its URL, plus its JSON body for a POST (protocol §1.10 "per URL"). */
export function cacheKeyOf(request: HttpRequest<unknown>): string {
  const pairs = request.query ? encodePairs(request.query as Record<string, QueryValue>) : [];
  const url = pairs.length > 0 ? `${request.path}?${pairs.join('&')}` : request.path;
  return request.body && 'json' in request.body
    ? `${request.method} ${url} ${JSON.stringify(request.body.json)}`
    : url;
}

interface PlayerParams {
  resource: string;
  id: string;
  width: string | number;
  height: string | number;
  canLogView?: boolean | undefined;
  canLogPlaying?: boolean | undefined;
}

/** GET `/wedia/evp/htmlAndJsPlayer.json` (`100%` goes as `100%25`: the client encodes values). */
export const htmlPlayer = (params: PlayerParams): HttpRequest<HtmlPlayer> => ({
  method: 'GET',
  path: `${BASE}/htmlAndJsPlayer.json`,
  query: {
    object: params.resource,
    id: params.id,
    width: String(params.width),
    height: String(params.height),
    canLogView: params.canLogView,
    canLogPlaying: params.canLogPlaying,
  },
  schema: htmlPlayerSchema,
});

/** POST `/wedia/evp/embed.json` with JSON `{Options, PlayerUid?}`. */
export const embedPlayer = (
  params: Omit<PlayerParams, 'canLogView' | 'canLogPlaying'> & {
    options: Record<string, unknown>;
    playerUid?: string | undefined;
  },
): HttpRequest<Record<string, unknown>> => ({
  method: 'POST',
  path: `${BASE}/embed.json`,
  query: {
    object: params.resource,
    id: params.id,
    width: String(params.width),
    height: String(params.height),
  },
  body: { json: { Options: params.options, PlayerUid: params.playerUid } },
  schema: wholeBodySchema,
});

/** GET `/wedia/evp/htmlAndJsFreePlayer.json`. */
export const freePlayer = (): HttpRequest<Record<string, unknown>> => ({
  method: 'GET',
  path: `${BASE}/htmlAndJsFreePlayer.json`,
  schema: wholeBodySchema,
});

/** GET `/wedia/cloud/describeMedia?object=&id=` (404 → null, decided by the epic). */
export const describeMedia = (resource: string, id: string): HttpRequest<Record<string, unknown>> => ({
  method: 'GET',
  path: DESCRIBE_PATH,
  query: { object: resource, id },
  schema: wholeBodySchema,
});

/** The cache key of each request intent (the reducer and the epic agree through these). */
export const requestKeys = {
  player: (params: PlayerParams) => cacheKeyOf(htmlPlayer(params)),
  embed: (params: Parameters<typeof embedPlayer>[0]) => cacheKeyOf(embedPlayer(params)),
  free: () => cacheKeyOf(freePlayer()),
  description: (resource: string, id: string) => cacheKeyOf(describeMedia(resource, id)),
};
