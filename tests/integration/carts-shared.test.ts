import { resolveObjectURL } from 'node:buffer';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../mocks/node';
import { reset, runtime } from '../../mocks/runtime';
import { cartsDomain } from '../../streams/carts/domain';
import {
  sharedCartOpened,
  sharedImagesReleased,
  sharedImagesRequested,
} from '../../streams/carts/share-events';
import { selectVariation } from '../../streams/carts/selectors';
import { config } from '../../streams/core/config';
import { domainEpics } from '../../streams/core/epic';
import type { RootState } from '../../streams/root';
import { portalAs } from '../helpers/demo-portal';

/** The Authorization header of every request the handlers saw, by path. */
let seen: { path: string; authorization: string | null }[] = [];
const record = ({ request }: { request: Request }) => {
  seen.push({ path: new URL(request.url).pathname, authorization: request.headers.get('authorization') });
};

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  server.events.on('request:start', record);
});
beforeEach(() => {
  reset();
  seen = [];
});
afterEach(() => {
  seen = [];
});
afterAll(() => {
  server.events.removeListener('request:start', record);
  server.close();
});

const shareOf = (cartId: number) => runtime.db.shares.find((share) => share.cartId === cartId)!.uuid;
const portal = (login: string | null) => portalAs(login, domainEpics<RootState>(cartsDomain));

describe('a shared cart opened by a signed-in user (protocol §6.4, §23.4)', () => {
  it("sends no Authorization without a password: not the session's bearer", async () => {
    const { store, until } = await portal('bob');
    const uuid = shareOf(2);
    seen = [];
    store.dispatch(sharedCartOpened({ uuid, withPassword: false }));
    await until((state) => state.carts.shared[uuid]?.status === 'loaded');
    const views = seen.filter((entry) => entry.path.endsWith(`/viewCart/${uuid}`));
    expect(views).toHaveLength(1);
    expect(views[0]!.authorization).toBeNull();
  });

  it('sends the password as Basic in place of the bearer', async () => {
    const { store, until, vault } = await portal('bob');
    const uuid = shareOf(3);
    vault.setSharePassword(uuid, 'lyon-2026');
    seen = [];
    store.dispatch(sharedCartOpened({ uuid, withPassword: true }));
    await until((state) => state.carts.shared[uuid]?.status === 'loaded');
    const views = seen.filter((entry) => entry.path.endsWith(`/viewCart/${uuid}`));
    expect(views.map((entry) => entry.authorization)).toEqual([`Basic ${btoa(':lyon-2026')}`]);
  });
});

describe("a shared cart's pictures come with the share's credentials (issue 12 item 1)", () => {
  const pictures = () => seen.filter((entry) => entry.path.includes('/itemPreview/variation/'));

  it('fetches them with the password as Basic, keeps blob: addresses in the vault, and revokes them on leaving', async () => {
    const { store, until, vault } = await portal(null);
    const uuid = shareOf(3);
    vault.setSharePassword(uuid, 'lyon-2026');
    store.dispatch(sharedCartOpened({ uuid, withPassword: true }));
    const opened = await until((state) => state.carts.shared[uuid]?.status === 'loaded');
    const keys = opened.carts.shared[uuid]!.keys;
    seen = [];
    store.dispatch(sharedImagesRequested({ uuid, variation: selectVariation(opened, config) }));
    const state = await until((current) =>
      keys.every((key) => current.carts.sharedImages[uuid]?.items[key] === 'loaded'),
    );
    expect(pictures()).toHaveLength(keys.length);
    expect(new Set(pictures().map((entry) => entry.authorization))).toEqual(
      new Set([`Basic ${btoa(':lyon-2026')}`]),
    );
    const variation = state.carts.sharedImages[uuid]!.variation;
    const url = vault.sharedImages.get(uuid, `${variation}|${keys[0]}`);
    expect(url).toMatch(/^blob:/);
    const picture = await resolveObjectURL(url!)!.text();
    expect(picture).toMatch(/^<svg /);
    expect(vault.sharedImages.size).toBe(keys.length);

    store.dispatch(sharedImagesReleased({ uuid }));
    expect(vault.sharedImages.size).toBe(0);
    expect(store.getState().carts.sharedImages[uuid]).toBeUndefined();
  });

  it("fetches a password-less share's pictures without Authorization, even signed in", async () => {
    const { store, until } = await portal('bob');
    const uuid = shareOf(2);
    store.dispatch(sharedCartOpened({ uuid, withPassword: false }));
    const opened = await until((state) => state.carts.shared[uuid]?.status === 'loaded');
    const keys = opened.carts.shared[uuid]!.keys;
    seen = [];
    store.dispatch(sharedImagesRequested({ uuid, variation: selectVariation(opened, config) }));
    await until((current) => keys.every((key) => current.carts.sharedImages[uuid]?.items[key] === 'loaded'));
    expect(pictures()).toHaveLength(keys.length);
    expect(pictures().every((entry) => entry.authorization === null)).toBe(true);
  });

  it('asks the _w pictures for a watermarked viewer', async () => {
    const { store, until } = await portal('carol');
    const uuid = shareOf(2);
    store.dispatch(sharedCartOpened({ uuid, withPassword: false }));
    const opened = await until((state) => state.carts.shared[uuid]?.status === 'loaded');
    const keys = opened.carts.shared[uuid]!.keys;
    seen = [];
    store.dispatch(sharedImagesRequested({ uuid, variation: selectVariation(opened, config) }));
    await until((current) => keys.every((key) => current.carts.sharedImages[uuid]?.items[key] === 'loaded'));
    expect(pictures().every((entry) => entry.path.includes('/itemPreview/variation/thumbnailBig_w/'))).toBe(
      true,
    );
  });
});
