/**
 * What an uploaded file is, read from its bytes (issue 27): the name and the declared type are the
 * sender's word, so a text or a program named `.jpg` would otherwise become an "image". The magic
 * numbers give the type; for pictures the header also gives the size in pixels, so a decompression
 * bomb (a small file claiming 60 000 × 60 000 px) is refused before anything decodes it, and the
 * structure is walked far enough to tell a truncated file.
 */

/**
 * What is read of a file to type it, so a file on disk is never read whole: its first MB (the
 * magic numbers and headers), its last 64 KB (trailers: a JPEG's end-of-image marker, a PNG's
 * IEND) and its size. A file up to the first MB is whole in `head`.
 */
export interface Sample {
  head: Uint8Array;
  tail: Uint8Array;
  size: number;
}

const HEAD_BYTES = 1_048_576;
const TAIL_BYTES = 65_536;

/** The sample of bytes in memory. */
export const sampleOfBytes = (bytes: Uint8Array): Sample => ({
  head: bytes.subarray(0, HEAD_BYTES),
  tail: bytes.subarray(Math.max(0, bytes.length - TAIL_BYTES)),
  size: bytes.length,
});

/** The sample of a file, reading only its head and tail (a file on disk stays there). */
export async function sampleOf(file: Blob): Promise<Sample> {
  const head = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
  if (file.size <= HEAD_BYTES) return { head, tail: head, size: file.size };
  const tail = new Uint8Array(await file.slice(Math.max(HEAD_BYTES, file.size - TAIL_BYTES)).arrayBuffer());
  return { head, tail, size: file.size };
}

export interface Sniffed {
  /** the type the bytes show; `application/octet-stream` when nothing is recognised */
  type: string;
  /** words for the refusals: "a JPEG image", "plain text", "a Windows program" */
  label: string;
  /** width and height in pixels, read from the header of a picture */
  size?: { width: number; height: number };
  /** why the file cannot be what it starts as (cut short, a broken structure) */
  damaged?: string;
  /** never stored, whatever the import accepts: programs, and markup that can run script */
  dangerous?: string;
}

const ascii = (bytes: Uint8Array, at: number, length: number): string =>
  String.fromCharCode(...bytes.subarray(at, at + length));
const u16be = (b: Uint8Array, at: number) => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
const u16le = (b: Uint8Array, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
const u24le = (b: Uint8Array, at: number) => u16le(b, at) | ((b[at + 2] ?? 0) << 16);
const u32be = (b: Uint8Array, at: number) => u16be(b, at) * 65_536 + u16be(b, at + 2);
const u32le = (b: Uint8Array, at: number) => u16le(b, at) + u16le(b, at + 2) * 65_536;
const starts = (b: Uint8Array, ...magic: number[]) => magic.every((byte, index) => b[index] === byte);

const isWhole = (sample: Sample): boolean => sample.head.length === sample.size;

function jpeg(sample: Sample): Sniffed {
  const b = sample.head;
  const found: Sniffed = { type: 'image/jpeg', label: 'a JPEG image' };
  let at = 2;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return { ...found, damaged: `no marker at byte ${at}` };
    const marker = b[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    const length = u16be(b, at + 2);
    // SOF0..SOF15 but DHT (C4), JPG (C8) and DAC (CC): the frame header holds the size
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker) && at + 9 <= b.length)
      found.size = { height: u16be(b, at + 5), width: u16be(b, at + 7) };
    if (marker === 0xda) {
      if (!found.size) return { ...found, damaged: 'no frame header' };
      // the scan runs to the end-of-image marker; a file cut in the scan has none (a marker
      // cannot occur inside the scan: a 0xFF there is followed by 0x00)
      const scan = isWhole(sample) ? b.subarray(at + 2 + length) : sample.tail;
      for (let end = 0; end + 1 < scan.length; end++)
        if (scan[end] === 0xff && scan[end + 1] === 0xd9) return found;
      return { ...found, damaged: 'it ends before its end-of-image marker' };
    }
    at += 2 + length;
  }
  return isWhole(sample)
    ? { ...found, damaged: 'it ends before its image data' }
    : { ...found, damaged: 'its headers run past its first MB' };
}

