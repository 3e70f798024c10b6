/**
 * The variations of an asset made from an upload (issue 28, "Imported photos are lost"): its own
 * pixels, never a generated landscape. The original is the uploaded file (sent from disk by
 * mocks/handlers/media.ts, never through here); thumbnails and the
 * preview are those pixels scaled down with the helpers the upload thumbnails use (jpeg-js and
 * pngjs, already in the project); a `_w` variation has the watermark drawn into its pixels, so a
 * watermarked role never receives the clean picture inside it.
 */
import type { Asset } from '../db/assets';
import { readStored } from '../imports/storage';
import { runtime } from '../runtime';
import type { Variation } from './asset-image';
import { encodeJpeg } from './jpeg-encode';
import { DECODED_TYPES, decodeToFit, fitWithin, type Rgba } from './thumbnail';

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

/** Bands across the diagonal, lightened: a watermark that survives any crop of the picture. */
function watermark(image: Rgba): Rgba {
  const data = image.data.slice();
  const band = Math.max(8, Math.round(Math.max(image.width, image.height) / 12));
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      if (Math.floor((x + y) / band) % 3 !== 0) continue;
      const at = (y * image.width + x) * 4;
      for (let channel = 0; channel < 3; channel++)
        data[at + channel] = Math.round((data[at + channel] ?? 0) * 0.45 + 255 * 0.55);
    }
  }
  return { ...image, data };
}

async function make(
  asset: Asset & { file: string },
  variation: Variation,
): Promise<UploadedImage | undefined> {
  const bytes = await readStored(runtime.db, asset.file);
  if (!bytes) return undefined;
  if (!DECODED_TYPES.has(asset.mimetype) || variation.name === 'page') return undefined;
  const side =
    variation.name === 'original' ? Math.max(asset.width, asset.height) : LONGEST_SIDE[variation.name];
  const decoded = await decodeToFit(bytes, asset.mimetype, side);
  if (!decoded) return undefined;
  const scaled = fitWithin(decoded.image, side);
  return {
    bytes: encodeJpeg(variation.watermarked ? watermark(scaled) : scaled, JPEG_QUALITY),
    type: 'image/jpeg',
  };
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
