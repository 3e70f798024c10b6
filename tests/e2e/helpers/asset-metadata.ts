import type { Page } from 'playwright-core';

/** The asset page's metadata region. */
export const metadata = (page: Page) => page.getByRole('region', { name: 'Metadata' });

/** The value the metadata region shows under one label. */
export const shown = (page: Page, label: string) => metadata(page).locator(`dt:text-is("${label}") + dd`);

/** Edits the title and saves while the outbox keeps writes: returns once the panel says it is kept. */
export async function saveTitleKept(page: Page, title: string): Promise<void> {
  await metadata(page).getByRole('button', { name: 'Edit' }).click();
  await metadata(page).getByRole('textbox', { name: 'Title' }).fill(title);
  await metadata(page).getByRole('button', { name: 'Save' }).click();
  await metadata(page)
    .getByRole('status')
    .filter({ hasText: 'Will be saved when you are back online.' })
    .waitFor();
}
