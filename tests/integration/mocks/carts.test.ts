import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CART_IDS } from '../../../mocks/db/carts';
import { USER_IDS } from '../../../mocks/db/users';
import { server } from '../../../mocks/node';
import { reset, runtime } from '../../../mocks/runtime';
import { cartCall, cartJson, type WireCart } from './carts-fixtures';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => reset());
afterAll(() => server.close());

const ids = (carts: WireCart[]) => carts.map((cart) => cart.id);
const list = (query: string, as: 'alice' | 'bob' | 'carol' = 'bob') =>
  cartJson<WireCart[]>(`listCarts?${query}${query ? '&' : ''}output=list`, { as });

async function errorOf(response: Promise<Response>): Promise<{ status: number; body: unknown }> {
  const answer = await response;
  return { status: answer.status, body: await answer.json() };
}

describe('cart user profile (protocol §6.1)', () => {
  it('answers makePublicBoard per user, and the default (false) for visitors', async () => {
    expect(await cartJson('userProfile', { as: 'alice' })).toEqual({
      permissions: { makePublicBoard: true },
    });
    expect(await cartJson('userProfile', { as: 'bob' })).toEqual({ permissions: { makePublicBoard: false } });
    expect(await cartJson('userProfile')).toEqual({ permissions: { makePublicBoard: false } });
  });
});

describe('listCarts (protocol §6.3)', () => {
  it('refuses visitors with 401 and the error body', async () => {
    expect(await errorOf(cartCall('listCarts?output=list'))).toEqual({
      status: 401,
      body: { error: '401', message: 'Sign in to use carts' },
    });
  });

  it('lists mine, shared private and shared public by repeated type, in id order', async () => {
    expect(ids(await list('type=mine', 'alice'))).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
      '11',
      '12',
    ]);
    expect(ids(await list('type=mine'))).toEqual(['13', '14']);
    // bob collaborates on alice's 1, 3, 12 (private) and carol's 15; alice's 10 is public
    expect(ids(await list('type=sharedPrivate'))).toEqual(['1', '3', '12', '15']);
    expect(ids(await list('type=sharedPublic'))).toEqual(['2', '5', '10', '16']);
    expect(ids(await list('type=mine&type=sharedPublic'))).toEqual(['2', '5', '10', '13', '14', '16']);
    expect(ids(await list(''))).toEqual(['1', '2', '3', '5', '10', '12', '13', '14', '15', '16']);
  });

  it('marks isMine, sends ids as text, items as {id, type} and a total', async () => {
    const [cart] = await list('type=mine');
    expect(cart).toMatchObject({ id: '13', isMine: true, private: true, owner: USER_IDS.bob, total: 9 });
    expect(cart?.items).toHaveLength(9);
    expect(cart?.items[0]).toEqual({ id: expect.stringMatching(/^\d+$/), type: 'asset' });
    const shared = await list('type=sharedPrivate');
    expect(shared.every((candidate) => !candidate.isMine)).toBe(true);
  });

  it('sends items as a map without output=list', async () => {
    const [cart] = await cartJson<{ items: Record<string, unknown[]> }[]>('listCarts?type=mine', {
      as: 'bob',
    });
    expect(cart?.items.asset).toHaveLength(9);
  });

  it('refuses an unknown type with 400 naming the accepted ones', async () => {
    const { status, body } = await errorOf(cartCall('listCarts?type=favourites&output=list', { as: 'bob' }));
    expect(status).toBe(400);
    expect(body).toEqual({ error: '400', message: expect.stringContaining('sharedPrivate') });
  });

  it('limits shared private carts to carts.maxSharedCarts and public ones to carts.maxPublicCarts', async () => {
    runtime.settings['carts.maxSharedCarts'] = 2;
    runtime.settings['carts.maxPublicCarts'] = 1;
    expect(ids(await list(''))).toEqual(['1', '2', '3', '13', '14']);
    // own carts are never limited
    runtime.settings['carts.maxSharedCarts'] = 1;
    expect(ids(await list('type=mine', 'alice'))).toHaveLength(12);
  });

  it('reads 0 as the default limit and a negative value as unlimited', async () => {
    runtime.settings['carts.maxSharedCarts'] = 0;
    runtime.settings['carts.maxPublicCarts'] = -1;
    expect(ids(await list('type=sharedPrivate&type=sharedPublic'))).toHaveLength(8);
  });

  it('keeps an expired cart in its owner list only', async () => {
    expect(ids(await list('type=mine', 'alice'))).toContain(String(CART_IDS.expired));
    const cart = runtime.db.carts.find((candidate) => candidate.id === 2);
    if (cart) cart.expires = Date.now() - 1000;
    expect(ids(await list('type=sharedPublic'))).not.toContain('2');
  });
});

