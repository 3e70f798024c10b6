import { describe, expect, it } from 'vitest';
import { started } from '../../../streams/app/events';
import { selectAppInfo } from '../../../streams/app/selectors';
import { cacheDomain } from '../../../streams/cache/domain';
import { type CachedRecord, restored } from '../../../streams/cache/events';
import { recordKey } from '../../../streams/cache/epics';
import {
  selectAssetFreshness,
  selectCachedAsset,
  selectCachedCart,
  selectCachedCarts,
  selectCartFreshness,
  selectCartsFreshness,
} from '../../../streams/cache/selectors';
import { viewLoaded } from '../../../streams/carts/content-events';
import { listLoaded } from '../../../streams/carts/events';
import type { Cart, CartItem } from '../../../streams/carts/model';
import { domainEpics } from '../../../streams/core/epic';
import { AppError, ERROR_CODES, serializeError } from '../../../streams/core/errors';
import { loaded } from '../../../streams/entities/events';
import { connectivityChanged } from '../../../streams/outbox/connectivity-events';
import type { RootState } from '../../../streams/root';
import { navigated } from '../../../streams/router/events';
import type { SchemaBody } from '../../../streams/schemas/api';
import { selectSchemaFields, selectSchemaStatus } from '../../../streams/schemas/selectors';
import { providerFailed, providerSignedIn, signedOut, whoAmILoaded } from '../../../streams/session/events';
import { epicStore, fold, marbleScheduler, typesOf } from '../../helpers/marbles';
import { memoryDurable, testDeps } from '../../helpers/test-deps';

const epics = domainEpics<RootState>(cacheDomain);
const offline = serializeError(new AppError({ code: ERROR_CODES.network, message: 'Failed to fetch' }));
const alice = whoAmILoaded({ me: { id: 1, login: 'alice', isUser: true } });
const bob = whoAmILoaded({ me: { id: 2, login: 'bob', isUser: true } });

const cart = (id: string, name: string): Cart => ({
  id,
  name,
  description: '',
  isPrivate: true,
  type: 'cart',
  expires: null,
  collaborators: [],
  collaboratorNames: {},
  isMine: true,
  modified: null,
  ownerName: 'alice',
  items: { asset: ['12'] },
  total: 1,
});
const item: CartItem = {
  id: '12',
  resource: 'asset',
  name: 'Harbour at dawn',
  title: null,
  mimetype: 'image/jpeg',
  nature: 'image',
  filesize: 1000,
  width: 10,
  height: 10,
};
const assetSchema: SchemaBody = {
  name: 'dam/data/asset',
  resource: 'asset',
  label: 'Asset',
  description: '',
  create: false,
  tree: null,
  treefield: null,
  security: {},
  fields: { name: { type: 'string', label: 'Name' } },
};
const go = (path: string) => navigated({ path, search: '', via: 'link' });
const viewed = (id: string, name: string) =>
  viewLoaded({ cart: cart(id, name), details: [item], filtered: false });
const assetLoaded = loaded({ path: 'dam/data/asset', id: '12', data: { id: 12, name: 'Harbour at dawn' } });

const aliceKept: CachedRecord = {
  infos: { appName: 'Kept DAM' },
  schemas: [assetSchema],
  carts: [cart('7', 'Moodboard')],
  cartContents: [{ cart: cart('7', 'Moodboard'), items: [item] }],
  assets: [{ id: '12', name: 'Harbour at dawn', data: { id: 12, name: 'Harbour at dawn' } }],
};

