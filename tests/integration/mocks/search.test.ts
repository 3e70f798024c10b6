import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Asset } from '../../../mocks/db/assets';
import { server } from '../../../mocks/node';
import { and, countOf, not, or } from '../../../mocks/search/indexes';
import { reset, runtime } from '../../../mocks/runtime';
import { API, ASSETS, allRows, getJson, idsOf, type Json, postAsGet } from './search-helpers';
import { bearer, sessionApi } from './session-helpers';

// read-only: one seeded database (and one index build) for the whole file
beforeAll(() => {
  reset();
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());

const assets = (): Asset[] => runtime.db.assets;
const idsWhere = (test: (asset: Asset) => boolean): number[] =>
  assets()
    .filter(test)
    .map((asset) => asset.id);
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
/** Category ids under a node, the node included (the tree is 3 levels deep). */
function subtree(id: number): number[] {
  const children = runtime.db.categories.filter((category) => category.parent === id).map((c) => c.id);
  return [id, ...children.flatMap(subtree)];
}

describe('list envelope (protocol §1.8, §8.1)', () => {
  it('answers resource, rows with id/$uuid/$resource, total, count, a next token, and echoes state verbatim', async () => {
    const state = '-1290331711 a+b %';
    const { status, body } = await getJson(ASSETS, { max: 3, state, query: { activated: true } });
    expect(status).toBe(200);
    expect(body.resource).toBe('asset');
    expect(body.state).toBe(state);
    expect(body.response.count).toBe(3);
    expect(body.response.total).toBe(assets().filter((asset) => asset.activated).length);
    for (const row of body.response.data) {
      expect(row).toMatchObject({ id: expect.any(Number), $uuid: expect.any(String), $resource: 'asset' });
    }
    expect(body.links.nextResultsToken).toEqual(expect.any(String));
    expect(body.links.next).toContain('after=');
  });

  it('shapes relations as {id, name} and keeps every row field', async () => {
    const { body } = await getJson(`${ASSETS}/1`);
    const stored = assets()[0] as Asset;
    expect(body.response.data).toMatchObject({
      id: 1,
      name: stored.name,
      assetnature: stored.assetnature,
      keywords: stored.keywords.map((id) => ({ id, name: runtime.db.keywords[id - 1]?.name })),
      categories: stored.categories.map((id) => ({ id, name: runtime.db.categories[id - 1]?.name })),
    });
    expect(body.state).toBeUndefined();
  });

  it('answers 404 with the error body for an unknown id', async () => {
    const { status, body } = await getJson(`${ASSETS}/999999`);
    expect(status).toBe(404);
    expect(body).toEqual({ error: '404', message: 'ID #999999 NOT FOUND' });
  });

  it('keeps only the asked props (plus id and $ members)', async () => {
    const { body } = await getJson(ASSETS, { max: 1, props: 'name,author' });
    expect(Object.keys(body.response.data[0]).filter((key) => !key.startsWith('$'))).toEqual([
      'id',
      'name',
      'author',
    ]);
  });

  it('serves a POST with X-HTTP-Method-Override: GET and a form body like a GET', async () => {
    const params = { max: 5, orderby: 'name asc', query: { assetnature: { in: [2] } }, state: 's' };
    const viaGet = await getJson(ASSETS, params);
    const viaPost = await postAsGet(ASSETS, params);
    expect(viaPost.body).toEqual(viaGet.body);
  });
});

describe('paging (protocol §8.4)', () => {
  it('walks every row once through nextResultsToken, in order, with a stable total', async () => {
    const { rows, totals, pages } = await allRows(ASSETS, { max: 150, orderby: 'name asc', props: 'name' });
    expect(pages).toBe(Math.ceil(assets().length / 150));
    expect(new Set(totals)).toEqual(new Set([assets().length]));
    expect(new Set(rows.map((row) => row.id)).size).toBe(assets().length);
    const names = rows.map((row) => fold(row.name));
    expect(names).toEqual([...names].sort());
  });

  it('follows links.next as a URL too', async () => {
    const first = await getJson(ASSETS, { max: 2 });
    const response = await fetch(`http://localhost${first.body.links.next}`);
    const second = await response.json();
    expect(second.response.data.map((row: Json) => row.id)).toEqual([3, 4]);
  });

  it('refuses a token it did not issue', async () => {
    const { status, body } = await getJson(ASSETS, { after: 'not-a-token' });
    expect(status).toBe(400);
    expect(body.error).toBe('400');
  });
});

describe('ordering', () => {
  it.each([
    ['created desc', (a: Asset, b: Asset) => b.created.localeCompare(a.created) || b.id - a.id],
    ['-filesize', (a: Asset, b: Asset) => b.filesize - a.filesize || b.id - a.id],
    [
      'author asc, filesize desc',
      (a: Asset, b: Asset) => a.author.localeCompare(b.author) || b.filesize - a.filesize || a.id - b.id,
    ],
  ])('orders on %s (ties on id)', async (orderby, compare) => {
    const ids = await idsOf({ orderby, max: 300 });
    expect(ids).toEqual(
      [...assets()]
        .sort(compare)
        .slice(0, 300)
        .map((asset) => asset.id),
    );
  });

  it('refuses a field no schema of the path has, with the error body', async () => {
    const { status, body } = await getJson(ASSETS, { orderby: 'colour asc' });
    expect(status).toBe(400);
    expect(body).toEqual({ error: '400', message: 'Unknown order field colour for asset' });
  });
});

describe('query operators (protocol §8.3)', () => {
  const author = () => (assets()[0] as Asset).author;
  const cases: [string, () => object, (asset: Asset) => boolean][] = [
    ['eq', () => ({ author: { eq: author() } }), (a) => a.author === author()],
    ['e', () => ({ author: { e: author() } }), (a) => a.author === author()],
    [
      'equals (case-insensitive)',
      () => ({ author: { equals: author().toUpperCase() } }),
      (a) => a.author === author(),
    ],
    ['shorthand value = eq', () => ({ author: author() }), (a) => a.author === author()],
    ['neq', () => ({ assetnature: { neq: 1 } }), (a) => a.assetnature.id !== 1],
    ['ne', () => ({ assetnature: { ne: 1 } }), (a) => a.assetnature.id !== 1],
    ['notequals', () => ({ assetnature: { notequals: 1 } }), (a) => a.assetnature.id !== 1],
    ['gt', () => ({ filesize: { gt: 10_000_000 } }), (a) => a.filesize > 10_000_000],
    ['greaterthan', () => ({ filesize: { greaterthan: 10_000_000 } }), (a) => a.filesize > 10_000_000],
    ['gte', () => ({ duration: { gte: 300 } }), (a) => a.duration !== null && a.duration >= 300],
    [
      'greaterorequals',
      () => ({ duration: { greaterorequals: 300 } }),
      (a) => a.duration !== null && a.duration >= 300,
    ],
    [
      'lt on a date',
      () => ({ dteendrights: { lt: '2026-03-01' } }),
      (a) => a.dteendrights !== null && a.dteendrights < '2026-03-01',
    ],
    ['lesserthan', () => ({ width: { lesserthan: 1000 } }), (a) => a.width < 1000],
    ['lte', () => ({ width: { lte: 1200 } }), (a) => a.width <= 1200],
    ['lesserorequals', () => ({ width: { lesserorequals: 1200 } }), (a) => a.width <= 1200],
    [
      'gt and lt together',
      () => ({ duration: { gt: 300, lte: 1200 } }),
      (a) => a.duration !== null && a.duration > 300 && a.duration <= 1200,
    ],
    ['in', () => ({ keywords: { in: [1, 2] } }), (a) => a.keywords.includes(1) || a.keywords.includes(2)],
    [
      'array value = in',
      () => ({ keywords: [1, '2'] }),
      (a) => a.keywords.includes(1) || a.keywords.includes(2),
    ],
    ['nin', () => ({ keywords: { nin: [1, 2] } }), (a) => !a.keywords.includes(1) && !a.keywords.includes(2)],
    ['notin', () => ({ keywords: { notin: [1] } }), (a) => !a.keywords.includes(1)],
    ['sw', () => ({ name: { sw: 'misty' } }), (a) => fold(a.name).startsWith('misty')],
    ['startswith', () => ({ name: { startswith: 'Misty' } }), (a) => fold(a.name).startsWith('misty')],
    ['nsw', () => ({ name: { nsw: 'misty' } }), (a) => !fold(a.name).startsWith('misty')],
    ['notstartswith', () => ({ name: { notstartswith: 'misty' } }), (a) => !fold(a.name).startsWith('misty')],
    ['ew', () => ({ filename: { ew: '.png' } }), (a) => a.filename.endsWith('.png')],
    ['endswith', () => ({ filename: { endswith: '.PNG' } }), (a) => a.filename.endsWith('.png')],
    ['new', () => ({ filename: { new: '.png' } }), (a) => !a.filename.endsWith('.png')],
    ['notendswith', () => ({ filename: { notendswith: '.png' } }), (a) => !a.filename.endsWith('.png')],
    ['ct on text', () => ({ name: { ct: 'lake' } }), (a) => fold(a.name).includes('lake')],
    ['contains on text', () => ({ name: { contains: 'Lake' } }), (a) => fold(a.name).includes('lake')],
    ['ct on a relation = in', () => ({ keywords: { ct: [3] } }), (a) => a.keywords.includes(3)],
    ['nct', () => ({ name: { nct: 'lake' } }), (a) => !fold(a.name).includes('lake')],
    ['notcontains', () => ({ name: { notcontains: 'lake' } }), (a) => !fold(a.name).includes('lake')],
    [
      'dof on the category tree',
      () => ({ categories: { dof: [1] } }),
      (a) => a.categories.some((c) => subtree(1).includes(c)),
    ],
    [
      'descendantof',
      () => ({ categories: { descendantof: [7] } }),
      (a) => a.categories.some((c) => subtree(7).includes(c)),
    ],
    ['ndof', () => ({ categories: { ndof: [1] } }), (a) => !a.categories.some((c) => subtree(1).includes(c))],
    [
      'notdescendantof',
      () => ({ categories: { notdescendantof: [1, 2] } }),
      (a) => !a.categories.some((c) => [...subtree(1), ...subtree(2)].includes(c)),
    ],
    ['dof on a plain relation = in', () => ({ assetnature: { dof: [2] } }), (a) => a.assetnature.id === 2],
    [
      '{op}_{field} on the related rows',
      () => ({ assetnature: { dof_code: ['video'] } }),
      (a) => a.assetnature.code === 'video',
    ],
    ['empty', () => ({ dteendrights: { empty: true } }), (a) => a.dteendrights === null],
    ['null value = empty', () => ({ duration: null }), (a) => a.duration === null],
    ['empty false', () => ({ dteendrights: { empty: false } }), (a) => a.dteendrights !== null],
    ['notempty', () => ({ duration: { notempty: true } }), (a) => a.duration !== null],
    [
      'and',
      () => ({ and: [{ assetnature: { in: [1] } }, { keywords: { in: [3] } }] }),
      (a) => a.assetnature.id === 1 && a.keywords.includes(3),
    ],
    [
      'or',
      () => ({ or: [{ assetnature: { in: [2] } }, { keywords: { in: [3] } }] }),
      (a) => a.assetnature.id === 2 || a.keywords.includes(3),
    ],
    [
      'several fields = and',
      () => ({ activated: true, assetnature: 3 }),
      (a) => a.activated && a.assetnature.id === 3,
    ],
    ['res@field for this resource', () => ({ 'asset,video@assetnature': 2 }), (a) => a.assetnature.id === 2],
    ['res@field for another resource is ignored', () => ({ 'keyword@name': 'x' }), () => true],
    ['{"id":0} matches nothing', () => ({ id: 0 }), () => false],
    ['{} matches everything', () => ({}), () => true],
  ];

  it.each(cases)('%s', async (_name, query, expected) => {
    expect(sorted(await idsOf({ query: query() }))).toEqual(idsWhere(expected));
  });

  it.each([
    [{ name: { like: 'x' } }, 'Unknown operator "like" on field name'],
    [{ colour: 'red' }, 'Unknown field colour for resource asset'],
    [{ keywords: { in_cursordata: 'main' } }, 'Unknown field cursordata for resource keyword'],
    [{ and: {} }, '"and" expects an array of constraints'],
  ])('refuses %j with 400 and the error body', async (query, message) => {
    const { status, body } = await getJson(ASSETS, { query });
    expect(status).toBe(400);
    expect(body).toEqual({ error: '400', message });
  });

  it('refuses a query that is not JSON', async () => {
    const { status, body } = await getJson(ASSETS, { query: '{"a":' });
    expect(status).toBe(400);
    expect(body.message).toMatch(/not valid JSON/);
  });
});

describe('fulltext (protocol §8.2, §1.6)', () => {
  const texts = (row: Json) =>
    fold(
      [
        row.name,
        row.description,
        row.author,
        row.filename,
        ...row.keywords.map((k: Json) => k.name),
        ...row.categories.map((c: Json) => c.name),
      ].join(' '),
    );
  const full = async (params: Record<string, string>) =>
    (await getJson(ASSETS, { max: 100_000, ...params })).body.response.data as Json[];

  it('must: every word; should: any word (the union of the single-word results)', async () => {
    const lake = new Set(await idsOf({ fulltext: 'lake' }));
    const coffee = new Set(await idsOf({ fulltext: 'coffee' }));
    const must = await idsOf({ fulltext: 'lake coffee', fulltextMode: 'must' });
    const should = await idsOf({ fulltext: 'lake coffee', fulltextMode: 'should' });
    expect(lake.size).toBeGreaterThan(0);
    expect(sorted(should)).toEqual(sorted([...new Set([...lake, ...coffee])]));
    expect(sorted(must)).toEqual(sorted([...lake].filter((id) => coffee.has(id))));
    expect(await idsOf({ fulltext: 'lake coffee' })).toEqual(must);
  });

  it('finds words in names, descriptions, keywords, categories and authors, without accents or case', async () => {
    const rows = await full({ fulltext: 'CAFE' });
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(texts(row)).toMatch(/\bcafe/);
  });

  it('matches the words a bare word starts, as the typeahead offers them: "post" finds posters (issue 28)', async () => {
    const post = await full({ fulltext: 'post' });
    expect(post.length).toBeGreaterThan(0);
    for (const row of post) expect(texts(row)).toMatch(/\bpost/);
    expect(post.some((row) => /\bposter/.test(texts(row)))).toBe(true);
    expect(sorted(await idsOf({ fulltext: 'post' }))).toEqual(sorted(await idsOf({ fulltext: 'post*' })));
  });

  it('keeps wildcards: cat* is a prefix, *scape a suffix', async () => {
    const prefix = await full({ fulltext: 'camp*' });
    expect(prefix.length).toBeGreaterThan(0);
    for (const row of prefix) expect(texts(row)).toMatch(/\bcamp/);
    const suffix = await full({ fulltext: '*scape' });
    for (const row of suffix) expect(texts(row)).toMatch(/scape\b/);
    expect(suffix.length).toBeGreaterThan(0);
  });

  it('matches a quoted phrase only when the words follow each other', async () => {
    const phrase = await full({ fulltext: '"mountain lake"' });
    expect(phrase.length).toBeGreaterThan(0);
    for (const row of phrase) expect(texts(row)).toContain('mountain lake');
    const reversed = await full({ fulltext: '"lake mountain"' });
    expect(reversed).toEqual([]);
  });

  it('reads the client tokens "(t1) (t2)" as terms', async () => {
    expect(await idsOf({ fulltext: '(mountain) (lake)' })).toEqual(
      await idsOf({ fulltext: 'mountain lake' }),
    );
  });

  it('orders by the number of matched terms with sortByRelevance', async () => {
    const rows = await full({
      fulltext: 'lake coffee misty',
      fulltextMode: 'should',
      sortByRelevance: 'true',
    });
    const score = (row: Json) =>
      ['lake', 'coffee', 'misty'].filter((word) => new RegExp(`\\b${word}`).test(texts(row))).length;
    const scores = rows.map(score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('refuses a fulltextMode other than should or must', async () => {
    const { status } = await getJson(ASSETS, { fulltext: 'lake', fulltextMode: 'may' });
    expect(status).toBe(400);
  });
});

describe('grouped lists (protocol §23 item 23)', () => {
  it('answers groups with key, label, total, rows and tokens; more rows of a group by groupKey and after', async () => {
    const { body } = await getJson(ASSETS, { group: 'assetnature', groupMax: 5, state: 'g1' });
    expect(body.state).toBe('g1');
    const { groups, nextGroups, total } = body.response;
    expect(groups.map((group: Json) => group.label)).toEqual(['Document', 'Image', 'Video']);
    expect(groups.reduce((sum: number, group: Json) => sum + group.total, 0)).toBe(total);
    expect(nextGroups).toBeNull();
    const image = groups[1];
    expect(image).toMatchObject({ key: '1', data: expect.any(Array), nextToken: expect.any(String) });
    const more = await getJson(ASSETS, {
      group: 'assetnature',
      groupMax: 5,
      groupKey: '1',
      after: image.nextToken,
    });
    const [next] = more.body.response.groups;
    expect(next.key).toBe('1');
    const firstIds = image.data.map((row: Json) => row.id);
    const nextIds = next.data.map((row: Json) => row.id);
    expect(nextIds).toHaveLength(5);
    expect(nextIds.some((id: number) => firstIds.includes(id))).toBe(false);
    expect(Math.min(...nextIds)).toBeGreaterThan(Math.max(...firstIds));
  });

  it('pages groups 20 at a time through nextGroups', async () => {
    const first = (await getJson(ASSETS, { group: 'keywords', groupMax: 1 })).body.response;
    expect(first.groups).toHaveLength(20);
    const second = (await getJson(ASSETS, { group: 'keywords', groupMax: 1, nextGroups: first.nextGroups }))
      .body.response;
    expect(second.groups[0].key).not.toBe(first.groups[0].key);
    expect(second.groups.length).toBeGreaterThan(0);
  });

  it('refuses an unknown group and a group token of another group', async () => {
    expect((await getJson(ASSETS, { group: 'assetnature', groupKey: '42' })).status).toBe(404);
    const image = (await getJson(ASSETS, { group: 'assetnature', groupMax: 1 })).body.response.groups[1];
    expect(
      (await getJson(ASSETS, { group: 'assetnature', groupKey: '2', after: image.nextToken })).status,
    ).toBe(400);
  });
});

describe('word suggestions (suggest=words)', () => {
  const suggest = async (fulltext: string, extra: Record<string, string | number> = {}) =>
    (await getJson(ASSETS, { suggest: 'words', fulltext, state: fulltext, ...extra })).body;

  it('answers words starting with the typed prefix, the state echoed, at most 10 by default', async () => {
    const body = await suggest('co');
    expect(body.state).toBe('co');
    expect(body.response.data.length).toBeGreaterThan(0);
    expect(body.response.data.length).toBeLessThanOrEqual(10);
    for (const word of body.response.data) expect(fold(word).startsWith('co')).toBe(true);
    expect(body.response.data).toContain('coffee');
  });

  it('answers at most the asked max', async () => {
    expect((await suggest('s', { max: 3 })).response.data).toHaveLength(3);
  });

  it('completes the last word among the rows the words before match, and the query', async () => {
    const words = (await suggest('mountain l')).response.data;
    expect(words).toContain('lake');
    for (const word of words) expect(fold(word).startsWith('l')).toBe(true);
    const videos = (await suggest('co', { query: JSON.stringify({ id: 0 }) })).response.data;
    expect(videos).toEqual([]);
  });

  it('suggests nothing after a trailing space', async () => {
    expect((await suggest('coffee ')).response.data).toEqual([]);
  });
});

describe('meta paths and rights', () => {
  it('lists several resources with query_{resource}, rows carrying their $resource', async () => {
    const { body } = await getJson('/rest/dam/data/asset,keyword', {
      max: 100_000,
      query_asset: { id: { in: [1, 2] } },
      query_keyword: { name: { sw: 'co' } },
      orderby: 'name asc',
    });
    const keywords = runtime.db.keywords.filter((keyword) => keyword.name.startsWith('co'));
    expect(body.response.total).toBe(2 + keywords.length);
    expect(body.response.resources).toEqual(['asset', 'keyword']);
    const resources = body.response.data.map((row: Json) => row.$resource);
    expect(resources.filter((r: string) => r === 'keyword')).toHaveLength(keywords.length);
    const names = body.response.data.map((row: Json) => fold(row.name));
    expect(names).toEqual([...names].sort());
  });

  it('answers $security per row for the caller with withRights or security', async () => {
    const visitor = await getJson(ASSETS, { max: 1, security: 'objectactions/view,objectactions/delete' });
    expect(visitor.body.response.data[0].$security).toEqual({
      'objectactions/view': true,
      'objectactions/delete': false,
    });
    const { accessToken } = await sessionApi(API).tokensOf('alice');
    const alice = await getJson(ASSETS, { max: 1, withRights: true }, bearer(accessToken));
    expect(Object.values(alice.body.response.data[0].$security).every(Boolean)).toBe(true);
  });
});

describe('row masks', () => {
  it.each([0, 1, 3, 4, 5, 7, 8, 13, 1001])(
    'and, or, not and count row by row, %i rows (word-wide and tail)',
    (size) => {
      const random = (seed: number) =>
        Uint8Array.from({ length: size }, (_, i) => ((i * 7 + seed) % 3 === 0 ? 1 : 0));
      const [a, b] = [random(1), random(2)];
      const count = (mask: Uint8Array) => mask.reduce((sum, bit) => sum + bit, 0);
      expect([...and(a, b)]).toEqual([...a].map((bit, i) => bit & (b[i] as number)));
      expect([...or(a, b)]).toEqual([...a].map((bit, i) => bit | (b[i] as number)));
      expect([...not(a)]).toEqual([...a].map((bit) => 1 - bit));
      expect(countOf(a)).toBe(count(a));
      expect(countOf(not(a))).toBe(size - count(a));
    },
  );
});