describe('viewCart of my carts (protocol §6.1, §6.2)', () => {
  it('answers the items as an array with details, file size and thumbnail', async () => {
    const cart = await cartJson<WireCart>('viewCart/3?no_preview=true&output=list', { as: 'alice' });
    expect(cart).toMatchObject({ id: '3', name: 'Trade fair Lyon', isMine: true, total: 18 });
    expect(cart.items).toHaveLength(18);
    expect(cart.items[0]).toMatchObject({
      id: expect.any(String),
      type: 'asset',
      name: expect.any(String),
      filename: expect.any(String),
      metadata: { filesize: expect.any(Number) },
      thumbnail: expect.stringMatching(/^\/api\/wedia\/dam\/variation\/asset\/\d+\/thumbnailBig$/),
    });
  });

  it('gives a watermarked viewer the _w thumbnails', async () => {
    const cart = await cartJson<{ items: { thumbnail: string }[] }>('viewCart/3?output=list', {
      as: 'carol',
    });
    expect(cart.items.every((item) => item.thumbnail.endsWith('/thumbnailBig_w'))).toBe(true);
  });

  it('filters the items by full text (case-insensitive, * wildcard), every word by default', async () => {
    const all = await cartJson<WireCart>('viewCart/6?output=list', { as: 'alice' });
    const first = all.items[0]?.name ?? '';
    const word = first.split(' ')[0] ?? '';
    const filtered = await cartJson<WireCart>(
      `viewCart/6?output=list&fulltext=${encodeURIComponent(`${word.toUpperCase().slice(0, 3)}*`)}`,
      { as: 'alice' },
    );
    expect(filtered.items.length).toBeGreaterThan(0);
    expect(filtered.items.length).toBeLessThanOrEqual(all.items.length);
    expect(filtered.items.map((item) => item.id)).toContain(all.items[0]?.id);
    const none = await cartJson<WireCart>('viewCart/6?output=list&fulltext=zzzz%20qqqq', { as: 'alice' });
    expect(none.items).toEqual([]);
    const either = await cartJson<WireCart>(
      `viewCart/6?output=list&fulltextMode=should&fulltext=${encodeURIComponent(`zzzz ${word}`)}`,
      { as: 'alice' },
    );
    expect(either.items.length).toBeGreaterThan(0);
  });

  it('answers 404 "Unknown cart" for a cart the user cannot see, and for an unknown one', async () => {
    for (const path of ['viewCart/7?output=list', 'viewCart/999?output=list']) {
      const { status, body } = await errorOf(cartCall(path, { as: 'bob' }));
      expect(status).toBe(404);
      expect(body).toEqual({ error: '404', message: expect.stringMatching(/^Unknown cart/) });
    }
  });

  it('lets any user view a public cart, not its owner only', async () => {
    expect((await cartCall('viewCart/2?output=list', { as: 'carol' })).status).toBe(200);
  });
});

describe('create, edit, delete (seed 000 §5, protocol §6.4)', () => {
  it('creates a cart and answers an array whose first element is the new cart', async () => {
    const created = await cartJson<WireCart[]>('createCart/', {
      as: 'alice',
      body: {
        name: 'Autumn',
        description: 'New season',
        private: true,
        collaborators: ['bob'],
        type: '',
        expires: null,
      },
    });
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      id: '17',
      name: 'Autumn',
      isMine: true,
      private: true,
      collaborators: [2],
    });
    expect(ids(await list('type=mine', 'alice'))).toContain('17');
    expect(ids(await list('type=sharedPrivate'))).toContain('17');
  });

  it('refuses a missing name and an empty one with the spec messages', async () => {
    for (const [body, message] of [
      [{ description: 'x' }, 'A cart requires a name'],
      [{ name: null }, 'A cart requires a name'],
      [{ name: '' }, 'A cart requires a non empty name'],
      [{ name: '   ' }, 'A cart requires a non empty name'],
    ] as const) {
      expect(await errorOf(cartCall('createCart/', { as: 'alice', body }))).toEqual({
        status: 400,
        body: { error: '400', message },
      });
    }
  });

  it('lets only users with makePublicBoard create or make a public board', async () => {
    const refused = await errorOf(
      cartCall('createCart/', { as: 'bob', body: { name: 'Open', private: false } }),
    );
    expect(refused).toEqual({
      status: 403,
      body: { error: '403', message: 'You may not make a public board' },
    });
    const [open] = await cartJson<WireCart[]>('createCart/', {
      as: 'alice',
      body: { name: 'Open', private: false },
    });
    expect(open?.private).toBe(false);
    expect(
      (await cartCall('editCart/13?output=list', { as: 'bob', body: { name: 'x', private: false } })).status,
    ).toBe(403);
  });

  it('edits name, description and private, with the same name messages', async () => {
    const edited = await cartJson<WireCart & { description: string }>('editCart/7?output=list', {
      as: 'alice',
      body: { name: 'Mood', description: 'Renamed', private: false },
    });
    expect(edited).toMatchObject({ id: '7', name: 'Mood', description: 'Renamed', private: false });
    expect(Array.isArray(edited.items)).toBe(true);
    expect((await errorOf(cartCall('editCart/7', { as: 'alice', body: { description: 'x' } }))).body).toEqual(
      {
        error: '400',
        message: 'A cart requires a name',
      },
    );
    expect((await errorOf(cartCall('editCart/7', { as: 'alice', body: { name: '' } }))).body).toEqual({
      error: '400',
      message: 'A cart requires a non empty name',
    });
  });

  it('lets only the owner edit or delete (403 for a collaborator)', async () => {
    expect((await cartCall('editCart/1', { as: 'bob', body: { name: 'Mine now' } })).status).toBe(403);
    expect((await cartCall('deleteCart/1', { as: 'bob', method: 'DELETE' })).status).toBe(403);
  });

  it('deletes a cart and its shares', async () => {
    expect((await cartCall('deleteCart/2', { as: 'alice', method: 'DELETE' })).status).toBe(200);
    expect((await cartCall('viewCart/2?output=list', { as: 'alice' })).status).toBe(404);
    expect(runtime.db.shares.some((share) => share.cartId === 2)).toBe(false);
  });
});

