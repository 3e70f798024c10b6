import { HttpResponse, http } from 'msw';
import { type Asset, findAsset } from '../db/assets';
import { HOSTILE_PLAYER_HTML } from '../hostile';
import { SAMPLE_VIDEO_SIZE } from '../entities/variations';
import { escapeXml } from '../media/svg';
import { runtime } from '../runtime';
import { userOf } from './caller';
import { errorResponse } from './respond';

/** The global the player script defines, awaited by the client (protocol §13.2). */
export const PLAYER_ENDPOINT = 'WediaEvpPlayer';

const EVP = '*/api/wedia/evp';

const suffixOf = (request: Request): string => (userOf(request)?.role.watermark ? '_w' : '');

function videoAsset(object: string | null, id: string | null): Asset | undefined {
  const asset = object === 'asset' && id ? findAsset(runtime.db.assets, id) : undefined;
  return asset?.assetnature.code === 'video' ? asset : undefined;
}

/** The media description of a video (protocol §13.1), its sources as browser URLs. */
function describe(request: Request, asset: Asset): Record<string, unknown> {
  const origin = new URL(request.url).origin;
  const base = `${origin}/api/wedia/dam/variation/asset/${asset.id}`;
  const end = suffixOf(request);
  return {
    object: 'asset',
    id: String(asset.id),
    uuid: asset.$uuid,
    title: asset.name,
    mediaType: 'video',
    duration: 4,
    catalogDuration: asset.duration,
    width: SAMPLE_VIDEO_SIZE.width,
    height: SAMPLE_VIDEO_SIZE.height,
    poster: `${base}/preview${end}`,
    sources: [{ url: `${base}/video${end}`, mimetype: 'video/webm' }],
  };
}

const cssSize = (value: string | null): string =>
  value && /^\d+(\.\d+)?(%|px)?$/.test(value) ? (/\d$/.test(value) ? `${value}px` : value) : '100%';

function playerDom(id: string, width: string | null, height: string | null): string {
  if (runtime.settings['hostile.playerHtml']) return HOSTILE_PLAYER_HTML;
  return `<div id="${escapeXml(id)}" class="evp-player" style="width:${cssSize(width)};height:${cssSize(height)}"></div>`;
}

/** A tiny script defining `WediaEvpPlayer.launch(element, options)`: a `<video>` of the first source. */
const PLAYER_SCRIPT = `window.${PLAYER_ENDPOINT} = {
  launch: function (element, options) {
    var media = (options && options.mediasJson) || {};
    var source = media.sources && media.sources[0];
    var video = document.createElement('video');
    video.controls = true;
    video.preload = 'metadata';
    video.style.width = '100%';
    video.style.height = '100%';
    if (media.poster) video.poster = media.poster;
    if (source) video.src = source.url;
    element.appendChild(video);
    return video;
  }
};
`;

function playerAnswer(request: Request, asset: Asset, query: URLSearchParams): Record<string, unknown> {
  const origin = new URL(request.url).origin;
  const elementId = `evp-asset-${asset.id}`;
  return {
    Dom: playerDom(elementId, query.get('width'), query.get('height')),
    JavascriptUrl: `${origin}/api/wedia/evp/player.js`,
    JSEndpoint: PLAYER_ENDPOINT,
    ElementId: elementId,
    LauncherOptions: {
      mediasJsonUrl: `${origin}/api/wedia/cloud/describeMedia?object=asset&id=${asset.id}`,
      mediasJson: describe(request, asset),
      canLogView: query.get('canLogView') === 'true',
      canLogPlaying: query.get('canLogPlaying') === 'true',
    },
  };
}

function describeAnswer({ request }: { request: Request }): Response {
  const query = new URL(request.url).searchParams;
  const asset = videoAsset(query.get('object'), query.get('id'));
  if (!asset) return errorResponse(404, `No media ${query.get('object')}/${query.get('id')}`);
  return HttpResponse.json(describe(request, asset) as never);
}

/**
 * The player frame page: a `<video>` of the `video` variation (an `<img>` of the preview for other
 * natures), no external script; once loaded it posts the available actions to its parent.
 */