function png(sample: Sample): Sniffed {
  const b = sample.head;
  const found: Sniffed = { type: 'image/png', label: 'a PNG image' };
  if (ascii(b, 12, 4) !== 'IHDR') return { ...found, damaged: 'its first chunk is not IHDR' };
  found.size = { width: u32be(b, 16), height: u32be(b, 20) };
  // chunk by chunk (length, type, data, CRC) to IEND: a cut file ends inside one
  let at = 8;
  while (at + 12 <= b.length) {
    const length = u32be(b, at);
    if (ascii(b, at + 4, 4) === 'IEND') return found;
    at += 12 + length;
  }
  // past the head, the file must end with the IEND chunk (empty: its length 0, its type, its CRC)
  const { tail } = sample;
  if (!isWhole(sample) && u32be(tail, tail.length - 12) === 0 && ascii(tail, tail.length - 8, 4) === 'IEND')
    return found;
  return { ...found, damaged: 'it ends before its IEND chunk' };
}

function gif(sample: Sample): Sniffed {
  const b = sample.head;
  const found: Sniffed = {
    type: 'image/gif',
    label: 'a GIF image',
    size: { width: u16le(b, 6), height: u16le(b, 8) },
  };
  return sample.size < 14 || sample.tail[sample.tail.length - 1] !== 0x3b
    ? { ...found, damaged: 'it ends before its trailer' }
    : found;
}

