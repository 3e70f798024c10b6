import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import {
  expectWords,
  failAtRate,
  failEvery,
  failure,
  loseTheAnswer,
  noFaults,
  received,
  retryPendingChanges,
  waiting,
} from './helpers/faults';
import { newImport, png, shownAfterPolls } from './helpers/imports';
import { journey, mockControl, portalUrl } from './helpers/portal';
import { signIn } from './helpers/session';

/**
 * Issue 27, the fault pass over the writes of the second wave: mass import (upload, validate,
 * move, delete) and CMS pages (save, publish). A write the server failed is said and can be done
 * again; a write whose answer was lost is read back from the server, without a reload.
 */

const fileName = (n: number) => `shot-${n}.png`;
const grid = (page: Page) => page.getByRole('grid', { name: 'Items' });
const cell = (page: Page, name: string) => grid(page).getByRole('gridcell', { name, exact: true });
const UPLOAD = '/rest/massimport/item$';
const ITEM = '/rest/massimport/data/item/\\d+$';

async function uploadFiles(page: Page, count: number): Promise<void> {
  await page.getByLabel('Add files', { exact: true }).setInputFiles(
    Array.from({ length: count }, (_, n) => ({
      name: fileName(n + 1),
      mimeType: 'image/png',
      buffer: png(n + 1),
    })),
  );
}

async function analysed(page: Page, names: string[]): Promise<void> {
  for (const name of names)
    await shownAfterPolls(page, cell(page, name).filter({ hasText: /incomplete|ready/ }));
}

const select = (page: Page, name: string) =>
  cell(page, name).getByRole('checkbox', { name: 'Select' }).check();

describe('mass import under faults (issue 27)', () => {
  journey(
    '5 files at 30 % 500s, then an upload whose answer is lost: each said, tried again, and the import holds each once',
    async ({ page }) => {
      await mockControl('settings', { body: { 'imports.analyzeMs': 300, 'imports.commandMs': 300 } });
      // the page's timers on a clock the journey moves on: the import's polls are not waited out
      await page.clock.install();
      await signIn(page, 'alice');
      await newImport(page, `Faults ${Date.now().toString(36)}`);
      await page.getByRole('combobox', { name: 'Simultaneous uploads' }).selectOption('1');
      // one at a time: the 4th upload is the one that fails
      await failAtRate(UPLOAD, 0.3, 500, 'POST');
      await uploadFiles(page, 5);
      const failed = page.getByRole('listitem', { name: fileName(4) });
      await expectWords(failure(failed, `${fileName(4)}:`));
      await analysed(page, [1, 2, 3, 5].map(fileName));
      await noFaults();
      await failed.getByRole('button', { name: 'Try again' }).click();
      await analysed(page, [fileName(4)]);
      expect(await received('POST', new RegExp(UPLOAD))).toBe(6);

      // a sixth file whose answer is lost: the portal finds it on the server, and sends it no more
      await loseTheAnswer(UPLOAD, 'POST');
      await page
        .getByLabel('Add files', { exact: true })
        .setInputFiles([{ name: fileName(6), mimeType: 'image/png', buffer: png(6) }]);
      await analysed(page, [fileName(6)]);
      await noFaults();
      expect(await failure(page, `${fileName(6)}:`).count()).toBe(0);

      await page.reload();
      await analysed(page, [1, 2, 3, 4, 5, 6].map(fileName));
      expect(await grid(page).getByRole('gridcell').count()).toBe(6);
    },
  );

  journey(
    'validate under a 500, then a move and a delete whose answers are lost: read back, and the grid matches the server',
    async ({ page }) => {
      await mockControl('settings', { body: { 'imports.analyzeMs': 300, 'imports.commandMs': 300 } });
      // the page's timers on a clock the journey moves on: the import's polls are not waited out
      await page.clock.install();
      await signIn(page, 'alice');
      const name = `Lost answers ${Date.now().toString(36)}`;
      await newImport(page, name);
      await uploadFiles(page, 3);
      await analysed(page, [1, 2, 3].map(fileName));

      await select(page, fileName(1));
      await failEvery('/rest/massimport/job/\\d+$', 500, 'PUT');
      await page.getByRole('button', { name: 'Validate' }).click();
      // kept by the outbox: said as kept, not as failed, and sent again once the server is back
      await page
        .getByRole('status')
        .filter({ hasText: 'The action could not reach the server: it is kept and will be sent again.' })
        .waitFor();
      expect(await failure(page, 'The action failed.').count()).toBe(0);
      await noFaults();
      await retryPendingChanges(page);
      await page.keyboard.press('Escape');
      await shownAfterPolls(page, cell(page, fileName(1)).filter({ hasText: 'validated' }));

      await cell(page, fileName(1)).getByRole('checkbox', { name: 'Select' }).uncheck();
      await select(page, fileName(2));
      await loseTheAnswer('/rest/massimport/data/item/\\d+$', 'PATCH');
      await page.getByRole('button', { name: 'Move to another import' }).click();
      const move = page.getByRole('dialog', { name: 'Move to another import' });
      const target = await move.getByRole('combobox').locator('option:checked').textContent();
      await move.getByRole('button', { name: 'Move' }).click();
      await cell(page, fileName(2)).waitFor({ state: 'detached', timeout: 30_000 });
      await noFaults();

      await select(page, fileName(3));
      await loseTheAnswer('/rest/massimport/data/item/\\d+$', 'DELETE');
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      await page
        .getByRole('dialog', { name: 'Delete 1 item?' })
        .getByRole('button', { name: 'Delete' })
        .click();
      await cell(page, fileName(3)).waitFor({ state: 'detached', timeout: 30_000 });
      await noFaults();
      expect(await page.getByRole('alert').count()).toBe(0);

      await page.reload();
      await cell(page, fileName(1)).waitFor();
      expect(await grid(page).getByRole('gridcell').count()).toBe(1);
      await page.goto(`${portalUrl()}/imports`);
      await page.getByRole('link', { name: target ?? '' }).click();
      await cell(page, fileName(2)).waitFor();
    },
  );

  journey(
    'an item deleted under a 500 is kept by the outbox, and deleted once when the server is back',
    async ({ page }) => {
      await mockControl('settings', { body: { 'imports.analyzeMs': 300 } });
      // the page's timers on a clock the journey moves on: the import's polls are not waited out
      await page.clock.install();
      await signIn(page, 'alice');
      const name = `Kept delete ${Date.now().toString(36)}`;
      await newImport(page, name);
      await uploadFiles(page, 2);
      await analysed(page, [1, 2].map(fileName));

      await select(page, fileName(1));
      await failEvery(ITEM, 500, 'DELETE');
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      await page
        .getByRole('dialog', { name: 'Delete 1 item?' })
        .getByRole('button', { name: 'Delete' })
        .click();
      await cell(page, fileName(1)).filter({ hasText: 'Will be saved when you are back online.' }).waitFor();
      await waiting(page).filter({ hasText: '1 change waiting' }).waitFor();
      await page.getByRole('button', { name: 'Pending changes' }).click();
      const pending = page.getByRole('dialog', { name: 'Pending changes' });
      await pending.getByText(`Delete 1 import item from “${name}”`).waitFor();

      await page.keyboard.press('Escape');
      await pending.waitFor({ state: 'hidden' });

      // the outbox tries again on its own (each a 500) until the browser goes offline: then it waits
      await page.context().setOffline(true);
      await noFaults();
      const failed = await received('DELETE', new RegExp(ITEM));
      await page.context().setOffline(false);
      await cell(page, fileName(1)).waitFor({ state: 'detached', timeout: 30_000 });
      await expect.poll(() => waiting(page).count(), { timeout: 30_000 }).toBe(0);
      expect(await received('DELETE', new RegExp(ITEM))).toBe(failed + 1);

      await page.reload();
      await cell(page, fileName(2)).waitFor();
      expect(await grid(page).getByRole('gridcell').count()).toBe(1);
    },
  );
});

