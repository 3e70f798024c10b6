/**
 * Imported photos keep their pixels and names (issue 28, "Imported photos are lost"): an uploaded
 * JPEG or PNG, validated, is an asset named by its file whose original is the uploaded bytes and
 * whose thumbnails and preview are those pixels scaled; the watermarked role still gets `_w` only,
 * with the watermark in the pixels.
 */
import * as jpeg from 'jpeg-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Asset } from '../../../mocks/db/assets';
import { reverseSearchTiming } from '../../../mocks/handlers/reverse-search';
import { tasksTaken } from '../../../mocks/imports/worker-pool';
import { server } from '../../../mocks/node';
import { reset, runtime } from '../../../mocks/runtime';
import { as, call, file, type Json, jpegBytes, MI, pngBytes, put, upload } from './helpers';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  reset();
  runtime.settings['imports.analyzeMs'] = 0;
  runtime.settings['imports.commandMs'] = 0;
});
afterAll(() => server.close());

const JOB = 1;

async function picture(path: string, headers: Record<string, string>) {
  const response = await fetch(`http://localhost/api${path}`, { headers });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    bytes: new Uint8Array(await response.arrayBuffer()),
  };
}

/** Uploads the files as alice, validates them, and answers the assets they became. */
async function imported(files: File[]): Promise<Asset[]> {
  const alice = await as('alice');
  const ids: number[] = [];
  for (const one of files) {
    const { status, body } = await upload(JOB, one, alice);
    expect(status).toBe(200);
    ids.push(body.response.data.id);
  }
  // the analysis (0 ms) is over at the next request; the validation applies at the one after
  await call(`${MI}/job/${JOB}`, { headers: alice });
  expect((await put(JOB, { metadata: { ids, validate: true } }, alice)).status).toBe(200);
  await call(`${MI}/job/${JOB}`, { headers: alice });
  return ids.map((id) => {
    const asset = runtime.db.importItems.find((item) => item.id === id)?.asset;
    return runtime.db.assets.find((row) => row.id === asset) as Asset;
  });
}

