import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { journey, portalUrl } from './helpers/portal';
import { openSignedIn } from './helpers/session';
import { cellName } from './helpers/cell-name';
import { metadata, shown } from './helpers/asset-metadata';
import { expectWords, failEvery, failure, noFaults, received } from './helpers/faults';

/** Demo asset 1 (mocks/db/assets.ts, default seed): an image. */
const ASSET_ID = 1;

/** Opens the asset's page, as `login` signed in through the API when given (one start of the portal). */
async function openAsset(page: Page, id: number, login?: string): Promise<void> {
  const path = `/assets/asset/${id}`;
  if (login) await openSignedIn(page, login, path);
  else await page.goto(`${portalUrl()}${path}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await shown(page, 'Author').waitFor();
}

describe('editing an asset’s metadata (issue 14)', () => {
  journey('alice edits the title, saves, and sees it after a reload', async ({ page }) => {
    await openAsset(page, ASSET_ID, 'alice');
    await metadata(page).getByRole('button', { name: 'Edit' }).click();
    const title = metadata(page).getByRole('textbox', { name: 'Title' });
    await title.fill('A lake at dawn, edited');
    await metadata(page).getByRole('button', { name: 'Save' }).click();
    await metadata(page).getByRole('status').filter({ hasText: 'The changes are saved.' }).waitFor();
    expect(await shown(page, 'Title').textContent()).toBe('A lake at dawn, edited');
    await page.reload();
    await shown(page, 'Title').filter({ hasText: 'A lake at dawn, edited' }).waitFor();
    expect(await metadata(page).getByRole('button', { name: 'Save' }).count()).toBe(0);
  });

  journey(
    'the form asks which fields an update may send; when that fails it says so and asks again',
    async ({ page }) => {
      await openAsset(page, ASSET_ID, 'alice');
      await failEvery('\\.update/headers$', 500, 'GET');
      await metadata(page).getByRole('button', { name: 'Edit' }).click();
      const said = failure(metadata(page), 'The fields this asset lets you change could not be read');
      await expectWords(said);
      // meanwhile the schema's editable fields are offered
      await metadata(page).getByRole('textbox', { name: 'Author' }).waitFor();
      await noFaults();
      await said.getByRole('button', { name: 'Try again' }).click();
      await expect.poll(() => said.count()).toBe(0);
      expect(await received('GET', /\/json\/update\/dam\.data\.asset\.update\/headers$/)).toBe(2);
      await metadata(page).getByRole('textbox', { name: 'Author' }).waitFor();
    },
  );

  journey('alice changes a field, discards the changes, and the old value is back', async ({ page }) => {
    await openAsset(page, ASSET_ID, 'alice');
    const before = (await shown(page, 'Author').textContent()) ?? '';
    await metadata(page).getByRole('button', { name: 'Edit' }).click();
    await metadata(page).getByRole('textbox', { name: 'Author' }).fill('Somebody else');
    await metadata(page).getByRole('button', { name: 'Discard changes' }).click();
    await shown(page, 'Author').waitFor();
    expect(await shown(page, 'Author').textContent()).toBe(before);
    await page.reload();
    await shown(page, 'Author').waitFor();
    expect(await shown(page, 'Author').textContent()).toBe(before);
    expect(await page.getByText(/^Unsaved changes from/).count()).toBe(0);
  });

  journey('a draft survives a reload: announced, kept, then discarded', async ({ page }) => {
    await openAsset(page, ASSET_ID, 'alice');
    const before = (await shown(page, 'Author').textContent()) ?? '';
    await metadata(page).getByRole('button', { name: 'Edit' }).click();
    await metadata(page).getByRole('textbox', { name: 'Author' }).fill('Draft author');
    await page.reload();
    const notice = metadata(page)
      .getByRole('status')
      .filter({ hasText: /^Unsaved changes from/ });
    await notice.waitFor();
    expect(await metadata(page).getByRole('textbox', { name: 'Author' }).inputValue()).toBe('Draft author');
    await notice.getByRole('button', { name: 'Keep editing' }).click();
    expect(await notice.count()).toBe(0);
    await metadata(page).getByRole('button', { name: 'Discard changes' }).click();
    await shown(page, 'Author').waitFor();
    expect(await shown(page, 'Author').textContent()).toBe(before);
  });

  journey('alice edits the author of 5 selected results as one batch, with progress', async ({ page }) => {
    await openSignedIn(page, 'alice', '/search');
    const cells = page.getByRole('grid', { name: 'Results' }).getByRole('gridcell');
    await cells.nth(4).waitFor();
    const names: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      names.push(await cellName(cells.nth(index)));
      await cells.nth(index).getByRole('checkbox', { name: 'Select' }).click();
    }
    const toolbar = page.getByRole('toolbar', { name: 'Selection' });
    await toolbar.filter({ hasText: '5 selected' }).waitFor();
    await toolbar.getByRole('button', { name: 'Edit metadata of the selection' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit metadata of the selection' });
    await dialog.getByRole('textbox', { name: 'Author' }).fill('Batch Author');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    const bar = dialog.getByRole('progressbar', { name: 'Progress' });
    await bar.waitFor();
    await expect.poll(() => bar.getAttribute('aria-valuenow'), { timeout: 15_000 }).toBe('100');
    await dialog.getByRole('status').filter({ hasText: '5 of 5 assets updated.' }).waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    expect(await dialog.count()).toBe(0);

    // each of the five shows the new author on its page
    const href = (await cells.nth(4).getByRole('link', { name: names[4] }).getAttribute('href')) ?? '';
    await cells.nth(4).getByRole('link', { name: names[4] }).click();
    await page.getByRole('heading', { level: 1, name: names[4] }).waitFor();
    expect(page.url()).toContain(href);
    await shown(page, 'Author').filter({ hasText: 'Batch Author' }).waitFor();
    for (let step = 3; step >= 0; step -= 1) {
      await page.getByRole('link', { name: 'Previous' }).click();
      await page.getByRole('heading', { level: 1, name: names[step] }).waitFor();
      await shown(page, 'Author').filter({ hasText: 'Batch Author' }).waitFor();
    }
  });

  journey('alice adds a keyword through the lookup, saves, and reads it by name', async ({ page }) => {
    await openAsset(page, ASSET_ID, 'alice');
    const before = (await shown(page, 'Keywords').textContent()) ?? '';
    await metadata(page).getByRole('button', { name: 'Edit' }).click();
    const box = metadata(page).getByRole('combobox', { name: 'Keywords' });
    await box.fill('e');
    const option = page.getByRole('listbox', { name: 'Add to Keywords' }).getByRole('option').first();
    await option.waitFor();
    const keyword = ((await option.textContent()) ?? '').trim();
    expect(keyword).not.toBe('');
    await box.press('Enter');
    await metadata(page)
      .getByRole('button', { name: `Remove ${keyword}` })
      .waitFor();
    await metadata(page).getByRole('button', { name: 'Save' }).click();
    await metadata(page).getByRole('status').filter({ hasText: 'The changes are saved.' }).waitFor();
    await page.reload();
    await shown(page, 'Keywords').filter({ hasText: keyword }).waitFor();
    expect(((await shown(page, 'Keywords').textContent()) ?? '').length).toBeGreaterThan(before.length);
  });

  journey('a workflow step shows the new state', async ({ page }) => {
    await openAsset(page, ASSET_ID, 'alice');
    const workflow = page.getByRole('group', { name: 'Workflow' });
    const state = workflow.getByRole('status');
    const before = (await state.textContent()) ?? '';
    expect(before).toMatch(/^State: /);
    await workflow.getByRole('button').first().click();
    await expect.poll(() => state.textContent(), { timeout: 10_000 }).not.toBe(before);
    await page.reload();
    await page.getByRole('group', { name: 'Workflow' }).getByRole('status').waitFor();
    expect(await page.getByRole('group', { name: 'Workflow' }).getByRole('status').textContent()).not.toBe(
      before,
    );
  });

  journey('alice deletes an asset after a confirmation, and is back on the search', async ({ page }) => {
    await openAsset(page, 5, 'alice');
    await metadata(page).getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this asset?' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe('/search');
    await page.goto(`${portalUrl()}/assets/asset/5`);
    await page.getByText('404').first().waitFor();
  });

  journey('bob (in French) may edit but sees no Delete', async ({ page }) => {
    // bob reads the portal in French
    await openSignedIn(page, 'bob', `/assets/asset/${ASSET_ID}`);
    await page.getByRole('button', { name: 'Se déconnecter' }).waitFor();
    const panel = page.getByRole('region', { name: 'Métadonnées' });
    await panel.locator('dt:text-is("Auteur") + dd').waitFor();
    await panel.getByRole('button', { name: 'Modifier' }).waitFor();
    expect(await panel.getByRole('button', { name: 'Supprimer' }).count()).toBe(0);
    expect(
      await page.getByRole('group', { name: 'Circuit de validation' }).getByRole('button').count(),
    ).toBeGreaterThan(0);
  });

  journey('carol sees no Edit, no Delete and no workflow steps', async ({ page }) => {
    await openAsset(page, ASSET_ID, 'carol');
    expect(await metadata(page).getByRole('button', { name: 'Edit' }).count()).toBe(0);
    expect(await metadata(page).getByRole('button', { name: 'Delete' }).count()).toBe(0);
    expect(await page.getByRole('group', { name: 'Workflow' }).getByRole('button').count()).toBe(0);
  });

  journey('the visitor reads the metadata but sees no Edit', async ({ page }) => {
    await openAsset(page, ASSET_ID);
    expect(await metadata(page).getByRole('button', { name: 'Edit' }).count()).toBe(0);
    expect(await metadata(page).getByRole('button', { name: 'Delete' }).count()).toBe(0);
  });
});
