/** Uploads through the real demo server (express in front of the handlers), as a browser sends them. */
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listStored } from '../../../mocks/imports/storage';
import { runtime } from '../../../mocks/runtime';
import { type DemoServer, startDemoServer } from '../../../mocks/server';
import { bearer, sessionApi } from '../mocks/session-helpers';
import { file, jpegBytes, sleep } from './helpers';

let demo: DemoServer;
let base: string;

beforeAll(async () => {
  demo = await startDemoServer({ port: 0, distDir: join(tmpdir(), 'no-such-dist-dir') });
  base = demo.url;
});
afterAll(() => demo.close());
beforeEach(async () => {
  await fetch(`${base}/__mock/reset`, { method: 'POST' });
});

async function alice(): Promise<Record<string, string>> {
  return bearer((await sessionApi(`${base}/api`).tokensOf('alice')).accessToken);
}

function uploadForm(name: string, bytes: Uint8Array): FormData {
  const form = new FormData();
  form.set('json', JSON.stringify({ job: 1, binary: 'cid:binary', name }));
  form.set('binary', file(bytes, name, 'image/jpeg'));
  return form;
}

describe('uploads through the demo server', () => {
  it('a multipart upload makes an item; the request log shows json and the file part', async () => {
    const headers = await alice();
    const response = await fetch(`${base}/api/rest/massimport/item?unzip=false`, {
      method: 'POST',
      headers,
      body: uploadForm('IMG_9001.jpg', jpegBytes(48, 32)),
    });
    expect(response.status).toBe(200);
    expect((await response.json()).response.data).toMatchObject({ name: 'IMG_9001.jpg', job: 1, status: 2 });
    const log = (await (await fetch(`${base}/__mock/requests`)).json()) as Array<Record<string, unknown>>;
    const logged = log.find((entry) => entry.path === '/api/rest/massimport/item');
    expect(logged?.query).toEqual({ unzip: 'false' });
    expect(logged?.body).toEqual({
      json: '{"job":1,"binary":"cid:binary","name":"IMG_9001.jpg"}',
      binary: { name: 'IMG_9001.jpg', size: expect.any(Number), type: 'image/jpeg' },
    });
  });

  it('an upload cut mid-way leaves no item and no file', async () => {
    const headers = await alice();
    const items = runtime.db.importItems.length;
    const body = new Uint8Array(
      await new Response(uploadForm('IMG_CUT.jpg', jpegBytes(400, 400))).arrayBuffer(),
    );
    // the boundary of the body above, so the cut body is a real multipart start
    const boundary = new TextDecoder().decode(body.slice(2, body.indexOf(13)));
    const { host, port } = new URL(base);
    await new Promise<void>((resolve) => {
      const request = httpRequest({
        host: host.split(':')[0],
        port,
        method: 'POST',
        path: '/api/rest/massimport/item?unzip=false',
        headers: {
          ...headers,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(body.length),
        },
      });
      request.on('error', () => resolve());
      request.on('response', () => resolve());
      request.write(body.slice(0, Math.floor(body.length / 2)), () => {
        setTimeout(() => {
          request.destroy();
          resolve();
        }, 100);
      });
    });
    await sleep(200);
    expect(runtime.db.importItems.length).toBe(items);
    expect(await listStored(runtime.db)).toEqual([]);
    // the server still answers
    expect((await fetch(`${base}/api/rest/massimport/job/1`, { headers })).status).toBe(200);
  });

  it('a multipart body that ends early (no closing boundary) is a 400 and makes no item', async () => {
    const headers = await alice();
    const items = runtime.db.importItems.length;
    const body = new Uint8Array(
      await new Response(uploadForm('IMG_HALF.jpg', jpegBytes(64, 64))).arrayBuffer(),
    );
    const boundary = new TextDecoder().decode(body.slice(2, body.indexOf(13)));
    const response = await fetch(`${base}/api/rest/massimport/item?unzip=false`, {
      method: 'POST',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: body.slice(0, Math.floor(body.length / 2)),
    });
    expect(response.status).toBe(400);
    expect(runtime.db.importItems.length).toBe(items);
  });
});
