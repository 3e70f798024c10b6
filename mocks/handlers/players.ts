import { HttpResponse, http } from 'msw';
import { type Asset, findAsset } from '../db/assets';
import { HOSTILE_PLAYER_HTML } from '../hostile';
import { SAMPLE_VIDEO_BYTES, SAMPLE_VIDEO_SIZE } from '../entities/variations';
import { escapeXml } from '../media/svg';
import { runtime } from '../runtime';
import { hasRight } from '../search/rights';
import { callerOf, userOf } from './caller';
import { errorResponse } from './respond';
import { refusalOf, refusalResponse } from './rights';

/** The global the player script defines, awaited by the client (protocol §13.2). */
export const PLAYER_ENDPOINT = 'WediaEvpPlayer';

const EVP = '*/api/wedia/evp';

const suffixOf = (request: Request): string => (userOf(request)?.role.watermark ? '_w' : '');

/**
 * The video asset a player, embed or description call is about, or the refusal: who may see the
 * asset (the `objectactions/view` right its fetch answers with) may have its media; an unknown
 * asset, or one without media (not a video), is 404 as the reference server answers.
 */
function videoAsset(request: Request, query: URLSearchParams): Asset | Response {
  const object = query.get('object');
  const id = query.get('id');
  const asset = object === 'asset' && id ? findAsset(runtime.db.assets, id) : undefined;
  if (!asset) return errorResponse(404, `Unknown entity ${object}/${id}`);
  const caller = callerOf(request);
  if (!hasRight(caller, 'objectactions/view')) return refusalResponse(refusalOf(caller, `see asset ${id}`));
  if (asset.assetnature.code !== 'video') return errorResponse(404, `No media for ${object}/${id}`);
  return asset;
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
    container: 'webm',
    codecs: { video: 'vp8' },
    hasAudio: false,
    frameRate: 25,
    size: SAMPLE_VIDEO_BYTES,
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

/**
 * A tiny script defining `WediaEvpPlayer.launch(element, options)`: a `<video>` of the first source
 * of `options.mediasJson`, or of the description read from `options.mediasJsonUrl` (the free player).
 */
const PLAYER_SCRIPT = `window.${PLAYER_ENDPOINT} = {
  launch: function (element, options) {
    var video = document.createElement('video');
    video.controls = true;
    video.preload = 'metadata';
    video.style.width = '100%';
    video.style.height = '100%';
    element.appendChild(video);
    var play = function (media) {
      var source = media && media.sources && media.sources[0];
      if (media && media.poster) video.poster = media.poster;
      if (source) video.src = source.url;
    };
    if (options && options.mediasJson) play(options.mediasJson);
    else if (options && options.mediasJsonUrl)
      fetch(options.mediasJsonUrl).then(function (answer) { return answer.json(); }).then(play);
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
  const asset = videoAsset(request, new URL(request.url).searchParams);
  if (asset instanceof Response) return asset;
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
  const actions = asset.assetnature.code === 'video' ? ['play', 'pause', 'download'] : ['download'];
  const message = JSON.stringify({ listActions: actions.map((action) => ({ action })) });
  // an action the portal posts back runs here; the last one is noted on the body (journeys read it)
  const onAction = [
    "window.addEventListener('message',function(e){",
    'if(e.source!==parent||!e.data||typeof e.data.action!=="string")return;',
    'var a=e.data.action,m=document.getElementById("media");',
    'document.body.setAttribute("data-last-action",a);',
    'if(a==="play"&&m.play)m.play().catch(function(){});',
    'if(a==="pause"&&m.pause)m.pause();',
    `if(a==="download"){var l=document.createElement("a");l.href=${JSON.stringify(`${base}/${asset.assetnature.code === 'video' ? 'video' : 'original'}${end}?download=true`)};l.download="";document.body.appendChild(l);l.click();l.remove();}`,
    '});',
  ].join('');
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    `<title>${escapeXml(asset.name)}</title>`,
    '<style>html,body{margin:0;height:100%;background:#000}#media{display:block;width:100%;height:100%;object-fit:contain}</style>',
    '</head>',
    `<body data-player="${escapeXml(player)}" style="width:${cssSize(query.get('width'))};height:${cssSize(query.get('height'))}">`,
    media,
    `<script>${onAction}window.addEventListener('load',function(){parent.postMessage(${message},'*')});</script>`,
    '</body></html>',
  ].join('');
}

/** Players and media of protocol §13.1: HTML+JS player, embed, free player, descriptions, frame page. */
export const playerHandlers = [
  http.get(`${EVP}/htmlAndJsPlayer.json`, ({ request }) => {
    const query = new URL(request.url).searchParams;
    const asset = videoAsset(request, query);
    if (asset instanceof Response) return asset;
    return HttpResponse.json(playerAnswer(request, asset, query) as never);
  }),

  http.post(`${EVP}/embed.json`, async ({ request }) => {
    const query = new URL(request.url).searchParams;
    const asset = videoAsset(request, query);
    if (asset instanceof Response) return asset;
    let body: { Options?: unknown; PlayerUid?: unknown } = {};
    try {
      body = (await request.json()) as typeof body;
    } catch {
      return errorResponse(400, 'The body must be JSON {"Options":{…},"PlayerUid"?:"…"}');
    }
    const uid =
      typeof body.PlayerUid === 'string' && body.PlayerUid ? body.PlayerUid : `evp-asset-${asset.id}`;
    const origin = new URL(request.url).origin;
    // a watermarked caller's embed shows the watermarked media, wherever it is pasted
    const watermark = suffixOf(request) === '_w' ? '&watermarked=true' : '';
    const size = `height=${encodeURIComponent(query.get('height') ?? '100%')}&width=${encodeURIComponent(query.get('width') ?? '100%')}${watermark}`;
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