function webp(sample: Sample): Sniffed {
  const b = sample.head;
  const found: Sniffed = { type: 'image/webp', label: 'a WebP image' };
  if (u32le(b, 4) + 8 > sample.size) return { ...found, damaged: 'it is shorter than its RIFF header says' };
  const chunk = ascii(b, 12, 4);
  if (chunk === 'VP8X') found.size = { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  else if (chunk === 'VP8L') {
    const bits = u32le(b, 21);
    found.size = { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  } else if (chunk === 'VP8 ') found.size = { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  else return { ...found, damaged: `unknown chunk ${JSON.stringify(chunk)}` };
  return found;
}

/** ISO base media (`ftyp` at byte 4): the brand tells a QuickTime film, a HEIF picture or MP4. */
function isoMedia(b: Uint8Array): Sniffed {
  const brand = ascii(b, 8, 4);
  if (brand === 'qt  ') return { type: 'video/quicktime', label: 'a QuickTime film' };
  if (['heic', 'heix', 'mif1', 'msf1'].includes(brand)) return { type: 'image/heic', label: 'a HEIF image' };
  if (brand === 'avif') return { type: 'image/avif', label: 'an AVIF image' };
  if (brand.startsWith('M4A')) return { type: 'audio/mp4', label: 'an MPEG-4 sound' };
  return { type: 'video/mp4', label: 'an MP4 film' };
}

/** Text: valid UTF-8 without NUL bytes or other binary controls, read from the first 4 KB. */
function text(b: Uint8Array, size: number): Sniffed | undefined {
  const head = b.subarray(0, 4096);
  if (head.some((byte) => byte < 0x09 || (byte > 0x0d && byte < 0x20 && byte !== 0x1b))) return undefined;
  let decoded: string;
  try {
    // a cut multi-byte character at the 4 KB edge is not binary: drop the last 3 bytes when cut
    decoded = new TextDecoder('utf-8', { fatal: true }).decode(size > 4096 ? head.subarray(0, 4093) : head);
  } catch {
    return undefined;
  }
  const start = decoded
    .replace(/^\uFEFF/, '')
    .trimStart()
    .slice(0, 512)
    .toLowerCase();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!doctype svg[^>]*>\s*)?<svg[\s>]/.test(start))
    return { type: 'image/svg+xml', label: 'an SVG picture', dangerous: 'SVG pictures can carry scripts' };
  if (/^(<!doctype html|<html[\s>]|<script[\s>])/.test(start))
    return { type: 'text/html', label: 'an HTML page', dangerous: 'web pages can carry scripts' };
  if (start.startsWith('#!'))
    return { type: 'text/x-script', label: 'a script', dangerous: 'scripts are programs' };
  return { type: 'text/plain', label: 'plain text' };
}

/** The type of a file from its first bytes (and, for pictures, its structure). */
export function sniff(sample: Sample): Sniffed {
  const b = sample.head;
  if (sample.size === 0)
    return { type: 'application/octet-stream', label: 'an empty file', damaged: 'it is empty' };
  if (starts(b, 0xff, 0xd8, 0xff)) return jpeg(sample);
  if (starts(b, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return png(sample);
  if (ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a') return gif(sample);
  const riff = ascii(b, 0, 4) === 'RIFF' ? ascii(b, 8, 4) : '';
  if (riff === 'WEBP') return webp(sample);
  if (riff === 'WAVE') return { type: 'audio/wav', label: 'a WAV sound' };
  if (riff === 'AVI ') return { type: 'video/x-msvideo', label: 'an AVI film' };
  if (ascii(b, 0, 4) === 'II*\0' || ascii(b, 0, 4) === 'MM\0*')
    return { type: 'image/tiff', label: 'a TIFF image' };
  if (ascii(b, 0, 2) === 'BM' && u32le(b, 2) === sample.size)
    return { type: 'image/bmp', label: 'a BMP image' };
  if (ascii(b, 0, 4) === '8BPS') return { type: 'image/vnd.adobe.photoshop', label: 'a Photoshop image' };
  if (ascii(b, 0, 5) === '%PDF-') return { type: 'application/pdf', label: 'a PDF document' };
  if (ascii(b, 4, 4) === 'ftyp') return isoMedia(b);
  if (starts(b, 0x1a, 0x45, 0xdf, 0xa3)) return { type: 'video/webm', label: 'a WebM film' };
  if (ascii(b, 0, 3) === 'ID3' || (b[0] === 0xff && ((b[1] ?? 0) & 0xe0) === 0xe0))
    return { type: 'audio/mpeg', label: 'an MP3 sound' };
  if (ascii(b, 0, 4) === 'OggS') return { type: 'audio/ogg', label: 'an Ogg sound' };
  if (ascii(b, 0, 4) === 'fLaC') return { type: 'audio/flac', label: 'a FLAC sound' };
  if (starts(b, 0x50, 0x4b, 0x03, 0x04) || starts(b, 0x50, 0x4b, 0x05, 0x06))
    return { type: 'application/zip', label: 'a zip archive' };
  if (ascii(b, 0, 2) === 'MZ')
    return {
      type: 'application/x-msdownload',
      label: 'a Windows program',
      dangerous: 'programs are never imported',
    };
  if (starts(b, 0x7f, 0x45, 0x4c, 0x46))
    return {
      type: 'application/x-executable',
      label: 'a Linux program',
      dangerous: 'programs are never imported',
    };
  if ([0xfeedface, 0xfeedfacf, 0xcefaedfe, 0xcffaedfe].includes(u32be(b, 0)))
    return {
      type: 'application/x-mach-binary',
      label: 'a macOS program',
      dangerous: 'programs are never imported',
    };
  return (
    text(b, sample.size) ?? {
      type: 'application/octet-stream',
      label: 'a kind of file this server does not recognise',
    }
  );
}

/** Pictures larger than this are refused before any decoding: the demo decodes to RGBA in memory. */
export const MAX_IMAGE_SIDE = 20_000;
export const MAX_IMAGE_PIXELS = 50_000_000;

/** Why a picture of this size is refused, or undefined when it may be decoded. */
export function oversized(size: { width: number; height: number }): string | undefined {
  const { width, height } = size;
  if (width === 0 || height === 0) return `it claims ${width} × ${height} px`;
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS)
    return `it is ${width} × ${height} px; pictures may be at most ${MAX_IMAGE_SIDE} px a side and ${MAX_IMAGE_PIXELS / 1_000_000} million pixels`;
  return undefined;
}

/** A file name as stored and shown: no folders, no control characters (NUL included), at most 200 characters. */
export function cleanName(raw: string, fallback = 'upload'): string {
  const base = raw.split(/[/\\]/).at(-1) ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, '').trim();
  const name = clean === '.' || clean === '..' ? '' : clean;
  if (name.length <= 200) return name || fallback;
  const extension = /\.[A-Za-z0-9]{1,10}$/.exec(name)?.[0] ?? '';
  return name.slice(0, 200 - extension.length) + extension;
}