describe('the carts, the carts opened and the asset pages are kept per user (issue 22, issue 25 offline reading)', () => {
  it('what a visit answered is merged into the user’s record: the last carts and asset pages only, most recent first', () => {
    const scheduler = marbleScheduler();
    const records = new Map<string, unknown>([
      [recordKey('1'), { search: { query: '', resource: 'asset', rows: [], total: 0, watermarked: false } }],
    ]);
    const deps = testDeps({ scheduler, durable: memoryDurable(records), config: { cacheCartsKept: 2 } });
    scheduler.run(({ hot }) => {
      const store = epicStore(deps, epics);
      hot('a l c d e g f', {
        a: alice,
        l: listLoaded({ carts: [cart('7', 'Moodboard'), cart('8', 'Portraits')] }),
        c: viewed('7', 'Moodboard'),
        d: viewed('8', 'Portraits'),
        e: viewed('9', 'Harbours'),
        g: go('/assets/asset/12'),
        f: assetLoaded,
      }).subscribe((event) => store.dispatch(event));
    });
    const record = records.get(recordKey('1')) as CachedRecord;
    // what the search kept stays: each change reads the record the one before wrote
    expect(record.search?.total).toBe(0);
    expect(record.carts?.map((kept) => kept.name)).toEqual(['Moodboard', 'Portraits']);
    expect(record.cartContents?.map((kept) => kept.cart.id)).toEqual(['9', '8']);
    expect(record.assets).toEqual([
      { id: '12', name: 'Harbour at dawn', data: { id: 12, name: 'Harbour at dawn' } },
    ]);
  });

  it('an asset answered for another screen than its page is not kept as a page', () => {
    const scheduler = marbleScheduler();
    const records = new Map<string, unknown>();
    scheduler.run(({ hot }) => {
      const store = epicStore(testDeps({ scheduler, durable: memoryDurable(records) }), epics);
      hot('a g f', { a: alice, g: go('/search'), f: assetLoaded }).subscribe((event) =>
        store.dispatch(event),
      );
    });
    expect((records.get(recordKey('1')) as CachedRecord | undefined)?.assets).toBeUndefined();
  });

  it('a kept screen is stale until its answer comes, offline when the network is out of reach, then fresh', () => {
    const kept = fold([restored({ surfer: '1', record: aliceKept })]);
    expect(selectCachedCarts(kept)?.[0]?.name).toBe('Moodboard');
    expect(selectCachedCart(kept, '7')?.items[0]?.name).toBe('Harbour at dawn');
    expect(selectCachedAsset(kept, '12')?.name).toBe('Harbour at dawn');
    expect(selectCartsFreshness(kept)).toBe('stale');
    expect(selectCartFreshness(kept, '7')).toBe('stale');
    expect(selectCartFreshness(kept, '8')).toBeNull();
    expect(selectAssetFreshness(kept, '12')).toBe('stale');

    const unreachable = fold([providerFailed({ error: offline })], kept);
    expect(selectCartsFreshness(unreachable)).toBe('offline');
    expect(selectCartFreshness(unreachable, '7')).toBe('offline');
    expect(selectAssetFreshness(unreachable, '12')).toBe('offline');
    expect(selectCartsFreshness(fold([connectivityChanged({ online: false })], kept))).toBe('offline');

    const answered = fold([listLoaded({ carts: [] }), viewed('7', 'Moodboard'), assetLoaded], kept);
    expect(selectCartsFreshness(answered)).toBe('fresh');
    expect(selectCartFreshness(answered, '7')).toBe('fresh');
    expect(selectAssetFreshness(answered, '12')).toBe('fresh');
  });

  it('another user signing in, or a sign-out, drops what the last one kept before anything shows it', () => {
    const kept = fold([alice, restored({ surfer: '1', record: aliceKept })]);
    for (const next of [fold([bob], kept), fold([signedOut({})], kept)]) {
      expect(selectCachedCarts(next)).toBeNull();
      expect(selectCachedCart(next, '7')).toBeNull();
      expect(selectCachedAsset(next, '12')).toBeNull();
    }
  });

  it('the kept app infos and schema headers go to the header and the metadata, the schema still unresolved', () => {
    const scheduler = marbleScheduler();
    const records = new Map<string, unknown>([[recordKey('visitor'), aliceKept]]);
    let state: RootState | undefined;
    scheduler.run(({ hot, expectObservable }) => {
      const store = epicStore(testDeps({ scheduler, durable: memoryDurable(records) }), epics);
      hot('a', { a: arrival }).subscribe((event) => store.dispatch(event));
      scheduler.schedule(() => {
        state = store.getState();
      }, 2);
      expectObservable(typesOf(store, 'app/infosRestored')).toBe('a', { a: 'app/infosRestored' });
    });
    expect(selectAppInfo(state!).data.appName).toBe('Kept DAM');
    expect(selectSchemaFields(state!, 'dam/data/asset')).toEqual(assetSchema.fields);
    // the kept body grants no right: the schema is asked as before
    expect(selectSchemaStatus(state!, 'dam/data/asset')).not.toBe('resolved');
  });
});

const arrival = started({
  locale: 'en',
  apiPath: '',
  path: '/search',
  search: '',
  applicationName: null,
  hasApplicationCredentials: true,
  cookieAuth: false,
  sessionAuth: false,
  settings: {},
});

describe('back online, the screen on view asks again what it showed from the cache (issue 25)', () => {
  it('with the session up: at once, only for the screen on view', () => {
    const scheduler = marbleScheduler();
    const start = fold([
      providerSignedIn({ surfer: 'user' }),
      alice,
      restored({ surfer: '1', record: aliceKept }),
      go('/carts/7'),
    ]);
    scheduler.run(({ hot, expectObservable }) => {
      const store = epicStore(testDeps({ scheduler }), epics, start);
      hot('-o', { o: connectivityChanged({ online: true }) }).subscribe((event) => store.dispatch(event));
      expectObservable(typesOf(store, 'carts/')).toBe('-a', { a: 'carts/cartOpened' });
    });
  });

  it('after a start-up that found no network: once who-am-I answers again', () => {
    const scheduler = marbleScheduler();
    const start = fold([
      restored({ surfer: '1', record: aliceKept }),
      go('/assets/asset/12'),
      providerFailed({ error: offline }),
    ]);
    scheduler.run(({ hot, expectObservable }) => {
      const store = epicStore(testDeps({ scheduler }), epics, start);
      hot('-o--w', { o: connectivityChanged({ online: true }), w: alice }).subscribe((event) =>
        store.dispatch(event),
      );
      expectObservable(typesOf(store, 'entities/')).toBe('----a', { a: 'entities/fetchRequested' });
    });
  });

  it('a screen already fresh asks nothing again', () => {
    const scheduler = marbleScheduler();
    const start = fold([
      providerSignedIn({ surfer: 'user' }),
      alice,
      restored({ surfer: '1', record: aliceKept }),
      go('/carts'),
      listLoaded({ carts: [] }),
    ]);
    scheduler.run(({ hot, expectObservable }) => {
      const store = epicStore(testDeps({ scheduler }), epics, start);
      hot('-o', { o: connectivityChanged({ online: true }) }).subscribe((event) => store.dispatch(event));
      expectObservable(typesOf(store, 'carts/')).toBe('');
    });
  });
});
