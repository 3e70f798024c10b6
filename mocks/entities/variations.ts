import type { Asset } from '../db/assets';
import {
  displaySize,
  pageCount,
  parseVariation,
  renderAssetImage,
  type Variation,
} from '../media/asset-image';

/** Bytes of `mocks/media/sample-video.webm`, the `video` variation of every video asset. */
export const SAMPLE_VIDEO_BYTES = 39_753;
export const SAMPLE_VIDEO_SIZE = { width: 320, height: 180 } as const;

/** A variation as `/wedia/dam/variations/{resource}/{id}` lists it (protocol §12.1). */
export interface WireVariation {
  name: string;
  width: number;
  height: number;
  mimetype: string;
  filesize: number;
  /** `page` for the page images of a document (demo convention) */
  kind?: 'page';
  page?: number;
}

const IMAGE_VARIATIONS = ['original', 'preview', 'thumbnailBig', 'thumbnailsmall'] as const;

const suffix = (watermarked: boolean): string => (watermarked ? '_w' : '');

function imageVariation(asset: Asset, name: string, variation: Variation): WireVariation {
  const [width, height] = displaySize(asset, variation.name);
  const svg = renderAssetImage(asset, variation);
  return {
    name,
    width,
    height,
    mimetype: 'image/svg+xml',
    filesize: new TextEncoder().encode(svg).length,
    ...(variation.page !== undefined && { kind: 'page' as const, page: variation.page }),
  };
}

/**
 * The variations of an asset: original (its own type and size), preview, thumbnailBig,
 * thumbnailsmall; `video` for videos; `page1`..`pageN` for documents. A watermarked caller gets
 * the `_w` names (the only ones it may load).
 */
export function variationsOf(asset: Asset, watermarked: boolean): WireVariation[] {
  const end = suffix(watermarked);
  const list: WireVariation[] = IMAGE_VARIATIONS.map((name) =>
    name === 'original'
      ? {
          name: `original${end}`,
          width: asset.width,
          height: asset.height,
          mimetype: asset.mimetype,
          filesize: asset.filesize,
        }
      : imageVariation(asset, `${name}${end}`, { name, watermarked }),
  );
  if (asset.assetnature.code === 'video') {
    list.push({
      name: `video${end}`,
      ...SAMPLE_VIDEO_SIZE,
      mimetype: 'video/webm',
      filesize: SAMPLE_VIDEO_BYTES,
    });
  }
  for (let page = 1; page <= pageCount(asset); page++) {
    list.push(imageVariation(asset, `page${page}${end}`, { name: 'page', watermarked, page }));
  }
  return list;
}

/** One variation by name (`video` included), or undefined when the asset has no such variation. */
export function variationOf(asset: Asset, name: string): WireVariation | undefined {
  const watermarked = name.endsWith('_w');
  if (name === `video${suffix(watermarked)}`) {
    return asset.assetnature.code === 'video'
      ? { name, ...SAMPLE_VIDEO_SIZE, mimetype: 'video/webm', filesize: SAMPLE_VIDEO_BYTES }
      : undefined;
  }
  const variation = parseVariation(name);
  if (!variation) return undefined;
  if (variation.name === 'page' && (variation.page ?? 0) > pageCount(asset)) return undefined;
  if (variation.name === 'original') {
    return {
      name,
      width: asset.width,
      height: asset.height,
      mimetype: asset.mimetype,
      filesize: asset.filesize,
    };
  }
  return imageVariation(asset, name, variation);
}
