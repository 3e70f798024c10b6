import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isBlurhashValid } from 'blurhash';
import * as jpeg from 'jpeg-js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { listStored, storageDir } from '../../../mocks/imports/storage';
import { server } from '../../../mocks/node';
import { reset, runtime } from '../../../mocks/runtime';
import { as, call, eventually, file, type Json, jpegBytes, MI, pngBytes, upload, zipBytes } from './helpers';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  reset();
  runtime.settings['imports.analyzeMs'] = 150;
});
afterEach(() => vi.useRealTimers());
afterAll(() => server.close());

const API = 'http://localhost/api';

/** A browser-loaded file: by the ticketed address of an item answer, or with the caller's headers. */
async function image(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${API}${path}`, { headers });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    bytes: new Uint8Array(await response.arrayBuffer()),
  };
}

// pictures' thumbnails are drawn in worker threads: a thread's first start (tsx loading the
// TypeScript) takes seconds on a busy machine
describe('uploads (POST /rest/massimport/item, multipart)', { timeout: 30_000 }, () => {
  it('a JPEG becomes an analyzing item with a blurhash, then ready with a real JPEG thumbnail', async () => {
    const bob = await as('bob');
    // the server's clock stands still until the analysis is over: "analyzing" is seen on a busy machine too
    vi.useFakeTimers({ toFake: ['Date'] });
    runtime.settings['imports.analyzeMs'] = 1500;
    const { status, body } = await upload(6, file(jpegBytes(640, 480), 'IMG_7001.jpg', 'image/jpeg'), bob);
    expect(status).toBe(200);
    const item = body.response.data;
    expect(item).toMatchObject({
      job: 6,
      name: 'IMG_7001.jpg',
      mimetype: 'image/jpeg',
      status: 2,
      $status: 2,
      indexingstatus: 'pending',
      thumbnail: null,
      width: 640,
      height: 480,
      $assetmetadata: { title: 'IMG_7001' },
    });
    expect(isBlurhashValid(item.blurhash).result).toBe(true);
    expect((await image(`/wedia/massimport/thumbnail/${item.id}`, bob)).status).toBe(404);
    vi.setSystemTime(Date.now() + runtime.settings['imports.analyzeMs']);
    const ready = await eventually(
      async () => (await call(`${MI}/job/6/item?max=200`, { headers: bob })).body.response.data[0],
      (row: Json) => row.status === 4,
    );
    expect(ready).toMatchObject({
      id: item.id,
      indexingstatus: 'indexed',
      thumbnail: expect.stringMatching(
        new RegExp(`^/wedia/massimport/thumbnail/${item.id}\\?ticket=[0-9a-f]+$`),
      ),
    });
    const sent = await image(ready.original);
    expect(sent.type).toBe('image/jpeg');
    expect(jpeg.decode(sent.bytes).width).toBe(640);
    const thumbnail = await image(ready.thumbnail);
    expect(thumbnail.type).toBe('image/jpeg');
    const decoded = jpeg.decode(thumbnail.bytes);
    expect([decoded.width, decoded.height]).toEqual([256, 192]);
  });

  it('a PNG gets a JPEG thumbnail; a PDF gets the type icon (SVG) and a flat blurhash', async () => {
    const alice = await as('alice');
    runtime.settings['imports.analyzeMs'] = 0;
    const png = (await upload(1, file(pngBytes(100, 300), 'logo.png', 'image/png'), alice)).body.response
      .data;
    const pdf = (await upload(1, file('%PDF-1.4 demo', 'brief.pdf', 'application/pdf'), alice)).body.response
      .data;
    expect(png.status).toBe(4);
    const pngThumb = await image(png.thumbnail);
    expect(pngThumb.type).toBe('image/jpeg');
    expect(jpeg.decode(pngThumb.bytes).height).toBe(256);
    const icon = await image(pdf.thumbnail);
    expect(icon.type).toBe('image/svg+xml');
    expect(new TextDecoder().decode(icon.bytes)).toContain('PDF');
    expect(isBlurhashValid(pdf.blurhash).result).toBe(true);
  });

  it('uploads side by side get distinct ids, every one stored, rows kept sorted by id', async () => {
    const alice = await as('alice');
    const sizes = [400, 16, 300, 24, 200];
    const answers = await Promise.all(
      sizes.map((size, index) =>
        upload(1, file(jpegBytes(size, size), `side-${index}.jpg`, 'image/jpeg'), alice),
      ),
    );
    const ids = answers.map((answer) => answer.body.response.data.id);
    expect(new Set(ids).size).toBe(5);
    const rows = runtime.db.importItems.map((item) => item.id);
    expect(rows).toEqual([...rows].sort((a, b) => a - b));
    expect((await listStored(runtime.db)).filter((key) => key.endsWith('.jpg'))).toHaveLength(10);
  });

  it('stores the files on disk in a temporary folder of the run, removed on reset', async () => {
    const alice = await as('alice');
    const { body } = await upload(1, file(jpegBytes(64, 64), 'a.jpg', 'image/jpeg'), alice);
    const dir = await storageDir(runtime.db);
    expect(dir?.startsWith(tmpdir())).toBe(true);
    expect(await listStored(runtime.db)).toEqual([
      `${body.response.data.id}-a.jpg`,
      `${body.response.data.id}.thumbnail.jpg`,
    ]);
    reset();
    await storageDir(runtime.db);
    await eventually(
      async () => existsSync(dir as string),
      (exists) => !exists,
    );
    expect(existsSync(dir as string)).toBe(false);
  });

  it('unzip=true expands a zip into one item per accepted file; refused types are skipped and listed', async () => {
    const alice = await as('alice');
    const zip = zipBytes({
      'shoot/one.jpg': jpegBytes(32, 32),
      'shoot/two.png': pngBytes(20, 20),
      'shoot/notes.txt': new TextEncoder().encode('hello'),
      '__MACOSX/shoot/._one.jpg': new Uint8Array([0]),
    });
    const before = runtime.db.importItems.length;
    const { status, body } = await upload(1, file(zip, 'shoot.zip', 'application/zip'), alice, {
      unzip: true,
    });
    expect(status).toBe(200);
    expect(body.response.data.map((item: Json) => item.name)).toEqual(['one.jpg', 'two.png']);
    expect(body.response.skipped).toEqual(['notes.txt']);
    expect(runtime.db.importItems.length).toBe(before + 2);
    // without unzip, a zip is a file of a type the job does not accept
    const whole = await upload(1, file(zip, 'shoot.zip', 'application/zip'), alice);
    expect(whole.status).toBe(400);
    expect(whole.body.error).toBe('400/9');
  });

  it('a program is a 400/9 whatever the import accepts, and makes no item', async () => {
    const alice = await as('alice');
    const before = runtime.db.importItems.length;
    const { status, body } = await upload(1, file('MZ...', 'setup.exe', ''), alice);
    expect(status).toBe(400);
    expect(body).toEqual({
      error: '400/9',
      message: 'setup.exe is a Windows program: programs are never imported, so it is not accepted',
    });
    expect(runtime.db.importItems.length).toBe(before);
  });

  it('a file over imports.maxFileSize is a 413 with a clear message and makes no item', async () => {
    const alice = await as('alice');
    runtime.settings['imports.maxFileSize'] = 1_048_576;
    const before = runtime.db.importItems.length;
    const { status, body } = await upload(1, file(new Uint8Array(1_572_864), 'big.jpg', 'image/jpeg'), alice);
    expect(status).toBe(413);
    expect(body).toEqual({
      error: '413/1',
      message: 'big.jpg is 1.5 MB: this import accepts files up to 1 MB (1048576 bytes)',
    });
    expect(runtime.db.importItems.length).toBe(before);
  });

  it('rights: carol and visitors 403; bob not into alice’s job; an unknown job 404', async () => {
    const part = () => file(jpegBytes(8, 8), 'x.jpg', 'image/jpeg');
    expect((await upload(1, part(), await as('carol'))).status).toBe(403);
    expect((await upload(1, part(), {})).status).toBe(403);
    expect((await upload(1, part(), await as('bob'))).status).toBe(403);
    expect((await upload(99, part(), await as('alice'))).status).toBe(404);
  });

  it('a body without json, without the cid part, or not multipart is a 400', async () => {
    const alice = await as('alice');
    const noJson = new FormData();
    noJson.set('binary', file('x', 'x.jpg', 'image/jpeg'));
    expect(
      (await call(`${MI}/item?unzip=false`, { method: 'POST', headers: alice, body: noJson })).status,
    ).toBe(400);
    const noPart = new FormData();
    noPart.set('json', JSON.stringify({ job: 1, binary: 'cid:binary' }));
    expect(
      (await call(`${MI}/item?unzip=false`, { method: 'POST', headers: alice, body: noPart })).status,
    ).toBe(400);
    const text = await call(`${MI}/item?unzip=false`, { method: 'POST', headers: alice, body: 'hello' });
    expect(text.status).toBe(400);
  });
});
