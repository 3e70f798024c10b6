import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../mocks/node';
import { reset, runtime } from '../../../mocks/runtime';
import { API, getJson, type Json } from './search-helpers';
import { bearer, sessionApi } from './session-helpers';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => reset());
afterAll(() => server.close());

const TREE = '/rest/dam/data/category/tree';
const childrenOf = (id: number | null) => runtime.db.categories.filter((category) => category.parent === id);
const names = (nodes: Json[]) => nodes.map((node) => node.name);

describe('trees (protocol §10)', () => {
  it('answers the roots, 2 levels of children by default, the tree field describing the parent', async () => {
    const { status, body } = await getJson(TREE, { state: 't1', query: { activated: true } });
    expect(status).toBe(200);
    expect(body.state).toBe('t1');
    const roots = body.response.data as Json[];
    expect(names(roots)).toEqual(['Brand', 'Products', 'Places', 'People']);
    const [brand] = roots;
    expect(brand.parent.id).toBeUndefined();
    expect(names(brand.parent.$children)).toEqual(names(childrenOf(1)));
    const theme = brand.parent.$children[0];
    expect(theme.parent).toMatchObject({ id: 1, name: 'Brand', $childrenCount: 4 });
    const leaf = theme.parent.$children[0];
    expect(leaf.parent).toEqual({ id: theme.id, name: theme.name, $childrenCount: 0 });
    expect(body.links.next).toBeNull();
  });

  it('pages the roots by max through nextResultsToken, or from = loaded roots + 1', async () => {
    const first = (await getJson(TREE, { max: 3, depth: 1 })).body;
    expect(names(first.response.data)).toEqual(['Brand', 'Products', 'Places']);
    expect(first.links.next).toEqual(expect.any(String));
    const next = (await getJson(TREE, { max: 3, depth: 1, after: first.links.nextResultsToken })).body;
    expect(names(next.response.data)).toEqual(['People']);
    expect(next.links.next).toBeNull();
    const from = (await getJson(TREE, { max: 3, depth: 1, from: 4 })).body;
    expect(names(from.response.data)).toEqual(['People']);
  });

  it('answers one node with a page of its children, depth at least 1, and pages the children', async () => {
    const first = (await getJson(`${TREE}/1`, { depth: 1, max: 2, fulltext: '' })).body;
    expect(first.response.data).toMatchObject({ id: 1, name: 'Brand' });
    const page1 = first.response.data.parent.$children as Json[];
    expect(page1).toHaveLength(2);
    expect(page1[0].parent.$children).toBeUndefined();
    expect(page1[0].parent.$childrenCount).toBe(4);
    const second = (await getJson(`${TREE}/1`, { depth: 1, max: 2, after: first.links.nextResultsToken }))
      .body;
    expect(names(second.response.data.parent.$children)).toEqual(names(childrenOf(1).slice(2)));
    expect(second.links.next).toBeNull();
    const zero = await getJson(`${TREE}/1`, { depth: 0 });
    expect(zero.status).toBe(400);
  });

  it('filters nodes with the query and orders them with orderby', async () => {
    const { body } = await getJson(TREE, { depth: 1, orderby: 'name desc', query: { id: { nin: [2] } } });
    expect(names(body.response.data)).toEqual(['Places', 'People', 'Brand']);
  });

  it('answers fulltext hits flat, each with $treepath from the root down (itself excluded)', async () => {
    const { body } = await getJson(TREE, {
      fulltext: 'paris',
      treepath: 'asc',
      treepathprops: ['id', 'name'],
      treetop: -1,
    });
    expect(body.response.data).toHaveLength(1);
    expect(body.response.data[0]).toMatchObject({
      name: 'Paris',
      $treepath: [
        { id: 3, name: 'Places' },
        { id: expect.any(Number), name: 'Cities' },
      ],
    });
  });

  it('serves the plain variant: a list with treepath, and one node whose parent walks up to the root', async () => {
    const list = (await getJson('/rest/dam/data/category', { fulltext: 'coast', treepath: 'asc' })).body;
    expect(list.response.data[0].$treepath.map((step: Json) => step.name)).toEqual(['Places', 'Landscapes']);
    let node = (await getJson(`/rest/dam/data/category/${list.response.data[0].id}`)).body.response.data;
    const walked = [node.name];
    while (node.parent) {
      node = (await getJson(`/rest/dam/data/category/${node.parent.id}`)).body.response.data;
      walked.push(node.name);
    }
    expect(walked).toEqual(['Coast', 'Landscapes', 'Places']);
  });

  it('refuses a path that is not a tree', async () => {
    const { status, body } = await getJson('/rest/dam/data/asset/tree');
    expect(status).toBe(400);
    expect(body).toEqual({ error: '400', message: 'dam/data/asset is not a tree' });
  });
});

