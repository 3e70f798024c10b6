import type { Locator, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { config } from '../../../streams/core/config';
import { doneAfterTimers } from './clock';
import { portalUrl } from './portal';

/** A small real PNG, different for each seed. */
export function png(seed: number): Buffer {
  const image = new PNG({ width: 16, height: 16 });
  for (let at = 0; at < image.data.length; at += 4) image.data.set([seed * 60, (at / 4) % 255, 90, 255], at);
  return PNG.sync.write(image);
}

/** Creates an import from `/imports` ("New import") and waits for its page. */
export async function newImport(page: Page, name: string): Promise<void> {
  await page.goto(`${portalUrl()}/imports`);
  await page.getByRole('button', { name: 'New import' }).click();
  const dialog = page.getByRole('dialog', { name: 'New import' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

/**
 * Waits until `shown` is on the job's page. The portal asks about the items being analysed every
 * `importChangesPollMs` (and about running commands more often): the journey moves the page's clock
 * on by one poll at a time rather than waiting the polls out.
 */
export async function shownAfterPolls(page: Page, shown: Locator): Promise<void> {
  await doneAfterTimers(page, async () => (await shown.count()) > 0, config.importChangesPollMs);
}
