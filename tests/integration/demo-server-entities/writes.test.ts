import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../mocks/node';
import { reset, runtime } from '../../../mocks/runtime';
import {
  as,
  ASSET,
  call,
  fetchEntity,
  type Json,
  multipart,
  override,
  patchRest,
  updateJson,
} from './helpers';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => reset());
afterAll(() => server.close());

/** The rows of a fulltext list, by id. */
async function listed(fulltext: string, headers: Record<string, string>): Promise<Json[]> {
  const { body } = await call(`/rest/${ASSET}?fulltext=${encodeURIComponent(fulltext)}&max=50`, { headers });
  return body.response.data;
}

describe('creating an entity (protocol §12.1)', () => {
  it('POST /json/create/{dotted}.add with prop_* answers createdId and data, and the list finds it', async () => {
    const alice = await as('alice');
    const { status, body } = await call('/json/create/dam.data.asset.add', {
      method: 'POST',
      headers: alice,
      body: multipart({ prop_name: 'Zebrafinch harbour', prop_keywords: ['1', '2'], prop_activated: 'true' }),
    });
    expect(status).toBe(200);
    const id = body.response.createdId;
    expect(id).toBe(runtime.db.assets.length);
    expect(body.response.updatedId).toEqual([id]);
    expect(body.response.data).toMatchObject({ id, name: 'Zebrafinch harbour', $resource: 'asset' });
    expect(body.response.data.keywords.map((keyword: Json) => keyword.id)).toEqual([1, 2]);
    expect(body.response.data.$workflow.state).toBe('draft');
    expect((await listed('zebrafinch', alice)).map((row) => row.id)).toEqual([id]);
    expect((await fetchEntity(id, alice)).body.response.data.name).toBe('Zebrafinch harbour');
  });

  it('POST /rest/{path} with json and a cid: file answers response.data with the file', async () => {
    const bob = await as('bob');
    const file = new File([new Uint8Array(1234)], 'clip.webm', { type: 'video/webm' });
    const { status, body } = await call(`/rest/${ASSET}`, {
      method: 'POST',
      headers: bob,
      body: multipart({ json: JSON.stringify({ name: 'Night clip', binary: 'cid:binary' }), binary: file }),
    });
    expect(status).toBe(200);
    expect(body.response.data).toMatchObject({
      name: 'Night clip',
      filename: 'clip.webm',
      mimetype: 'video/webm',
      filesize: 1234,
      assetnature: { code: 'video' },
    });
  });

  it("POST /rest/{path}/ with override POST (a new entity's draft) creates too", async () => {
    const { status, body } = await call(`/rest/${ASSET}/?i18n=false&jsonproperty=json&withFacets=true`, {
      method: 'POST',
      headers: override('POST', await as('alice')),
      body: multipart({ json: JSON.stringify({ name: 'From a draft', categories: [5] }) }),
    });
    expect(status).toBe(200);
    expect(body.response.data.categories).toEqual([{ id: 5, name: expect.any(String) }]);
  });

  it('creates keywords too, found by the keyword list', async () => {
    const { status, body } = await call('/json/create/dam.data.keyword.add', {
      method: 'POST',
      headers: await as('alice'),
      body: multipart({ prop_name: 'quokka' }),
    });
    expect(status).toBe(200);
    const { body: list } = await call('/rest/dam/data/keyword?fulltext=quokka', {
      headers: await as('alice'),
    });
    expect(list.response.data.map((row: Json) => row.id)).toEqual([body.response.createdId]);
  });

  it('refuses a create without the mandatory name (400), and carol and visitors (403)', async () => {
    const create = (headers: Record<string, string>, fields: Record<string, string>) =>
      call('/json/create/dam.data.asset.add', { method: 'POST', headers, body: multipart(fields) });
    expect((await create(await as('alice'), { prop_title: 'No name' })).status).toBe(400);
    expect((await create(await as('carol'), { prop_name: 'x' })).status).toBe(403);
    expect((await create(await as('visitor'), { prop_name: 'x' })).status).toBe(403);
  });
});

