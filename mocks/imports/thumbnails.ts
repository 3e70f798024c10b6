/**
 * Pictures drawn off the request thread (issue 27): an uploaded file's thumbnail, and a stored
 * picture scaled down (an imported asset's variations, the copy its reverse-search hash is read
 * from). In Node they are decoded in a worker thread (worker-pool.ts), so the demo server answers
 * others meanwhile, within a time limit and the thread's memory, past which a file keeps the icon
 * of its type and an asset its drawn pictures. In a browser (the demo in a service worker) the
 * picture is decoded in place.
 */
import type { Db } from '../db/index';
import { diskPathOf } from '../handlers/form';
import { type ScaleJob, scalePicture } from '../media/scale';
import { DECODED_TYPES, type Rgba, type Thumbnail, thumbnailOf } from '../media/thumbnail';
import { readStored, storedPath } from './storage';
import { runInThread, TaskTimedOut } from './worker-pool';

/** A picture's decoding, scaling and encoding take well under a second; far past that, something is wrong. */
const PICTURE_TIME_LIMIT_MS = 30_000;

const isNode = typeof process !== 'undefined' && Boolean(process.versions?.node);

const typeIcon = (type: string, name: string) => thumbnailOf(new Uint8Array(0), type, name);

/** A picture that takes too long, or more memory than a thread has, cannot be drawn. */
const undrawable = (error: unknown): boolean =>
  error instanceof TaskTimedOut || (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY';

export async function uploadThumbnail(file: Blob, type: string, name: string): Promise<Thumbnail> {
  if (!DECODED_TYPES.has(type)) return typeIcon(type, name);
  if (!isNode) return thumbnailOf(new Uint8Array(await file.arrayBuffer()), type, name);
  const path = diskPathOf(file);
  const source = path ? { path } : { bytes: new Uint8Array(await file.arrayBuffer()) };
  try {
    return await runInThread(
      { kind: 'thumbnail', source, mimetype: type, filename: name },
      PICTURE_TIME_LIMIT_MS,
    );
  } catch (error) {
    // its icon stands for it
    if (undrawable(error)) return typeIcon(type, name);
    throw error;
  }
}

/**
 * The stored picture `key` scaled as `job` says (scale.ts): a JPEG when a quality is asked, else
 * its pixels; undefined when it is missing, does not decode, or cannot be drawn in time.
 */
export async function scaleStored(
  db: Db,
  key: string,
  job: ScaleJob,
): Promise<Uint8Array | Rgba | undefined> {
  if (!DECODED_TYPES.has(job.mimetype)) return undefined;
  const path = isNode ? await storedPath(db, key) : undefined;
  if (!path) {
    const bytes = await readStored(db, key);
    return bytes && scalePicture(bytes, job);
  }
  try {
    return await runInThread({ kind: 'scale', source: { path }, ...job }, PICTURE_TIME_LIMIT_MS);
  } catch (error) {
    if (undrawable(error)) return undefined;
    // a stored file removed meanwhile (a reset) reads as missing
    if (/ENOENT/.test(String((error as Error).message))) return undefined;
    throw error;
  }
}
