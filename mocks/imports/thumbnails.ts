/**
 * The thumbnail of an uploaded file (issue 27): a picture is decoded in a worker thread
 * (worker-pool.ts), so the demo server answers others meanwhile, within a time limit and the
 * thread's memory, past which the file keeps the icon of its type; other files get that icon at once. In a browser (the demo
 * in a service worker) the picture is decoded in place.
 */
import { diskPathOf } from '../handlers/form';
import { DECODED_TYPES, type Thumbnail, thumbnailOf } from '../media/thumbnail';
import { runInThread, TaskTimedOut } from './worker-pool';

/** A picture's decoding, scaling and encoding take well under a second; far past that, something is wrong. */
const THUMBNAIL_TIME_LIMIT_MS = 30_000;

const isNode = typeof process !== 'undefined' && Boolean(process.versions?.node);

const typeIcon = (type: string, name: string) => thumbnailOf(new Uint8Array(0), type, name);

export async function uploadThumbnail(file: Blob, type: string, name: string): Promise<Thumbnail> {
  if (!DECODED_TYPES.has(type)) return typeIcon(type, name);
  if (!isNode) return thumbnailOf(new Uint8Array(await file.arrayBuffer()), type, name);
  const path = diskPathOf(file);
  const source = path ? { path } : { bytes: new Uint8Array(await file.arrayBuffer()) };
  try {
    return await runInThread(
      { kind: 'thumbnail', source, mimetype: type, filename: name },
      THUMBNAIL_TIME_LIMIT_MS,
    );
  } catch (error) {
    // a picture that takes too long, or more memory than a thread has, cannot be drawn: its icon stands for it
    const outOfMemory = (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY';
    if (error instanceof TaskTimedOut || outOfMemory) return typeIcon(type, name);
    throw error;
  }
}
