import { resolveObjectURL } from 'node:buffer';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../mocks/node';
import { reset, runtime } from '../../mocks/runtime';
import { cartsDomain } from '../../streams/carts/domain';
import {
  shareActionRequested,
  shareCopyRequested,
  shareDownloadRequested,
} from '../../streams/carts/share-events';
import { domainEpics } from '../../streams/core/epic';
import type { RootState } from '../../streams/root';
import { portalAs } from '../helpers/demo-portal';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => reset());
afterAll(() => server.close());

const portal = (login: string | null) => portalAs(login, domainEpics<RootState>(cartsDomain));
const seeded = (cartId: number) => runtime.db.shares.find((share) => share.cartId === cartId)!;

/** A share of alice's cart 7 allowing every action, with a password. */
function shareAll() {
  const share = {
    ...seeded(3),
    uuid: 'all-actions',
    cartId: 7,
    password: 'pw',
    actions: ['view', 'download', 'comment', 'copy'],
  };
  runtime.db.shares.push(share);
  return share;
}

describe('the shared-cart page against the demo server', () => {
  it('a visitor downloads one item and the whole share with its password: real zips, saved under the chosen names', async () => {
    const { store, next, vault, deps } = await portal(null);
    const share = seeded(3);
    vault.setSharePassword(share.uuid, 'lyon-2026');
    const cart = runtime.db.carts.find((candidate) => candidate.id === 3)!;

    store.dispatch(shareDownloadRequested({ uuid: share.uuid, item: null, fileName: 'Trade fair Lyon.zip' }));
    await next('carts/shareDownloadSaved');
    const id = cart.items.asset![0]!;
    store.dispatch(
      shareDownloadRequested({ uuid: share.uuid, item: { resource: 'asset', id }, fileName: 'one.zip' }),
    );
    await next('carts/shareDownloadSaved');

    const zips = await Promise.all(
      deps.opened.map(async (url) => unzipSync(new Uint8Array(await resolveObjectURL(url)!.arrayBuffer()))),
    );
    const assets = (zip: Record<string, Uint8Array>) =>
      Object.keys(zip).filter((name) => name.endsWith('.svg'));
    expect(assets(zips[0]!)).toHaveLength(cart.items.asset!.length);
    expect(assets(zips[1]!)).toHaveLength(1);
  });

  it('a wrong password is refused (401) and nothing is saved', async () => {
    const { store, next, vault, deps } = await portal(null);
    const share = seeded(3);
    vault.setSharePassword(share.uuid, 'not-it');
    store.dispatch(shareDownloadRequested({ uuid: share.uuid, item: null, fileName: 'x.zip' }));
    const failed = await next('carts/shareDownloadFailed', 'carts/shareDownloadSaved');
    expect(failed.payload).toMatchObject({ error: { status: 401 } });
    expect(deps.opened).toEqual([]);
  });

  it('a comment needs its text: posted with it, refused without', async () => {
    const { store, next, vault } = await portal(null);
    const share = seeded(3);
    vault.setSharePassword(share.uuid, 'lyon-2026');
    store.dispatch(
      shareActionRequested({ uuid: share.uuid, action: 'comment', items: null, comment: 'Nice booth' }),
    );
    expect((await next('carts/shareActionDone', 'carts/shareActionFailed')).type).toBe(
      'carts/shareActionDone',
    );
    store.dispatch(shareActionRequested({ uuid: share.uuid, action: 'comment', items: null, comment: '  ' }));
    const refused = await next('carts/shareActionDone', 'carts/shareActionFailed');
    expect(refused.payload).toMatchObject({ error: { status: 400, message: 'A comment needs a text' } });
  });

  it('bob copies a password share into a new private cart of his, holding the same items', async () => {
    const share = shareAll();
    const { store, next, vault } = await portal('bob');
    vault.setSharePassword(share.uuid, 'pw');
    const source = runtime.db.carts.find((cart) => cart.id === 7)!;
    store.dispatch(
      shareCopyRequested({ uuid: share.uuid, name: source.name, description: '', items: source.items }),
    );
    const done = await next('carts/shareCopied', 'carts/shareCopyFailed');
    expect(done.type).toBe('carts/shareCopied');
    const copy = runtime.db.carts.find(
      (cart) => String(cart.id) === (done.payload as { cartId: string }).cartId,
    )!;
    const bob = runtime.db.users.find((user) => user.login === 'bob')!;
    expect(copy).toMatchObject({ name: source.name, owner: bob.id, private: true, items: source.items });
  });

  it('a share that does not allow copies is refused before any cart is made', async () => {
    const { store, next, vault } = await portal('bob');
    const share = seeded(3);
    vault.setSharePassword(share.uuid, 'lyon-2026');
    const before = runtime.db.carts.length;
    store.dispatch(
      shareCopyRequested({ uuid: share.uuid, name: 'x', description: '', items: { asset: [] } }),
    );
    const failed = await next('carts/shareCopied', 'carts/shareCopyFailed');
    expect(failed.payload).toMatchObject({ error: { status: 403 } });
    expect(runtime.db.carts).toHaveLength(before);
  });
});
