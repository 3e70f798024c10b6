import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { server } from '../../../mocks/node';
import { reset, runtime } from '../../../mocks/runtime';
import { ASSETS, getJson, type Json, postAsGet } from './search-helpers';

// read-only: one seeded database for the whole file
beforeAll(() => {
  reset();
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());

const ACTIVE = { activated: true };
const totalOf = async (query: object, fulltext?: string) =>
  (await getJson(ASSETS, { max: 0, query, fulltext })).body.response.total as number;

describe('inline aggregates (protocol §9.1, withAggregates)', () => {
  it('counts every facet field of the schema when aggFields is absent, values as {id, name}', async () => {
    const { body } = await getJson(ASSETS, { max: 1, withAggregates: true, query: ACTIVE });
    expect(Object.keys(body.response.aggregates).sort()).toEqual([
      'assetnature',
      'author',
      'categories',
      'keywords',
      'mimetype',
    ]);
    expect(body.response.aggregates.assetnature[0]).toEqual({
      count: expect.any(Number),
      data: { id: expect.any(Number), name: expect.any(String) },
    });
  });

  it('is exact: each value count is the total of the query filtered by that value', async () => {
    const fulltext = 'coffee';
    const { body } = await getJson(ASSETS, {
      max: 0,
      query: ACTIVE,
      fulltext,
      withAggregates: true,
      aggFields: 'assetnature,keywords,author,categories',
    });
    const { aggregates, total } = body.response;
    const natures = aggregates.assetnature as Json[];
    expect(natures.reduce((sum, bucket) => sum + bucket.count, 0)).toBe(total);
    for (const [field, buckets] of Object.entries(aggregates) as [string, Json[]][]) {
      for (const bucket of buckets.slice(0, 3)) {
        const filtered = await totalOf({ and: [ACTIVE, { [field]: { in: [bucket.data.id] } }] }, fulltext);
        expect(filtered, `${field} = ${bucket.data.name}`).toBe(bucket.count);
      }
    }
  });

  it('sorts values by count, largest first, and keeps at most limit of them', async () => {
    const { body } = await getJson(ASSETS, { max: 0, withAggregates: true, aggFields: 'keywords', limit: 5 });
    const counts = body.response.aggregates.keywords.map((bucket: Json) => bucket.count);
    expect(counts).toHaveLength(5);
    expect(counts).toEqual([...counts].sort((a: number, b: number) => b - a));
  });

  it('answers sorted aggregates: POST with override GET, form body, max=0, limit = largest max + 2', async () => {
    const { status, body } = await postAsGet(ASSETS, {
      query: ACTIVE,
      fulltext: '',
      state: 'sorted-1',
      withAggregates: true,
      aggFields: 'author',
      limit: 22,
      max: 0,
    });
    expect(status).toBe(200);
    expect(body.state).toBe('sorted-1');
    expect(body.response.data).toEqual([]);
    const authors = body.response.aggregates.author as Json[];
    expect(authors.length).toBeLessThanOrEqual(22);
    const distinct = new Set(runtime.db.assets.map((asset) => asset.author));
    expect(authors.length).toBe(Math.min(22, distinct.size));
    expect(authors[0]).toEqual({
      count: expect.any(Number),
      data: { id: authors[0].data.name, name: expect.any(String) },
    });
  });

  it('counts meta paths per resource', async () => {
    const { body } = await getJson('/rest/dam/data/asset,keyword', {
      max: 0,
      withAggregates: true,
      aggFields: 'assetnature',
    });
    expect(Object.keys(body.response.aggregates)).toEqual(['asset', 'keyword']);
    expect(body.response.aggregates.asset.assetnature).toHaveLength(3);
  });

  it('refuses an unknown aggregate field', async () => {
    const { status, body } = await getJson(ASSETS, { withAggregates: true, aggFields: 'colour' });
    expect(status).toBe(400);
    expect(body).toEqual({ error: '400', message: 'Unknown aggregate field colour for resource asset' });
  });
});

/** The `/aggs` query of protocol §9.1 for a facet `keywords` and a tree facet `categories`. */
function metaQuery(selectedKeyword: number, askedKeywords: number[], askedNodes: number[]) {
  return {
    '$meta-query': {
      keywords: {
        constraint: { keywords: { in: [selectedKeyword] } },
        aggregate: { field: 'keywords', operator: 'in', ids: askedKeywords },
        unconstrainedAggregate: { field: 'keywords', operator: 'in', ids: [selectedKeyword] },
      },
      categories: {
        constraint: {},
        aggregate: { field: 'categories', operator: 'dof', ids: askedNodes },
      },
      '!! static_query !!': { constraint: ACTIVE },
    },
  };
}

describe('constraint counts (protocol §9.1, POST /aggs with override GET)', () => {
  it('echoes the form state and counts the whole query as total', async () => {
    const { status, body } = await postAsGet(`${ASSETS}/aggs`, {
      fulltext: '',
      query: metaQuery(3, [1], [1]),
      state: 'agg state 42',
    });
    expect(status).toBe(200);
    expect(body.state).toBe('agg state 42');
    expect(body.response.total).toBe(await totalOf({ and: [ACTIVE, { keywords: { in: [3] } }] }));
  });

  it('answers a bucket for every asked id, zeros included: count with every constraint, total without its own', async () => {
    const asked = [1, 2, 3, 999];
    const { body } = await postAsGet(`${ASSETS}/aggs`, { fulltext: 'misty', query: metaQuery(3, asked, []) });
    const buckets = body.response.aggregates.keywords as Json[];
    expect(buckets.map((bucket) => bucket.data?.id)).toEqual(asked);
    for (const bucket of buckets) {
      const id = bucket.data.id;
      const withAll = await totalOf(
        { and: [ACTIVE, { keywords: { in: [3] } }, { keywords: { in: [id] } }] },
        'misty',
      );
      const withoutOwn = await totalOf({ and: [ACTIVE, { keywords: { in: [id] } }] }, 'misty');
      expect(bucket.count).toBe(withAll);
      expect(bucket.total).toBe(withoutOwn);
    }
    expect(buckets[3].count).toBe(0);
  });

  it('counts tree nodes with dof: a node counts the rows of its whole sub-tree', async () => {
    const { body } = await postAsGet(`${ASSETS}/aggs`, { fulltext: '', query: metaQuery(3, [], [1, 5, 17]) });
    for (const bucket of body.response.aggregates.categories as Json[]) {
      const expected = await totalOf({
        and: [ACTIVE, { keywords: { in: [3] } }, { categories: { dof: [bucket.data.id] } }],
      });
      expect(bucket.count).toBe(expected);
    }
  });

  it('counts the rows without a value under id -1 with data null', async () => {
    const query = {
      '$meta-query': {
        rights: { constraint: {}, aggregate: { field: 'dteendrights', operator: 'in', ids: [-1] } },
      },
    };
    const { body } = await postAsGet(`${ASSETS}/aggs`, { query });
    const [bucket] = body.response.aggregates.rights;
    expect(bucket.data).toBeNull();
    expect(bucket.count).toBe(runtime.db.assets.filter((asset) => asset.dteendrights === null).length);
  });

  it('nests meta paths one level deeper and sums their totals', async () => {
    const constraint = (field: string) => ({
      '$meta-query': { k: { constraint: {}, aggregate: { field, operator: 'in', ids: [1] } } },
    });
    const { body } = await postAsGet('/rest/dam/data/asset,keyword/aggs', {
      query_asset: constraint('keywords'),
      query_keyword: constraint('id'),
    });
    expect(body.response.total).toBe(runtime.db.assets.length + runtime.db.keywords.length);
    expect(body.response.aggregates.keyword.k[0].count).toBe(1);
    expect(body.response.aggregates.asset.k[0].count).toBe(
      runtime.db.assets.filter((a) => a.keywords.includes(1)).length,
    );
  });

  it('accepts only the $meta-query object itself as the query field (protocol §9.1)', async () => {
    const wrapped = await postAsGet(`${ASSETS}/aggs`, {
      fulltext: '',
      query: { query: metaQuery(3, [1], []) },
    });
    expect(wrapped.status).toBe(400);
    expect(wrapped.body.message).toMatch(/\$meta-query/);
    const plain = await postAsGet(`${ASSETS}/aggs`, { fulltext: '', query: { keywords: { in: [3] } } });
    expect(plain.status).toBe(400);
    const wrappedPerResource = await postAsGet('/rest/dam/data/asset,keyword/aggs', {
      query_asset: { query: metaQuery(3, [1], []) },
      query_keyword: metaQuery(3, [1], []),
    });
    expect(wrappedPerResource.status).toBe(400);
  });
});
