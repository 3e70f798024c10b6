import type { Page, Request } from 'playwright-core';
import { PNG } from 'pngjs';
import { describe, expect } from 'vitest';
import type { LoggedRequest } from '../../mocks/runtime';
import { newImport, shownAfterPolls } from './helpers/imports';
import { journey, mockControl } from './helpers/portal';
import { signIn } from './helpers/session';

/** A small real PNG (a colour gradient, so every file differs). */
function png(seed: number, size = 24): Buffer {
  const image = new PNG({ width: size, height: size });
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const at = (y * size + x) * 4;
      image.data[at] = (x * 10 + seed * 20) % 256;
      image.data[at + 1] = (y * 10 + seed * 7) % 256;
      image.data[at + 2] = (seed * 40) % 256;
      image.data[at + 3] = 255;
    }
  }
  return PNG.sync.write(image);
}

const fileName = (n: number) => `img-${String(n).padStart(2, '0')}.png`;
const pngFiles = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    name: fileName(index + 1),
    mimeType: 'image/png',
    buffer: png(index + 1),
  }));

const isUpload = (request: Request) =>
  request.method() === 'POST' && /\/rest\/massimport\/item(\?|$)/.test(request.url());

/**
 * Holds each upload's answer `holdMs` after the server gave it, so that uploads overlap long enough
 * for a third one to show if the client ever ran three; counts the uploads in flight as the browser
 * sees them, and as the server does (from reaching it to the answer the page was given).
 */
async function holdUploads(page: Page, holdMs: number) {
  const inFlight = { now: 0, max: 0, atServer: 0, maxAtServer: 0 };
  await page.route(/\/rest\/massimport\/item(\?.*)?$/, async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    inFlight.atServer += 1;
    inFlight.maxAtServer = Math.max(inFlight.maxAtServer, inFlight.atServer);
    try {
      const response = await route.fetch();
      await new Promise((resolve) => setTimeout(resolve, holdMs));
      await route.fulfill({ response }).catch(() => undefined);
    } finally {
      inFlight.atServer -= 1;
    }
  });
  page.on('request', (request) => {
    if (!isUpload(request)) return;
    inFlight.now += 1;
    inFlight.max = Math.max(inFlight.max, inFlight.now);
  });
  const done = (request: Request) => {
    if (isUpload(request)) inFlight.now -= 1;
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return inFlight;
}

const uploadsLogged = async () =>
  ((await mockControl('requests')) as LoggedRequest[]).filter(
    (request) => request.method === 'POST' && /\/rest\/massimport\/item$/.test(request.path),
  );

const cell = (page: Page, name: string) =>
  page.getByRole('grid', { name: 'Items' }).getByRole('gridcell', { name, exact: true });

describe('mass import (issue 15)', () => {
  journey(
    'alice uploads 12 files two at a time, cancels one, edits 3, validates them and finds them in search',
    async ({ page }) => {
      await mockControl('settings', { body: { 'imports.analyzeMs': 300, 'imports.commandMs': 300 } });
      // the page's timers on a clock the journey moves on: the import's polls are not waited out
      await page.clock.install();
      await signIn(page, 'alice');
      const stamp = Date.now().toString(36);
      await newImport(page, `Shoot ${stamp}`);
      await page.getByRole('combobox', { name: 'Simultaneous uploads' }).selectOption('2');
      const inFlight = await holdUploads(page, 500);
      await page.getByLabel('Add files', { exact: true }).setInputFiles(pngFiles(12));
      // the last file waits its turn: cancelled before it is sent
      const last = page.getByRole('listitem', { name: fileName(12) });
      await last.getByRole('button', { name: 'Cancel upload' }).click();
      await last.waitFor({ state: 'detached' });
      expect(await page.getByRole('progressbar', { name: 'All uploads' }).count()).toBe(1);

      // the others finish and become items
      for (let n = 1; n <= 11; n += 1) await cell(page, fileName(n)).waitFor({ timeout: 30_000 });
      expect(await cell(page, fileName(12)).count()).toBe(0);
      expect(inFlight.max).toBe(2);
      expect(await uploadsLogged()).toHaveLength(11);
      // a third upload never reached the server before one of the two before it was answered
      expect(inFlight.maxAtServer).toBe(2);

      // edit the title of three items once they are analysed
      const three = [1, 2, 3].map(fileName);
      for (const name of three) {
        await shownAfterPolls(page, cell(page, name).filter({ hasText: /incomplete|ready/ }));
        await cell(page, name).getByRole('checkbox', { name: 'Select' }).check();
      }
      await page.getByRole('button', { name: 'Edit metadata' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit metadata' });
      const title = `Sunrise ${stamp}`;
      await dialog.getByRole('textbox', { name: /^Title/ }).fill(title);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'detached' });
      for (const name of three) await shownAfterPolls(page, cell(page, name).filter({ hasText: 'ready' }));

      await page.getByRole('button', { name: 'Validate' }).click();
      for (const name of three)
        await shownAfterPolls(page, cell(page, name).filter({ hasText: 'validated' }));

      // the validated assets are in the library
      await page.getByRole('link', { name: 'Search', exact: true }).click();
      await page.getByRole('combobox', { name: 'Search' }).fill(stamp);
      await page.getByRole('combobox', { name: 'Search' }).press('Enter');
      await page
        .getByRole('status')
        .filter({ hasText: /^3 results$/ })
        .waitFor();
    },
  );

  journey('a file type the import does not accept shows the translated format error', async ({ page }) => {
    await signIn(page, 'alice');
    await newImport(page, 'Refusals');
    await page
      .getByLabel('Add files', { exact: true })
      .setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') }]);
    const alert = page.getByRole('alert').filter({ hasText: 'notes.txt:' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('This type of file is not accepted in this import.');
  });

  journey('a reload in the middle of the uploads lists the files to choose again', async ({ page }) => {
    await signIn(page, 'alice');
    await newImport(page, 'Interrupted');
    await page.getByRole('combobox', { name: 'Simultaneous uploads' }).selectOption('1');
    await holdUploads(page, 4000);
    await page.getByLabel('Add files', { exact: true }).setInputFiles(pngFiles(4));
    await page.getByRole('listitem', { name: fileName(4) }).waitFor();
    await page.reload();
    const resume = page.getByRole('status').filter({ hasText: 'Choose again to resume' });
    await resume.waitFor();
    const text = (await resume.textContent()) ?? '';
    for (const n of [2, 3, 4]) expect(text).toContain(fileName(n));
  });
});