describe('items (protocol §6.1)', () => {
  it('adds items by resource (ids as text or numbers), skipping those already in the cart', async () => {
    const cart = await cartJson<WireCart>('addCartItems/8?output=list', {
      as: 'alice',
      body: { items: { asset: ['5', 6, '5'] } },
    });
    expect(cart.items.map((item) => item.id)).toEqual(['5', '6']);
    const again = await cartJson<WireCart>('addCartItems/8?output=list', {
      as: 'alice',
      body: { items: { asset: ['6', '7'] } },
    });
    expect(again.items.map((item) => item.id)).toEqual(['5', '6', '7']);
  });

  it('removes items with a DELETE carrying a JSON body', async () => {
    await cartJson('addCartItems/8', { as: 'alice', body: { items: { asset: ['5', '6', '7'] } } });
    const cart = await cartJson<WireCart>('removeCartItems/8', {
      as: 'alice',
      method: 'DELETE',
      body: { items: { asset: ['6', '999999'] } },
    });
    expect(cart.items).toEqual({
      asset: [expect.objectContaining({ id: '5' }), expect.objectContaining({ id: '7' })],
    });
  });

  it('lets a collaborator change the items but not a mere viewer of a public cart', async () => {
    expect(
      (await cartCall('addCartItems/1', { as: 'bob', body: { items: { asset: ['1999'] } } })).status,
    ).toBe(200);
    expect(
      (await cartCall('addCartItems/2', { as: 'bob', body: { items: { asset: ['1999'] } } })).status,
    ).toBe(403);
  });

  it('refuses unknown resources and unknown assets with 400', async () => {
    for (const items of [{ video: ['1'] }, { asset: ['123456789'] }, { asset: 'x' }]) {
      expect((await cartCall('addCartItems/8', { as: 'alice', body: { items } })).status).toBe(400);
    }
  });
});

describe('collaborators and unsubscribe (protocol §6.1)', () => {
  it('adds a collaborator with the invitation url: the cart appears in their shared list, the invitation in the outbox', async () => {
    const cart = await cartJson<WireCart>('addCartCollaborators/7', {
      as: 'alice',
      body: { collaborators: ['bob'], url: 'http://localhost/carts/7' },
    });
    expect(cart.collaborators).toEqual([USER_IDS.bob]);
    expect(ids(await list('type=sharedPrivate'))).toContain('7');
    expect(runtime.outbox).toEqual([
      expect.objectContaining({
        kind: 'collaboratorInvitation',
        to: ['bob@wedia-demo.example'],
        link: 'http://localhost/carts/7',
      }),
    ]);
  });

  it('accepts collaborators by id, login or e-mail, and refuses unknown ones', async () => {
    const cart = await cartJson<WireCart>('addCartCollaborators/7', {
      as: 'alice',
      body: { collaborators: [USER_IDS.bob, 'carol@wedia-demo.example'], url: '' },
    });
    expect(cart.collaborators).toEqual([USER_IDS.bob, USER_IDS.carol]);
    const unknown = await cartCall('addCartCollaborators/7', {
      as: 'alice',
      body: { collaborators: ['nobody'] },
    });
    expect(unknown.status).toBe(400);
  });

  it('removes a collaborator: the cart leaves their list', async () => {
    await cartJson('removeCartCollaborators/1', {
      as: 'alice',
      method: 'DELETE',
      body: { collaborators: ['bob'] },
    });
    expect(ids(await list('type=sharedPrivate'))).not.toContain('1');
    expect((await cartCall('viewCart/1?output=list', { as: 'bob' })).status).toBe(404);
  });

  it('unsubscribes a collaborator from a private cart and a user from a public one', async () => {
    expect((await cartCall('unsuscribe/1', { as: 'bob', method: 'POST' })).status).toBe(200);
    expect((await cartCall('unsuscribe/2', { as: 'bob', method: 'POST' })).status).toBe(200);
    const shared = ids(await list('type=sharedPrivate&type=sharedPublic'));
    expect(shared).not.toContain('1');
    expect(shared).not.toContain('2');
    expect(ids(await list('type=sharedPublic', 'carol'))).toContain('2');
  });

  it('refuses to unsubscribe the owner', async () => {
    expect((await cartCall('unsuscribe/1', { as: 'alice', method: 'POST' })).status).toBe(400);
  });
});
