/**
 * A stored picture scaled down (issue 27): an uploaded asset's scaled variations, and the small
 * copy its reverse-search hash is read from. The decoding is the costly part, so this runs in a
 * worker thread (mocks/imports/worker-pool.ts) in Node; it imports nothing of the demo's database.
 */
import { encodeJpeg } from './jpeg-encode';
import { DECODED_TYPES, decodeToFit, fitWithin, type Rgba } from './thumbnail';

export interface ScaleJob {
  mimetype: string;
  /** the longest side of the result (never scaled up) */
  side: number;
  /** light diagonal bands drawn into the pixels */
  watermarked: boolean;
  /** a JPEG of this quality; none: the pixels themselves */
  quality?: number;
}

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

/** The picture scaled to fit `side`: a JPEG when a quality is asked, else its pixels; undefined when it does not decode. */
export async function scalePicture(bytes: Uint8Array, job: ScaleJob): Promise<Uint8Array | Rgba | undefined> {
  if (!DECODED_TYPES.has(job.mimetype)) return undefined;
  const decoded = await decodeToFit(bytes, job.mimetype, job.side);
  if (!decoded) return undefined;
  const scaled = fitWithin(decoded.image, job.side);
  const drawn = job.watermarked ? watermark(scaled) : scaled;
  return job.quality === undefined ? drawn : encodeJpeg(drawn, job.quality);
}
