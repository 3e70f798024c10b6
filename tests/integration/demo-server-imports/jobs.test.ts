import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { USER_IDS } from '../../../mocks/db/users';
import { server } from '../../../mocks/node';
import { reset, runtime } from '../../../mocks/runtime';
import { as, call, type Json, MI, multipart, patch } from './helpers';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => reset());
afterAll(() => server.close());

const LIST = `${MI}/job?maxItems=10&orderby=${encodeURIComponent('created desc')}&withItems=true&withRights=true`;

describe('job list (protocol §15.1)', () => {
  it('answers the jobs newest first, each with $items (at most maxItems) and $moreChildren_$items.total', async () => {
    const { status, body } = await call(
      `${LIST}&query=${encodeURIComponent('{"activated":true}')}&state=s1`,
      {
        headers: await as('alice'),
      },
    );
    expect(status).toBe(200);
    expect(body.state).toBe('s1');
    expect(body.headers).toHaveProperty('jobowner');
    const jobs: Json[] = body.response.data;
    expect(jobs.map((job) => job.id)).toEqual([1, 2, 3, 4, 5, 6]);
    const created = jobs.map((job) => job.created);
    expect([...created].sort().reverse()).toEqual(created);
    const first = jobs[0];
    expect(first.$items).toHaveLength(10);
    expect(first.$moreChildren_$items).toEqual({ total: 24 });
    expect(first.count).toBe(24);
    expect(first.jobowner).toEqual({ id: USER_IDS.alice, login: 'alice', name: expect.any(String) });
    expect(first.$security).toMatchObject({ 'objectactions/delete': true });
    expect(first.itemResources[0]).toMatchObject({ resource: 'asset', label: 'Asset' });
    expect(first.$items[0]).toMatchObject({ id: 1, job: 1, $resource: 'item', blurhash: expect.any(String) });
    expect(body.links).toEqual({});
  });

  it('pages through links.next, sent back as after', async () => {
    const alice = await as('alice');
    const seen: number[] = [];
    let after: string | undefined;
    for (let page = 0; page < 5; page++) {
      const { body } = await call(`${LIST}&max=4${after ? `&after=${encodeURIComponent(after)}` : ''}`, {
        headers: alice,
      });
      seen.push(...body.response.data.map((job: Json) => job.id));
      after = body.links.next;
      if (!after) break;
    }
    expect(seen).toEqual([1, 2, 3, 4, 5, 6]);
    expect((await call(`${MI}/job?after=bogus`, { headers: alice })).status).toBe(400);
  });

  it('filters on the query the client sends (§15.1): {} keeps every job, a status keeps those in it', async () => {
    const alice = await as('alice');
    const all = await call(`${LIST}&query=${encodeURIComponent('{}')}`, { headers: alice });
    expect(all.body.response.data.map((job: Json) => job.id)).toEqual([1, 2, 3, 4, 5, 6]);
    const done = await call(`${LIST}&query=${encodeURIComponent('{"status":{"eq":"done"}}')}`, {
      headers: alice,
    });
    const statuses = done.body.response.data.map((job: Json) => job.status);
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.length).toBeLessThan(6);
    expect(new Set(statuses)).toEqual(new Set([done.body.response.data[0].status]));
  });

  it('lists bob his own jobs only; carol and visitors get 403', async () => {
    const { body } = await call(LIST, { headers: await as('bob') });
    expect(body.response.data.map((job: Json) => job.id)).toEqual([5, 6]);
    expect((await call(LIST, { headers: await as('carol') })).status).toBe(403);
    const visitor = await call(LIST);
    expect(visitor.status).toBe(403);
    expect(visitor.body).toEqual({ error: '403', message: 'A visitor may not use mass import' });
  });
});

