import { readFileSync, statSync } from 'node:fs';
import { unzipSync } from 'fflate';
import type { Download, Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { CART_IDS } from '../../mocks/db/carts';
import { config } from '../../streams/core/config';
import { checkEverywhere } from './helpers/axe';
import { doneAfterTimers } from './helpers/clock';
import { journey, logAndState, mockControl, portalUrl } from './helpers/portal';
import { apiAuthorization, openSignedIn } from './helpers/session';

const CART_ID = '1';

interface WireItem {
  name: string;
  filename: string;
  metadata: { filesize: number };
}

/** The cart as the demo server gives it to alice: its name, its items, and the zip entry of each item. */
async function aliceCart(id: string): Promise<{ name: string; entries: string[]; items: WireItem[] }> {
  const authorization = await apiAuthorization('alice');
  const response = await fetch(`${portalUrl()}/api/wedia/cart/viewCart/${id}?no_preview=true&output=list`, {
    headers: { Authorization: authorization },
  });
  const cart = (await response.json()) as { name: string; items: WireItem[] };
  // the demo zip holds each asset as its drawing: the file name with `.svg` (mocks/zip/contents.ts)
  return {
    name: cart.name,
    items: cart.items,
    entries: cart.items.map((item) => item.filename.replace(/\.[^.]+$/, '.svg')).sort(),
  };
}

/** alice, signed in, opens the cart's "Download" dialog; the options are left at their defaults unless told. */
async function openDownloadDialog(page: Page, id: string) {
  await openSignedIn(page, 'alice', `/carts/${id}`);
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  return page.getByRole('dialog', { name: 'Download' });
}

async function zipEntries(download: Download): Promise<string[]> {
  const path = await download.path();
  return Object.keys(unzipSync(new Uint8Array(readFileSync(path)))).sort();
}

const assetEntries = (entries: string[]) => entries.filter((name) => name.endsWith('.svg'));

/** Ends the zip builds under way at once (`POST /__mock/zips/ready`): no `zip.buildMs` waited out. */
const zipsReady = () => mockControl('zips/ready', { method: 'POST' });

/**
 * The download the page saves next, reached without waiting out the readiness poll: the builds
 * are ended and the page's clock (installed before the page loaded) moves on one poll at a time.
 */
async function savedAfterPolls(page: Page, wait: Promise<Download>): Promise<Download> {
  let saved: Download | undefined;
  wait.then(
    (download) => {
      saved = download;
    },
    () => undefined,
  );
  await doneAfterTimers(page, async () => saved !== undefined, config.downloadPollMs, zipsReady);
  return wait;
}

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
    // the zip is ready at its first readiness check: no 2 s poll to wait for
    await mockControl('settings', { body: { 'zip.buildMs': 0 } });
    const cart = await aliceCart(CART_ID);
    const dialog = await openDownloadDialog(page, CART_ID);
    const download = page.waitForEvent('download', { timeout: 20_000 });
    await dialog.getByRole('button', { name: 'Start download' }).click();
    const saved = await download;
    // the page fetched it and saved it under the download's name
    expect(saved.suggestedFilename()).toBe(`${cart.name}.zip`);
    const entries = await zipEntries(saved);
    expect(assetEntries(entries)).toEqual(cart.entries);
    expect(entries).toContain('contact-sheet.pdf');
    expect(entries).toContain('asset-descriptions.csv');
    await dialog.getByRole('listitem', { name: cart.name }).getByText('Downloaded').waitFor();
  });

  journey(
    'a split asks once for the whole set, saves its parts as "{name} i of n.zip" with the progress of the server then of the bytes, and /downloads lists the skipped item by name (1440×900)',
    async ({ page }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      const cart = await aliceCart(String(CART_IDS.refusedZip));
      const maxSize = 500 * 1024 * 1024;
      // the cart's one video over zip.maxSize is left out; each build lasts until the journey ends it
      await mockControl('settings', { body: { 'zip.maxSize': maxSize, 'zip.buildMs': 30_000 } });
      // the page's timers on a clock the journey moves on: the readiness poll is not waited out
      await page.clock.install();
      const skipped = cart.items.filter((item) => item.metadata.filesize > maxSize);
      expect(skipped).toHaveLength(1);
      const downloads: Download[] = [];
      page.on('download', (download) => downloads.push(download));
      const dialog = await openDownloadDialog(page, String(CART_IDS.refusedZip));
      await dialog.getByRole('button', { name: 'Start download' }).click();

      // one question for the whole set, with its size and the item left out by name
      const ask = dialog.getByRole('region', { name: `${cart.name} is too large for one zip` });
      const question = await ask
        .getByText(/^It would come as \d+ parts, .+ in all\. Download all parts\?$/)
        .textContent();
      const total = Number(/as (\d+) parts/.exec(question ?? '')?.[1]);
      expect(total).toBeGreaterThan(1);
      expect(await ask.getByRole('listitem').allTextContents()).toEqual([
        expect.stringContaining(skipped[0]!.name),
      ]);
      expect(await calls('zipCart')).toBe(0);
      // axe: the dialog with its question, both themes, both sizes
      const problems = await checkEverywhere(page, 'dialog "Download" asking about a split');
      await ask.getByRole('button', { name: 'Download all parts' }).click();

      // the server prepares: an indeterminate bar, no percentage
      const first = dialog.getByRole('listitem', { name: `${cart.name} 1 of ${total}`, exact: true });
      await first.getByText('Preparing on the server…').waitFor();
      const bar = first.getByRole('progressbar', { name: `Progress of ${cart.name} 1 of ${total}` });
      expect(await bar.getAttribute('aria-valuenow')).toBeNull();

      // each part saved by the page under its name; no part asked anything again
      const names = Array.from({ length: total }, (_, index) => `${cart.name} ${index + 1} of ${total}`);
      const savedParts = async () => {
        const shown = await Promise.all(
          names.map((name) =>
            dialog
              .getByRole('listitem', { name, exact: true })
              .getByText(`Saved as “${name}.zip”`, { exact: false })
              .count(),
          ),
        );
        return shown.every((count) => count > 0);
      };
      await doneAfterTimers(page, savedParts, config.downloadPollMs, zipsReady);
      await expect.poll(() => downloads.length, { timeout: 10_000 }).toBe(total);
      expect(downloads.map((download) => download.suggestedFilename()).sort()).toEqual(
        names.map((name) => `${name}.zip`).sort(),
      );
      expect(await calls('zipCart')).toBe(total);
      const zipped = (await Promise.all(downloads.map(zipEntries))).flatMap(assetEntries).sort();
      const kept = cart.items.filter((item) => !skipped.includes(item));
      expect(zipped).toEqual(kept.map((item) => item.filename.replace(/\.[^.]+$/, '.svg')).sort());
      // the bytes shown are the bytes saved
      const { state } = await logAndState(page);
      for (const download of downloads) {
        const record = Object.values(state.downloads.records).find(
          (candidate) => candidate.savedAs === download.suggestedFilename(),
        );
        expect(record?.fetched?.loaded).toBe(statSync(await download.path()).size);
      }

      await dialog.getByRole('button', { name: 'Close' }).click();
      await page.getByRole('link', { name: 'Downloads', exact: true }).click();
      const notice = page.getByRole('status').filter({ hasText: `${cart.name} was too large for one zip` });
      await notice.getByRole('listitem').filter({ hasText: skipped[0]!.name }).waitFor();
      problems.push(...(await checkEverywhere(page, '/downloads with a split and its saved parts')));
      expect(problems, problems.join('\n')).toEqual([]);
    },
  );

  journey(
    'on a phone in French: the split is asked once, its parts are saved by name, and the skipped item is listed by name after a reload (390×844)',
    async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      const cart = await aliceCart(String(CART_IDS.refusedZip));
      // each part is ready at its first readiness check: no 2 s poll per part
      await mockControl('settings', { body: { 'zip.maxSize': 500 * 1024 * 1024, 'zip.buildMs': 0 } });
      const skipped = cart.items.filter((item) => item.metadata.filesize > 500 * 1024 * 1024);
      await openSignedIn(page, 'alice', '/account');
      await page.getByRole('combobox', { name: 'Language', exact: true }).selectOption('fr');
      await page.getByRole('heading', { name: 'Votre compte' }).waitFor();
      const downloads: Download[] = [];
      page.on('download', (download) => downloads.push(download));
      await page.goto(`${portalUrl()}/carts/${CART_IDS.refusedZip}`);
      await page.getByRole('button', { name: 'Télécharger', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Télécharger' });
      await dialog.getByRole('button', { name: 'Lancer le téléchargement' }).click();
      const ask = dialog.getByRole('region', { name: `${cart.name} est trop volumineux pour un seul zip` });
      const question = await ask.getByText(/^Il arriverait en \d+ parties, .+ au total\./).textContent();
      const total = Number(/en (\d+) parties/.exec(question ?? '')?.[1]);
      expect(question).toMatch(/\d Mo|Go/);
      await ask.getByRole('button', { name: 'Télécharger toutes les parties' }).click();
      for (let index = 1; index <= total; index += 1) {
        await dialog
          .getByRole('listitem', { name: `${cart.name} ${index} of ${total}`, exact: true })
          .getByText(`Enregistré sous « ${cart.name} ${index} of ${total}.zip »`, { exact: false })
          .waitFor({ timeout: 30_000 });
      }
      await expect.poll(() => downloads.length, { timeout: 10_000 }).toBe(total);
      // the list survives a reload: the notice comes back with its first part
      await page.goto(`${portalUrl()}/downloads`);
      await page.getByRole('heading', { name: 'Téléchargements', level: 1 }).waitFor();
      const notice = page.getByRole('status').filter({ hasText: `en ${total} parties` });
      await notice.getByRole('listitem').filter({ hasText: skipped[0]!.name }).waitFor();
      // nothing of the downloads page is wider than the phone
      const wide = await page.evaluate(() =>
        [...document.querySelectorAll('main *')]
          .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
          .map((element) => `${element.tagName.toLowerCase()}.${element.className}`),
      );
      expect(wide).toEqual([]);
    },
  );

  journey('a reload during the build still completes the download', async ({ page }) => {
    // the build lasts until the journey ends it: the reload always comes while it is under way
    await mockControl('settings', { body: { 'zip.buildMs': 30_000 } });
    // the page's timers on a clock the journey moves on: the readiness poll is not waited out
    await page.clock.install();
    const cart = await aliceCart(CART_ID);
    const dialog = await openDownloadDialog(page, CART_ID);
    await dialog.getByRole('button', { name: 'Start download' }).click();
    await dialog.getByRole('listitem', { name: cart.name }).getByText('Building the zip').waitFor();
    const download = page.waitForEvent('download', { timeout: 30_000 });
    await page.reload();
    const entries = await zipEntries(await savedAfterPolls(page, download));
    expect(assetEntries(entries)).toEqual(cart.entries);
    await page.getByRole('link', { name: 'Downloads', exact: true }).click();
    await page.getByRole('listitem', { name: cart.name }).getByText('Downloaded').waitFor();
  });

  journey(
    'a readiness check failing for good shows an error; Retry polls the same zip and completes it',
    async ({ page }) => {
      const cart = await aliceCart(CART_ID);
      await mockControl('faults', { body: { match: 'downloadCart', method: 'HEAD', rate: 1, status: 500 } });
      // the page's timers on a clock the journey moves on: the backoff (2 + 4 + 8 s) is not waited out
      await page.clock.install();
      const dialog = await openDownloadDialog(page, CART_ID);
      await dialog.getByRole('button', { name: 'Start download' }).click();
      const row = dialog.getByRole('listitem', { name: cart.name });
      // transient failures are asked again with backoff (the row says so) before the download fails
      const shown = (locator: Locator) => async () => (await locator.count()) > 0;
      const tryingAgain = row.getByText(/The server did not answer the last check; trying again/);
      await doneAfterTimers(page, shown(tryingAgain), config.downloadPollMs);
      await doneAfterTimers(page, shown(row.getByRole('alert')), config.downloadPollRetryBaseMs);
      expect(await row.getByText('Failed', { exact: true }).isVisible()).toBe(true);
      await mockControl('faults', { method: 'DELETE' });
      const download = page.waitForEvent('download', { timeout: 30_000 });
      await row.getByRole('button', { name: 'Retry' }).click();
      expect(assetEntries(await zipEntries(await savedAfterPolls(page, download)))).toEqual(cart.entries);
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
      // the build lasts until the journey ends it, once four checks were asked
      await mockControl('settings', { body: { 'zip.buildMs': 30_000 } });
      await mockControl('faults', {
        body: { match: 'downloadCart', method: 'HEAD', rate: 0.5, status: 500 },
      });
      // the page's timers on a clock the journey moves on: the poll and the backoff are not waited out
      await page.clock.install();
      const dialog = await openDownloadDialog(page, CART_ID);
      const download = page.waitForEvent('download', { timeout: 30_000 });
      await dialog.getByRole('button', { name: 'Start download' }).click();
      const heads = async () =>
        (await requests()).filter(
          (request) => request.method === 'HEAD' && request.path.includes('downloadCart'),
        ).length;
      await doneAfterTimers(page, async () => (await heads()) >= 4, config.downloadPollMs);
      expect(assetEntries(await zipEntries(await savedAfterPolls(page, download)))).toEqual(cart.entries);
      const row = dialog.getByRole('listitem', { name: cart.name });
      await row.getByText('Downloaded').waitFor();
      expect(await row.getByRole('alert').count()).toBe(0);
      expect(await heads()).toBeGreaterThanOrEqual(4);
    },
  );

  journey(
    'a zip the browser fails to fetch is not shown as Downloaded; Retry fetches it',
    async ({ page }) => {
      // ready at the first readiness check: the fetch fails at once, without a 2 s poll before
      await mockControl('settings', { body: { 'zip.buildMs': 0 } });
      const cart = await aliceCart(CART_ID);
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
