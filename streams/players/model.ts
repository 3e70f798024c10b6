import { encodePairs, type QueryValue } from '../core/http';

/**
 * Browser-loaded media addresses of protocol §13.1 (absolute, no Authorization, no `lang`, §1.1),
 * and the wire defaults of §13.2. Pure: views and epics both use them.
 */

/** The defaults of protocol §13.2 (names of the protocol, not tunable values). */
export const MEDIA_DEFAULTS = {
  variation: 'thumbnailBig',
  assetBlockVariation: 'thumbnailsmall',
  field: 'binary',
  gifPreviewVariation: 'preview_thumbnail_gif',
  player: 'bo.player',
  cartItemPlayer: 'fo.player',
  size: '100%',
  /** a download asks the original unless it names a variation (§13.1) */
  downloadVariation: 'original',
  watermarkSuffix: '_w',
} as const;

/** §13.2: "A variation provider needs an id or an entity, and a resource or an entity." */
export const VARIATION_PROVIDER_REFUSAL =
  'A variation provider needs an id or an entity, and a resource or an entity';

/** What a variation provider is given: an id and a resource, or an entity that carries them. */
export interface VariationTarget {
  resource?: string | null;
  id?: string | number | null;
  entity?: { id?: string | number | null; $resource?: string | null; resource?: string | null } | null;
}

/** The resource and id of a variation provider, or the refusal of §13.2 (thrown). */
export function variationTarget(target: VariationTarget): { resource: string; id: string } {
  const id = target.id ?? target.entity?.id;
  const resource = target.resource ?? target.entity?.$resource ?? target.entity?.resource;
  if (id === undefined || id === null || id === '' || !resource) throw new Error(VARIATION_PROVIDER_REFUSAL);
  return { resource, id: String(id) };
}

function query(values: Record<string, QueryValue>): string {
  return encodePairs(values).join('&');
}

/** The variation a viewer sees: `_w` appended when the viewer is watermarked (§13.2, §6.1). */
export function viewerVariation(base: string, watermarked: boolean): string {
  if (!watermarked || base.endsWith(MEDIA_DEFAULTS.watermarkSuffix)) return base;
  return `${base}${MEDIA_DEFAULTS.watermarkSuffix}`;
}

/**
 * Image by query: `{damUrl}/api/wedia/dam/variation?object=&id=&variation=`; a download adds
 * `download=true` and asks `original` when no variation is named.
 */
export function imageByQuery(
  apiPath: string,
  resource: string,
  id: string | number,
  variation?: string | null,
  options: { download?: boolean } = {},
): string {
  const { resource: res, id: key } = variationTarget({ resource, id });
  const chosen =
    variation || (options.download ? MEDIA_DEFAULTS.downloadVariation : MEDIA_DEFAULTS.variation);
  return `${apiPath}/api/wedia/dam/variation?${query({
    object: res,
    id: key,
    variation: chosen,
    download: options.download ? true : undefined,
  })}`;
}

/** Image by path: `{damUrl}/api/wedia/dam/variation/{res}/{id}/{v}`. */
export function imageByPath(
  apiPath: string,
  resource: string,
  id: string | number,
  variation?: string | null,
): string {
  const { resource: res, id: key } = variationTarget({ resource, id });
  const chosen = variation || MEDIA_DEFAULTS.variation;
  return `${apiPath}/api/wedia/dam/variation/${encodeURIComponent(res)}/${encodeURIComponent(key)}/${encodeURIComponent(chosen)}`;
}

/**
 * Unsecured image: `{damUrl}/__imageservlet{serverPath}?variation={v}`, only for a server path
 * that contains `/`; null otherwise (the caller then uses a secured address).
 */
export function unsecuredImage(
  apiPath: string,
  serverPath: string | null | undefined,
  variation?: string | null,
): string | null {
  if (!serverPath?.includes('/')) return null;
  const path = serverPath.startsWith('/') ? serverPath : `/${serverPath}`;
  return `${apiPath}/__imageservlet${path}?${query({ variation: variation || MEDIA_DEFAULTS.variation })}`;
}

/** Options of a player frame besides its size, sent as query parameters after `height` and `width`. */
export type PlayerFrameOptions = { width?: string | number; height?: string | number } & Record<
  string,
  QueryValue
>;

/**
 * The player iframe: `{damUrl}/api/wedia/dam/player/{player}/{resource}/{id}?height=…&width=…`
 * plus the other options; player `bo.player` and size `100%` (`100%25`) by default.
 */
export function playerFrameUrl(
  apiPath: string,
  player: string | null | undefined,
  resource: string,
  id: string | number,
  options: PlayerFrameOptions = {},
): string {
  const { resource: res, id: key } = variationTarget({ resource, id });
  const { width, height, ...rest } = options;
  const name = player || MEDIA_DEFAULTS.player;
  return `${apiPath}/api/wedia/dam/player/${encodeURIComponent(name)}/${encodeURIComponent(res)}/${encodeURIComponent(key)}?${query(
    {
      height: height ?? MEDIA_DEFAULTS.size,
      width: width ?? MEDIA_DEFAULTS.size,
      ...rest,
    },
  )}`;
}

/** The key of a resource and id in the players slice. */
export const mediaKey = (resource: string, id: string | number): string => `${resource}|${id}`;

const textOf = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/**
 * The code a user copies from an embed answer (protocol §13.1 "whole body"): its HTML when the
 * server gives one, else a frame of its embed address, else the answer itself as JSON.
 */
export function embedCodeOf(data: Record<string, unknown>): string {
  const html = textOf(data.Html) ?? textOf(data.html);
  if (html) return html;
  const url = textOf(data.EmbedUrl) ?? textOf(data.embedUrl);
  if (url) return `<iframe src="${url.replaceAll('"', '&quot;')}" allowfullscreen></iframe>`;
  return JSON.stringify(data, null, 2);
}

/** The browser address of an asset's media description (what the free player loads). */
export const mediaDescriptionUrl = (apiPath: string, resource: string, id: string | number): string => {
  const target = variationTarget({ resource, id });
  return `${apiPath}/api/wedia/cloud/describeMedia?${query({ object: target.resource, id: target.id })}`;
};

/**
 * The free player (protocol §13.1) set on an asset: its markup, its script, and a launch with the
 * asset's media description address; null when the answer lacks the script or the endpoint.
 */
export function freePlayerCodeOf(data: Record<string, unknown>, mediasJsonUrl: string): string | null {
  const script = textOf(data.JavascriptUrl);
  const endpoint = textOf(data.JSEndpoint);
  if (!script || !endpoint) return null;
  const dom = textOf(data.Dom) ?? '';
  const element = textOf(data.ElementId);
  const target = element ? `document.getElementById(${JSON.stringify(element)})` : 'document.body';
  return [
    dom,
    `<script src="${script.replaceAll('"', '&quot;')}"></script>`,
    `<script>${endpoint}.launch(${target}, { mediasJsonUrl: ${JSON.stringify(mediasJsonUrl)} });</script>`,
  ]
    .filter(Boolean)
    .join('\n');
}