describe('schema headers (protocol §11)', () => {
  it('answers one schema with resource and headers (a bare body), $security for the caller', async () => {
    const visitor = (await getJson('/rest/dam/data/asset/headers', { rscSecurity: 'insert' })).body;
    expect(visitor).toMatchObject({
      resource: 'asset',
      name: 'Asset',
      create: true,
      tree: false,
      treefield: null,
      $security: { 'objectdata/insert': false },
    });
    expect(visitor.resources).toBeUndefined();
    expect(visitor.headers.categories).toMatchObject({
      type: 'array',
      tree: true,
      href: '/api/rest/dam/data/category',
    });
    expect(visitor.headers.name.cud).toMatchObject({ mandatoryStructure: true, create: true });
    const { accessToken } = await sessionApi(API).tokensOf('alice');
    const alice = (
      await getJson('/rest/dam/data/asset/headers', { rscSecurity: 'insert' }, bearer(accessToken))
    ).body;
    expect(alice.$security).toEqual({ 'objectdata/insert': true });
    const carol = await sessionApi(API).tokensOf('carol');
    // `dam/asset` is the assets' meta-schema: it answers with its sub-schemas (§11.1, §18 `object`)
    const partner = (await getJson('/rest/dam/asset/headers', {}, bearer(carol.accessToken))).body;
    expect(partner).not.toHaveProperty('resource');
    expect(partner.resources.map((entry: { resource: string }) => entry.resource)).toEqual(['asset']);
    expect(partner.resources[0].$security).toEqual({ 'objectdata/insert': false });
    expect(partner.headers.asset.name.cud).toMatchObject({ mandatoryStructure: true });
  });

  it.each([
    '/rest/dam/search/asset,category/headers',
    '/rest/dam/data/asset,category/headers',
    '/rest/dam/asset,category/headers',
  ])('answers a batch %s with resources and headers by resource', async (path) => {
    const { body } = await getJson(path, { rscSecurity: 'insert' });
    expect(body.resource).toBeUndefined();
    expect(body.resources.map((entry: Json) => entry.resource)).toEqual(['asset', 'category']);
    expect(body.resources[1]).toMatchObject({ tree: true, treefield: 'parent' });
    expect(Object.keys(body.headers)).toEqual(['asset', 'category']);
  });

  it('refuses more than 20 names in a batch, and unknown schemas', async () => {
    const many = Array.from({ length: 21 }, () => 'asset').join(',');
    expect((await getJson(`/rest/dam/data/${many}/headers`)).status).toBe(400);
    const unknown = await getJson('/rest/dam/data/nothing/headers');
    expect(unknown).toEqual({
      status: 404,
      body: { error: '404', message: 'Unknown schema dam/data/nothing' },
    });
  });

  it('answers a domain with headers=true to a signed-in user: every schema as a single-resource body', async () => {
    expect((await getJson('/rest/dam', { headers: true, rscSecurity: 'insert' })).status).toBe(401);
    const { accessToken } = await sessionApi(API).tokensOf('alice');
    const { body } = await getJson(
      '/rest/dam',
      { headers: true, rscSecurity: 'insert' },
      bearer(accessToken),
    );
    expect(body.response.data.map((schema: Json) => schema.resource).sort()).toEqual([
      'ai_concepts',
      'asset',
      'assetnature',
      'category',
      'keyword',
    ]);
    expect(body.response.data[0].headers).toBeDefined();
  });

  it('answers headers inline with a list when headers=true', async () => {
    const { body } = await getJson('/rest/dam/data/asset', { max: 1, headers: true });
    expect(body.resource).toBe('asset');
    expect(body.headers.keywords.href).toBe('/api/rest/dam/data/keyword');
    expect(body.$security).toEqual({ 'objectdata/insert': false });
    const meta = (await getJson('/rest/dam/data/asset,keyword', { max: 1, headers: true })).body;
    expect(meta.resource).toBeUndefined();
    expect(meta.resources.map((entry: Json) => entry.resource)).toEqual(['asset', 'keyword']);
    expect(Object.keys(meta.headers)).toEqual(['asset', 'keyword']);
  });

  it('answers both sections or none when the setting schemas.sections says so', async () => {
    runtime.settings['schemas.sections'] = 'both';
    const both = (await getJson('/rest/dam/data/asset/headers')).body;
    expect(both.resource).toBe('asset');
    expect(both.resources).toHaveLength(1);
    runtime.settings['schemas.sections'] = 'none';
    const none = (await getJson('/rest/dam/data/asset,category/headers')).body;
    expect(none.resource).toBeUndefined();
    expect(none.resources).toBeUndefined();
    expect(Object.keys(none.headers)).toEqual(['asset', 'category']);
  });
});