const article = (page: Page): Locator => page.locator('article.cms-page');

describe('CMS pages under faults (issue 27)', () => {
  journey(
    'a save during an outage is kept and sent once; a save and a publish whose answers are lost are read back',
    async ({ page }) => {
      await signIn(page, 'alice');
      await page.goto(`${portalUrl()}/pages/home`);
      await article(page).getByRole('heading', { level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Edit page' }).click();
      await page.getByRole('button', { name: 'Stop editing' }).waitFor();
      const title = article(page).getByRole('textbox', { name: 'Text of “Title”' });
      await title.fill('Welcome, kept through an outage');
      await title.press('Enter');
      await page.getByText(/^Unsaved changes: 1$/).waitFor();

      // a 500 is an outage: the outbox keeps the save (issue 25) and sends it once asked again
      await failEvery('/json/update/', 500);
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('status').filter({ hasText: 'Will be saved when you are back online.' }).waitFor();
      await noFaults();
      const pending = await retryPendingChanges(page);
      await page.keyboard.press('Escape');
      await pending.waitFor({ state: 'hidden' });

      await title.fill('Welcome, through faults');
      await title.press('Enter');
      await page.getByText(/^Unsaved changes: 1$/).waitFor();
      await loseTheAnswer('/json/update/');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('status').filter({ hasText: 'The changes are saved.' }).waitFor();
      await noFaults();

      await loseTheAnswer('/json/workflow/');
      await page.getByRole('button', { name: 'Publish' }).click();
      await page.getByRole('status').filter({ hasText: 'The page is published.' }).waitFor();
      await noFaults();
      expect(await page.getByRole('alert').count()).toBe(0);

      await page.reload();
      await article(page).getByRole('heading', { level: 1, name: 'Welcome, through faults' }).waitFor();
    },
  );
});
