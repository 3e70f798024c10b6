import { http } from 'msw';
import { findAsset } from '../db/assets';
import { parseVariation, renderAssetImage } from '../media/asset-image';
import { runtime } from '../runtime';
import { userOf } from './caller';
import { errorResponse, imageResponse } from './respond';

function variationResponse(
  request: Request,
  resource: string,
  id: string,
  variationName: string,
  download: boolean,
): Response {
  const asset = resource === 'asset' ? findAsset(runtime.db.assets, id) : undefined;
  if (!asset) return errorResponse(404, `Unknown entity ${resource}/${id}`);
  const variation = parseVariation(variationName);
  if (!variation) return errorResponse(404, `Unknown variation ${variationName}`);
  // a caller known to be watermarked (bearer or session cookie) never gets the clean picture
  if (userOf(request)?.role.watermark && !variation.watermarked) {
    return errorResponse(403, 'Your role sees watermarked pictures only (the _w variations)');
  }
  const filename = `${asset.filename.replace(/\.[^.]+$/, '')}-${variationName}.svg`;
  return imageResponse(
    renderAssetImage(asset, variation),
    download ? { 'Content-Disposition': `attachment; filename="${filename}"` } : {},
  );
}

/** Asset images loaded by the browser (protocol §13.1): by query and by path. */
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
];
