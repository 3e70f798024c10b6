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

/** `Range: bytes=…` of one range: the first and last byte, or 'invalid' when it cannot be served. */
export function parseRange(
  header: string | null,
  size: number,
): { start: number; end: number } | 'invalid' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return 'invalid';
  let start: number;
  let end: number;
  if (match[1] === '') {
    // the last n bytes
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  return start > end || start >= size ? 'invalid' : { start, end };
}

/** The video, whole (200) or the asked range (206), seekable: `Accept-Ranges: bytes`. */
export async function videoResponse(request: Request, extra: Record<string, string> = {}): Promise<Response> {
  const video = await sampleVideo();
  const headers: Record<string, string> = {
    'Content-Type': 'video/webm',
    'Accept-Ranges': 'bytes',
    'Cache-Control': 'public, max-age=31536000, immutable',
    ...extra,
  };
  const range = parseRange(request.headers.get('range'), video.length);
  if (range === 'invalid') {
    return new Response(null, {
      status: 416,
      headers: { ...headers, 'Content-Range': `bytes */${video.length}` },
    });
  }
  if (range === null) {
    return new Response(video, { headers: { ...headers, 'Content-Length': String(video.length) } });
  }
  const part = video.slice(range.start, range.end + 1);
  return new Response(part, {
    status: 206,
    headers: {
      ...headers,
      'Content-Length': String(part.length),
      'Content-Range': `bytes ${range.start}-${range.end}/${video.length}`,
    },
  });
}
