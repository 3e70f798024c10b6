import { unzipSync } from 'fflate';
import { HttpResponse, http } from 'msw';
import { filter, firstValueFrom, timeout } from 'rxjs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CART_IDS } from '../../../mocks/db/carts';
import { server } from '../../../mocks/node';
import { reset, runtime } from '../../../mocks/runtime';
import type { Config } from '../../../streams/core/config';
import { domainEpics } from '../../../streams/core/epic';
import { downloadsDomain } from '../../../streams/downloads/domain';
import { requested, retried, split, splitConfirmed } from '../../../streams/downloads/events';
import type { RootState } from '../../../streams/root';
import { portalAs } from '../../helpers/demo-portal';

const epics = domainEpics<RootState>(downloadsDomain);
const options = {
  profile: 'originals',
  withContactSheet: false,
  withAssetsDescriptions: true,
  sendLinkByEmail: false,
  selection: {},
};

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  reset();
  runtime.settings['zip.buildMs'] = 400;
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** alice's portal with a short readiness wait (real time), running every downloads epic. */
async function alicePortal() {
  const portal = await portalAs('alice', epics);
  Object.assign(portal.deps.config as { -readonly [K in keyof Config]: Config[K] }, {
    downloadPollMs: 50,
    downloadPollRetryBaseMs: 50,
    downloadPollRetryMaxMs: 200,
    downloadStartCheckMs: 50,
  });
  const settled = (count: number) =>
    firstValueFrom(
      portal.store.state$.pipe(
        filter((state) => {
          const records = Object.values(state.downloads.records);
          return records.length >= count && records.every((r) => ['downloaded', 'error'].includes(r.status));
        }),
        timeout(8000),
      ),
    );
  return { ...portal, settled };
}

/** The zip the browser would get for a ready url. */
async function fetchZip(url: string): Promise<Record<string, Uint8Array>> {
  const response = await fetch(`http://localhost${url.replace(/^http:\/\/localhost(:\d+)?/, '')}`);
  expect(response.status).toBe(200);
  return unzipSync(new Uint8Array(await response.arrayBuffer()));
}

describe('download flow against the demo server (protocol §7)', () => {
  it('sizes, builds, polls until ready and hands over a zip holding the cart items', async () => {
    const { store, deps, settled } = await alicePortal();
    const cart = runtime.db.carts.find((candidate) => candidate.id === 1)!;
    store.dispatch(requested({ cartId: '1', downloadName: cart.name, shared: false, ...options }));
    const state = await settled(1);
    const [record] = Object.values(state.downloads.records);
    expect(record).toMatchObject({ status: 'downloaded', error: null });
    expect(record?.checks).toBeGreaterThan(0);
    expect(deps.opened).toHaveLength(1);
    const files = await fetchZip(deps.opened[0]!);
    expect(Object.keys(files).filter((name) => name.endsWith('.svg'))).toHaveLength(cart.items.asset!.length);
    expect(Object.keys(files)).toContain('asset-descriptions.csv');
  });

  it('splits a refused cart into parts "n of total", asked once for the set, each a valid zip, and lists the oversized items by name', async () => {
    const { store, deps, settled } = await alicePortal();
    // the user says yes once, to the whole set; no part asks again, even above zip.warnSize
    let questions = 0;
    store.event$.subscribe((event) => {
      if (split.match(event)) {
        questions += 1;
        store.dispatch(splitConfirmed({ downloadId: event.payload.downloadId }));
      }
    });
    const cart = runtime.db.carts.find((candidate) => candidate.id === CART_IDS.refusedZip)!;
    store.dispatch(
      requested({ cartId: String(cart.id), downloadName: cart.name, shared: false, ...options }),
    );
    const state = await settled(2);
    const records = state.downloads.order.map((id) => state.downloads.records[id]!);
    expect(records.every((record) => record.status === 'downloaded')).toBe(true);
    const total = records.length;
    expect(records.map((record) => record.downloadName)).toEqual(
      records.map((_, index) => `${cart.name} ${index + 1} of ${total}`),
    );
    const zips = await Promise.all(deps.opened.map(fetchZip));
    const zipped = zips.reduce(
      (count, files) => count + Object.keys(files).filter((n) => n.endsWith('.svg')).length,
      0,
    );
    const skipped = Object.values(state.downloads.splits).flatMap((notice) => notice.skipped);
    expect(skipped.length).toBeGreaterThan(0);
    expect(zipped + skipped.length).toBe(cart.items.asset!.length);
    expect(questions).toBe(1);
    // each left-out item is named as the cart's answer names it
    expect(skipped.map((item) => item.name)).toEqual(
      skipped.map((item) => runtime.db.assets.find((asset) => String(asset.id) === item.id)?.name),
    );
    expect(skipped.every((item) => typeof item.name === 'string' && item.name.length > 0)).toBe(true);
  }, 15_000);

  it('a readiness check failing transiently (500, then a dropped connection) is asked again and completes (issue 12 item 9)', async () => {
    const { store, settled } = await alicePortal();
    server.use(
      http.head(
        '*/api/wedia/cart/downloadCart/:uuid',
        () => HttpResponse.json({ error: '500' }, { status: 500 }),
        {
          once: true,
        },
      ),
      http.head('*/api/wedia/cart/downloadCart/:uuid', () => HttpResponse.error(), { once: true }),
    );
    store.dispatch(requested({ cartId: '1', downloadName: 'One', shared: false, ...options }));
    const done = await settled(1);
    expect(Object.values(done.downloads.records)[0]).toMatchObject({ status: 'downloaded', pollFailures: 0 });
  });

  it('a readiness check refused for good ends in error; Retry checks the same zip and completes it (issue 12 item 9)', async () => {
    const { store, settled, next } = await alicePortal();
    server.use(
      http.head(
        '*/api/wedia/cart/downloadCart/:uuid',
        () => HttpResponse.json({ error: '403' }, { status: 403 }),
        {
          once: true,
        },
      ),
    );
    const builds = () => [...runtime.zips.keys()].length;
    store.dispatch(requested({ cartId: '1', downloadName: 'One', shared: false, ...options }));
    const failed = await settled(1);
    const [record] = Object.values(failed.downloads.records);
    expect(record).toMatchObject({ status: 'error' });
    expect(record?.error?.status).toBe(403);
    const built = builds();
    store.dispatch(retried({ downloadId: record!.downloadId }));
    await next('downloads/handedToBrowser');
    const after = store.getState().downloads.records[record!.downloadId];
    expect(after).toMatchObject({ status: 'downloaded', zipUuid: record!.zipUuid });
    expect(builds()).toBe(built);
  });

  it('downloads a shared cart with the share password from the vault (protocol §6.5)', async () => {
    const { store, vault, deps, settled } = await alicePortal();
    const share = runtime.db.shares.find((candidate) => candidate.password === 'lyon-2026')!;
    vault.userToken = null;
    vault.setSharePassword(share.uuid, 'lyon-2026');
    store.dispatch(requested({ cartId: share.uuid, downloadName: 'Lyon', shared: true, ...options }));
    const state = await settled(1);
    expect(Object.values(state.downloads.records)[0]).toMatchObject({ status: 'downloaded' });
    expect(deps.opened).toHaveLength(1);
  });
});
