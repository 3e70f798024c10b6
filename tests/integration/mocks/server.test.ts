import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, get } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { HttpResponse, http } from 'msw';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mswMiddleware } from '../../../mocks/middleware/msw';
import { captureBody, logRequest } from '../../../mocks/middleware/request-log';
import type { LoggedRequest } from '../../../mocks/runtime';
import { type DemoServer, startDemoServer } from '../../../mocks/server';
import { DEFAULT_SETTINGS } from '../../../mocks/settings';

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

const post = (path: string, body: unknown) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
/** fetch() adds `Cache-Control: no-cache` to a conditional request (Fetch standard), so a browser's revalidation is made by hand. */
const statusOf = (url: string, headers: Record<string, string>) =>
  new Promise<number | undefined>((resolve, reject) => {
    get(url, { headers }, (response) => {
      response.resume();
      resolve(response.statusCode);
    }).on('error', reject);
  });
const requests = async (): Promise<LoggedRequest[]> => (await fetch(`${base}/__mock/requests`)).json();
const logEntry = { name: 'n', hash: 'h', count: 1, level: 10, message: 'm', times: [1] };

describe('demo server: start', () => {
  it('listens on a free port with port 0 and returns its real url', () => {
    expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(new URL(base).port).not.toBe('0');
  });

  it('serves the MSW handlers over HTTP', async () => {
    const response = await fetch(`${base}/api/rest/config`);
    expect((await response.json()).typeEnv).toBe('demo');
  });
});

describe('demo server: settings and reset', () => {
  it('GET /__mock/settings answers the defaults, with the app availability keys', async () => {
    expect(await (await fetch(`${base}/__mock/settings`)).json()).toEqual(DEFAULT_SETTINGS);
  });

  it('POST /__mock/settings merges the given keys and answers the new settings, which handlers read', async () => {
    const response = await post('/__mock/settings', { 'zip.buildMs': 10, 'app.available': false });
    expect(await response.json()).toEqual({ ...DEFAULT_SETTINGS, 'zip.buildMs': 10, 'app.available': false });
    const availability = await fetch(
      `${base}/api/wedia/bo/authorizedusers/applications/isAvailable?applicationName=x`,
    );
    expect((await availability.json()).available).toBe(false);
  });

  it('POST /__mock/settings refuses unknown keys and wrong types with 400, changing nothing', async () => {
    for (const body of [{ 'zip.unknown': 1 }, { 'zip.maxSize': 'big' }]) {
      const response = await post('/__mock/settings', body);
      expect(response.status).toBe(400);
      expect((await response.json()).error).toBe('400');
    }
    expect(await (await fetch(`${base}/__mock/settings`)).json()).toEqual(DEFAULT_SETTINGS);
  });

  it('POST /__mock/reset puts back the default settings and empties the request and client logs', async () => {
    await post('/__mock/settings', { 'carts.splitcart': false });
    await fetch(`${base}/api/packaged/portal/log`, {
      method: 'POST',
      body: new URLSearchParams({ TYPE: 'LOGS', MESSAGE: JSON.stringify([logEntry]) }),
    });
    expect(await (await fetch(`${base}/__mock/logs`)).json()).toHaveLength(1);
    await fetch(`${base}/__mock/reset`, { method: 'POST' });
    expect((await (await fetch(`${base}/__mock/settings`)).json())['carts.splitcart']).toBe(true);
    expect(await requests()).toEqual([]);
    expect(await (await fetch(`${base}/__mock/logs`)).json()).toEqual([]);
  });
});

