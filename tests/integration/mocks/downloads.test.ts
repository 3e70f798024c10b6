import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Asset, findAsset } from '../../../mocks/db/assets';
import { CART_IDS } from '../../../mocks/db/carts';
import { addHugeCart } from '../../../mocks/db/huge-cart';
import { server } from '../../../mocks/node';
import { reset, runtime } from '../../../mocks/runtime';
import { assetEntryName, CONTACT_SHEET_ENTRY, DESCRIPTIONS_ENTRY } from '../../../mocks/zip/contents';
import { basic, CART_API, cartCall, cartJson, type WireCart } from './carts-fixtures';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => reset());
afterAll(() => server.close());

interface SizeTest {
  size: number;
  maxSize: number;
  refused: boolean;
  warnSize: number;
  warn: boolean;
}

const cartAssets = (cartId: number): Asset[] =>
  (runtime.db.carts.find((cart) => cart.id === cartId)?.items.asset ?? []).map(
    (id) => findAsset(runtime.db.assets, id) as Asset,
  );
const declared = (assets: Asset[], ratio = 1) =>
  assets.reduce((total, asset) => total + Math.round(asset.filesize * ratio), 0);
const noExtras = { withContactSheet: false, withAssetsDescriptions: false };
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function readyZip(cartId: number | string, body: object, authorization?: string) {
  runtime.settings['zip.buildMs'] = 0;
  const uuid = await cartJson<string>(`zipCart/${cartId}`, { as: 'alice', body, authorization });
  const response = await fetch(`${CART_API}/downloadCart/${uuid}`);
  expect(response.status).toBe(200);
  return { uuid, response, files: unzipSync(new Uint8Array(await response.arrayBuffer())) };
}

describe('testZipCart (protocol §7.1)', () => {
  it('counts the declared file sizes of the items, in bytes, against zip.maxSize and zip.warnSize', async () => {
    const infos = await cartJson<SizeTest>('testZipCart/1', {
      as: 'alice',
      body: { profile: 'originals', ...noExtras },
    });
    expect(infos).toMatchObject({
      size: declared(cartAssets(1)),
      maxSize: 524_288_000,
      refused: false,
      warnSize: 209_715_200,
      warn: false,
    });
  });

  it('adds the real size of the contact sheet and descriptions files when asked (the default)', async () => {
    const bare = await cartJson<SizeTest>('testZipCart/1', { as: 'alice', body: noExtras });
    const full = await cartJson<SizeTest>('testZipCart/1', { as: 'alice', body: {} });
    const { files } = await readyZip(1, {});
    const extras = (files[CONTACT_SHEET_ENTRY]?.length ?? 0) + (files[DESCRIPTIONS_ENTRY]?.length ?? 0);
    expect(extras).toBeGreaterThan(0);
    expect(full.size).toBe(bare.size + extras);
  });

  it('scales the sizes by the profile sizeRatio', async () => {
    const web = await cartJson<SizeTest>('testZipCart/1', {
      as: 'alice',
      body: { profile: 'web', ...noExtras },
    });
    expect(web.size).toBe(declared(cartAssets(1), 0.08));
    expect((await cartCall('testZipCart/1', { as: 'alice', body: { profile: 'raw' } })).status).toBe(400);
  });

  it('refuses cart 4 (over maxSize) and warns for cart 5 (between warnSize and maxSize)', async () => {
    const refused = await cartJson<SizeTest>(`testZipCart/${CART_IDS.refusedZip}`, { as: 'alice', body: {} });
    expect(refused).toMatchObject({ refused: true, warn: false });
    const warned = await cartJson<SizeTest>(`testZipCart/${CART_IDS.warnedZip}`, { as: 'alice', body: {} });
    expect(warned).toMatchObject({ refused: false, warn: true });
  });

  it('reads the limits from the settings, warnSize 0 never warning', async () => {
    runtime.settings['zip.maxSize'] = 1000;
    runtime.settings['zip.warnSize'] = 0;
    const infos = await cartJson<SizeTest>('testZipCart/1', { as: 'alice', body: {} });
    expect(infos).toMatchObject({ maxSize: 1000, refused: true, warnSize: 0, warn: false });
    runtime.settings['zip.maxSize'] = 10 ** 12;
    expect(
      await cartJson<SizeTest>(`testZipCart/${CART_IDS.warnedZip}`, { as: 'alice', body: {} }),
    ).toMatchObject({
      refused: false,
      warn: false,
    });
  });

  it('measures only the selection, which must be items of the cart', async () => {
    const [first, second] = cartAssets(4);
    const selection = { asset: [String(first?.id), String(second?.id)] };
    const infos = await cartJson<SizeTest>('testZipCart/4', {
      as: 'alice',
      body: { selection, ...noExtras },
    });
    expect(infos.size).toBe(declared([first as Asset, second as Asset]));
    const outside = await cartCall('testZipCart/4', {
      as: 'alice',
      body: { selection: { asset: ['1999'] } },
    });
    expect(outside.status).toBe(400);
  });

  it('gives parts that pass once the client splits cart 4 as protocol §7.3 says', async () => {
    const { maxSize, warnSize } = await cartJson<SizeTest>('testZipCart/4', { as: 'alice', body: {} });
    const cart = await cartJson<WireCart>('viewCart/4?no_preview=true&output=list', { as: 'alice' });
    const parts: string[][] = [];
    let part: string[] = [];
    let partSize = 0;
    for (const item of cart.items) {
      const size = item.metadata?.filesize ?? 0;
      if (size > maxSize) continue;
      if ((warnSize > 0 && partSize > warnSize) || partSize + size >= maxSize) {
        parts.push(part);
        part = [];
        partSize = 0;
      }
      part.push(item.id);
      partSize += size;
    }
    parts.push(part);
    expect(parts.length).toBeGreaterThan(1);
    for (const ids of parts.filter((candidate) => candidate.length > 0)) {
      const infos = await cartJson<SizeTest>('testZipCart/4', {
        as: 'alice',
        body: { selection: { asset: ids } },
      });
      expect(infos.refused).toBe(false);
    }
  });

  it('refuses an empty cart with 400, and a cart the caller cannot see with 404', async () => {
    expect((await cartCall(`testZipCart/${CART_IDS.empty}`, { as: 'alice', body: {} })).status).toBe(400);
    expect((await cartCall('testZipCart/7', { as: 'bob', body: {} })).status).toBe(404);
  });

  it('works on a share uuid with the Basic password, 401 without it', async () => {
    const uuid = runtime.db.shares.find((share) => share.cartId === 3)?.uuid;
    expect((await cartCall(`testZipCart/${uuid}`, { body: {} })).status).toBe(401);
    const infos = await cartJson<SizeTest>(`testZipCart/${uuid}`, {
      body: noExtras,
      authorization: basic('lyon-2026'),
    });
    expect(infos.size).toBe(declared(cartAssets(3)));
  });
});

