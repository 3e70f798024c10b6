import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import type { LoggedRequest } from '../../mocks/runtime';
import { newImport, png, shownAfterPolls } from './helpers/imports';
import { journey, mockControl, portalUrl } from './helpers/portal';
import { signIn } from './helpers/session';

const requests = async () => (await mockControl('requests')) as LoggedRequest[];
const grid = (page: Page) => page.getByRole('grid', { name: 'Items' });
const cell = (page: Page, name: string) => grid(page).getByRole('gridcell', { name, exact: true });
const summary = (page: Page) => page.getByRole('region', { name: 'About this import' });
/** The value the summary gives for a term, e.g. "Owner". */
const fact = (page: Page, term: string) =>
  summary(page)
    .locator('dl > div')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${term}$`) }) })
    .locator('dd');

const select = (page: Page, name: string) =>
  cell(page, name).getByRole('checkbox', { name: 'Select' }).check();

describe('mass-import job management (issue 24)', () => {
  journey(
    'alice sorts, counts, starts, bulk-edits, steps one item, gives the import to bob and deletes it',
    async ({ page }) => {
      await mockControl('settings', { body: { 'imports.analyzeMs': 300 } });
      // the page's timers on a clock the journey moves on: the import's polls are not waited out
      await page.clock.install();
      await signIn(page, 'alice');
      const stamp = Date.now().toString(36);
      const name = `Jobs ${stamp}`;
      await newImport(page, name);
      await fact(page, 'Owner').filter({ hasText: 'Alice Martin' }).waitFor();
      await page.getByLabel('Add files', { exact: true }).setInputFiles(
        ['c.png', 'a.png', 'b.png'].map((file, n) => ({
          name: file,
          mimeType: 'image/png',
          buffer: png(n + 1),
        })),
      );
      for (const file of ['a.png', 'b.png', 'c.png'])
        await shownAfterPolls(page, cell(page, file).filter({ hasText: /incomplete|ready/ }));

      // the counts follow the items: 3 items, none being analysed any more
      await fact(page, 'Items').filter({ hasText: /^3$/ }).waitFor();
      await fact(page, 'Being analysed').filter({ hasText: /^0$/ }).waitFor();

      // "Sort items": the server orders them, the grid follows
      await page.getByRole('combobox', { name: 'Sort items' }).selectOption({ label: 'Name Z to A' });
      const order = async () =>
        (await grid(page).getByRole('gridcell').allTextContents()).map((text) =>
          ['a.png', 'b.png', 'c.png'].find((file) => text.includes(file)),
        );
      await expect.poll(order).toEqual(['c.png', 'b.png', 'a.png']);
      expect(
        (await requests()).some(
          (one) => /\/job\/\d+\/item$/.test(one.path) && one.query.orderby === 'name desc',
        ),
      ).toBe(true);

      // "Edit metadata" on two items: one bulk patch
      await select(page, 'a.png');
      await select(page, 'b.png');
      await page.getByRole('button', { name: 'Edit metadata' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit metadata' });
      await dialog.getByRole('textbox', { name: /^Title/ }).fill(`Dawn ${stamp}`);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'detached' });
      for (const file of ['a.png', 'b.png'])
        await shownAfterPolls(page, cell(page, file).filter({ hasText: 'ready' }));
      const patch = (await requests()).find((one) => /\/data\/item\/\d+,\d+$/.test(one.path));
      expect(patch).toMatchObject({ method: 'POST', headers: { 'x-http-method-override': 'PATCH' } });
      expect(JSON.parse((patch!.body as { json: string }).json)).toEqual({ title: `Dawn ${stamp}` });

      // one item's workflow step: its own shape
      await cell(page, 'a.png').getByRole('checkbox', { name: 'Select' }).uncheck();
      await cell(page, 'b.png').getByRole('checkbox', { name: 'Select' }).uncheck();
      await select(page, 'c.png');
      await page.getByRole('group', { name: 'Workflow' }).getByRole('button', { name: 'Reject' }).click();
      await cell(page, 'c.png').filter({ hasText: 'error' }).waitFor();
      const step = (await requests()).find((one) => /\/data\/item\/\d+\/workflow$/.test(one.path));
      expect(step).toMatchObject({ method: 'POST', query: { workflowAction: 'reject', workflows: 'true' } });

      // "Start workflow": the job runs
      await page.getByRole('button', { name: 'Start workflow' }).click();
      await fact(page, 'Status').filter({ hasText: 'running' }).waitFor();
      expect(await page.getByRole('button', { name: 'Start workflow' }).isDisabled()).toBe(true);

      // "Change owner": bob, named by the job list
      await page.getByRole('button', { name: 'Change owner' }).click();
      const owner = page.getByRole('dialog', { name: 'Change owner' });
      await owner.getByRole('combobox', { name: 'New owner' }).selectOption({ label: 'Bob Durand' });
      await owner.getByRole('button', { name: 'Save' }).click();
      await fact(page, 'Owner').filter({ hasText: 'Bob Durand' }).waitFor();

      // "Delete import", confirmed: back on the list, which no longer has it
      await page.getByRole('button', { name: 'Delete import' }).click();
      await page
        .getByRole('dialog', { name: 'Delete import' })
        .getByRole('button', { name: 'Delete' })
        .click();
      await page.waitForURL(`${portalUrl()}/imports`);
      await page.getByRole('link', { name: 'Coffee menu pictures' }).waitFor();
      expect(await page.getByRole('link', { name }).count()).toBe(0);

      // the same actions on a row of the list: "Start workflow" on bob's "Coffee menu pictures"
      const starts = async () =>
        (await requests()).filter(
          (one) => /\/job\/\d+\/workflow$/.test(one.path) && one.query.workflowAction === 'start',
        );
      const started = (await starts()).length;
      await page
        .getByRole('group', { name: 'Actions of Coffee menu pictures' })
        .getByRole('button', { name: 'Start workflow' })
        .click();
      await expect.poll(async () => (await starts()).length).toBe(started + 1);
      expect(await page.getByRole('link', { name: 'Coffee menu pictures' }).count()).toBe(1);
    },
  );

  journey(
    "bob's delete of his import falls back to deactivating it; alice's import is not his",
    async ({ page }) => {
      // bob reads the portal in French
      await signIn(page, 'bob');
      await page.goto(`${portalUrl()}/imports`);
      await page.getByRole('link', { name: 'Store openings' }).click();
      await page.getByRole('heading', { level: 1, name: 'Store openings' }).waitFor();
      await page.getByRole('button', { name: 'Supprimer l’import' }).click();
      await page
        .getByRole('dialog', { name: 'Supprimer l’import' })
        .getByRole('button', { name: 'Supprimer', exact: true })
        .click();
      await page.waitForURL(`${portalUrl()}/imports`);
      await page.getByRole('link', { name: 'Coffee menu pictures' }).waitFor();
      expect(await page.getByRole('link', { name: 'Store openings' }).count()).toBe(0);
      const writes = (await requests()).filter(
        (one) => /\/massimport\/job\/\d+$/.test(one.path) && one.method !== 'GET',
      );
      expect(writes.map((one) => one.method)).toEqual(['DELETE', 'PATCH']);
      expect(writes[1]!.body).toEqual({ activated: false });

      // alice's first import: the server refuses bob (403), the page says so and leads back
      await page.goto(`${portalUrl()}/imports/1`);
      const refusal = page.getByRole('alert').filter({ hasText: 'Vous n’avez pas accès à cet import' });
      await refusal.getByRole('link', { name: 'Tous les imports' }).waitFor();
      expect(await page.getByRole('button', { name: 'Supprimer l’import' }).count()).toBe(0);
    },
  );
});