describe('updating an entity (protocol §12.1)', () => {
  it('/json/update with prop_* (arrays repeated, objects as id, dates ISO) changes the row and modified', async () => {
    const alice = await as('alice');
    const before = (await fetchEntity(12, alice)).body.response.data;
    const { status, body } = await updateJson(
      12,
      {
        title: 'Quetzal sunrise',
        keywords: ['3', '4', '5'],
        dteendrights: '2030-05-01T00:00:00.000Z',
        activated: 'false',
      },
      alice,
    );
    expect(status).toBe(200);
    expect(body.response.updatedId).toEqual([12]);
    const after = (await fetchEntity(12, alice)).body.response.data;
    expect(after).toMatchObject({
      title: 'Quetzal sunrise',
      dteendrights: '2030-05-01T00:00:00.000Z',
      activated: false,
    });
    expect(after.keywords.map((keyword: Json) => keyword.id)).toEqual([3, 4, 5]);
    expect(after.modified).not.toBe(before.modified);
    expect(Date.parse(after.modified)).toBeGreaterThan(Date.parse(before.modified));
  });

  it('patch with jsonproperty=json: arrays as $mode replace, add and remove', async () => {
    const bob = await as('bob');
    let { status, body } = await patchRest(12, { keywords: { $mode: 'replace', $values: [7, 8] } }, bob);
    expect(status).toBe(200);
    expect(body.response.data.keywords.map((keyword: Json) => keyword.id)).toEqual([7, 8]);
    ({ body } = await patchRest(12, { keywords: { $mode: 'add', $values: [9] } }, bob));
    expect(body.response.data.keywords.map((keyword: Json) => keyword.id)).toEqual([7, 8, 9]);
    ({ body } = await patchRest(12, { keywords: { $mode: 'remove', $values: [{ id: 7 }] } }, bob));
    expect(body.response.data.keywords.map((keyword: Json) => keyword.id)).toEqual([8, 9]);
  });

  it('the save-draft form (i18n=false, withFacets=true, files as cid:f1) answers the entity', async () => {
    const alice = await as('alice');
    const file = new File(['<svg/>'], 'new.png', { type: 'image/png' });
    const { status, body } = await patchRest(
      30,
      { name: 'Draft saved', description: 'New text', binary: 'cid:f1', keywords: [1] },
      alice,
      'i18n=false&jsonproperty=json&withFacets=true',
      { f1: file },
    );
    expect(status).toBe(200);
    expect(body.response.data).toMatchObject({
      name: 'Draft saved',
      description: 'New text',
      filename: 'new.png',
    });
  });

  it('an edit is seen by the next fulltext list and the next facet count', async () => {
    const alice = await as('alice');
    expect(await listed('xylophonist', alice)).toEqual([]);
    await patchRest(44, { description: 'A xylophonist at dawn' }, alice);
    expect((await listed('xylophonist', alice)).map((row) => row.id)).toEqual([44]);
    await patchRest(44, { author: 'Zed Unique' }, alice);
    const { body } = await call(
      `/rest/${ASSET}?query=${encodeURIComponent(JSON.stringify({ author: 'Zed Unique' }))}`,
      {
        headers: alice,
      },
    );
    expect(body.response.data.map((row: Json) => row.id)).toEqual([44]);
  });

  it("renaming a keyword is seen by the assets' fulltext; the other indexes are kept", async () => {
    const alice = await as('alice');
    const keyword = runtime.db.assets[11]?.keywords[0] as number;
    const { status } = await call(`/json/update/dam.data.keyword.update/${keyword}`, {
      method: 'POST',
      headers: override('PATCH', alice),
      body: multipart({ prop_name: 'wombatique' }),
    });
    expect(status).toBe(200);
    expect((await listed('wombatique', alice)).map((row) => row.id)).toContain(12);
  });

  it('validates like a real server: unknown field, wrong types, read-only fields, unknown ids → 400', async () => {
    const alice = await as('alice');
    const refused = [
      { unknownfield: 'x' },
      { name: 42 },
      { activated: 'maybe' },
      { dteendrights: 'tomorrow' },
      { keywords: 'cat' },
      { keywords: [999_999] },
      { categories: [{ name: 'no id' }] },
      { filename: 'renamed.jpg' },
      { assetnature: 2 },
      { modified: '2026-01-01T00:00:00Z' },
      { name: null },
    ];
    for (const json of refused) {
      const { status, body } = await patchRest(12, json, alice);
      expect({ json, status }).toEqual({ json, status: 400 });
      expect(body.error).toBe('400');
      expect(typeof body.message).toBe('string');
    }
    expect((await updateJson(12, { width: '10' }, alice)).status).toBe(400);
    expect((await updateJson(12, { activated: 'yes' }, alice)).status).toBe(400);
    // nothing was changed by the refused writes
    expect(runtime.db.assets[11]?.name).not.toBe(42);
  });

  it('accepts read-only fields sent back unchanged (the whole entity as fetched), and changes nothing with them', async () => {
    const alice = await as('alice');
    const entity = (await fetchEntity(12, alice)).body.response.data;
    const { filename, assetnature, filesize, created } = entity;
    const { status, body } = await patchRest(
      12,
      { filename, assetnature, filesize, created, title: 'Sent whole' },
      alice,
    );
    expect(status).toBe(200);
    expect(body.response.data).toMatchObject({ filename, filesize, title: 'Sent whole' });
    expect((await updateJson(12, { filename, assetnature: String(assetnature.id) }, alice)).status).toBe(200);
    expect((await updateJson(12, { filename: 'other.jpg' }, alice)).status).toBe(400);
  });

  it('403 for carol and visitors, 404 for an unknown id, 405 without the PATCH override', async () => {
    expect((await patchRest(12, { title: 'x' }, await as('carol'))).status).toBe(403);
    expect((await patchRest(12, { title: 'x' }, await as('visitor'))).status).toBe(403);
    expect((await updateJson(12, { title: 'x' }, await as('carol'))).status).toBe(403);
    expect((await patchRest(999_999, { title: 'x' }, await as('alice'))).status).toBe(404);
    expect((await updateJson(999_999, { title: 'x' }, await as('bob'))).status).toBe(404);
    const { status } = await call(`/rest/${ASSET}/12?jsonproperty=json`, {
      method: 'POST',
      headers: await as('alice'),
      body: multipart({ json: '{"title":"x"}' }),
    });
    expect(status).toBe(405);
  });

  it('edits persist until POST /__mock/reset (the db is rebuilt)', async () => {
    const alice = await as('alice');
    await patchRest(12, { title: 'Persisted' }, alice);
    expect((await fetchEntity(12, alice)).body.response.data.title).toBe('Persisted');
    reset();
    const fresh = await as('alice');
    expect((await fetchEntity(12, fresh)).body.response.data.title).not.toBe('Persisted');
  });
});

