import { describe, expect } from 'vitest';
import { journey, portalUrl } from './helpers/portal';
import { signIn } from './helpers/session';

describe('adding search results to a cart (issues 4 and 6)', () => {
  journey('alice adds a result to Moodboard from /search, and the cart shows it', async ({ page }) => {
    await signIn(page, 'alice');
    await page.goto(`${portalUrl()}/search`);
    const first = page.getByRole('grid', { name: 'Results' }).getByRole('gridcell').first();
    await first.waitFor();
    const name = (await first.getAttribute('aria-label')) ?? '';
    expect(name).not.toBe('');
    await first.getByRole('button', { name: 'Add to cart' }).click();
    const chooser = page.getByRole('dialog', { name: `Add "${name}" to a cart` });
    await chooser.getByRole('menuitemcheckbox', { name: 'Moodboard' }).click();
    await chooser.getByRole('status').filter({ hasText: 'Added to Moodboard.' }).waitFor();
    await chooser.getByRole('button', { name: 'Close' }).click();

    await page.goto(`${portalUrl()}/carts/7`);
    await page.getByRole('heading', { level: 1, name: 'Moodboard' }).waitFor();
    const items = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: 'Remove from cart' }) });
    await expect.poll(() => items.count()).toBe(9);
    expect(await page.getByRole('listitem', { name }).count()).toBe(1);
  });
});
