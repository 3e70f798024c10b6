import { unzipSync } from 'fflate';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../mocks/node';
import { reset, runtime } from '../../../mocks/runtime';
import { basic, cartCall, cartJson, type WireCart } from './carts-fixtures';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => reset());
afterAll(() => server.close());

/** The seeded share of a cart (mocks/db/carts.ts createShares). */
const shareOf = (cartId: number): string => {
  const share = runtime.db.shares.find((candidate) => candidate.cartId === cartId);
  if (!share) throw new Error(`no seeded share of cart ${cartId}`);
  return share.uuid;
};

interface SharedCart extends Omit<WireCart, 'items'> {
  items: Record<string, { id: string; name: string }[]>;
  share: { uuid: string; actions: string[]; hasPassword: boolean };
}

interface CreatedShare {
  uuid: string;
  url: string;
  password: string | null;
  actions: string[];
  mode: string;
  cartId: string;
}

describe('share actions and zip profiles (protocol §6.1)', () => {
  it('lists the actions and the profiles, each keyed by code', async () => {
    const actions = await cartJson<{ code: string }[]>('listShareActions', { as: 'alice' });
    expect(actions.map((action) => action.code)).toEqual(['view', 'download', 'comment', 'copy']);
    const profiles = await cartJson<{ code: string; sizeRatio: number }[]>('profiles', { as: 'alice' });
    expect(profiles.map((profile) => profile.code)).toEqual(['originals', 'web', 'hd']);
  });
});

describe('opening a shared cart (protocol §6.4)', () => {
  it('opens a password-less share without Authorization: items as a map, the share and its actions', async () => {
    const cart = await cartJson<SharedCart>(`viewCart/${shareOf(2)}?no_preview=true`);
    expect(cart).toMatchObject({ id: shareOf(2), name: 'Brand kit', isMine: false, total: 12 });
    expect(cart.items.asset).toHaveLength(12);
    expect(cart.items.asset?.[0]).toMatchObject({ id: expect.any(String), name: expect.any(String) });
    expect(cart.share).toMatchObject({ actions: ['view', 'download'], hasPassword: false });
    expect(JSON.stringify(cart)).not.toContain('password"');
  });

  it('answers 401 "password required" without a password, with a wrong one, and with a bearer only', async () => {
    const uuid = shareOf(3);
    for (const authorization of [undefined, basic('wrong'), basic(''), 'Bearer whatever']) {
      const response = await cartCall(`viewCart/${uuid}?no_preview=true`, { authorization });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: '401', message: 'password required' });
      // no WWW-Authenticate: browsers would show their own prompt
      expect(response.headers.get('www-authenticate')).toBeNull();
    }
  });

  it('opens a password share with Basic base64(":" + password)', async () => {
    const cart = await cartJson<SharedCart>(`viewCart/${shareOf(3)}?no_preview=true`, {
      authorization: basic('lyon-2026'),
    });
    expect(cart).toMatchObject({ name: 'Trade fair Lyon', total: 18 });
    expect(cart.share).toMatchObject({ hasPassword: true, actions: ['view', 'download', 'comment'] });
  });

  it('answers 404 for an unknown share and an expired one', async () => {
    for (const uuid of ['00000000-0000-4000-8000-000000000000', shareOf(7)]) {
      const response = await cartCall(`viewCart/${uuid}?no_preview=true`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: '404', message: 'Unknown or expired share' });
    }
  });
});

