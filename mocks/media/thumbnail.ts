/**
 * Thumbnails and blurhashes of uploaded files (issue 15, demo server). Pure JS, Node side only:
 * `jpeg-js` decodes JPEG (jpeg-encode.ts encodes it), `pngjs` decodes PNG, `blurhash` encodes the placeholder.
 * They are loaded on first use with dynamic imports, so nothing of them reaches a browser bundle.
 * Other types get a type icon (SVG) and a flat blurhash of the icon's colour.
 */

import { loadOnce } from '../handlers/load-once';
import { MAX_IMAGE_PIXELS, sampleOfBytes, sniff } from '../imports/sniff';
import { jpegEighth } from './jpeg-dc';
import { encodeJpeg } from './jpeg-encode';

const jpegJs = loadOnce(() => import('jpeg-js'));
const pngJs = loadOnce(() => import('pngjs'));
const blurhash = loadOnce(() => import('blurhash'));

/** The longest side of a thumbnail, in pixels. */
export const THUMBNAIL_SIZE = 256;
/** The blurhash is computed on an image this wide (or high) at most: the hash needs no more. */
const BLURHASH_SOURCE = 32;

export interface Rgba {
  width: number;
  height: number;
  /** RGBA, 4 bytes per pixel */
  data: Uint8Array;
}

export interface Thumbnail {
  /** a JPEG of at most THUMBNAIL_SIZE on its longest side, or the type icon as SVG */
  bytes: Uint8Array;
  type: 'image/jpeg' | 'image/svg+xml';
  width: number;
  height: number;
  blurhash: string;
  /** size of the source image, when it was decoded */
  source?: { width: number; height: number };
}

/** The types `decodeImage` reads; others get the icon of their type. */
export const DECODED_TYPES: ReadonlySet<string> = new Set(['image/jpeg', 'image/png']);

/**
 * The memory jpeg-js may take for one picture (it counts its own buffers, about 20 bytes a pixel):
 * larger sequential JPEGs are read at an eighth of their size (jpeg-dc.ts), so this bounds the
 * others (progressive ones); past it they get the icon of their type.
 */
const JPEG_DECODE_MB = 256;
const JPEG_BYTES_PER_PIXEL = 20;

/**
 * The most pixels a PNG may have to be decoded: pngjs holds the inflated rows and the RGBA pixels
 * together, outside any heap limit (a 12 MP PNG raised the server's peak by 179 MB, bench:uploads),
 * so past 12 MP a PNG keeps the icon of its type (or, as an asset, its drawn pictures), read from
 * its header.
 */
export const PNG_DECODE_PIXELS = 12_000_000;

/**
 * Decodes a JPEG or PNG whole; undefined for another type, a file that does not decode, or a PNG
 * over PNG_DECODE_PIXELS.
 */
export async function decodeImage(bytes: Uint8Array, mimetype: string): Promise<Rgba | undefined> {
  try {
    if (mimetype === 'image/jpeg') {
      const jpeg = await jpegJs();
      const image = jpeg.decode(bytes, {
        useTArray: true,
        maxResolutionInMP: MAX_IMAGE_PIXELS / 1_000_000,
        maxMemoryUsageInMB: JPEG_DECODE_MB,
      });
      return { width: image.width, height: image.height, data: image.data };
    }
    if (mimetype === 'image/png') {
      const size = sniff(sampleOfBytes(bytes)).size;
      if (!size || size.width * size.height > PNG_DECODE_PIXELS) return undefined;
      const { PNG } = await pngJs();
      const image = PNG.sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      return { width: image.width, height: image.height, data: new Uint8Array(image.data) };
    }
  } catch {
    return undefined;
  }
  return undefined;
}

/**
 * A picture decoded to be drawn at most `max` px a side: its pixels (at least `max` a side where
 * the picture has them, or at an eighth of its size when reading it whole would cost too much)
 * and its own size. Undefined when it does not decode.
 */
export async function decodeToFit(
  bytes: Uint8Array,
  mimetype: string,
  max: number,
): Promise<{ image: Rgba; source: { width: number; height: number } } | undefined> {
  const size = mimetype === 'image/jpeg' ? sniff(sampleOfBytes(bytes)).size : undefined;
  const costly = size && size.width * size.height * JPEG_BYTES_PER_PIXEL > JPEG_DECODE_MB * 1_048_576;
  if (size && (costly || Math.max(size.width, size.height) >= 8 * max)) {
    const eighth = jpegEighth(bytes);
    if (eighth) return { image: eighth.image, source: size };
  }
  const image = await decodeImage(bytes, mimetype);
  return image && { image, source: { width: image.width, height: image.height } };
}

