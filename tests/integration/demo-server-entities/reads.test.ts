import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../mocks/node';
import { reset, runtime } from '../../../mocks/runtime';
import { as, ASSET, call, fetchEntity, type Json, multipart, override, patchRest } from './helpers';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => reset());
afterAll(() => server.close());

const firstOf = (nature: string, also: (id: number) => boolean = () => true): number => {
  const asset = runtime.db.assets.find((row) => row.assetnature.code === nature && also(row.id));
  if (!asset) throw new Error(`no ${nature} asset`);
  return asset.id;
};

describe('workflow (demo convention: draft → review → published)', () => {
  it('an entity fetched carries $workflow unasked (protocol §12.1); actions only for those with the update right', async () => {
    const published = runtime.db.assets.find((row) => row.$status === 6)?.id as number;
    const alice = (await fetchEntity(published, await as('alice'))).body.response.data;
    expect(alice.$workflow).toEqual({
      state: 'published',
      label: 'Published',
      actions: [{ action: 'unpublish', label: 'Unpublish' }],
    });
    expect(alice.$security).toMatchObject({
      'objectactions/multiupdate': true,
      'objectactions/delete': true,
    });
    const bob = (await fetchEntity(published, await as('bob'))).body.response.data;
    expect(bob.$security).toMatchObject({ 'objectactions/multiupdate': true, 'objectactions/delete': false });
    const carol = (await fetchEntity(published, await as('carol'))).body.response.data;
    expect(carol.$workflow).toEqual({ state: 'published', label: 'Published', actions: [] });
    expect(carol.$security).toMatchObject({
      'objectactions/multiupdate': false,
      'objectactions/delete': false,
    });
    const french = (await fetchEntity(published, await as('alice'), 'lang=fr')).body.response.data;
    expect(french.$workflow.label).toBe('Publié');
    // a list carries it only when asked (`workflows`, seed 002 cursor parameters)
    const listed = async (query: string) =>
      (
        await call(`/rest/${ASSET}?query=${encodeURIComponent(`{"id":${published}}`)}${query}`, {
          headers: await as('alice'),
        })
      ).body.response.data[0];
    expect((await listed('')).$workflow).toBeUndefined();
    expect((await listed('&workflows=true')).$workflow.state).toBe('published');
  });

  it('steps through unpublish → submit → reject → submit → publish, in both wire forms', async () => {
    const alice = await as('alice');
    const id = runtime.db.assets.find((row) => row.$status === 6)?.id as number;
    const jsonStep = (action: string, headers = alice) =>
      call(`/json/workflow/dam.data.asset.update/${id}?action=${action}`, {
        method: 'POST',
        headers: { ...override('PATCH', headers), 'Content-Type': 'application/json;charset=utf-8' },
        body: '{}',
      });
    const restStep = (action: string, headers = alice) =>
      call(`/rest/${ASSET}/${id}/workflow?workflowAction=${action}`, { method: 'POST', headers });
    expect((await jsonStep('unpublish')).status).toBe(200);
    expect((await fetchEntity(id, alice)).body.response.data.$workflow.state).toBe('draft');
    const submitted = await restStep('submit');
    expect(submitted.status).toBe(200);
    expect(submitted.body.response.data.$workflow).toMatchObject({
      state: 'review',
      actions: [{ action: 'publish' }, { action: 'reject' }],
    });
    expect((await restStep('reject', await as('bob'))).body.response.data.$workflow.state).toBe('draft');
    await jsonStep('submit');
    expect((await restStep('publish')).body.response.data.$workflow.state).toBe('published');
    // the list sees the status
    const { body } = await call(`/rest/${ASSET}?query=${encodeURIComponent(`{"id":${id}}`)}&workflows=true`, {
      headers: alice,
    });
    expect(body.response.data[0].$workflow.state).toBe('published');
  });

  it('refuses an action not offered (400), carol (403), an unknown id (404)', async () => {
    const id = runtime.db.assets.find((row) => row.$status === 6)?.id as number;
    const step = async (action: string, login: 'alice' | 'carol' | 'visitor', target = id) =>
      (
        await call(`/rest/${ASSET}/${target}/workflow?workflowAction=${action}`, {
          method: 'POST',
          headers: await as(login),
        })
      ).status;
    expect(await step('publish', 'alice')).toBe(400);
    expect(await step('', 'alice')).toBe(400);
    expect(await step('unpublish', 'carol')).toBe(403);
    expect(await step('unpublish', 'visitor')).toBe(403);
    expect(await step('unpublish', 'alice', 999_999)).toBe(404);
  });
});

