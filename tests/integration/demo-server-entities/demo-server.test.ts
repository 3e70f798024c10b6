import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LoggedRequest } from '../../../mocks/runtime';
import { type DemoServer, startDemoServer } from '../../../mocks/server';
import { multipart, override } from './helpers';

/** The same calls through the Node demo server the browser talks to (express, request log, MSW). */
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

async function signIn(login: string): Promise<Record<string, string>> {
  const response = await fetch(`${base}/api/rest/signin`, {
    method: 'POST',
    body: multipart({ login, password: login, cookieauth: 'false' }),
  });
  const { accessToken } = await response.json();
  return { authorization: `Bearer ${accessToken}` };
}

const videoId = async (): Promise<number> => {
  const query = encodeURIComponent('{"assetnature":2}');
  const { response } = await (await fetch(`${base}/api/rest/dam/data/asset?query=${query}&max=1`)).json();
  return response.data[0].id;
};

describe('the demo server (express) serves the asset page calls', () => {
  it('streams the video by Range (206) so a <video> can seek', async () => {
    const id = await videoId();
    const file = readFileSync(new URL('../../../mocks/media/sample-video.webm', import.meta.url));
    const part = await fetch(`${base}/api/wedia/dam/variation/asset/${id}/video`, {
      headers: { Range: 'bytes=0-1023' },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-1023/${file.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(file.subarray(0, 1024))).toBe(true);
    const image = await fetch(`${base}/__imageservlet/asset/${id}/x.mp4?variation=preview`);
    expect(image.status).toBe(200);
  });

  it('an edit persists until POST /__mock/reset, and /__mock/requests logs the writes', async () => {
    const alice = await signIn('alice');
    const patch = await fetch(`${base}/api/rest/dam/data/asset/12?jsonproperty=json`, {
      method: 'POST',
      headers: override('PATCH', alice),
      body: multipart({ json: JSON.stringify({ title: 'Kept until reset' }) }),
    });
    expect(patch.status).toBe(200);
    const read = async () =>
      (await (await fetch(`${base}/api/rest/dam/data/asset/12`, { headers: alice })).json()).response.data
        .title;
    expect(await read()).toBe('Kept until reset');
    const log: LoggedRequest[] = await (await fetch(`${base}/__mock/requests`)).json();
    const logged = log.find(
      (entry) => entry.path === '/api/rest/dam/data/asset/12' && entry.method === 'POST',
    );
    expect(logged).toMatchObject({
      query: { jsonproperty: 'json' },
      headers: { 'x-http-method-override': 'PATCH' },
      body: { json: '{"title":"Kept until reset"}' },
    });
    await fetch(`${base}/__mock/reset`, { method: 'POST' });
    expect(await read()).not.toBe('Kept until reset');
  });

  it('logs analytics calls with their fields', async () => {
    await fetch(`${base}/api/wedia/analytics/log/objectdata`, {
      method: 'POST',
      body: multipart({ object: 'asset', id: '3', actionId: 'view' }),
    });
    const log: LoggedRequest[] = await (await fetch(`${base}/__mock/requests`)).json();
    expect(log.at(-1)).toMatchObject({
      path: '/api/wedia/analytics/log/objectdata',
      body: { object: 'asset', id: '3', actionId: 'view' },
    });
  });
});