/** Box-filter downscale to fit `max` × `max` (never up); alpha is flattened on white. */
export function fitWithin(image: Rgba, max: number): Rgba {
  const scale = Math.min(1, max / Math.max(image.width, image.height));
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    const y0 = Math.floor((y * image.height) / height);
    const y1 = Math.max(y0 + 1, Math.floor(((y + 1) * image.height) / height));
    for (let x = 0; x < width; x++) {
      const x0 = Math.floor((x * image.width) / width);
      const x1 = Math.max(x0 + 1, Math.floor(((x + 1) * image.width) / width));
      let r = 0;
      let g = 0;
      let b = 0;
      let n = 0;
      for (let sy = y0; sy < y1; sy++) {
        for (let sx = x0; sx < x1; sx++) {
          const at = (sy * image.width + sx) * 4;
          const alpha = (image.data[at + 3] ?? 255) / 255;
          r += (image.data[at] ?? 0) * alpha + 255 * (1 - alpha);
          g += (image.data[at + 1] ?? 0) * alpha + 255 * (1 - alpha);
          b += (image.data[at + 2] ?? 0) * alpha + 255 * (1 - alpha);
          n++;
        }
      }
      const to = (y * width + x) * 4;
      data[to] = r / n;
      data[to + 1] = g / n;
      data[to + 2] = b / n;
      data[to + 3] = 255;
    }
  }
  return { width, height, data };
}

export async function blurhashOf(image: Rgba): Promise<string> {
  const { encode } = await blurhash();
  const small = fitWithin(image, BLURHASH_SOURCE);
  const x = small.width >= small.height ? 4 : 3;
  const y = small.width >= small.height ? 3 : 4;
  return encode(new Uint8ClampedArray(small.data.buffer), small.width, small.height, x, y);
}

interface TypeIcon {
  label: string;
  colour: [number, number, number];
}

function typeIconOf(mimetype: string, filename: string): TypeIcon {
  const extension = /\.([a-z0-9]{1,5})$/i.exec(filename)?.[1]?.toUpperCase();
  if (mimetype.startsWith('video/')) return { label: extension ?? 'VIDEO', colour: [124, 58, 237] };
  if (mimetype.startsWith('audio/')) return { label: extension ?? 'AUDIO', colour: [219, 39, 119] };
  if (mimetype === 'application/pdf') return { label: 'PDF', colour: [220, 38, 38] };
  if (mimetype.startsWith('image/')) return { label: extension ?? 'IMAGE', colour: [5, 150, 105] };
  return { label: extension ?? 'FILE', colour: [71, 85, 105] };
}

const hex = ([r, g, b]: [number, number, number]): string =>
  `#${[r, g, b].map((value) => value.toString(16).padStart(2, '0')).join('')}`;

const escapeXml = (text: string): string => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A type icon: a sheet with a folded corner and the file's extension, in the type's colour. */
export function typeIconSvg(mimetype: string, filename: string): string {
  const icon = typeIconOf(mimetype, filename);
  const colour = hex(icon.colour);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${THUMBNAIL_SIZE}" height="${THUMBNAIL_SIZE}" viewBox="0 0 256 256" role="img" aria-label="${escapeXml(icon.label)} file">` +
    `<rect width="256" height="256" fill="#f1f5f9"/>` +
    `<path d="M72 32h84l44 44v148H72z" fill="#fff" stroke="${colour}" stroke-width="6"/>` +
    `<path d="M156 32v44h44" fill="none" stroke="${colour}" stroke-width="6"/>` +
    `<rect x="56" y="140" width="144" height="44" rx="6" fill="${colour}"/>` +
    `<text x="128" y="171" font-family="sans-serif" font-size="26" font-weight="bold" text-anchor="middle" fill="#fff">${escapeXml(icon.label.slice(0, 5))}</text>` +
    `</svg>`
  );
}

/** A flat blurhash of the type icon's colour (a 4 × 4 image of one colour). */
async function flatBlurhash(colour: [number, number, number]): Promise<string> {
  const pixels = new Uint8Array(4 * 4 * 4);
  for (let at = 0; at < pixels.length; at += 4) pixels.set([...colour, 255], at);
  return blurhashOf({ width: 4, height: 4, data: pixels });
}

/** The thumbnail and blurhash of a file: a real JPEG for a decodable image, the type icon otherwise. */
export async function thumbnailOf(bytes: Uint8Array, mimetype: string, filename: string): Promise<Thumbnail> {
  const decoded = DECODED_TYPES.has(mimetype)
    ? await decodeToFit(bytes, mimetype, THUMBNAIL_SIZE)
    : undefined;
  if (decoded) {
    const small = fitWithin(decoded.image, THUMBNAIL_SIZE);
    return {
      bytes: encodeJpeg(small, 80),
      type: 'image/jpeg',
      width: small.width,
      height: small.height,
      blurhash: await blurhashOf(small),
      source: decoded.source,
    };
  }
  const svg = typeIconSvg(mimetype, filename);
  return {
    bytes: new TextEncoder().encode(svg),
    type: 'image/svg+xml',
    width: THUMBNAIL_SIZE,
    height: THUMBNAIL_SIZE,
    blurhash: await flatBlurhash(typeIconOf(mimetype, filename).colour),
  };
}
