import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../mocks/node';
import { addHugeCart } from '../../mocks/db/huge-cart';
import { reset, runtime } from '../../mocks/runtime';
import { cartCursorName } from '../../streams/carts/cart-cursor';
import { cartOpened, contentModeChosen, visibleRangeChanged } from '../../streams/carts/content-events';
import { createRequested, editRequested, itemsAddRequested } from '../../streams/carts/edit-events';
import { cartsDomain } from '../../streams/carts/domain';
import { listOpened } from '../../streams/carts/events';
import { selectCartSections, selectMutation } from '../../streams/carts/selectors';
import { shareDialogReset, sharedCartOpened, shareRequested } from '../../streams/carts/share-events';
import { domainEpics } from '../../streams/core/epic';
import { cursorsDomain } from '../../streams/cursors/domain';
import { queriesDomain } from '../../streams/queries/domain';
import { schemasDomain } from '../../streams/schemas/domain';
import type { RootState } from '../../streams/root';
import { ORIGIN, portalAs } from '../helpers/demo-portal';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => reset());
afterAll(() => server.close());

/** The carts epics against the demo handlers, signed in as `login` (or a visitor). */
async function portal(login?: string) {
  // a cart read through its list query needs the cursor registry, its queries and the schemas
  const { store, vault, until } = await portalAs(
    login ?? null,
    domainEpics<RootState>(cartsDomain, cursorsDomain, queriesDomain, schemasDomain),
  );
  return { store, session: vault, until };
}