describe('one job', () => {
  it('GET answers the job with count; withItems adds $items; an unknown id is a 404', async () => {
    const alice = await as('alice');
    const { body } = await call(`${MI}/job/2?withRights=true`, { headers: alice });
    expect(body.response.data).toMatchObject({
      id: 2,
      name: 'Lyon fair footage',
      count: 12,
      status: 'running',
    });
    expect(body.response.data.$items).toBeUndefined();
    const withItems = await call(`${MI}/job/2?withItems=true`, { headers: alice });
    expect(withItems.body.response.data.$items).toHaveLength(10);
    const missing = await call(`${MI}/job/999?withRights=true`, { headers: alice });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: '404', message: "Job '999' is unknown" });
  });

  it("bob may not read alice's job (403)", async () => {
    expect((await call(`${MI}/job/1`, { headers: await as('bob') })).status).toBe(403);
  });

  it('POST creates a job from the multipart json with lower-cased keys; another key case is refused', async () => {
    const bob = await as('bob');
    const { status, body } = await call(`${MI}/job`, {
      method: 'POST',
      headers: bob,
      body: multipart({ json: JSON.stringify({ name: 'Harbour shoot', description: 'Boats' }) }),
    });
    expect(status).toBe(200);
    expect(body.response.data).toMatchObject({ id: 7, name: 'Harbour shoot', status: 'open', count: 0 });
    expect(body.response.data.jobowner.id).toBe(USER_IDS.bob);
    expect(runtime.db.importJobs.at(-1)?.name).toBe('Harbour shoot');
    const upper = await call(`${MI}/job`, {
      method: 'POST',
      headers: bob,
      body: multipart({ json: JSON.stringify({ Name: 'X' }) }),
    });
    expect(upper.status).toBe(400);
    expect(upper.body.message).toMatch(/lower-case/);
    expect(
      (await call(`${MI}/job`, { method: 'POST', body: multipart({ json: '{"name":"x"}' }) })).status,
    ).toBe(403);
  });

  it('DELETE removes the job and its items for alice; bob gets 403 and deactivates with PATCH activated:false', async () => {
    const alice = await as('alice');
    const deleted = await call(`${MI}/job/1?withSecondaryJobs=false&deleteItems=true`, {
      method: 'DELETE',
      headers: alice,
    });
    expect(deleted.status).toBe(200);
    expect(runtime.db.importJobs.some((job) => job.id === 1)).toBe(false);
    expect(runtime.db.importItems.some((item) => item.job === 1)).toBe(false);
    const bob = await as('bob');
    const refused = await call(`${MI}/job/5?withSecondaryJobs=false`, { method: 'DELETE', headers: bob });
    expect(refused.status).toBe(403);
    expect((await patch(`${MI}/job/5`, { activated: false }, bob)).status).toBe(200);
    const { body } = await call(LIST, { headers: bob });
    expect(body.response.data.map((job: Json) => job.id)).toEqual([6]);
  });

  it('DELETE withSecondaryJobs=true removes the sub-jobs too', async () => {
    const alice = await as('alice');
    expect(
      (await call(`${MI}/job/3?withSecondaryJobs=true`, { method: 'DELETE', headers: alice })).status,
    ).toBe(200);
    expect(runtime.db.importJobs.map((job) => job.id)).toEqual([1, 2, 5, 6]);
  });

  it('PATCH changes the owner and appends sub-jobs', async () => {
    const alice = await as('alice');
    expect((await patch(`${MI}/job/2`, { jobowner: USER_IDS.bob }, alice)).status).toBe(200);
    expect(runtime.db.importJobs[1]?.jobowner).toBe(USER_IDS.bob);
    expect((await call(`${MI}/job/2`, { headers: await as('bob') })).status).toBe(200);
    const sub = await patch(`${MI}/job/1`, { subjobs: { $mode: 'appendnew', $values: [2, 4] } }, alice);
    expect(sub.status).toBe(200);
    expect(runtime.db.importJobs[0]?.subjobs).toEqual([2, 4]);
    expect(
      (await patch(`${MI}/job/1`, { subjobs: { $mode: 'appendnew', $values: [99] } }, alice)).status,
    ).toBe(400);
    expect((await patch(`${MI}/job/1`, { jobowner: USER_IDS.carol }, alice)).status).toBe(400);
  });

  it('job workflow: start makes an open job running and its uploaded items analyzing', async () => {
    const alice = await as('alice');
    runtime.settings['imports.analyzeMs'] = 60_000;
    const { status, body } = await call(`/rest/massimport/data/job/1/workflow?workflowAction=start`, {
      method: 'POST',
      headers: alice,
    });
    expect(status).toBe(200);
    expect(body.response.data.status).toBe('running');
    expect(runtime.db.importItems.filter((item) => item.job === 1 && item.status === 1)).toHaveLength(0);
    const again = await call(`${MI}/data/job/1/workflow?workflowAction=start`, {
      method: 'POST',
      headers: alice,
    });
    expect(again.status).toBe(400);
  });
});
