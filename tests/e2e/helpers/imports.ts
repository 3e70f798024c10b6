import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
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