describe('carts against the demo server (protocol §6)', () => {
  it("lists alice's carts in three sections by repeated type and reads her cart profile", async () => {
    const { store, until } = await portal('alice');
    const asked: string[] = [];
    const seen = ({ request }: { request: Request }) => {
      if (request.url.includes('/listCarts')) asked.push(new URL(request.url).search);
    };
    server.events.on('request:start', seen);
    store.dispatch(listOpened({}));
    const state = await until(
      (current) => current.carts.list.status === 'loaded' && current.carts.profile.status === 'loaded',
    );
    const sections = selectCartSections(state);
    expect(sections.mine.map((cart) => cart.name)).toContain('Spring campaign 2026');
    expect(sections.sharedPrivate.map((cart) => cart.name)).toContain("Bob's picks");
    expect(sections.sharedPublic.map((cart) => cart.name)).toContain('Coffee series');
    expect(state.carts.profile.makePublicBoard).toBe(true);
    server.events.removeListener('request:start', seen);
    // seed 000 §7, protocol §6.1: `type` once per kind, then `output=list`
    expect(asked).toEqual([
      expect.stringMatching(/^\?type=mine&type=sharedPrivate&type=sharedPublic&output=list(&|$)/),
    ]);
  });

  it('creates, refuses an empty rename with the spec message, renames, adds an item and views it', async () => {
    const { store, until } = await portal('alice');
    const create = store.dispatch(
      createRequested({ name: 'Integration', description: '', isPrivate: true, collaborators: [] }),
    )!;
    const created = await until((state) => selectMutation(state, create.meta.id)?.status === 'loaded');
    const cartId = selectMutation(created, create.meta.id)!.cartId!;
    await until((state) => state.carts.list.status === 'loaded' && state.carts.list.ids.includes(cartId));

    const empty = store.dispatch(editRequested({ cartId, name: '', description: '', isPrivate: true }))!;
    expect(selectMutation(store.getState(), empty.meta.id)).toMatchObject({
      status: 'invalid',
      message: 'A cart requires a non empty name',
    });
    const rename = store.dispatch(
      editRequested({ cartId, name: 'Renamed', description: 'd', isPrivate: true }),
    )!;
    await until((state) => selectMutation(state, rename.meta.id)?.status === 'loaded');
    expect(store.getState().carts.carts[cartId]?.name).toBe('Renamed');

    store.dispatch(cartOpened({ cartId }));
    await until((state) => state.carts.contents[cartId]?.status === 'loaded');
    store.dispatch(itemsAddRequested({ cartId, items: { asset: ['1'] } }));
    // the client views the cart again after adding (protocol §6.1): the item comes with its details
    const viewed = await until((state) => state.carts.contents[cartId]?.details['asset/1'] !== undefined);
    expect(viewed.carts.contents[cartId]?.keys).toEqual(['asset/1']);
    expect(viewed.carts.contents[cartId]?.details['asset/1']?.name).toBeTruthy();
  });

  it('shares with a password the server issues; a visitor gets 401, then a wrong password refused, then the items', async () => {
    const owner = await portal('alice');
    owner.store.dispatch(
      shareRequested({
        cartId: '1',
        mode: 'link',
        description: '',
        expires: null,
        actions: ['view', 'download'],
        collaborators: [],
        askForPassword: true,
        withAssetsDescriptions: true,
        profile: null,
        url: `${ORIGIN}/share/{uuid}`,
      }),
    );
    const shared = await owner.until((state) => state.carts.shareDialog['1']?.status === 'loaded');
    const link = shared.carts.shareDialog['1']!.created!;
    expect(link.url).toBe(`${ORIGIN}/share/${link.uuid}`);
    const password = owner.session.sharePassword(link.uuid)!;
    expect(password).toMatch(/^\w{4}-\w{4}-\w{4}$/);

    const visitor = await portal();
    visitor.store.dispatch(sharedCartOpened({ uuid: link.uuid, withPassword: false }));
    let state = await visitor.until((current) => current.carts.shared[link.uuid]?.status === 'error');
    expect(state.carts.shared[link.uuid]?.error).toMatchObject({
      status: 401,
      body: { message: 'password required' },
    });

    visitor.session.setSharePassword(link.uuid, 'not-it');
    visitor.store.dispatch(sharedCartOpened({ uuid: link.uuid, withPassword: true }));
    state = await visitor.until(
      (current) =>
        current.carts.shared[link.uuid]?.status === 'error' && current.carts.shared[link.uuid]!.withPassword,
    );
    expect(state.carts.shared[link.uuid]?.error?.status).toBe(401);

    visitor.session.setSharePassword(link.uuid, password);
    visitor.store.dispatch(sharedCartOpened({ uuid: link.uuid, withPassword: true }));
    state = await visitor.until((current) => current.carts.shared[link.uuid]?.status === 'loaded');
    expect(state.carts.shared[link.uuid]?.keys.length).toBe(24);
    expect(state.carts.shared[link.uuid]?.share?.actions).toEqual(['view', 'download']);
  });

  it('the shareMode variant sends shareMode in place of the options; the server honours it (seed 000 §7)', async () => {
    const owner = await portal('alice');
    const bodies: unknown[] = [];
    const seen = ({ request }: { request: Request }) => {
      if (request.url.includes('/shareCart/'))
        void request
          .clone()
          .json()
          .then((body) => bodies.push(body));
    };
    server.events.on('request:start', seen);
    const share = (shareMode: 'public' | 'protected') =>
      shareRequested({
        cartId: '1',
        mode: 'link',
        description: '',
        expires: null,
        actions: ['view'],
        collaborators: [],
        askForPassword: false,
        withAssetsDescriptions: true,
        profile: null,
        url: `${ORIGIN}/share/{uuid}`,
        shareMode,
      });
    owner.store.dispatch(share('protected'));
    let state = await owner.until((current) => current.carts.shareDialog['1']?.status === 'loaded');
    const guarded = state.carts.shareDialog['1']!.created!;
    expect(guarded.hasPassword).toBe(true);
    expect(owner.session.sharePassword(guarded.uuid)).toMatch(/^\w{4}-\w{4}-\w{4}$/);

    owner.store.dispatch(shareDialogReset({ cartId: '1' }));
    owner.store.dispatch(share('public'));
    state = await owner.until(
      (current) =>
        current.carts.shareDialog['1']?.status === 'loaded' &&
        current.carts.shareDialog['1']!.created!.uuid !== guarded.uuid,
    );
    const open = state.carts.shareDialog['1']!.created!;
    expect(open.hasPassword).toBe(false);
    server.events.removeListener('request:start', seen);
    expect(bodies).toEqual([
      {
        description: '',
        expires: null,
        actions: ['view'],
        collaborators: [],
        url: `${ORIGIN}/share/{uuid}`,
        shareMode: 'protected',
      },
      {
        description: '',
        expires: null,
        actions: ['view'],
        collaborators: [],
        url: `${ORIGIN}/share/{uuid}`,
        shareMode: 'public',
      },
    ]);

    const visitor = await portal();
    visitor.store.dispatch(sharedCartOpened({ uuid: guarded.uuid, withPassword: false }));
    let seenByVisitor = await visitor.until(
      (current) => current.carts.shared[guarded.uuid]?.status === 'error',
    );
    expect(seenByVisitor.carts.shared[guarded.uuid]?.error?.status).toBe(401);
    visitor.store.dispatch(sharedCartOpened({ uuid: open.uuid, withPassword: false }));
    seenByVisitor = await visitor.until((current) => current.carts.shared[open.uuid]?.status === 'loaded');
    expect(seenByVisitor.carts.shared[open.uuid]?.keys.length).toBe(24);
  });

  it('an unknown share uuid is a 404 kept as the share error', async () => {
    const visitor = await portal();
    visitor.store.dispatch(sharedCartOpened({ uuid: 'no-such-share', withPassword: false }));
    const state = await visitor.until((current) => current.carts.shared['no-such-share']?.status === 'error');
    expect(state.carts.shared['no-such-share']?.error?.status).toBe(404);
  });

  it('shows a huge cart through the list query: the window chunk comes with its details (protocol §6.6)', async () => {
    const cartId = String(addHugeCart(runtime.db, 1200).id);
    const { store, until } = await portal('alice');
    store.dispatch(cartOpened({ cartId }));
    await until(
      (state) =>
        state.carts.contents[cartId]?.huge === true && state.carts.contents[cartId]?.status === 'loaded',
    );
    store.dispatch(visibleRangeChanged({ cartId, first: 300, last: 330 }));
    const state = await until((current) => {
      const chunks = current.carts.contents[cartId]?.chunks ?? {};
      return chunks['2'] === 'loaded' && chunks['3'] === 'loaded';
    });
    const content = state.carts.contents[cartId]!;
    expect(Object.keys(content.chunks).sort()).toEqual(['2', '3']);
    const firstOfChunk3 = content.keys[300]!;
    expect(content.details[firstOfChunk3]?.name).toBeTruthy();
    expect(content.details[content.keys[0]!]).toBeUndefined();
  });

  it('cursor mode reads a cart through ~[CART@{id}] with its details; an unknown cart is in error (seed 002 §4, §8)', async () => {
    const { store, until } = await portal('alice');
    store.dispatch(contentModeChosen({ mode: 'cursor' }));
    store.dispatch(cartOpened({ cartId: '1' }));
    const state = await until((current) => current.carts.contents['1']?.status === 'loaded');
    const content = state.carts.contents['1']!;
    expect(content.cursorStatus).toBe('constraintsUpdated');
    expect(content.keys.length).toBeGreaterThan(0);
    expect(content.keys.every((key) => content.details[key]?.name)).toBe(true);
    expect(state.cursors.byName[cartCursorName('1')]?.total).toBe(content.keys.length);

    store.dispatch(cartOpened({ cartId: '999' }));
    const unknown = await until((current) => current.carts.contents['999']?.status === 'error');
    expect(unknown.carts.contents['999']?.error?.status).toBe(404);
  });
});
