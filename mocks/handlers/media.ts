import { http } from 'msw';
import { type Asset, findAsset } from '../db/assets';
import { variationsOf } from '../entities/variations';
import { pageCount, parseVariation, renderAssetImage } from '../media/asset-image';
import { uploadedVariation } from '../media/uploaded-image';
import { videoResponse } from '../media/video';
import { openStored } from '../imports/storage';
import { runtime } from '../runtime';
import { rangedResponse } from './byte-ranges';
import { userOf } from './caller';
import { errorResponse, imageResponse, SAFE_FILE_HEADERS } from './respond';

const isWatermarked = (request: Request): boolean => userOf(request)?.role.watermark === true;

function assetOf(resource: string, id: string): Asset | undefined {
  return resource === 'asset' ? findAsset(runtime.db.assets, id) : undefined;
}

/** `video` (or `video_w`) of a video asset: the sample video, with Range support. */
const VIDEO = /^video(_w)?$/;

/** Someone's own upload: kept by the browser that asked, not by shared caches; offered as `download` when named. */
const uploadedHeaders = (type: string, download: string | false): Record<string, string> => ({
  'Content-Type': type,
  'Cache-Control': 'private, max-age=3600',
  ...SAFE_FILE_HEADERS,
  ...(download && { 'Content-Disposition': `attachment; filename="${download}"` }),
});

async function variationResponse(
  request: Request,
  resource: string,
  id: string,
  variationName: string,
  download: boolean,
): Promise<Response> {
  const asset = assetOf(resource, id);
  if (!asset) return errorResponse(404, `Unknown entity ${resource}/${id}`);
  const video = VIDEO.exec(variationName);
  const image = video ? null : parseVariation(variationName);
  if (!video && !image) return errorResponse(404, `Unknown variation ${variationName}`);
  const watermarked = video ? video[1] !== undefined : variationName.endsWith('_w');
  // a caller known to be watermarked (bearer or session cookie) never gets the clean picture
  if (isWatermarked(request) && !watermarked) {
    return errorResponse(403, 'Your role sees watermarked pictures only (the _w variations)');
  }
  const base = asset.filename.replace(/\.[^.]+$/, '');
  if (video) {
    if (asset.assetnature.code !== 'video') return errorResponse(404, `Asset ${id} is not a video`);
    const disposition: Record<string, string> = download
      ? { 'Content-Disposition': `attachment; filename="${base}-${variationName}.webm"` }
      : {};
    return videoResponse(request, disposition);
  }
  if (!image) return errorResponse(404, `Unknown variation ${variationName}`);
  if (image.name === 'page' && (image.page ?? 0) > pageCount(asset)) {
    return errorResponse(404, `Asset ${id} has no ${variationName}`);
  }
  // an upload's own file is sent from disk as it is read, whole or the range asked
  const original = image.name === 'original' && !image.watermarked && asset.file;
  const stored = original ? await openStored(runtime.db, original) : undefined;
  if (stored) {
    const extension = /\.[^.]+$/.exec(asset.filename)?.[0] ?? '';
    return rangedResponse(
      request,
      stored.size,
      stored.read,
      uploadedHeaders(asset.mimetype, download && `${base}-${variationName}${extension}`),
    );
  }
  const uploaded = await uploadedVariation(asset, image);
  if (uploaded) {
    const extension = uploaded.type === asset.mimetype ? /\.[^.]+$/.exec(asset.filename)?.[0] : '.jpg';
    return new Response(new Uint8Array(uploaded.bytes), {
      headers: uploadedHeaders(uploaded.type, download && `${base}-${variationName}${extension ?? ''}`),
    });
  }
  const filename = `${base}-${variationName}.svg`;
  return imageResponse(
    renderAssetImage(asset, image),
    download ? { 'Content-Disposition': `attachment; filename="${filename}"` } : {},
  );
}

/** `/__imageservlet/asset/{id}/{file}` (the `serverPath` of an asset's `binary`): no rights asked. */
const SERVER_PATH = /^\/__imageservlet\/asset\/(\d+)(\/|$)/;

/** Asset images loaded by the browser (protocol §13.1): by query, by path and unsecured; the variations list. */
export const mediaHandlers = [
  http.get('*/api/wedia/dam/variation', ({ request }) => {
    const query = new URL(request.url).searchParams;
    const download = query.get('download') === 'true';
    // a download defaults to the original, a picture to the big thumbnail
    const variation = query.get('variation') || (download ? 'original' : 'thumbnailBig');
    return variationResponse(request, query.get('object') ?? '', query.get('id') ?? '', variation, download);
  }),

  http.get('*/api/wedia/dam/variation/:resource/:id/:variation', ({ params, request }) =>
    variationResponse(
      request,
      String(params.resource),
      String(params.id),
      String(params.variation),
      new URL(request.url).searchParams.get('download') === 'true',
    ),
  ),

  // a bare array (protocol §12.1); a watermarked caller gets the `_w` names
  http.get('*/api/wedia/dam/variations/:resource/:id', ({ params, request }) => {
    const asset = assetOf(String(params.resource), String(params.id));
    if (!asset) return errorResponse(404, `Unknown entity ${String(params.resource)}/${String(params.id)}`);
    return Response.json(variationsOf(asset, isWatermarked(request)));
  }),

  http.get('*/__imageservlet/*', ({ request }) => {
    const url = new URL(request.url);
    const id = SERVER_PATH.exec(url.pathname)?.[1];
    if (!id) return errorResponse(404, `Unknown server path ${url.pathname}`);
    return variationResponse(request, 'asset', id, url.searchParams.get('variation') || 'original', false);
  }),
];