describe('sharing a cart as a link (protocol §6.1)', () => {
  it('the shareMode variant: protected issues a password, public none, anything else is a 400 (seed 000 §7)', async () => {
    const body = (shareMode: string) => ({
      description: '',
      expires: null,
      actions: ['view'],
      collaborators: [],
      url: 'http://localhost/share/{uuid}',
      shareMode,
    });
    const guarded = await cartJson<CreatedShare>('shareCart/6', { as: 'alice', body: body('protected') });
    expect(guarded.password).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect((await cartCall(`viewCart/${guarded.uuid}?no_preview=true`)).status).toBe(401);
    const open = await cartJson<CreatedShare>('shareCart/6', { as: 'alice', body: body('public') });
    expect(open.password).toBeNull();
    expect((await cartCall(`viewCart/${open.uuid}?no_preview=true`)).status).toBe(200);
    const refused = await cartCall('shareCart/6', { as: 'alice', body: body('everyone') });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: '400', message: expect.stringContaining('protected') });
  });

  it('issues a password when asked, returns it once with the uuid and url, and checks it as Basic', async () => {
    const share = await cartJson<CreatedShare>('shareCart/6', {
      as: 'alice',
      body: {
        description: 'For the agency',
        expires: null,
        actions: ['view', 'download'],
        collaborators: [],
        url: 'http://localhost/share/{uuid}',
        askForPassword: true,
        withAssetsDescriptions: true,
      },
    });
    expect(share).toMatchObject({ mode: 'link', cartId: '6', actions: ['view', 'download'] });
    expect(share.url).toBe(`http://localhost/share/${share.uuid}`);
    expect(share.password).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect((await cartCall(`viewCart/${share.uuid}?no_preview=true`)).status).toBe(401);
    const opened = await cartCall(`viewCart/${share.uuid}?no_preview=true`, {
      authorization: basic(share.password ?? ''),
    });
    expect(opened.status).toBe(200);
    // the password is never given again
    const mine = await cartJson<Record<string, unknown>[]>('listShares?cartId=6', { as: 'alice' });
    expect(mine).toEqual([expect.objectContaining({ uuid: share.uuid, hasPassword: true })]);
    expect(mine[0]).not.toHaveProperty('password');
  });

  it('shares without a password by default, at {origin}/share/{uuid} when no url template is given', async () => {
    const share = await cartJson<CreatedShare>('shareCart/6', { as: 'alice', body: { actions: ['view'] } });
    expect(share.password).toBeNull();
    expect(share.url).toBe(`http://localhost/share/${share.uuid}`);
    expect((await cartCall(`viewCart/${share.uuid}?no_preview=true`)).status).toBe(200);
  });

  it('mails the link to the collaborators (users or other addresses)', async () => {
    await cartJson('shareCart/6', {
      as: 'alice',
      body: { actions: ['view'], collaborators: ['bob', 'agency@example.com'], url: 'http://x/share/{uuid}' },
    });
    expect(runtime.outbox).toEqual([
      expect.objectContaining({ kind: 'shareLink', to: ['bob@wedia-demo.example', 'agency@example.com'] }),
    ]);
  });

  it('lets only the owner share, and refuses unknown actions', async () => {
    expect((await cartCall('shareCart/1', { as: 'bob', body: { actions: ['view'] } })).status).toBe(403);
    const unknown = await cartCall('shareCart/6', { as: 'alice', body: { actions: ['print'] } });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ error: '400', message: 'Unknown share action print' });
  });

  it('shares as a zip with a profile, and refuses an unknown profile', async () => {
    const share = await cartJson<CreatedShare & { profile: string }>('shareZip/6', {
      as: 'alice',
      body: { description: 'Zip', expires: null, profile: 'web', collaborators: [], url: null },
    });
    expect(share).toMatchObject({ mode: 'zip', profile: 'web', actions: ['download'] });
    expect((await cartCall('shareZip/6', { as: 'alice', body: { profile: 'huge' } })).status).toBe(400);
  });

  it('refuses an expired share once its expiry passed', async () => {
    const share = await cartJson<CreatedShare>('shareCart/6', {
      as: 'alice',
      body: { actions: ['view'], expires: new Date(Date.now() - 1000).toISOString() },
    });
    expect((await cartCall(`viewCart/${share.uuid}?no_preview=true`)).status).toBe(404);
  });
});

describe('acting on a share (protocol §6.1 withShare)', () => {
  it('answers the zip itself for download, {} for other allowed actions, 403 for others', async () => {
    const uuid = shareOf(2);
    const download = await cartCall(`withShare/${uuid}/download`, { body: {} });
    expect(download.headers.get('content-type')).toBe('application/zip');
    const entries = Object.keys(unzipSync(new Uint8Array(await download.arrayBuffer())));
    expect(entries.filter((name) => name.endsWith('.svg'))).toHaveLength(12);
    expect(await cartJson(`withShare/${uuid}/view`, { method: 'POST' })).toEqual({});
    expect((await cartCall(`withShare/${uuid}/comment`, { method: 'POST' })).status).toBe(403);
  });

  it('downloads one asset of the share, and checks the password', async () => {
    const uuid = shareOf(3);
    const itemId = runtime.db.carts.find((cart) => cart.id === 3)?.items.asset?.[0];
    expect((await cartCall(`withShare/${uuid}/download/asset/${itemId}`, { body: {} })).status).toBe(401);
    const one = await cartCall(`withShare/${uuid}/download/asset/${itemId}`, {
      body: {},
      authorization: basic('lyon-2026'),
    });
    const entries = Object.keys(unzipSync(new Uint8Array(await one.arrayBuffer())));
    expect(entries.filter((name) => name.endsWith('.svg'))).toHaveLength(1);
  });
});

describe('item previews (protocol §6.1, §13)', () => {
  it('answers a player with html and javascriptUrls for an item of my cart, its image signed for the browser', async () => {
    const itemId = runtime.db.carts.find((cart) => cart.id === 1)?.items.asset?.[0];
    const player = await cartJson<{ html: string; javascriptUrls: string[] }>(
      `itemPreview/player/fo.player/1/asset/${itemId}?width=100%25&height=480`,
      { as: 'alice' },
    );
    expect(player.javascriptUrls).toEqual([]);
    expect(player.html).toContain(`/api/wedia/cart/itemPreview/variation/preview/1/asset/${itemId}?expires=`);
    expect(player.html).toContain('width:100%;height:480px');
    const image = await cartCall(`itemPreview/variation/thumbnailsmall/1/asset/${itemId}`, { as: 'alice' });
    expect(image.headers.get('content-type')).toBe('image/svg+xml');
    expect(image.headers.get('cache-control')).toMatch(/^private/);
    expect(await image.text()).toMatch(/^<svg /);
  });

  it('serves previews through a share uuid, and 404 for an item outside the cart', async () => {
    const uuid = shareOf(2);
    const itemId = runtime.db.carts.find((cart) => cart.id === 2)?.items.asset?.[0];
    expect((await cartCall(`itemPreview/player/fo.player/${uuid}/asset/${itemId}`)).status).toBe(200);
    const outside = await cartCall(`itemPreview/player/fo.player/${uuid}/asset/999999`);
    expect(outside.status).toBe(404);
    expect((await cartCall('itemPreview/variation/thumbnailBig/999/asset/1', { as: 'alice' })).status).toBe(
      404,
    );
  });
});
