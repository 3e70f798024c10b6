import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../mocks/node';
import { reset, runtime } from '../../../mocks/runtime';
import { basic, bearerFor, cartCall, type Login } from './carts-fixtures';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => reset());
afterAll(() => server.close());

/**
 * Every cart, share and preview route, walked as a visitor, the owner, a collaborator and a
 * stranger (issue 12: the demo server enforces rights everywhere, previews included).
 */

type Who = 'visitor' | 'owner' | 'collaborator' | 'stranger';
const WHO: Record<Who, Login | undefined> = {
  visitor: undefined,
  owner: 'alice',
  collaborator: 'bob',
  stranger: 'dave',
};

const cartNamed = (name: string) => {
  const cart = runtime.db.carts.find((candidate) => candidate.name === name);
  if (!cart) throw new Error(`no seeded cart ${name}`);
  return cart;
};
const firstItem = (cartId: number) => runtime.db.carts.find((cart) => cart.id === cartId)!.items.asset![0]!;
/** An asset that exists but is not in the cart. */
const outsider = (cartId: number) => {
  const inCart = new Set(runtime.db.carts.find((cart) => cart.id === cartId)!.items.asset);
  return String(runtime.db.assets.find((asset) => !inCart.has(String(asset.id)))!.id);
};
const shareOf = (cartId: number) => runtime.db.shares.find((share) => share.cartId === cartId)!.uuid;

interface Route {
  name: string;
  method: string;
  path: (id: string) => string;
  body?: () => unknown;
}

/** The routes that take a cart id (protocol §6.1, §7.1), with a body that would succeed. */
const CART_ROUTES: Route[] = [
  { name: 'listCartItems', method: 'GET', path: (id) => `listCartItems/${id}?output=list` },
  { name: 'viewCart', method: 'GET', path: (id) => `viewCart/${id}?no_preview=true&output=list` },
  { name: 'editCart', method: 'POST', path: (id) => `editCart/${id}`, body: () => ({ name: 'Renamed' }) },
  {
    name: 'addCartItems',
    method: 'POST',
    path: (id) => `addCartItems/${id}`,
    body: () => ({ items: { asset: [outsider(cartIdUnderTest)] } }),
  },
  {
    name: 'removeCartItems',
    method: 'DELETE',
    path: (id) => `removeCartItems/${id}`,
    body: () => ({ items: { asset: [firstItem(cartIdUnderTest)] } }),
  },
  {
    name: 'addCartCollaborators',
    method: 'POST',
    path: (id) => `addCartCollaborators/${id}`,
    body: () => ({ collaborators: ['carol'], url: '' }),
  },
  {
    name: 'removeCartCollaborators',
    method: 'DELETE',
    path: (id) => `removeCartCollaborators/${id}`,
    body: () => ({ collaborators: ['carol'] }),
  },
  { name: 'unsuscribe', method: 'POST', path: (id) => `unsuscribe/${id}` },
  { name: 'deleteCart', method: 'DELETE', path: (id) => `deleteCart/${id}` },
  { name: 'shareCart', method: 'POST', path: (id) => `shareCart/${id}`, body: () => ({ actions: ['view'] }) },
  { name: 'shareZip', method: 'POST', path: (id) => `shareZip/${id}`, body: () => ({ profile: 'web' }) },
  { name: 'testZipCart', method: 'POST', path: (id) => `testZipCart/${id}`, body: () => ({}) },
  { name: 'zipCart', method: 'POST', path: (id) => `zipCart/${id}`, body: () => ({}) },
  {
    name: 'itemPreview/player',
    method: 'GET',
    path: (id) => `itemPreview/player/fo.player/${id}/asset/${firstItem(cartIdUnderTest)}`,
  },
  {
    name: 'itemPreview/variation',
    method: 'GET',
    path: (id) => `itemPreview/variation/thumbnailBig/${id}/asset/${firstItem(cartIdUnderTest)}`,
  },
];

let cartIdUnderTest = 0;

function call(route: Route, id: string, authorization: string | undefined) {
  const body = route.body?.();
  return cartCall(route.path(id), {
    method: route.method,
    ...(body !== undefined ? { body } : {}),
    ...(authorization ? { authorization } : {}),
  });
}

