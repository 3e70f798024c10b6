import { rangedResponse } from '../handlers/byte-ranges';

/**
 * The `video` variation of every video asset: `mocks/media/sample-video.webm` (4 s of VP8, 320 × 180),
 * read once from disk. Node only: in a browser worker the bytes are fetched from the same folder.
 */
let bytes: Promise<Uint8Array<ArrayBuffer>> | undefined;

export function sampleVideo(): Promise<Uint8Array<ArrayBuffer>> {
  bytes ??= (async () => {
    const url = new URL('./sample-video.webm', import.meta.url);
    if (url.protocol === 'file:') {
      const { readFile } = await import(/* @vite-ignore */ 'node:fs/promises');
      return new Uint8Array(await readFile(url));
    }
    return new Uint8Array(await (await fetch(url)).arrayBuffer());
  })();
  return bytes;
}

/** The video, whole (200) or the asked range (206), seekable: `Accept-Ranges: bytes`. */
export async function videoResponse(request: Request, extra: Record<string, string> = {}): Promise<Response> {
  const video = await sampleVideo();
  return rangedResponse(request, video.length, (start, end) => video.slice(start, end + 1), {
    'Content-Type': 'video/webm',
    'Cache-Control': 'public, max-age=31536000, immutable',
    ...extra,
  });
}
