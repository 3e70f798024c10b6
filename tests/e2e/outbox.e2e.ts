import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { journey, mockControl, portalUrl } from './helpers/portal';
import { apiAuthorization, signIn } from './helpers/session';
import { cellName } from './helpers/cell-name';

interface LoggedRequest {
  method: string;
  path: string;
}

const requestsTo = async (verb: string, cartId: string) =>
  ((await mockControl('requests')) as LoggedRequest[]).filter((request) =>
    request.path.endsWith(`/cart/${verb}/${cartId}`),
  ).length;

/** What the demo server holds of one of alice's carts, read through the API (not through the page). */
async function serverCart(cartId: string): Promise<{ name: string; items: { id: string; type: string }[] }> {
  const response = await fetch(`${portalUrl()}/api/wedia/cart/listCartItems/${cartId}?output=list`, {
    headers: { Authorization: await apiAuthorization('alice') },
  });
  return (await response.json()) as { name: string; items: { id: string; type: string }[] };
}

const waiting = (page: Page) => page.getByRole('status').filter({ hasText: /^\d+ changes? waiting$/ });

describe('nothing lost offline: the outbox (issue 25)', () => {
  journey(
    'renamed with the network cut, in a tab then closed: the next visit saves it once',
    async ({ page, browser }) => {
      await signIn(page, 'alice');
      // a second tab of the same browser, where the write is made
      const tab = await browser.newPage();
      await tab.goto(`${portalUrl()}/carts/7`);
      await tab.getByRole('heading', { level: 1, name: 'Moodboard' }).waitFor();

      await browser.setOffline(true);
      await tab.getByRole('button', { name: 'Edit' }).click();
      const edit = tab.getByRole('dialog', { name: 'Edit cart' });
      await edit.getByRole('textbox', { name: 'Name' }).fill('Moodboard offline');
      await edit.getByRole('button', { name: 'Save' }).click();
      // not an error: pending, counted in the header, listed in "Pending changes"
      await edit.getByRole('status').filter({ hasText: 'Will be saved when you are back online.' }).waitFor();
      await edit.getByRole('button', { name: 'Cancel' }).click();
      await waiting(tab).filter({ hasText: '1 change waiting' }).waitFor();
      await tab.getByRole('button', { name: 'Pending changes' }).click();
      const pending = tab.getByRole('dialog', { name: 'Pending changes' });
      await pending.getByText('Save the cart “Moodboard offline”').waitFor();
      expect(await pending.getByRole('button', { name: 'Retry' }).count()).toBe(1);
      expect(await pending.getByRole('button', { name: 'Discard' }).count()).toBe(1);
      await tab.close();

      expect((await serverCart('7')).name).toBe('Moodboard');
      expect(await requestsTo('editCart', '7')).toBe(0);
      await browser.setOffline(false);

      // the next visit: the kept rename is read back from IndexedDB and sent, once
      await page.goto(`${portalUrl()}/carts/7`);
      await page.getByRole('heading', { level: 1, name: 'Moodboard offline' }).waitFor();
      await expect.poll(() => waiting(page).count()).toBe(0);
      expect((await serverCart('7')).name).toBe('Moodboard offline');
      expect(await requestsTo('editCart', '7')).toBe(1);
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Moodboard offline' }).waitFor();
      expect(await waiting(page).count()).toBe(0);
    },
  );

  journey(
    'added to a cart while the server fails every time: kept through a reload, saved once on "Retry"',
    async ({ page }) => {
      await signIn(page, 'alice');
      const before = await serverCart('7');
      await mockControl('faults', { body: { match: 'addCartItems', rate: 1, status: 503 } });
      await page.goto(`${portalUrl()}/search`);
      const first = page.getByRole('grid', { name: 'Results' }).getByRole('gridcell').first();
      await first.waitFor();
      const name = await cellName(first);
      await first.getByRole('button', { name: 'Add to cart' }).click();
      const popup = page.getByRole('dialog', { name: `Add "${name}" to a cart` });
      await popup.getByRole('menuitemcheckbox', { name: 'Moodboard' }).click();
      await popup
        .getByRole('status')
        .filter({ hasText: 'Will be saved when you are back online.' })
        .waitFor();
      await waiting(page).filter({ hasText: '1 change waiting' }).waitFor();
      await page.keyboard.press('Escape');

      await page.reload();
      await waiting(page).filter({ hasText: '1 change waiting' }).waitFor();
      await mockControl('faults', { method: 'DELETE' });
      await page.getByRole('button', { name: 'Pending changes' }).click();
      const pending = page.getByRole('dialog', { name: 'Pending changes' });
      const retry = pending.getByRole('button', { name: 'Retry' });
      await retry.waitFor();
      // the outbox may be trying on its own at that moment: the button is enabled again after
      await expect.poll(() => retry.isEnabled()).toBe(true);
      await retry.click().catch(() => undefined);
      // saved: nothing waits any more, the count and its dialog are gone
      await pending.waitFor({ state: 'detached' });
      expect(await waiting(page).count()).toBe(0);

      const after = await serverCart('7');
      const added = after.items.filter((item) => !before.items.some((old) => old.id === item.id));
      expect(added).toHaveLength(1);
    },
  );
});
