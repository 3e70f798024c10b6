import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import type { Download, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { journey, mockControl, portalUrl } from './helpers/portal';
import { signIn } from './helpers/session';

const CART_ID = '1';

/** The cart as the demo server gives it to alice: its name and the zip entry of each item. */
async function aliceCart(id: string): Promise<{ name: string; entries: string[] }> {
  const form = new FormData();
  form.append('login', 'alice');
  form.append('password', 'alice');
  const token = (await (
    await fetch(`${portalUrl()}/api/rest/signin`, { method: 'POST', body: form })
  ).json()) as {
    tokenType: string;
    accessToken: string;
  };
  const response = await fetch(`${portalUrl()}/api/wedia/cart/viewCart/${id}?no_preview=true&output=list`, {
    headers: { Authorization: `${token.tokenType} ${token.accessToken}` },
  });
  const cart = (await response.json()) as { name: string; items: { filename: string }[] };
  // the demo zip holds each asset as its drawing: the file name with `.svg` (mocks/zip/contents.ts)
  return {
    name: cart.name,
    entries: cart.items.map((item) => item.filename.replace(/\.[^.]+$/, '.svg')).sort(),
  };
}

/** Opens the cart's "Download" dialog; the options are left at their defaults unless told. */
async function openDownloadDialog(page: Page, id: string) {
  await page.goto(`${portalUrl()}/carts/${id}`);
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  return page.getByRole('dialog', { name: 'Download' });
}

async function zipEntries(download: Download): Promise<string[]> {
  const path = await download.path();
  return Object.keys(unzipSync(new Uint8Array(readFileSync(path)))).sort();
}

const assetEntries = (entries: string[]) => entries.filter((name) => name.endsWith('.svg'));

interface LoggedRequest {
  method: string;
  path: string;
}

const requests = async () => (await mockControl('requests')) as LoggedRequest[];
/** How many calls of one cart verb (`testZipCart`, `zipCart`) the demo server received. */
const calls = async (verb: string) =>
  (await requests()).filter((request) => request.path.includes(`/cart/${verb}`)).length;

describe('downloads against the demo server (seed 000 §4, protocol §7)', () => {
  journey('downloads a cart as a zip whose entries are its items', async ({ page }) => {
    const cart = await aliceCart(CART_ID);
    await signIn(page, 'alice');
    const dialog = await openDownloadDialog(page, CART_ID);
    const download = page.waitForEvent('download', { timeout: 20_000 });
    await dialog.getByRole('button', { name: 'Start download' }).click();
    const entries = await zipEntries(await download);
    expect(assetEntries(entries)).toEqual(cart.entries);
    expect(entries).toContain('contact-sheet.pdf');
    expect(entries).toContain('asset-descriptions.csv');
    await dialog.getByRole('listitem', { name: cart.name }).getByText('Downloaded').waitFor();
  });

  journey('a refused size is split into parts "1 of n" … "n of n", each a zip', async ({ page }) => {
    const cart = await aliceCart(CART_ID);
    // a limit of a few items per zip, and no size warning
    await mockControl('settings', {
      body: { 'zip.maxSize': 12 * 1024 * 1024, 'zip.warnSize': 0, 'zip.buildMs': 300 },
    });
    await signIn(page, 'alice');
    const downloads: Download[] = [];
    page.on('download', (download) => downloads.push(download));
    const dialog = await openDownloadDialog(page, CART_ID);
    // the extras would come on top of each part's items: the parts are measured by their items
    await dialog.getByRole('checkbox', { name: 'Contact sheet' }).uncheck();
    await dialog.getByRole('checkbox', { name: 'Asset descriptions' }).uncheck();
    await dialog.getByRole('button', { name: 'Start download' }).click();
    const parts = dialog.getByRole('listitem', { name: new RegExp(`^${cart.name} \\d+ of \\d+$`) });
    await parts.first().waitFor({ timeout: 20_000 });
    const total = await parts.count();
    expect(total).toBeGreaterThan(1);
    for (let index = 1; index <= total; index += 1) {
      await dialog
        .getByRole('listitem', { name: `${cart.name} ${index} of ${total}`, exact: true })
        .getByText('Downloaded')
        .waitFor({ timeout: 20_000 });
    }
    await expect.poll(() => downloads.length, { timeout: 10_000 }).toBe(total);
    const zipped = (await Promise.all(downloads.map(zipEntries))).flatMap(assetEntries).sort();
    expect(zipped).toEqual(cart.entries);
  });

  journey('a reload during the build still completes the download', async ({ page }) => {
    await mockControl('settings', { body: { 'zip.buildMs': 4000 } });
    const cart = await aliceCart(CART_ID);
    await signIn(page, 'alice');
    const dialog = await openDownloadDialog(page, CART_ID);
    await dialog.getByRole('button', { name: 'Start download' }).click();
    await dialog.getByRole('listitem', { name: cart.name }).getByText('Building the zip').waitFor();
    const download = page.waitForEvent('download', { timeout: 20_000 });
    await page.reload();
    const entries = await zipEntries(await download);
    expect(assetEntries(entries)).toEqual(cart.entries);
    await page.getByRole('link', { name: 'Downloads', exact: true }).click();
    await page.getByRole('listitem', { name: cart.name }).getByText('Downloaded').waitFor();
  });

  journey(
    'a readiness check failing for good shows an error; Retry polls the same zip and completes it',
    async ({ page }) => {
      const cart = await aliceCart(CART_ID);
      await signIn(page, 'alice');
      await mockControl('faults', { body: { match: 'downloadCart', method: 'HEAD', rate: 1, status: 500 } });
      const dialog = await openDownloadDialog(page, CART_ID);
      await dialog.getByRole('button', { name: 'Start download' }).click();
      const row = dialog.getByRole('listitem', { name: cart.name });
      // transient failures are asked again with backoff (the row says so) before the download fails
      await row
        .getByText(/The server did not answer the last check; trying again/)
        .waitFor({ timeout: 20_000 });
      await row.getByRole('alert').waitFor({ timeout: 40_000 });
      expect(await row.getByText('Failed', { exact: true }).isVisible()).toBe(true);
      await mockControl('faults', { method: 'DELETE' });
      const download = page.waitForEvent('download', { timeout: 20_000 });
      await row.getByRole('button', { name: 'Retry' }).click();
      expect(assetEntries(await zipEntries(await download))).toEqual(cart.entries);
      await row.getByText('Downloaded').waitFor();
      // one size test and one build: Retry checked the zip that was built
      expect(await calls('testZipCart')).toBe(1);
      expect(await calls('zipCart')).toBe(1);
    },
  );

  journey(
    'a flaky readiness check (every second one a 500) still completes the download',
    async ({ page }) => {
      const cart = await aliceCart(CART_ID);
      await signIn(page, 'alice');
      await mockControl('settings', { body: { 'zip.buildMs': 7000 } });
      await mockControl('faults', {
        body: { match: 'downloadCart', method: 'HEAD', rate: 0.5, status: 500 },
      });
      const dialog = await openDownloadDialog(page, CART_ID);
      const download = page.waitForEvent('download', { timeout: 40_000 });
      await dialog.getByRole('button', { name: 'Start download' }).click();
      expect(assetEntries(await zipEntries(await download))).toEqual(cart.entries);
      const row = dialog.getByRole('listitem', { name: cart.name });
      await row.getByText('Downloaded').waitFor();
      expect(await row.getByRole('alert').count()).toBe(0);
      const heads = (await requests()).filter(
        (request) => request.method === 'HEAD' && request.path.includes('downloadCart'),
      );
      expect(heads.length).toBeGreaterThanOrEqual(4);
    },
  );

  journey(
    'a zip the browser fails to fetch is not shown as Downloaded; Retry fetches it',
    async ({ page }) => {
      const cart = await aliceCart(CART_ID);
      await signIn(page, 'alice');
      await mockControl('faults', { body: { match: 'downloadCart', method: 'GET', rate: 1, status: 500 } });
      const dialog = await openDownloadDialog(page, CART_ID);
      await dialog.getByRole('button', { name: 'Start download' }).click();
      const row = dialog.getByRole('listitem', { name: cart.name });
      await row
        .getByRole('alert')
        .filter({ hasText: 'The browser could not fetch the zip' })
        .waitFor({ timeout: 20_000 });
      expect(await row.getByText('Downloaded').count()).toBe(0);
      await mockControl('faults', { method: 'DELETE' });
      const download = page.waitForEvent('download', { timeout: 20_000 });
      await row.getByRole('button', { name: 'Retry' }).click();
      expect(assetEntries(await zipEntries(await download))).toEqual(cart.entries);
      await row.getByText('Downloaded').waitFor();
      expect(await calls('zipCart')).toBe(1);
    },
  );
});