function playerPage(request: Request, asset: Asset, player: string): string {
  const query = new URL(request.url).searchParams;
  const watermarked = suffixOf(request) === '_w' || query.get('watermarked') === 'true';
  const end = watermarked ? '_w' : '';
  const base = `/api/wedia/dam/variation/asset/${asset.id}`;
  const media =
    asset.assetnature.code === 'video'
      ? `<video id="media" controls playsinline preload="metadata" poster="${base}/preview${end}" src="${base}/video${end}"></video>`
      : `<img id="media" alt="${escapeXml(asset.name)}" src="${base}/preview${end}">`;
  const message = JSON.stringify({ listActions: [{ action: 'download' }, { action: 'addToCart' }] });
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    `<title>${escapeXml(asset.name)}</title>`,
    '<style>html,body{margin:0;height:100%;background:#000}#media{display:block;width:100%;height:100%;object-fit:contain}</style>',
    '</head>',
    `<body data-player="${escapeXml(player)}" style="width:${cssSize(query.get('width'))};height:${cssSize(query.get('height'))}">`,
    media,
    `<script>window.addEventListener('load',function(){parent.postMessage(${message},'*')});</script>`,
    '</body></html>',
  ].join('');
}

/** Players and media of protocol §13.1: HTML+JS player, embed, free player, descriptions, frame page. */
export const playerHandlers = [
  http.get(`${EVP}/htmlAndJsPlayer.json`, ({ request }) => {
    const query = new URL(request.url).searchParams;
    const asset = videoAsset(query.get('object'), query.get('id'));
    if (!asset) return errorResponse(404, `No video ${query.get('object')}/${query.get('id')}`);
    return HttpResponse.json(playerAnswer(request, asset, query) as never);
  }),

  http.post(`${EVP}/embed.json`, async ({ request }) => {
    const query = new URL(request.url).searchParams;
    const asset = videoAsset(query.get('object'), query.get('id'));
    if (!asset) return errorResponse(404, `No video ${query.get('object')}/${query.get('id')}`);
    let body: { Options?: unknown; PlayerUid?: unknown } = {};
    try {
      body = (await request.json()) as typeof body;
    } catch {
      return errorResponse(400, 'The body must be JSON {"Options":{…},"PlayerUid"?:"…"}');
    }
    const uid =
      typeof body.PlayerUid === 'string' && body.PlayerUid ? body.PlayerUid : `evp-asset-${asset.id}`;
    const origin = new URL(request.url).origin;
    const size = `height=${encodeURIComponent(query.get('height') ?? '100%')}&width=${encodeURIComponent(query.get('width') ?? '100%')}`;
    const embedUrl = `${origin}/api/wedia/dam/player/bo.player/asset/${asset.id}?${size}`;
    return HttpResponse.json({
      PlayerUid: uid,
      Options: body.Options ?? {},
      EmbedUrl: embedUrl,
      Html: `<iframe src="${escapeXml(embedUrl)}" title="${escapeXml(asset.name)}" allowfullscreen></iframe>`,
    });
  }),

  http.get(`${EVP}/htmlAndJsFreePlayer.json`, ({ request }) => {
    const origin = new URL(request.url).origin;
    return HttpResponse.json({
      Dom: playerDom('evp-free-player', '100%', '100%'),
      JavascriptUrl: `${origin}/api/wedia/evp/player.js`,
      JSEndpoint: PLAYER_ENDPOINT,
      ElementId: 'evp-free-player',
      LauncherOptions: {},
    });
  }),

  http.get(
    `${EVP}/player.js`,
    () => new Response(PLAYER_SCRIPT, { headers: { 'Content-Type': 'text/javascript; charset=utf-8' } }),
  ),

  // the seed's path, and the reference client's (protocol §13.1 note)
  http.get('*/api/wedia/cloud/describeMedia', describeAnswer),
  http.get(`${EVP}/describeMedia`, describeAnswer),

  http.get('*/api/wedia/dam/player/:player/:resource/:id', ({ params, request }) => {
    const asset = params.resource === 'asset' ? findAsset(runtime.db.assets, String(params.id)) : undefined;
    if (!asset) {
      return new Response('<!doctype html><title>Not found</title><p>Not found</p>', {
        status: 404,
        headers: { 'Content-Type': 'text/html; charset=utf-8' },
      });
    }
    return new Response(playerPage(request, asset, String(params.player)), {
      headers: { 'Content-Type': 'text/html; charset=utf-8' },
    });
  }),
];
