import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../mocks/node';
import { reset, runtime } from '../../mocks/runtime';
import { cartsDomain } from '../../streams/carts/domain';
import { sharedCartOpened } from '../../streams/carts/share-events';
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