describe('demo server: request log', () => {
  it('records method, path, decoded query (+ and %20 as spaces), content type and selected headers, newest last', async () => {
    const before = Date.now();
    await fetch(`${base}/api/rest/config?lang=en&q=a+b%20c&type=x&type=y`, {
      headers: {
        Authorization: 'Bearer t',
        'x-context': 'ctx',
        'X-CSRF-Token': 'csrf',
        Cookie: 'not=logged',
      },
    });
    await fetch(`${base}/api/wedia/froala/config`);
    const [first, second] = await requests();
    expect(first).toMatchObject({
      method: 'GET',
      path: '/api/rest/config',
      query: { lang: 'en', q: 'a b c', type: ['x', 'y'] },
      contentType: null,
      headers: { authorization: 'Bearer t', 'x-context': 'ctx', 'x-csrf-token': 'csrf' },
      body: null,
    });
    expect(first?.headers).not.toHaveProperty('cookie');
    expect(second?.path).toBe('/api/wedia/froala/config');
    expect(first?.at).toBeGreaterThanOrEqual(before);
    expect(second?.at).toBeGreaterThanOrEqual(first?.at ?? Number.POSITIVE_INFINITY);
  });

  it('decodes a JSON body into an object, and records the method override header', async () => {
    await fetch(`${base}/api/wedia/cart/createCart/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json;charset=utf-8', 'X-HTTP-Method-Override': 'PATCH' },
      body: JSON.stringify({ name: 'Spring', private: true, collaborators: [2] }),
    });
    const [logged] = await requests();
    expect(logged?.body).toEqual({ name: 'Spring', private: true, collaborators: [2] });
    expect(logged?.headers['x-http-method-override']).toBe('PATCH');
  });

  it('decodes a form body into fields, a repeated field into an array', async () => {
    await fetch(`${base}/api/json/userpref`, {
      method: 'POST',
      body: new URLSearchParams([
        ['namespace', 'vue-app'],
        ['value', '{"a":1} x+y'],
        ['form_value', '1'],
        ['form_value', '2'],
      ]),
    });
    const [logged] = await requests();
    expect(logged?.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(logged?.body).toEqual({ namespace: 'vue-app', value: '{"a":1} x+y', form_value: ['1', '2'] });
  });

  it('decodes a multipart body into fields, files as {name, size, type}', async () => {
    const form = new FormData();
    form.set('json', JSON.stringify({ job: 101, binary: 'cid:binary' }));
    form.set('binary', new Blob(['12345678'], { type: 'image/jpeg' }), 'IMG_0001.jpg');
    await fetch(`${base}/api/rest/massimport/item?unzip=false`, { method: 'POST', body: form });
    const [logged] = await requests();
    expect(logged?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(logged?.body).toEqual({
      json: '{"job":101,"binary":"cid:binary"}',
      binary: { name: 'IMG_0001.jpg', size: 8, type: 'image/jpeg' },
    });
  });

  it('still hands the whole body to the handlers after logging it', async () => {
    const response = await fetch(`${base}/api/packaged/portal/log`, {
      method: 'POST',
      body: new URLSearchParams({ TYPE: 'LOGS', MESSAGE: JSON.stringify([logEntry]) }),
    });
    expect(response.status).toBe(200);
    expect(await (await fetch(`${base}/__mock/logs`)).json()).toEqual([
      { ...logEntry, receivedAt: expect.any(Number) },
    ]);
  });

  it('logs only protocol paths, not control routes or app files', async () => {
    await fetch(`${base}/__mock/settings`);
    await fetch(`${base}/carts`);
    expect(await requests()).toEqual([]);
  });
});

describe('demo server: faults', () => {
  it('fails a matching request with the status and error body, after the delay', async () => {
    await post('/__mock/faults', { match: '^/api/rest/config$', rate: 1, status: 500, delayMs: 150 });
    // the delay is the answer's timer (this test's server runs in this process), not a clock reading
    const timers = vi.spyOn(globalThis, 'setTimeout');
    let delays: unknown[] = [];
    const response = await fetch(`${base}/api/rest/config`).finally(() => {
      delays = timers.mock.calls.map(([, delay]) => delay);
      timers.mockRestore();
    });
    expect(delays).toContain(150);
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: '500', message: expect.any(String) });
    expect((await fetch(`${base}/api/wedia/froala/config`)).status).toBe(200);
  });

  it('drops the connection for status 0', async () => {
    await post('/__mock/faults', { match: 'froala', status: 0 });
    await expect(fetch(`${base}/api/wedia/froala/config`)).rejects.toThrow();
  });

  it('cuts a dropped answer after one byte that is no HTTP, so a browser does not send the request again', async () => {
    // a bare reset on a reused connection is taken by Chromium for a stale one: it sent the request again
    await post('/__mock/faults', { match: 'froala', status: 0 });
    const { port } = new URL(base);
    const received = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () =>
        socket.write(`GET /api/wedia/froala/config HTTP/1.1\r\nHost: localhost:${port}\r\n\r\n`),
      );
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk.toString('latin1');
      });
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    expect(received).toBe('\0');
  });

  it('fails a deterministic share of the matching requests: rate 0.5 fails every second one', async () => {
    await post('/__mock/faults', { match: '/rest/config', rate: 0.5, status: 503 });
    const statuses = [];
    for (let index = 0; index < 4; index++) statuses.push((await fetch(`${base}/api/rest/config`)).status);
    expect(statuses).toEqual([200, 503, 200, 503]);
  });

  it('keeps several faults at once, and DELETE /__mock/faults clears them', async () => {
    await post('/__mock/faults', { match: 'froala', status: 502 });
    const listed = await (await post('/__mock/faults', { match: 'rest/config', status: 504 })).json();
    expect(listed).toHaveLength(2);
    expect((await fetch(`${base}/api/wedia/froala/config`)).status).toBe(502);
    expect((await fetch(`${base}/api/rest/config`)).status).toBe(504);
    await fetch(`${base}/__mock/faults`, { method: 'DELETE' });
    expect((await fetch(`${base}/api/rest/config`)).status).toBe(200);
  });

  it('answers 204 with no content, 302 to the portal page, and 418 with an error body (hostile statuses)', async () => {
    await post('/__mock/faults', { match: 'froala', status: 204 });
    const empty = await fetch(`${base}/api/wedia/froala/config`);
    expect(empty.status).toBe(204);
    expect(await empty.text()).toBe('');
    await fetch(`${base}/__mock/faults`, { method: 'DELETE' });
    await post('/__mock/faults', { match: 'froala', status: 302 });
    const moved = await fetch(`${base}/api/wedia/froala/config`, { redirect: 'manual' });
    expect(moved.status).toBe(302);
    expect(moved.headers.get('location')).toBe('/');
    await fetch(`${base}/__mock/faults`, { method: 'DELETE' });
    await post('/__mock/faults', { match: 'froala', status: 418 });
    const teapot = await fetch(`${base}/api/wedia/froala/config`);
    expect(teapot.status).toBe(418);
    expect(await teapot.json()).toEqual({ error: '418', message: expect.any(String) });
  });

  it('refuses a fault that is not a regular expression or has another status', async () => {
    expect((await post('/__mock/faults', { match: '(' })).status).toBe(400);
    expect((await post('/__mock/faults', { match: 'x', status: 200 })).status).toBe(400);
  });

  it('are cleared by a reset, and logged requests include the failed ones', async () => {
    await post('/__mock/faults', { match: 'config', status: 500 });
    await fetch(`${base}/api/rest/config`);
    expect((await requests()).map((request) => request.path)).toEqual(['/api/rest/config']);
    await fetch(`${base}/__mock/reset`, { method: 'POST' });
    expect((await fetch(`${base}/api/rest/config`)).status).toBe(200);
  });
});

describe('demo server: the app', () => {
  it('answers 503 with how to build when dist has no index.html', async () => {
    const response = await fetch(`${base}/carts/12`);
    expect(response.status).toBe(503);
    expect(await response.text()).toContain('npm run build');
  });

  it('serves dist files, index.html for client routes, and JSON 404 for unknown protocol paths', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'dist-'));
    writeFileSync(join(dist, 'index.html'), '<div id="app"></div>');
    writeFileSync(join(dist, 'app.js'), 'console.log(1)');
    const withApp = await startDemoServer({ port: 0, distDir: dist });
    try {
      expect(await (await fetch(`${withApp.url}/app.js`)).text()).toBe('console.log(1)');
      for (const route of ['/', '/carts/12', '/share/abc']) {
        expect(await (await fetch(`${withApp.url}${route}`)).text()).toBe('<div id="app"></div>');
      }
      const unknown = await fetch(`${withApp.url}/bov3/unknown.jspz`);
      expect(unknown.status).toBe(404);
      expect((await unknown.json()).error).toBe('404');
    } finally {
      await withApp.close();
      rmSync(dist, { recursive: true });
    }
  });

  it('caches hashed assets for good, revalidates the HTML (304 on its ETag), and compresses text', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'dist-'));
    const script = `export const words = ${JSON.stringify('lorem ipsum '.repeat(400))};`;
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<div id="app"></div>');
    writeFileSync(join(dist, 'assets', 'index-Ab12.js'), script);
    const withApp = await startDemoServer({ port: 0, distDir: dist });
    try {
      const asset = await fetch(`${withApp.url}/assets/index-Ab12.js`, {
        headers: { 'accept-encoding': 'br' },
      });
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(asset.headers.get('content-encoding')).toBe('br');
      expect(await asset.text()).toBe(script);
      for (let i = 0; i < 20; i++) await fetch(`${withApp.url}/api/rest/config`);
      const gzipped = await fetch(`${withApp.url}/__mock/requests`, {
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(gzipped.headers.get('content-encoding')).toBe('gzip');
      expect(await gzipped.json()).toHaveLength(20);
      for (const route of ['/', '/search']) {
        const html = await fetch(`${withApp.url}${route}`);
        expect(html.headers.get('cache-control')).toBe('no-cache');
        const etag = html.headers.get('etag') ?? '';
        expect(etag).not.toBe('');
        expect(await statusOf(`${withApp.url}${route}`, { 'if-none-match': etag })).toBe(304);
      }
    } finally {
      await withApp.close();
      rmSync(dist, { recursive: true });
    }
  });
});

describe('MSW over express: body replay', () => {
  it('gives the handlers the exact bytes the client sent, even malformed JSON, after the log read them', async () => {
    const echo = http.all('*/api/echo', async ({ request }) =>
      HttpResponse.text(`${request.headers.get('content-type')}|${await request.text()}`),
    );
    const app = express()
      .use('/api', captureBody, logRequest)
      .use(mswMiddleware([echo]));
    const echoServer = createServer(app).listen(0, '127.0.0.1');
    await new Promise((resolve) => echoServer.once('listening', resolve));
    const url = `http://127.0.0.1:${(echoServer.address() as AddressInfo).port}/api/echo`;
    try {
      for (const body of ['{ "a" : 1.0 }', '{"broken": ']) {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        expect(await response.text()).toBe(`application/json|${body}`);
      }
    } finally {
      await new Promise((resolve) => echoServer.close(resolve));
    }
  });
});
