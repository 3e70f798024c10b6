import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoServer, startDemoServer } from '../../../mocks/server';
import { bearerFor, type WireCart } from './carts-fixtures';

/** Over real HTTP (express + the MSW middleware): headers, streaming and control routes. */
describe('downloads over HTTP (the demo server)', () => {
  let demo: DemoServer;
  beforeAll(async () => {
    demo = await startDemoServer({ port: 0, distDir: join(tmpdir(), 'no-such-dist-dir') });
  });
  afterAll(() => demo.close());

  it('streams the zip with Content-Length and Content-Disposition; the outbox and huge-cart control routes work', async () => {
    await fetch(`${demo.url}/__mock/reset`, { method: 'POST' });
    await fetch(`${demo.url}/__mock/settings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ 'zip.buildMs': 0 }),
    });
    const huge = await fetch(`${demo.url}/__mock/carts/huge`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ items: 2500 }),
    });
    expect(huge.status).toBe(201);
    const { id, total } = (await huge.json()) as { id: string; total: number };
    expect(total).toBe(2500);
    // the server runs in this process: a token put in its runtime is valid there
    const authorization = bearerFor('alice');
    const headers = { authorization, 'content-type': 'application/json' };
    const view = await fetch(`${demo.url}/api/wedia/cart/viewCart/${id}?no_preview=true&output=list`, {
      headers,
    });
    expect(((await view.json()) as WireCart).items).toHaveLength(2500);
    const selection = { asset: ['1', '2', '3'] };
    const uuid = await (
      await fetch(`${demo.url}/api/wedia/cart/zipCart/${id}`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ selection, sendLinkByEmail: true }),
      })
    ).json();
    const head = await fetch(`${demo.url}/api/wedia/cart/downloadCart/${uuid}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    const file = await fetch(`${demo.url}/api/wedia/cart/downloadCart/${uuid}`);
    const bytes = new Uint8Array(await file.arrayBuffer());
    expect(file.headers.get('content-length')).toBe(String(bytes.length));
    expect(file.headers.get('content-disposition')).toMatch(
      /^attachment; filename="Huge selection \(2500 items\)\.zip"/,
    );
    expect(Object.keys(unzipSync(bytes))).toHaveLength(3 + 2);
    const outbox = await (await fetch(`${demo.url}/__mock/outbox`)).json();
    expect(outbox).toEqual([expect.objectContaining({ kind: 'zipLink' })]);
  });

  it('a zip still building is ready at once after POST /__mock/zips/ready', async () => {
    await fetch(`${demo.url}/__mock/reset`, { method: 'POST' });
    await fetch(`${demo.url}/__mock/settings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ 'zip.buildMs': 600_000 }),
    });
    const headers = { authorization: bearerFor('alice'), 'content-type': 'application/json' };
    const uuid = await (
      await fetch(`${demo.url}/api/wedia/cart/zipCart/7`, {
        method: 'POST',
        headers,
        body: JSON.stringify({}),
      })
    ).json();
    const readiness = () => fetch(`${demo.url}/api/wedia/cart/downloadCart/${uuid}`, { method: 'HEAD' });
    expect((await readiness()).status).toBe(202);
    expect((await fetch(`${demo.url}/__mock/zips/ready`, { method: 'POST' })).status).toBe(200);
    expect((await readiness()).status).toBe(200);
  });
});
