/**
 * Files answered whole (200) or in the one byte range asked (206), as a real file server does:
 * `Accept-Ranges: bytes`, `Content-Length`, and 416 for a range past the end. The body is read
 * only for what is sent (`read`), so a large file goes out as a stream.
 */

/** `Range: bytes=…` of one range: the first and last byte, or 'invalid' when it cannot be served. */
function parseRange(header: string | null, size: number): { start: number; end: number } | 'invalid' | null {
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

/** The bytes `start` to `end` (both included) of a file of `size` bytes. */
export type ReadBytes = (start: number, end: number) => BodyInit;

export function rangedResponse(
  request: Request,
  size: number,
  read: ReadBytes,
  headers: Record<string, string>,
): Response {
  const common = { ...headers, 'Accept-Ranges': 'bytes' };
  const range = parseRange(request.headers.get('range'), size);
  if (range === 'invalid')
    return new Response(null, { status: 416, headers: { ...common, 'Content-Range': `bytes */${size}` } });
  if (range === null)
    return new Response(size === 0 ? null : read(0, size - 1), {
      headers: { ...common, 'Content-Length': String(size) },
    });
  return new Response(read(range.start, range.end), {
    status: 206,
    headers: {
      ...common,
      'Content-Length': String(range.end - range.start + 1),
      'Content-Range': `bytes ${range.start}-${range.end}/${size}`,
    },
  });
}
