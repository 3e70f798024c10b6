/**
 * The variations of an asset made from an upload (issue 28, "Imported photos are lost"): its own
 * pixels, never a generated landscape. The original is the uploaded file (sent from disk by
 * mocks/handlers/media.ts, never through here); thumbnails and the
 * preview are those pixels scaled down in a worker thread (scale.ts, through
 * mocks/imports/thumbnails.ts), as the upload thumbnails are; a `_w` variation has the watermark
 * drawn into its pixels, so a watermarked role never receives the clean picture inside it.
 */
import type { Asset } from '../db/assets';
import { scaleStored } from '../imports/thumbnails';
import { runtime } from '../runtime';
import type { Variation } from './asset-image';

export interface UploadedImage {
  bytes: Uint8Array;
  type: string;
}

/** The longest side of each scaled variation: the boxes of the generated pictures (asset-image.ts). */
const LONGEST_SIDE = { thumbnailBig: 400, thumbnailsmall: 200, preview: 1200 } as const;
const JPEG_QUALITY = 85;

/** Made variations per database (a reset reuses file keys) by file and variation: a grid asks the same thumbnail often. */
const made = new WeakMap<object, Map<string, UploadedImage>>();
const MADE_KEPT = 200;

async function make(
  asset: Asset & { file: string },
  variation: Variation,
): Promise<UploadedImage | undefined> {
  if (variation.name === 'page') return undefined;
  const side =
    variation.name === 'original' ? Math.max(asset.width, asset.height) : LONGEST_SIDE[variation.name];
  const job = { mimetype: asset.mimetype, side, watermarked: variation.watermarked, quality: JPEG_QUALITY };
  const bytes = await scaleStored(runtime.db, asset.file, job);
  return bytes instanceof Uint8Array ? { bytes, type: 'image/jpeg' } : undefined;
}

/**
 * A variation of an uploaded asset from its bytes, or undefined when the asset was not uploaded or
 * its pixels cannot be read (the caller then draws the generated picture). Rights are the caller's.
 */
export async function uploadedVariation(
  asset: Asset,
  variation: Variation,
): Promise<UploadedImage | undefined> {
  if (!asset.file) return undefined;
  const db = runtime.db;
  const cache = made.get(db) ?? new Map<string, UploadedImage>();
  made.set(db, cache);
  const key = `${asset.file}|${variation.name}|${variation.watermarked}`;
  const known = cache.get(key);
  if (known) return known;
  const image = await make(asset as Asset & { file: string }, variation);
  if (!image) return undefined;
  if (cache.size >= MADE_KEPT) cache.clear();
  cache.set(key, image);
  return image;
}
