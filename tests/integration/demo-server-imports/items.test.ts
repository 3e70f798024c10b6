import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../mocks/node';
import { addHugeImportJob } from '../../../mocks/db/huge-import';
import { reset, runtime } from '../../../mocks/runtime';
import { as, call, type Json, MI, itemsById, patch } from './helpers';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => reset());
afterAll(() => server.close());

const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const SEARCH = `fulltext=&headers=false&props=id,status&techProps=${encodeURIComponent('$lockedby,$nextresulttoken,$score')}&withSimu=false&workflows=true`;

describe('job items (protocol §15.1)', () => {
  it('counts items (withData=false) and the analyzing ones across jobs', async () => {
    const alice = await as('alice');
    const count = await call(`${MI}/job/1/item?withAggregates=false&withData=false`, { headers: alice });
    expect(count.body.response).toMatchObject({ total: 24, data: [] });
    const analyzing = await call(
      `${MI}/data/item?aggfields=job&query=${q({ job: { eq: 1 }, status: { eq: 2 } })}&withData=false`,
      { headers: alice },
    );
    expect(analyzing.body.response.total).toBe(4);
    expect(analyzing.body.response.aggregates.job).toEqual([{ count: 4, data: { id: 1 } }]);
  });

  it('searches with max, following links.moreResultsToken as after until it is absent; state is echoed', async () => {
    const alice = await as('alice');
    const ids: number[] = [];
    let after: string | undefined;
    let pages = 0;
    do {
      const { body } = await call(
        `${MI}/job/1/item?${SEARCH}&max=10&state=abc${after ? `&after=${encodeURIComponent(after)}` : ''}`,
        { headers: alice },
      );
      expect(body.state).toBe('abc');
      expect(body.response.total).toBe(24);
      for (const row of body.response.data) {
        expect(Object.keys(row).sort()).toEqual(
          ['$lockedby', '$path', '$resource', '$score', '$workflow', 'id', 'status'].sort(),
        );
        ids.push(row.id);
      }
      after = body.links.moreResultsToken;
      pages++;
    } while (after);
    expect(pages).toBe(3);
    expect(ids).toEqual(runtime.db.importItems.filter((item) => item.job === 1).map((item) => item.id));
  });

  it('aggregates by status and filters by query and fulltext', async () => {
    const alice = await as('alice');
    const { body } = await call(`${MI}/job/1/item?withAggregates=true&aggFields=status&max=200`, {
      headers: alice,
    });
    const counts = Object.fromEntries(
      body.response.aggregates.status.map((entry: Json) => [entry.data.name, entry.count]),
    );
    expect(counts).toEqual({ ready: 10, incomplete: 8, analyzing: 4, uploaded: 2 });
    const ready = await call(`${MI}/job/1/item?max=200&query=${q({ status: { eq: 4 } })}`, {
      headers: alice,
    });
    expect(ready.body.response.total).toBe(10);
    const name = runtime.db.importItems[0]?.name ?? '';
    const found = await call(`${MI}/job/1/item?max=200&fulltext=${encodeURIComponent(name)}`, {
      headers: alice,
    });
    expect(found.body.response.data.map((row: Json) => row.name)).toContain(name);
    const none = await call(`${MI}/job/1/item?max=200&fulltext=zzzqqq`, { headers: alice });
    expect(none.body.response.total).toBe(0);
  });

  it('job words: suggest=words answers words starting with the typed text', async () => {
    const alice = await as('alice');
    const { body } = await call(`${MI}/job/1/items?fulltext=im&suggest=words`, { headers: alice });
    expect(body.response.data.length).toBeGreaterThan(0);
    for (const word of body.response.data) expect(word.startsWith('im')).toBe(true);
  });

  it('items by id: POST override GET with a form answers the items, $assetmetadataresources and headers.$assetmetadata', async () => {
    const alice = await as('alice');
    const { status, body } = await itemsById(1, [3, 1], alice);
    expect(status).toBe(200);
    expect(body.response.data.map((row: Json) => row.id)).toEqual([3, 1]);
    const item = body.response.data[0];
    expect(item).toMatchObject({
      $resource: 'item',
      $path: 'massimport/data/item',
      job: 1,
      indexingstatus: 'indexed',
    });
    // the value under the field's name, the flags under `$meta-<field>`, as the reference reads them
    const stored = runtime.db.importItems.find((row) => row.id === 3)!;
    expect(item.$assetmetadata).toMatchObject({ $resource: 'asset', title: stored.metadata.title ?? null });
    expect(item.$assetmetadata['$meta-title']).toEqual({
      faces: { editable: true, mandatory: true, viewable: true },
    });
    expect(item.$assetmetadata.keywords).toEqual(
      (stored.metadata.keywords ?? []).map((id) => ({ id, name: expect.any(String) })),
    );
    expect(item).not.toHaveProperty('metadata');
    expect(item.$workflow.actions.map((step: Json) => step.action)).toContain('validate');
    expect(item.$security['objectactions/multiupdate']).toBe(true);
    expect(body.$assetmetadataresources[0]).toMatchObject({
      resource: 'asset',
      fields: { title: expect.any(Object) },
    });
    expect(body.headers.$assetmetadata.keywords).toMatchObject({
      type: 'array',
      href: '/api/rest/dam/data/keyword',
    });
    expect(body.headers.$assetmetadata.title.cud.mandatoryStructure).toBe(true);
  });

  it('items by id: more than 200 ids is a 400 with the message of §15.2', async () => {
    const ids = Array.from({ length: 201 }, (_, index) => index + 1);
    const { status, body } = await itemsById(1, ids, await as('alice'));
    expect(status).toBe(400);
    expect(body.message).toBe('Cannot retrieve so many items at once. received 201.');
  });

  it('transfer (PATCH job) moves an item; DELETE removes one', async () => {
    const alice = await as('alice');
    const moved = await patch(`${MI}/data/item/1`, { job: 2 }, alice);
    expect(moved.status).toBe(200);
    expect(moved.body.response.data).toMatchObject({ id: 1, job: 2 });
    expect(runtime.db.importItems.find((item) => item.id === 1)?.job).toBe(2);
    const deleted = await call(`${MI}/data/item/2`, { method: 'DELETE', headers: alice });
    expect(deleted.status).toBe(200);
    expect(runtime.db.importItems.some((item) => item.id === 2)).toBe(false);
    expect((await call(`${MI}/data/item/2`, { method: 'DELETE', headers: alice })).status).toBe(404);
  });

  it("bob may not transfer or delete alice's items", async () => {
    const bob = await as('bob');
    expect((await patch(`${MI}/data/item/1`, { job: 5 }, bob)).status).toBe(403);
    expect((await call(`${MI}/data/item/1`, { method: 'DELETE', headers: bob })).status).toBe(403);
  });

  it('item workflow: the bulk call (form) steps every item; the single call takes the query; a refused step changes nothing', async () => {
    const alice = await as('alice');
    const incomplete = runtime.db.importItems
      .filter((item) => item.job === 1 && item.status === 3)
      .map((item) => item.id);
    const bulk = await call(`${MI}/data/item/${incomplete.slice(0, 3).join(',')}/workflow`, {
      method: 'POST',
      headers: alice,
      body: new URLSearchParams({ workflowAction: 'reject', workflows: 'true' }),
    });
    expect(bulk.status).toBe(200);
    for (const id of incomplete.slice(0, 3))
      expect(runtime.db.importItems.find((item) => item.id === id)?.status).toBe(9);
    const one = await call(
      `${MI}/data/item/${incomplete[3]}/workflow?workflowAction=analyze&workflows=true`,
      {
        method: 'POST',
        headers: alice,
      },
    );
    expect(one.body.response.data).toMatchObject({ id: incomplete[3], status: 2, indexingstatus: 'pending' });
    const refused = await call(
      `${MI}/data/item/${incomplete[4]},${incomplete[0]}/workflow?workflowAction=validate`,
      {
        method: 'POST',
        headers: alice,
      },
    );
    expect(refused.status).toBe(400);
    expect(runtime.db.importItems.find((item) => item.id === incomplete[4])?.status).toBe(3);
  });

  it('workflow list answers each state with its actions[] (name, label)', async () => {
    const { body } = await call(`${MI}/data/item/workflow`, { headers: await as('alice') });
    const ready = body.response.data.find((state: Json) => state.name === 'ready');
    expect(ready.actions.map((step: Json) => step.name)).toEqual(['analyze', 'validate', 'reject']);
    expect(ready.actions[1].label).toBe('Validate');
    const names = new Set(
      body.response.data.flatMap((state: Json) => state.actions.map((step: Json) => step.name)),
    );
    expect([...names].sort()).toEqual(['analyze', 'reject', 'validate']);
  });

  it("the reference's $mode edits: appendnew adds once, remove takes away, clear empties", async () => {
    runtime.settings['imports.commandMs'] = 0;
    const alice = await as('alice');
    const [id] = runtime.db.importItems
      .filter((item) => item.job === 1 && item.status === 3)
      .map((item) => item.id);
    const before = runtime.db.importItems.find((item) => item.id === id)!.metadata.keywords ?? [];
    const keyword = runtime.db.keywords.find((row) => !before.includes(row.id))!.id;
    /** The keywords' ids the item reads with after the edit (the command applies at the next call). */
    const edit = async (keywords: unknown): Promise<number[]> => {
      const { status } = await call(`${MI}/job/1`, {
        method: 'PUT',
        headers: { ...alice, 'Content-Type': 'application/json' },
        body: JSON.stringify({ metadata: { ids: [id], data: { keywords } } }),
      });
      expect(status).toBe(200);
      const { body } = await itemsById(1, [id!], alice);
      return body.response.data[0].$assetmetadata.keywords.map((row: Json) => row.id);
    };
    expect(await edit({ $mode: 'appendnew', $values: [keyword, keyword] })).toEqual([...before, keyword]);
    expect(await edit({ $mode: 'appendnew', $values: [keyword] })).toEqual([...before, keyword]);
    expect(await edit({ $mode: 'remove', $values: [keyword] })).toEqual(before);
    expect(await edit({ $mode: 'clear' })).toEqual([]);
  });

  it('job changes: every item the first time, then only those changed since', async () => {
    const alice = await as('alice');
    const first = await call(`${MI}/job/1/changes?longPolling=0`, { headers: alice });
    expect(first.body.response.data).toHaveLength(24);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await patch(`${MI}/data/item/1`, { job: 1 }, alice);
    const second = await call(`${MI}/job/1/changes?longPolling=0`, { headers: alice });
    expect(second.body.response.data.map((row: Json) => row.id)).toEqual([1]);
  });

  it('add items (PUT items) moves them into the job', async () => {
    const alice = await as('alice');
    const { status, body } = await call(`${MI}/job/2`, {
      method: 'PUT',
      headers: { ...alice, 'content-type': 'application/json' },
      body: JSON.stringify({ items: [1, 2] }),
    });
    expect(status).toBe(200);
    expect(body.response.$action).toEqual({ commands: [] });
    expect(runtime.db.importItems.filter((item) => item.job === 2).map((item) => item.id)).toContain(2);
  });

  it('bulk patch (POST override PATCH, form json) sets metadata of several items at once', async () => {
    const alice = await as('alice');
    const ids = runtime.db.importItems
      .filter((item) => item.job === 1 && item.status === 3)
      .map((item) => item.id);
    const { status } = await call(`${MI}/data/item/${ids.slice(0, 2).join(',')}`, {
      method: 'POST',
      headers: { ...alice, 'X-HTTP-Method-Override': 'PATCH' },
      body: new URLSearchParams({ json: JSON.stringify({ title: 'Quay', keywords: [4] }) }),
    });
    expect(status).toBe(200);
    for (const id of ids.slice(0, 2)) {
      expect(runtime.db.importItems.find((item) => item.id === id)).toMatchObject({
        status: 4,
        metadata: { title: 'Quay', keywords: [4] },
      });
    }
  });

  it('thumbnails of seeded items: a drawn picture for images, a type icon for others, none while analyzing', async () => {
    const seeded = (test: (mimetype: string, status: number) => boolean) =>
      runtime.db.importItems.find((item) => test(item.mimetype, item.status));
    const picture = seeded((type, status) => type === 'image/jpeg' && status === 4);
    const video = seeded((type, status) => type === 'video/mp4' && status === 4);
    const analyzing = seeded((_, status) => status === 2);
    // asked with the session of someone who may use the jobs (the asset manager), not a ticket
    const alice = await as('alice');
    const get = (id: number | undefined) =>
      fetch(`http://localhost/api/wedia/massimport/thumbnail/${id}`, { headers: alice });
    const drawn = await get(picture?.id);
    expect(drawn.headers.get('content-type')).toBe('image/svg+xml');
    expect(await drawn.text()).toMatch(/^<svg/);
    expect(await (await get(video?.id)).text()).toContain('MP4');
    expect((await get(analyzing?.id)).status).toBe(404);
    expect((await get(99_999)).status).toBe(404);
  });

  it('makes a job of n ready items for scale tests (what POST /__mock/imports/huge adds): alice reads it, bob may not', async () => {
    const job = addHugeImportJob(runtime.db, 1200);
    const alice = await as('alice');
    const count = await call(`${MI}/job/${job.id}/item?withAggregates=true&aggFields=status&withData=false`, {
      headers: alice,
    });
    expect(count.body.response.total).toBe(1200);
    expect(count.body.response.aggregates.status).toEqual([
      expect.objectContaining({ count: 1200, data: expect.objectContaining({ name: 'ready' }) }),
    ]);
    expect((await call(`${MI}/job/${job.id}`, { headers: await as('bob') })).status).toBe(403);
  });
});
