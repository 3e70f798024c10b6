import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NOT_BOOKMARKABLE } from '../../../mocks/handlers/saved-searches';
import { server } from '../../../mocks/node';
import { reset, runtime } from '../../../mocks/runtime';
import { API, type Json } from './search-helpers';
import { bearer, sessionApi } from './session-helpers';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => reset());
afterAll(() => server.close());

const BASE = `${API}/packaged/cw/savedsearch`;

async function as(login: string) {
  const { accessToken } = await sessionApi(API).tokensOf(login);
  const headers = bearer(accessToken);
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${BASE}${path}`, {
      method,
      headers: {
        ...headers,
        ...(body !== undefined && { 'Content-Type': 'application/json;charset=utf-8' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Json };
  };
  const list = async () => (await call('GET', '/list/')).body as Json[];
  return { call, list, names: async () => (await list()).map((search) => search.name) };
}

const DATA = {
  path: 'dam/data/asset',
  cursorName: 'main',
  context: '',
  excludedPaths: [],
  fulltextTokens: ['(lake)'],
  userConstraints: {},
  staticConstraints: { activated: { activated: true } },
  customParams: {},
  query: { activated: true },
  fulltextMode: 'must',
};

describe('saved searches (protocol §17)', () => {
  it('lists the searches a user owns or subscribes to, with isMine and isPrivatelyShared', async () => {
    const alice = await as('alice');
    const searches = await alice.list();
    expect(searches.map((search) => search.name)).toEqual([
      'Videos',
      'Coffee pictures',
      'Mountains',
      'Brand documents',
      'Rights ending soon',
      'Tokyo and Paris',
      'Partner visuals',
    ]);
    const coffee = searches.find((search) => search.name === 'Coffee pictures');
    expect(coffee).toMatchObject({
      id: 2,
      description: 'For the café menu',
      owner: { id: 1, name: 'Alice Martin' },
      isMine: true,
      isPrivatelyShared: true,
      created: expect.any(Number),
      data: { path: 'dam/data/asset', fulltextTokens: ['(coffee)'], fulltextMode: 'must' },
    });
    expect(searches.find((search) => search.name === 'Tokyo and Paris')).toMatchObject({ isMine: false });
    expect(searches.find((search) => search.name === 'Videos')).toMatchObject({ isPrivatelyShared: false });
    expect(await (await as('bob')).names()).toEqual([
      'Coffee pictures',
      'Brand documents',
      'Portraits',
      'Tokyo and Paris',
    ]);
    expect((await alice.call('GET', '/list?type=shared')).body.map((s: Json) => s.name)).toEqual([
      'Tokyo and Paris',
      'Partner visuals',
    ]);
  });

  it('answers 401 "Not connected" to visitors', async () => {
    const response = await fetch(`${BASE}/list/`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: '401', message: 'Not connected' });
    const add = await fetch(`${BASE}/add/`, {
      method: 'POST',
      body: JSON.stringify({ name: 'x', data: DATA }),
    });
    expect(add.status).toBe(401);
  });

  it('creates a search with fulltext tokens, constraints or custom params, and refuses one with none', async () => {
    const bob = await as('bob');
    const created = await bob.call('POST', '/add/', { name: 'Lakes', description: '', data: DATA });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      id: 9,
      name: 'Lakes',
      owner: { id: 2 },
      isMine: true,
      isPrivatelyShared: false,
    });
    expect(await bob.names()).toContain('Lakes');
    const withParams = await bob.call('POST', '/add/', {
      name: 'Params',
      data: { ...DATA, fulltextTokens: [], customParams: { x_board: '1' } },
    });
    expect(withParams.status).toBe(200);
    const empty = await bob.call('POST', '/add/', { name: 'Nothing', data: { ...DATA, fulltextTokens: [] } });
    expect(empty).toEqual({ status: 400, body: { error: '400', message: NOT_BOOKMARKABLE } });
    expect((await bob.call('POST', '/add/', { name: ' ', data: DATA })).status).toBe(400);
  });

  it('renames and updates for the owner only', async () => {
    const alice = await as('alice');
    const renamed = await alice.call('POST', '/update/1', { name: 'Renamed' });
    expect(renamed.body.name).toBe('Renamed');
    const bob = await as('bob');
    expect((await bob.call('POST', '/update/2', { name: 'Mine now' })).status).toBe(403);
    expect((await bob.call('POST', '/update/1', { name: 'Not even seen' })).status).toBe(404);
  });

  it('shares with subscribers (PUT, bare array) and adds collaborators; the owner stays', async () => {
    const alice = await as('alice');
    const shared = await alice.call('PUT', '/share/1', [2, 3]);
    expect(shared.body.subscribers.map((person: Json) => person.id)).toEqual([1, 2, 3]);
    expect(shared.body.isPrivatelyShared).toBe(true);
    expect(await (await as('carol')).names()).toContain('Videos');
    const added = await alice.call('POST', '/addcollaborators/3', {
      collaborators: ['bob', 5],
      url: 'http://x',
    });
    expect(added.body.subscribers.map((person: Json) => person.id)).toEqual([1, 2, 5]);
    expect((await alice.call('PUT', '/share/1', [999])).status).toBe(400);
    expect((await alice.call('PUT', '/share/1', { ids: [2] })).status).toBe(400);
    expect((await (await as('bob')).call('PUT', '/share/2', [3])).status).toBe(403);
  });

  it('revokes shares given as strings, and refuses numbers', async () => {
    const alice = await as('alice');
    const refused = await alice.call('POST', '/revoke-share/4', [2]);
    expect(refused.status).toBe(400);
    const revoked = await alice.call('POST', '/revoke-share/4', ['2', '1']);
    expect(revoked.body.subscribers.map((person: Json) => person.id)).toEqual([1, 3]);
    expect(await (await as('bob')).names()).not.toContain('Brand documents');
  });

  it('switches private: subscribers no longer see the search until it is switched back', async () => {
    const alice = await as('alice');
    expect((await alice.call('POST', '/switchprivate/2', { isPrivate: true })).body.isPrivate).toBe(true);
    const bob = await as('bob');
    expect(await bob.names()).not.toContain('Coffee pictures');
    await alice.call('POST', '/switchprivate/2', { isPrivate: false });
    expect(await bob.names()).toContain('Coffee pictures');
    expect((await alice.call('POST', '/switchprivate/2', { isPrivate: 'yes' })).status).toBe(400);
    expect((await bob.call('POST', '/switchprivate/2', { isPrivate: true })).status).toBe(403);
  });

  it('lets subscribers unsubscribe, never the owner', async () => {
    const bob = await as('bob');
    expect((await bob.call('DELETE', '/unsubscribe/2')).status).toBe(200);
    expect(await bob.names()).not.toContain('Coffee pictures');
    expect((await bob.call('DELETE', '/unsubscribe/2')).status).toBe(404);
    expect((await bob.call('DELETE', '/unsubscribe/6')).status).toBe(400);
  });

  it('deletes for the owner only', async () => {
    const bob = await as('bob');
    expect((await bob.call('DELETE', '/delete/2')).status).toBe(403);
    const alice = await as('alice');
    expect((await alice.call('DELETE', '/delete/2')).status).toBe(200);
    expect(runtime.db.savedSearches.some((search) => search.id === 2)).toBe(false);
    expect(await bob.names()).not.toContain('Coffee pictures');
    expect((await alice.call('DELETE', '/delete/2')).status).toBe(404);
  });

  it('replays a saved search: its stored query lists the same rows as the list call', async () => {
    const [videos] = await (await as('alice')).list();
    const response = await fetch(
      `${API}/rest/${videos.data.path}?max=0&query=${encodeURIComponent(JSON.stringify(videos.data.query))}`,
    );
    const { response: list } = await response.json();
    expect(list.total).toBe(
      runtime.db.assets.filter((asset) => asset.activated && asset.assetnature.code === 'video').length,
    );
  });
});