/** Expected statuses: visitor, owner, collaborator, stranger. */
type Row = [visitor: number, owner: number, collaborator: number, stranger: number];

const PRIVATE: Record<string, Row> = {
  listCartItems: [401, 200, 200, 404],
  viewCart: [401, 200, 200, 404],
  editCart: [401, 200, 403, 404],
  addCartItems: [401, 200, 200, 404],
  removeCartItems: [401, 200, 200, 404],
  addCartCollaborators: [401, 200, 403, 404],
  removeCartCollaborators: [401, 200, 403, 404],
  unsuscribe: [401, 400, 200, 404],
  deleteCart: [401, 200, 403, 404],
  shareCart: [401, 200, 403, 404],
  shareZip: [401, 200, 403, 404],
  testZipCart: [401, 200, 200, 404],
  zipCart: [401, 200, 200, 404],
  'itemPreview/player': [401, 200, 200, 404],
  'itemPreview/variation': [401, 200, 200, 404],
};

/** A public cart: any user sees it (and its previews), only the owner and collaborators change it. */
const PUBLIC: Record<string, Row> = {
  ...PRIVATE,
  listCartItems: [401, 200, 200, 200],
  viewCart: [401, 200, 200, 200],
  addCartItems: [401, 200, 200, 403],
  removeCartItems: [401, 200, 200, 403],
  editCart: [401, 200, 403, 403],
  addCartCollaborators: [401, 200, 403, 403],
  removeCartCollaborators: [401, 200, 403, 403],
  unsuscribe: [401, 400, 200, 200],
  deleteCart: [401, 200, 403, 403],
  shareCart: [401, 200, 403, 403],
  shareZip: [401, 200, 403, 403],
  testZipCart: [401, 200, 200, 200],
  zipCart: [401, 200, 200, 200],
  'itemPreview/player': [401, 200, 200, 200],
  'itemPreview/variation': [401, 200, 200, 200],
};

const WHOS = Object.keys(WHO) as Who[];

describe.each([
  // alice's private cart, bob collaborates, dave is a stranger
  { kind: 'private', cart: 'Spring campaign 2026', expected: PRIVATE },
  // alice's public cart, bob collaborates, dave only sees it
  { kind: 'public', cart: 'Office portraits', expected: PUBLIC },
])('the routes of a $kind cart', ({ cart, expected }) => {
  for (const route of CART_ROUTES) {
    it.each(WHOS.map((who, index) => ({ who, status: expected[route.name]![index]! })))(
      `${route.method} ${route.name} as $who: $status`,
      async ({ who, status }) => {
        const { id } = cartNamed(cart);
        expect(cartNamed(cart).collaborators).toContain(runtime.db.users.find((u) => u.login === 'bob')!.id);
        cartIdUnderTest = id;
        const login = WHO[who];
        const response = await call(route, String(id), login && bearerFor(login));
        expect(response.status, await response.clone().text()).toBe(status);
      },
    );
  }
});

describe('previews tell a stranger nothing about who holds which asset', () => {
  it.each([
    'itemPreview/player/fo.player/{cart}/asset/{asset}',
    'itemPreview/variation/thumbnailBig/{cart}/asset/{asset}',
  ])(
    '%s: same answer for an item of the cart, another asset, and a cart that does not exist',
    async (path) => {
      const { id } = cartNamed('Spring campaign 2026');
      const ask = async (cartId: string, asset: string) => {
        const response = await cartCall(path.replace('{cart}', cartId).replace('{asset}', asset), {
          authorization: bearerFor('dave'),
        });
        return { status: response.status, body: await response.json() };
      };
      const refusal = (cartId: string) => ({
        status: 404,
        body: { error: '404', message: `Unknown cart ${cartId}` },
      });
      expect(await ask(String(id), firstItem(id))).toEqual(refusal(String(id)));
      expect(await ask(String(id), outsider(id))).toEqual(refusal(String(id)));
      expect(await ask('99999', firstItem(id))).toEqual(refusal('99999'));
    },
  );

  it('a visitor is refused the same way for every cart id, existing or not', async () => {
    const { id } = cartNamed('Spring campaign 2026');
    for (const cartId of [String(id), '99999']) {
      const response = await cartCall(`itemPreview/variation/thumbnailBig/${cartId}/asset/${firstItem(id)}`);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: '401', message: 'Sign in to use carts' });
    }
  });
});

