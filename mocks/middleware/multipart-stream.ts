/**
 * A multipart/form-data body read as it arrives (issue 27): each part's bytes go to the sink the
 * caller gives for it as soon as they are known not to be the start of the next boundary, so a
 * file part can go straight to disk and the memory held is one network chunk and a boundary.
 */

/** What a part's headers say. */
export interface PartHead {
  /** the form field */
  name: string;
  /** set for a file part (possibly empty: a file chosen without a name) */
  filename?: string;
  /** the part's Content-Type, `text/plain` when absent */
  type: string;
}

/** Where a part's bytes go; `write` may answer a promise to hold the body until the bytes are taken. */
export interface PartSink {
  write(chunk: Buffer): void | Promise<void>;
  end(): void | Promise<void>;
}

/** A body that is not the multipart it says it is (cut short, no boundary, headers too long). */
export class MultipartError extends Error {}

/** Part headers longer than this are not a form a browser sends. */
const MAX_HEADER_BYTES = 16_384;
const CRLF2 = Buffer.from('\r\n\r\n');

/** The boundary of a `multipart/form-data; boundary=…` type, or undefined. */
export function boundaryOf(contentType: string | undefined): string | undefined {
  if (!contentType || !/^multipart\/form-data\s*;/i.test(contentType)) return undefined;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return match?.[1] ?? match?.[2];
}

/** `name="…"` and `filename="…"` of a Content-Disposition, quotes and `%22` escapes read as browsers write them. */
function dispositionParam(disposition: string, param: string): string | undefined {
  const match = new RegExp(`;\\s*${param}="((?:[^"\\\\]|\\\\.)*)"`, 'i').exec(disposition);
  return match?.[1]?.replace(/\\(.)/g, '$1').replace(/%22/g, '"');
}

function headOf(raw: string): PartHead {
  const headers = new Map<string, string>();
  for (const line of raw.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const disposition = headers.get('content-disposition') ?? '';
  const name = dispositionParam(disposition, 'name');
  if (!/^form-data\s*;/i.test(disposition) || name === undefined)
    throw new MultipartError('a part without a form-data Content-Disposition');
  const filename = dispositionParam(disposition, 'filename');
  return {
    name,
    type: headers.get('content-type') ?? 'text/plain',
    ...(filename !== undefined && { filename }),
  };
}

/**
 * Reads the body's parts in order, giving each part's bytes to the sink `onPart` answers for it.
 * Throws a `MultipartError` when the body is not a complete multipart body (the closing boundary
 * missing included); what the sinks hold then is the caller's to discard.
 */
export async function readMultipart(
  body: AsyncIterable<Buffer>,
  boundary: string,
  onPart: (head: PartHead) => PartSink,
): Promise<void> {
  // the first boundary has no CRLF before it: one is put in front so every boundary reads alike
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  let pending: Buffer = Buffer.from('\r\n');
  let state: 'preamble' | 'afterDelimiter' | 'headers' | 'body' | 'done' = 'preamble';
  let sink: PartSink | undefined;
  for await (const chunk of body) {
    if (state === 'done') continue; // an epilogue is ignored
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    for (;;) {
      if (state === 'preamble' || state === 'body') {
        const at = pending.indexOf(delimiter);
        // without a whole delimiter, all but its possible start is part data
        const safe = at >= 0 ? at : Math.max(0, pending.length - delimiter.length + 1);
        if (state === 'body' && safe > 0) await sink?.write(pending.subarray(0, safe));
        if (at < 0) {
          pending = pending.subarray(safe);
          break;
        }
        if (state === 'body') await sink?.end();
        sink = undefined;
        pending = pending.subarray(at + delimiter.length);
        state = 'afterDelimiter';
      } else if (state === 'afterDelimiter') {
        if (pending.length < 2) break;
        const next = pending.subarray(0, 2).toString('latin1');
        if (next === '--') {
          state = 'done';
          break;
        }
        const lineEnd = pending.indexOf('\r\n');
        if (lineEnd < 0) break;
        // transport padding (spaces, tabs) may follow a boundary before its CRLF
        if (pending.subarray(0, lineEnd).toString('latin1').trim() !== '')
          throw new MultipartError('a boundary followed by other bytes');
        pending = pending.subarray(lineEnd + 2);
        state = 'headers';
      } else if (state === 'headers') {
        const end = pending.indexOf(CRLF2);
        if (end < 0) {
          if (pending.length > MAX_HEADER_BYTES) throw new MultipartError('part headers too long');
          break;
        }
        sink = onPart(headOf(pending.subarray(0, end).toString('utf8')));
        // the data starts right after the headers; an empty part's delimiter is found at once
        pending = pending.subarray(end + 4);
        state = 'body';
      } else break;
    }
  }
  if (state !== 'done') throw new MultipartError('the body ends before its closing boundary');
}
