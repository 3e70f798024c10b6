/**
 * The demo server's media work (issue 27, second pass): thumbnails and variations encoded by the
 * project's own JPEG encoder (its tables built once), big PNGs never decoded whole, reverse search
 * and scaled variations off the request thread, and an oversized body cut rather than drained.
 */
import * as jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { encodeJpeg } from '../../../mocks/media/jpeg-encode';
import { decodeImage, PNG_DECODE_PIXELS, type Rgba } from '../../../mocks/media/thumbnail';
import { server } from '../../../mocks/node';
import { reset, runtime } from '../../../mocks/runtime';
import { tasksTaken } from '../../../mocks/imports/worker-pool';
import { as, file, type Json, jpegBytes, upload, zipBytes } from './helpers';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  reset();
  runtime.settings['imports.analyzeMs'] = 0;
});
afterAll(() => server.close());

/** A picture with smooth gradients, a hard edge and an odd size (blocks cut by both edges). */
function picture(width: number, height: number): Rgba {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const edge = x > width / 2 ? 200 : 30;
      data.set([(x * 255) / width, (y * 255) / height, edge, 255], (y * width + x) * 4);
    }
  }
  return { width, height, data };
}

describe('the JPEG encoder', () => {
  it('makes a baseline JPEG that decodes to the same picture, at the size asked', () => {
    const source = picture(203, 117);
    const encoded = encodeJpeg(source, 85);
    const decoded = jpeg.decode(encoded, { useTArray: true });
    expect([decoded.width, decoded.height]).toEqual([203, 117]);
    const differences = source.data
      .filter((_, at) => at % 4 !== 3)
      .map((value, at) => Math.abs(value - (decoded.data[Math.floor(at / 3) * 4 + (at % 3)] ?? 0)));
    const mean = differences.reduce((sum, difference) => sum + difference, 0) / differences.length;
    expect(mean).toBeLessThan(1.5);
    // the hard edge rings a little, as any JPEG does; nowhere is the picture wrong
    expect(Math.max(...differences)).toBeLessThan(48);
  });

  it('spends fewer bytes at a lower quality, and stuffs every 0xFF of its data', () => {
    const source = picture(64, 48);
    const [high, low] = [encodeJpeg(source, 95), encodeJpeg(source, 40)];
    expect(low.length).toBeLessThan(high.length);
    for (const encoded of [high, low]) {
      const sos = encoded.findIndex((value, at) => value === 0xff && encoded[at + 1] === 0xda);
      // the scan's data: after the SOS marker and its 12 bytes, before EOI
      const scan = encoded.subarray(sos + 2 + 12, encoded.length - 2);
      expect(scan.length).toBeGreaterThan(0);
      const markers = scan.filter((value, at) => value === 0xff && scan[at + 1] !== 0);
      expect(markers.length).toBe(0);
      expect([...encoded.subarray(-2)]).toEqual([0xff, 0xd9]);
    }
  });

  it('encodes a 1 × 1 picture and one of 8 × 8 exactly on its blocks', () => {
    for (const [width, height] of [
      [1, 1],
      [8, 8],
    ] as const) {
      const decoded = jpeg.decode(encodeJpeg(picture(width, height), 90), { useTArray: true });
      expect([decoded.width, decoded.height]).toEqual([width, height]);
    }
  });
});

/** A real PNG of that size, one colour: it compresses to little, but decodes to width × height × 4 bytes. */
function flatPng(width: number, height: number): Uint8Array {
  const png = new PNG({ width, height, colorType: 2, inputHasAlpha: false });
  png.data.fill(90);
  return new Uint8Array(PNG.sync.write(png, { colorType: 2, inputHasAlpha: true }));
}

// thumbnails are drawn in worker threads: a thread's first start takes seconds on a busy machine
describe('a big PNG is never decoded whole', { timeout: 60_000 }, () => {
  it(`past ${PNG_DECODE_PIXELS / 1_000_000} MP, read from its header, it is not decoded; its upload keeps the icon of its type`, async () => {
    const big = flatPng(4_000, 3_001);
    expect(await decodeImage(big, 'image/png')).toBeUndefined();
    const small = await decodeImage(flatPng(400, 300), 'image/png');
    expect([small?.width, small?.height]).toEqual([400, 300]);

    const { status, body } = await upload(1, file(big, 'panorama.png', 'image/png'), await as('alice'));
    expect(status).toBe(200);
    const thumbnail = await fetch(`http://localhost/api${body.response.data.thumbnail}`);
    expect(thumbnail.headers.get('content-type')).toContain('image/svg+xml');
  });
});

// a zip of more pictures than the answer serialises at once (100), drawn by the worker threads
describe('a zip of many pictures', { timeout: 120_000 }, () => {
  it('gives each picture its own thumbnail, drawn in the worker threads, and answers every item in order', async () => {
    const pictures = Object.fromEntries(
      Array.from({ length: 110 }, (_, index) => [`shoot/${index}.jpg`, jpegBytes(24 + (index % 9), 16)]),
    );
    const drawnBefore = tasksTaken.thumbnail;
    const { status, body } = await upload(
      1,
      file(
        zipBytes({ ...pictures, 'shoot/notes.txt': new TextEncoder().encode('hi') }),
        's.zip',
        'application/zip',
      ),
      await as('alice'),
      { unzip: true },
    );
    expect(status).toBe(200);
    const items = body.response.data as Json[];
    expect(items.map((item) => item.name)).toEqual(Object.keys(pictures).map((path) => path.slice(6)));
    expect(body.response).toMatchObject({ count: 110, total: 110, skipped: ['notes.txt'] });
    const ids = items.map((item) => Number(item.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(items.map((item) => item.width)).toEqual(items.map((_, index) => 24 + (index % 9)));
    expect(tasksTaken.thumbnail - drawnBefore).toBe(110);
    const last = await fetch(`http://localhost/api${items.at(-1)?.thumbnail}`);
    expect(last.headers.get('content-type')).toBe('image/jpeg');
  });
});