/** The routes that take a share uuid. */
const SHARE_ROUTES: Route[] = [
  { name: 'viewCart', method: 'GET', path: (uuid) => `viewCart/${uuid}?no_preview=true` },
  { name: 'listCartItems', method: 'GET', path: (uuid) => `listCartItems/${uuid}` },
  { name: 'withShare view', method: 'POST', path: (uuid) => `withShare/${uuid}/view` },
  {
    name: 'withShare download',
    method: 'POST',
    path: (uuid) => `withShare/${uuid}/download`,
    body: () => ({}),
  },
  { name: 'testZipCart', method: 'POST', path: (uuid) => `testZipCart/${uuid}`, body: () => ({}) },
  { name: 'zipCart', method: 'POST', path: (uuid) => `zipCart/${uuid}`, body: () => ({}) },
  {
    name: 'itemPreview/player',
    method: 'GET',
    path: (uuid) => `itemPreview/player/fo.player/${uuid}/asset/${firstItem(cartIdUnderTest)}`,
  },
  {
    name: 'itemPreview/variation',
    method: 'GET',
    path: (uuid) => `itemPreview/variation/thumbnailBig/${uuid}/asset/${firstItem(cartIdUnderTest)}`,
  },
];

describe('the routes of a share with a password (protocol §6.4: Basic, empty user name)', () => {
  const CASES = {
    'no password': () => undefined,
    'a wrong password': () => basic('lyon-2025'),
    "the owner's bearer only": () => bearerFor('alice'),
    'the password': () => basic('lyon-2026'),
  };
  for (const route of SHARE_ROUTES) {
    it.each(
      Object.entries(CASES).map(([how, auth]) => ({ how, auth, status: how === 'the password' ? 200 : 401 })),
    )(`${route.method} ${route.name} with $how: $status`, async ({ auth, status }) => {
      cartIdUnderTest = cartNamed('Trade fair Lyon').id;
      const response = await call(route, shareOf(cartIdUnderTest), auth());
      expect(response.status, await response.clone().text()).toBe(status);
    });
  }

  it('a wrong password gets the same 401 for an item of the share and for any other asset', async () => {
    const { id } = cartNamed('Trade fair Lyon');
    for (const asset of [firstItem(id), outsider(id)]) {
      const response = await cartCall(`itemPreview/variation/thumbnailBig/${shareOf(id)}/asset/${asset}`, {
        authorization: basic('wrong'),
      });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: '401', message: 'password required' });
    }
  });
});

describe('the routes of a share without a password', () => {
  for (const route of SHARE_ROUTES) {
    it(`${route.method} ${route.name} answers anyone with the link, 404 for an unknown link`, async () => {
      cartIdUnderTest = cartNamed('Brand kit').id;
      for (const who of WHOS) {
        const login = WHO[who];
        const response = await call(route, shareOf(cartIdUnderTest), login && bearerFor(login));
        expect(response.status, `${who}: ${await response.clone().text()}`).toBe(200);
      }
      const unknown = await call(route, '00000000-0000-4000-8000-000000000000', undefined);
      expect(unknown.status).toBe(404);
    });
  }
});

describe("a cart's zip, a browser download (protocol §7.1: the uuid is the secret)", () => {
  it.each(WHOS)(
    'HEAD and GET downloadCart/{uuid} of a zip the owner built answer %s; an unknown uuid is 404',
    async (who) => {
      runtime.settings['zip.buildMs'] = 0;
      const { id } = cartNamed('Spring campaign 2026');
      const uuid = await (await cartCall(`zipCart/${id}`, { as: 'alice', body: {} })).json();
      const login = WHO[who];
      const as = login ? { authorization: bearerFor(login) } : {};
      const head = await cartCall(`downloadCart/${uuid}`, { method: 'HEAD', ...as });
      expect(head.status).toBe(200);
      const zip = await cartCall(`downloadCart/${uuid}`, as);
      expect(zip.status).toBe(200);
      expect(zip.headers.get('content-disposition')).toContain('.zip');
      await zip.arrayBuffer();
      const unknown = await cartCall('downloadCart/00000000-0000-4000-8000-000000000000', as);
      expect(unknown.status).toBe(404);
    },
  );
});

