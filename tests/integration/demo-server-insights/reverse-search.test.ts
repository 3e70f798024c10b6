/** Reverse image search of protocol §21 against the demo handlers: status, permissions, job, report file. */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reverseSearchTiming } from '../../../mocks/handlers/reverse-search';
import { server } from '../../../mocks/node';
import { reset, runtime } from '../../../mocks/runtime';
import { as, call } from '../demo-server-entities/helpers';

const JOB_MS = 150;
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  reset();
  reverseSearchTiming.jobMs = JOB_MS;
});
afterEach(() => {
  reverseSearchTiming.jobMs = 3000;
});
afterAll(() => server.close());

const BASE = '/packaged/reverse-search';
const asset = (id: number) => runtime.db.assets[id - 1] as (typeof runtime.db.assets)[number];
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('reverse image search (protocol §21)', () => {
  it('the feature is on (status below 400)', async () => {
    const { status } = await call(`${BASE}/feature/status`);
    expect(status).toBeLessThan(400);
  });

  it('permissions per asset: managers and contributors yes; carol, applications and visitors no; 404 unknown', async () => {
    const uuid = asset(12).$uuid;
    const permissions = async (headers: Record<string, string>) =>
      (await call(`${BASE}/permissions/${uuid}`, { headers })).body;
    expect(await permissions(await as('alice'))).toEqual({ canSubmit: true, canViewReport: true });
    expect(await permissions(await as('bob'))).toEqual({ canSubmit: true, canViewReport: true });
    expect(await permissions(await as('carol'))).toEqual({ canSubmit: false, canViewReport: false });
    expect(await permissions(await as('visitor'))).toEqual({ canSubmit: false, canViewReport: false });
    expect((await call(`${BASE}/permissions/no-such-uuid`)).status).toBe(404);
  });

  it('submit starts a job; the report is 404 before, 409 while it runs, then a CSV file named by Content-Disposition', async () => {
    const bob = await as('bob');
    const target = asset(12);
    const report = () => call(`${BASE}/report/${target.$uuid}`, { headers: bob });
    expect((await report()).status).toBe(404);
    const submitted = await call(`${BASE}/submit/${target.$uuid}`, { method: 'POST', headers: bob });
    expect(submitted.status).toBe(202);
    expect(submitted.body).toMatchObject({ uuid: target.$uuid, status: 'running' });
    const running = await report();
    expect(running.status).toBe(409);
    expect(running.body.message).toBe('The reverse search is still running');
    await wait(JOB_MS + 50);
    const done = await report();
    expect(done.status).toBe(200);
    expect(done.response.headers.get('content-type')).toContain('text/csv');
    const filename = /filename="([^"]+)"/.exec(done.response.headers.get('content-disposition') ?? '')?.[1];
    expect(filename).toBe(`reverse-search-${target.filename.replace(/\.[^.]+$/, '')}.csv`);
    const lines = (done.body as string).trim().split('\r\n');
    expect(lines[0]).toBe('"asset","uuid","generated"');
    expect(lines[1]).toContain(target.$uuid);
    expect(lines[3]).toBe('"name","page","match","similarity"');
    // deterministic per asset: a second search finds the same copies
    await call(`${BASE}/submit/${target.$uuid}`, { method: 'POST', headers: bob });
    await wait(JOB_MS + 50);
    const again = (await report()).body as string;
    expect(again.trim().split('\r\n').slice(3)).toEqual(lines.slice(3));
  });

  it('the copies are the library pictures whose average hash is close, the closest first; some pictures have none', async () => {
    const alice = await as('alice');
    const images = runtime.db.assets.filter((each) => each.assetnature.code === 'image').slice(0, 8);
    for (const image of images)
      await call(`${BASE}/submit/${image.$uuid}`, { method: 'POST', headers: alice });
    await wait(JOB_MS + 50);
    const counts: number[] = [];
    for (const image of images) {
      const { body } = await call(`${BASE}/report/${image.$uuid}`, { headers: alice });
      const rows = (body as string).trim().split('\r\n').slice(4);
      counts.push(rows.length);
      const similarities = rows.map((row) => Number(row.split(',')[3]?.replaceAll('"', '')));
      expect(similarities).toEqual([...similarities].sort((a, b) => b - a));
      for (const row of rows) {
        const id = Number(/\/assets\/asset\/(\d+)"/.exec(row)?.[1]);
        const copy = runtime.db.assets.find((each) => each.id === id);
        expect(copy?.assetnature.code).toBe('image');
        expect(row.startsWith(`"${copy?.name}"`)).toBe(true);
        expect(id).not.toBe(image.id);
      }
    }
    expect(Math.max(...counts)).toBeGreaterThan(0);
    expect(Math.min(...counts)).toBe(0);
  });

  it('refuses submit and report without the permission (403) and unknown assets (404); a reset forgets the jobs', async () => {
    const uuid = asset(20).$uuid;
    expect(
      (await call(`${BASE}/submit/${uuid}`, { method: 'POST', headers: await as('carol') })).status,
    ).toBe(403);
    expect((await call(`${BASE}/submit/${uuid}`, { method: 'POST' })).status).toBe(403);
    expect(
      (await call(`${BASE}/submit/no-such-uuid`, { method: 'POST', headers: await as('alice') })).status,
    ).toBe(404);
    const alice = await as('alice');
    await call(`${BASE}/submit/${uuid}`, { method: 'POST', headers: alice });
    await wait(JOB_MS + 50);
    expect((await call(`${BASE}/report/${uuid}`, { headers: await as('carol') })).status).toBe(403);
    expect((await call(`${BASE}/report/${uuid}`, { headers: alice })).status).toBe(200);
    reset();
    expect((await call(`${BASE}/report/${uuid}`, { headers: await as('alice') })).status).toBe(404);
  });
});