describe('update fields (protocol §11.1)', () => {
  it('GET /json/update/{dotted}.update/headers answers inputs.properties of the updatable fields', async () => {
    const alice = await as('alice');
    expect((await call('/json/update/dam.data.asset.update/headers')).status).toBe(401);
    const { status, body } = await call('/json/update/dam.data.asset.update/headers', { headers: alice });
    expect(status).toBe(200);
    const { properties } = body.inputs;
    expect(properties.name).toMatchObject({ type: 'string', label: 'Name', mandatory: true });
    expect(properties.keywords).toMatchObject({ type: 'array', href: '/api/rest/dam/data/keyword' });
    expect(properties.filename).toBeUndefined();
    expect((await call('/json/update/dam.data.nothing.update/headers', { headers: alice })).status).toBe(404);
  });
});

describe('deleting an entity (protocol §12.1)', () => {
  it('DELETE /json/delete and DELETE /rest remove the row (then 404); bob may not delete', async () => {
    const alice = await as('alice');
    expect(
      (await call(`/json/delete/dam.data.asset/20`, { method: 'DELETE', headers: await as('bob') })).status,
    ).toBe(403);
    expect((await call(`/json/delete/dam.data.asset/20`, { method: 'DELETE', headers: alice })).status).toBe(
      200,
    );
    expect((await fetchEntity(20, alice)).status).toBe(404);
    expect((await call(`/rest/${ASSET}/21`, { method: 'DELETE', headers: alice })).status).toBe(200);
    expect((await fetchEntity(21, alice)).status).toBe(404);
    expect((await call(`/rest/${ASSET}/21`, { method: 'DELETE', headers: alice })).status).toBe(404);
    expect((await call(`/rest/${ASSET}/22`, { method: 'DELETE', headers: await as('carol') })).status).toBe(
      403,
    );
    const { body } = await call(`/rest/${ASSET}?query=${encodeURIComponent('{"id":[20,21,22]}')}`, {
      headers: alice,
    });
    expect(body.response.data.map((row: Json) => row.id)).toEqual([22]);
  });
});