describe('watermarked previews (seed 000 §3)', () => {
  const outdoor = () => cartNamed('Outdoor product shots');

  it('refuses a clean variation to a watermarked user, and serves the _w one', async () => {
    const { id } = outdoor();
    const item = firstItem(id);
    const as = { authorization: bearerFor('carol') };
    const clean = await cartCall(`itemPreview/variation/preview/${id}/asset/${item}`, as);
    expect(clean.status).toBe(403);
    const marked = await cartCall(`itemPreview/variation/preview_w/${id}/asset/${item}`, as);
    expect(marked.status).toBe(200);
    expect(await marked.text()).toContain('WATERMARK');
    // the owner, not watermarked, gets the clean one
    const owner = await cartCall(`itemPreview/variation/preview/${id}/asset/${item}`, { as: 'alice' });
    expect(owner.status).toBe(200);
  });

  it("names the _w preview in a watermarked user's player, signed for the browser to load alone", async () => {
    const { id } = outdoor();
    const item = firstItem(id);
    const player = (await (
      await cartCall(`itemPreview/player/fo.player/${id}/asset/${item}`, { as: 'carol' })
    ).json()) as { html: string };
    const src = /src="([^"]+)"/.exec(player.html)![1]!.replace(/&(#38|amp);/g, '&');
    expect(src).toContain(`/api/wedia/cart/itemPreview/variation/preview_w/${id}/asset/${item}?`);
    // the browser loads it without Authorization
    const image = await fetch(src);
    expect(image.status).toBe(200);
    expect(await image.text()).toContain('WATERMARK');
    // the signature binds the variation: the clean one is refused
    expect((await fetch(src.replace('/preview_w/', '/preview/'))).status).toBe(401);
    // and the item: another item of the cart is refused
    const other = runtime.db.carts.find((cart) => cart.id === id)!.items.asset![1]!;
    expect((await fetch(src.replace(`/asset/${item}?`, `/asset/${other}?`))).status).toBe(401);
    // an unsigned address is a visitor's
    expect((await fetch(src.split('?')[0]!)).status).toBe(401);
  });

  it("names the clean preview in the owner's player, loadable by the browser through its signature only", async () => {
    const { id } = outdoor();
    const item = firstItem(id);
    const player = (await (
      await cartCall(`itemPreview/player/fo.player/${id}/asset/${item}`, { as: 'alice' })
    ).json()) as { html: string };
    const src = /src="([^"]+)"/.exec(player.html)![1]!.replace(/&(#38|amp);/g, '&');
    expect(src).toContain(`/itemPreview/variation/preview/${id}/asset/${item}?`);
    expect((await fetch(src)).status).toBe(200);
    const forged = src.replace(/signature=[0-9a-f]+/, `signature=${'0'.repeat(64)}`);
    expect((await fetch(forged)).status).toBe(401);
  });

  it('refuses a clean asset picture to a caller known to be watermarked', async () => {
    const asset = runtime.db.assets[0]!.id;
    const carol = { headers: { authorization: bearerFor('carol') } };
    const url = (variation: string) => `http://localhost/api/wedia/dam/variation/asset/${asset}/${variation}`;
    expect((await fetch(url('thumbnailBig'), carol)).status).toBe(403);
    expect((await fetch(url('thumbnailBig_w'), carol)).status).toBe(200);
    expect(
      (await fetch(`http://localhost/api/wedia/dam/variation?object=asset&id=${asset}`, carol)).status,
    ).toBe(403);
    // an anonymous browser load (bearer mode) is the visitor's: the clean picture
    expect((await fetch(url('thumbnailBig'))).status).toBe(200);
  });
});