describe('more values of a field (protocol §12.1)', () => {
  it('pages keywords with maxchildren and nextToken, $moreChildren_keywords telling where it stands', async () => {
    const alice = await as('alice');
    await patchRest(12, { keywords: [1, 2, 3, 4, 5, 6, 7] }, alice);
    const first = (await fetchEntity(12, alice, 'maxchildren=3')).body.response.data;
    expect(first.keywords.map((keyword: Json) => keyword.id)).toEqual([1, 2, 3]);
    expect(first.$moreChildren_keywords).toMatchObject({
      count: 3,
      total: 7,
      first: 0,
      hasMoreResults: true,
    });
    const seen: number[] = first.keywords.map((keyword: Json) => keyword.id);
    let token = first.$moreChildren_keywords.nextToken;
    while (token) {
      const { status, body } = await call(
        `/rest/${ASSET}/12/keywords?maxchildren=3&nextToken=${encodeURIComponent(token)}`,
        { headers: alice },
      );
      expect(status).toBe(200);
      const more = body.response.data.$moreChildren_keywords;
      expect(more.first).toBe(seen.length);
      seen.push(...body.response.data.keywords.map((keyword: Json) => keyword.id));
      expect(more.hasMoreResults).toBe(seen.length < 7);
      token = more.nextToken;
    }
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('answers the first page without a token, 404 for an unknown field, id or sub-field, 400 for a bad token', async () => {
    const alice = await as('alice');
    const { body } = await call(`/rest/${ASSET}/12/keywords`, { headers: alice });
    expect(body.response.data.$moreChildren_keywords).toMatchObject({
      first: 0,
      hasMoreResults: false,
      nextToken: null,
    });
    expect((await call(`/rest/${ASSET}/12/nothing`, { headers: alice })).status).toBe(404);
    expect((await call(`/rest/${ASSET}/999999/keywords`, { headers: alice })).status).toBe(404);
    expect((await call(`/rest/${ASSET}/12/keywords/name`, { headers: alice })).status).toBe(404);
    expect((await call(`/rest/${ASSET}/12/keywords?nextToken=zzz`, { headers: alice })).status).toBe(400);
  });
});

describe('faces', () => {
  it('every 7th image carries 1 to 3 $faces-n boxes in fractions, also drawn in its picture', async () => {
    const id = firstOf('image', (candidate) => candidate % 7 === 0);
    const data = (await fetchEntity(id, await as('alice'))).body.response.data;
    const faces = Object.keys(data).filter((key) => key.startsWith('$faces-'));
    expect(faces.length).toBeGreaterThanOrEqual(1);
    expect(faces.length).toBeLessThanOrEqual(3);
    for (const key of faces) {
      const { x, y, w, h } = data[key];
      for (const value of [x, y, w, h]) expect(value).toBeGreaterThanOrEqual(0);
      expect(x + w).toBeLessThanOrEqual(1);
      expect(y + h).toBeLessThanOrEqual(1);
    }
    const svg = await (await fetch(`http://localhost/api/wedia/dam/variation/asset/${id}/preview`)).text();
    expect(svg.match(/data-face="/g)?.length).toBe(faces.length);
    const other = firstOf('image', (candidate) => candidate % 7 !== 0);
    const plain = (await fetchEntity(other, await as('alice'))).body.response.data;
    expect(Object.keys(plain).some((key) => key.startsWith('$faces-'))).toBe(false);
  });

  it('the ?simu=true preview answers the faces of the posted json, and stores nothing', async () => {
    const alice = await as('alice');
    const id = firstOf('image', (candidate) => candidate % 7 === 0);
    const before = structuredClone(runtime.db.assets.find((row) => row.id === id));
    const { status, body } = await call(`/rest/${ASSET}/${id}?simu=true`, {
      method: 'POST',
      headers: override('PATCH', alice),
      body: multipart({ json: JSON.stringify({ title: 'Preview only', keywords: [1, 2, 3] }) }),
    });
    expect(status).toBe(200);
    expect(body.response.data.title).toBe('Preview only');
    const names = runtime.db.keywords.slice(0, 3).map((keyword) => keyword.name);
    expect(body.response.data['$faces-1'].name).toBe(names[0]);
    expect(runtime.db.assets.find((row) => row.id === id)).toEqual(before);
    // a new entity (no id): override POST, no faces yet
    const fresh = await call(`/rest/${ASSET}?simu=true`, {
      method: 'POST',
      headers: override('POST', alice),
      body: multipart({ json: JSON.stringify({ name: 'New' }) }),
    });
    expect(fresh.status).toBe(200);
    expect(fresh.body.response.data.name).toBe('New');
    expect(runtime.db.assets.some((row) => row.name === 'New')).toBe(false);
    // validated like a write
    const wrong = await call(`/rest/${ASSET}/${id}?simu=true`, {
      method: 'POST',
      headers: override('PATCH', alice),
      body: multipart({ json: JSON.stringify({ nofield: 1 }) }),
    });
    expect(wrong.status).toBe(400);
  });
});