describe('zipCart and downloadCart (protocol §7.1, §2.2)', () => {
  it('answers the uuid as a JSON string; HEAD says 202 while building, then 200 after zip.buildMs', async () => {
    runtime.settings['zip.buildMs'] = 150;
    const response = await cartCall('zipCart/1', { as: 'alice', body: { profile: 'originals' } });
    const uuid = (await response.json()) as string;
    expect(uuid).toMatch(/^[0-9a-f-]{36}$/);
    const head = () => fetch(`${CART_API}/downloadCart/${uuid}`, { method: 'HEAD' });
    expect((await head()).status).toBe(202);
    await wait(200);
    const ready = await head();
    expect(ready.status).toBe(200);
    expect(ready.headers.get('content-type')).toBe('application/zip');
  });

  it('a GET while the zip is built waits for it, as the real service (issue 26 item 11); a long build answers 202', async () => {
    runtime.settings['zip.buildMs'] = 150;
    const uuidOf = async () =>
      (await (await cartCall('zipCart/1', { as: 'alice', body: { profile: 'originals' } })).json()) as string;
    const early = await fetch(`${CART_API}/downloadCart/${await uuidOf()}`);
    expect(early.status).toBe(200);
    expect(early.headers.get('content-type')).toBe('application/zip');
    expect((await early.arrayBuffer()).byteLength).toBeGreaterThan(0);
    runtime.settings['zip.buildMs'] = 3_600_000;
    const long = await fetch(`${CART_API}/downloadCart/${await uuidOf()}`);
    expect(long.status).toBe(202);
    expect(Number(long.headers.get('retry-after'))).toBeGreaterThan(60);
  });

  it('answers 404 for an unknown uuid, on HEAD and GET', async () => {
    expect((await fetch(`${CART_API}/downloadCart/nope`, { method: 'HEAD' })).status).toBe(404);
    const get = await fetch(`${CART_API}/downloadCart/nope`);
    expect(get.status).toBe(404);
    expect(await get.json()).toEqual({ error: '404', message: 'Unknown download nope' });
  });

  it('serves a real zip of the items (one drawing per item, named after its file) with contact sheet and CSV', async () => {
    const { response, files } = await readyZip(1, {
      profile: 'originals',
      withContactSheet: true,
      withAssetsDescriptions: true,
    });
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="Spring campaign 2026.zip"; filename*=UTF-8''Spring%20campaign%202026.zip`,
    );
    const assets = cartAssets(1);
    expect(Object.keys(files).sort()).toEqual(
      [...assets.map(assetEntryName), CONTACT_SHEET_ENTRY, DESCRIPTIONS_ENTRY].sort(),
    );
    expect(strFromU8(files[assetEntryName(assets[0] as Asset)] as Uint8Array)).toMatch(/^<svg /);
    const csv = strFromU8(files[DESCRIPTIONS_ENTRY] as Uint8Array)
      .trimEnd()
      .split('\r\n');
    expect(csv[0]).toMatch(/^id,name,title,filename,/);
    expect(csv).toHaveLength(assets.length + 1);
  });

  it('a cart of 250 assets (built in slices) holds every drawing in cart order, the sheet of 13 pages and 250 CSV rows', async () => {
    const cart = addHugeCart(runtime.db, 250);
    const { files } = await readyZip(cart.id, { profile: 'originals' });
    const assets = cartAssets(cart.id);
    expect(assets).toHaveLength(250);
    // entries in the order they were added, as a zip lists them
    expect(Object.keys(files)).toEqual([
      ...new Set(assets.map(assetEntryName)),
      CONTACT_SHEET_ENTRY,
      DESCRIPTIONS_ENTRY,
    ]);
    const last = assets.at(-1) as Asset;
    expect(strFromU8(files[assetEntryName(last)] as Uint8Array)).toMatch(/^<svg /);
    const sheet = strFromU8(files[CONTACT_SHEET_ENTRY] as Uint8Array);
    expect(sheet).toContain('/Count 13 ');
    expect(
      strFromU8(files[DESCRIPTIONS_ENTRY] as Uint8Array)
        .trimEnd()
        .split('\r\n'),
    ).toHaveLength(251);
  });

  it('writes a valid PDF contact sheet: header, objects at the offsets of the xref table, one page per 20 items', async () => {
    const { files } = await readyZip(CART_IDS.large, { withAssetsDescriptions: false });
    const pdf = files[CONTACT_SHEET_ENTRY] as Uint8Array;
    const text = String.fromCharCode(...pdf.subarray(0, 8)) + strFromU8(pdf.subarray(8), true);
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    const latin1 = Array.from(pdf, (byte) => String.fromCharCode(byte)).join('');
    const xrefAt = Number(/startxref\n(\d+)/.exec(latin1)?.[1]);
    expect(latin1.slice(xrefAt, xrefAt + 4)).toBe('xref');
    const offsets = [...latin1.slice(xrefAt).matchAll(/^(\d{10}) 00000 n $/gm)].map((match) =>
      Number(match[1]),
    );
    offsets.forEach((offset, index) => {
      expect(latin1.slice(offset, offset + `${index + 1} 0 obj`.length)).toBe(`${index + 1} 0 obj`);
    });
    expect(latin1).toContain('/Count 8 '); // 150 items, 20 per page
    expect(Object.keys(files)).not.toContain(DESCRIPTIONS_ENTRY);
  });

  it('zips only the selection, without extras when not asked, in the profile chosen', async () => {
    const [first, second] = cartAssets(3);
    const { files } = await readyZip(3, {
      profile: 'web',
      selection: { asset: [String(first?.id), String(second?.id)] },
      ...noExtras,
    });
    expect(Object.keys(files).sort()).toEqual(
      [assetEntryName(first as Asset), assetEntryName(second as Asset)].sort(),
    );
  });

  it('builds a shared cart zip with the share password', async () => {
    const uuid = runtime.db.shares.find((share) => share.cartId === 3)?.uuid;
    expect((await cartCall(`zipCart/${uuid}`, { body: {} })).status).toBe(401);
    const { files } = await readyZip(uuid as string, noExtras, basic('lyon-2026'));
    expect(Object.keys(files)).toHaveLength(18);
  });

  it('records the e-mail with the link when sendLinkByEmail is set', async () => {
    const { uuid } = await readyZip(1, { sendLinkByEmail: true });
    expect(runtime.outbox).toEqual([
      expect.objectContaining({
        kind: 'zipLink',
        to: ['alice@wedia-demo.example'],
        link: `http://localhost/api/wedia/cart/downloadCart/${uuid}`,
      }),
    ]);
  });

  it('forgets the zips on reset', async () => {
    const { uuid } = await readyZip(1, noExtras);
    reset();
    expect((await fetch(`${CART_API}/downloadCart/${uuid}`, { method: 'HEAD' })).status).toBe(404);
  });
});