// pictures' thumbnails are drawn in worker threads: a thread's first start (tsx loading the
// TypeScript) takes seconds on a busy machine
describe('an imported picture is the library asset', { timeout: 30_000 }, () => {
  it('is named by its file; its original is the uploaded bytes; its preview is its pixels at its size', async () => {
    const png = pngBytes(40, 30);
    const photo = jpegBytes(64, 48);
    const [fromPng, fromJpeg] = await imported([
      file(png, 'harbour-dawn.png', 'image/png'),
      file(photo, 'quay-night.jpg', 'image/jpeg'),
    ]);
    expect(fromPng).toMatchObject({
      name: 'harbour-dawn.png',
      filename: 'harbour-dawn.png',
      width: 40,
      height: 30,
    });
    expect(fromJpeg).toMatchObject({ name: 'quay-night.jpg', width: 64, height: 48 });
    const alice = await as('alice');

    const original = await picture(`/wedia/dam/variation/asset/${fromPng?.id}/original`, alice);
    expect(original).toMatchObject({ status: 200, type: 'image/png' });
    expect(original.bytes).toEqual(png);
    // sent from disk as it is read: its length told, a range answered as a range
    const part = await fetch(`http://localhost/api/wedia/dam/variation/asset/${fromPng?.id}/original`, {
      headers: { ...alice, range: 'bytes=8-15' },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 8-15/${png.length}`);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(png.slice(8, 16));
    const download = await fetch(
      `http://localhost/api/wedia/dam/variation/asset/${fromPng?.id}/original?download=true`,
      { headers: alice },
    );
    expect(download.headers.get('content-length')).toBe(String(png.length));
    expect(download.headers.get('content-disposition')).toBe(
      'attachment; filename="harbour-dawn-original.png"',
    );

    const preview = await picture(`/wedia/dam/variation/asset/${fromPng?.id}/preview`, alice);
    expect(preview).toMatchObject({ status: 200, type: 'image/jpeg' });
    const decoded = jpeg.decode(preview.bytes, { useTArray: true });
    expect([decoded.width, decoded.height]).toEqual([40, 30]);
    // pngBytes paints red 200, green 40: the preview shows that, not a generated landscape
    expect(Math.abs((decoded.data[0] ?? 0) - 200)).toBeLessThan(12);
    expect(Math.abs((decoded.data[1] ?? 0) - 40)).toBeLessThan(12);

    const thumbnail = await picture(`/wedia/dam/variation?object=asset&id=${fromJpeg?.id}`, alice);
    expect(thumbnail.type).toBe('image/jpeg');
    expect(jpeg.decode(thumbnail.bytes).width).toBe(64);
  });

  it('the search finds it by its file name', async () => {
    await imported([file(pngBytes(20, 20), 'lighthouse-zanzibar.png', 'image/png')]);
    const alice = await as('alice');
    const byName = await call('/rest/dam/data/asset?fulltext=zanzibar&max=10', { headers: alice });
    expect(byName.body.response.data.map((row: Json) => row.name)).toEqual(['lighthouse-zanzibar.png']);
  });

  it('the watermarked role gets the _w variation only, the watermark drawn into the pixels', async () => {
    const [asset] = await imported([file(pngBytes(48, 48), 'dune.png', 'image/png')]);
    const carol = await as('carol');
    expect((await picture(`/wedia/dam/variation/asset/${asset?.id}/preview`, carol)).status).toBe(403);
    expect((await picture(`/wedia/dam/variation/asset/${asset?.id}/original`, carol)).status).toBe(403);
    const marked = await picture(`/wedia/dam/variation/asset/${asset?.id}/preview_w`, carol);
    expect(marked).toMatchObject({ status: 200, type: 'image/jpeg' });
    const clean = jpeg.decode(
      (await picture(`/wedia/dam/variation/asset/${asset?.id}/preview`, await as('alice'))).bytes,
      { useTArray: true },
    );
    const pixels = jpeg.decode(marked.bytes, { useTArray: true });
    expect([pixels.width, pixels.height]).toEqual([48, 48]);
    // the bands lighten the picture: the watermarked pixels are brighter on the whole
    const sum = (data: Uint8Array) => data.reduce((total, value) => total + value, 0);
    expect(sum(pixels.data)).toBeGreaterThan(sum(clean.data) * 1.1);
  });

  it('its variations and its reverse-search hash are drawn in a worker thread; an uploaded copy is found as exact', async () => {
    const photo = jpegBytes(320, 240);
    const [first, copy] = await imported([
      file(photo, 'pier-morning.jpg', 'image/jpeg'),
      file(photo, 'pier-morning-copy.jpg', 'image/jpeg'),
    ]);
    const alice = await as('alice');
    const scaled = tasksTaken.scale;
    const preview = await picture(`/wedia/dam/variation/asset/${first?.id}/thumbnailBig`, alice);
    expect(preview).toMatchObject({ status: 200, type: 'image/jpeg' });
    expect(tasksTaken.scale).toBe(scaled + 1);

    reverseSearchTiming.jobMs = 0;
    try {
      const uuid = first?.$uuid;
      await call(`/packaged/reverse-search/submit/${uuid}`, { method: 'POST', headers: alice });
      const report = await call(`/packaged/reverse-search/report/${uuid}`, { headers: alice });
      expect(report.status).toBe(200);
      // each of the two uploads hashed from a small copy made in a thread
      expect(tasksTaken.scale).toBe(scaled + 3);
      const rows = (report.body as string).trim().split('\r\n').slice(4);
      expect(rows[0]).toContain(`/assets/asset/${copy?.id}"`);
      expect(rows[0]).toContain('"exact"');
    } finally {
      reverseSearchTiming.jobMs = 3000;
    }
  });
});
