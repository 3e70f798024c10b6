import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { expectReplayToMatch, journey, portalUrl } from './helpers/portal';
import { cellName } from './helpers/cell-name';
import { signIn } from './helpers/session';

/** A second tab of the same browser (same origin, same storage), on `path`, once it knows the user. */
async function secondTab(first: Page, path: string): Promise<Page> {
  const tab = await first.context().newPage();
  await tab.goto(`${portalUrl()}${path}`);
  await tab.getByRole('button', { name: /^(sign out|se déconnecter)$/i }).waitFor();
  return tab;
}

const grid = (tab: Page) => tab.getByRole('grid', { name: 'Results' });

const tabRole = (tab: Page) =>
  tab.evaluate(
    () =>
      (
        window as unknown as { __DAM_PORTAL__: { getState(): { tabs: { role: string } } } }
      ).__DAM_PORTAL__.getState().tabs.role,
  );

describe('tabs in step (issue 25)', () => {
  journey(
    'a cart renamed in one tab is renamed in the other; a sign-out in one signs out both',
    async ({ page }) => {
      await signIn(page, 'alice');
      await page.goto(`${portalUrl()}/carts/7`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      const other = await secondTab(page, '/carts');
      const mine = other.getByRole('region', { name: 'My carts' });
      await mine.getByRole('link').first().waitFor();

      await page.getByRole('button', { name: 'Edit' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit cart' });
      await edit.getByRole('textbox', { name: 'Name' }).fill('Renamed in the first tab');
      await edit.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('heading', { level: 1, name: 'Renamed in the first tab' }).waitFor();
      await mine.getByRole('link', { name: 'Renamed in the first tab' }).waitFor();

      // one leader among the two tabs
      expect([await tabRole(page), await tabRole(other)].sort()).toEqual(['follower', 'leader']);

      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('button', { name: 'Sign out' }).waitFor({ state: 'detached' });
      await other.getByRole('button', { name: 'Sign out' }).waitFor({ state: 'detached' });
      await other.getByRole('link', { name: 'Sign in' }).first().waitFor();
      await expectReplayToMatch(other);
    },
  );

  journey(
    'a language chosen in one tab is the other’s; when the leader closes, the other tab leads',
    async ({ page }) => {
      await signIn(page, 'alice');
      const other = await secondTab(page, '/account');
      await other.getByRole('heading', { name: 'Your account' }).waitFor();
      await page.getByRole('link', { name: 'Account', exact: true }).click();
      await page.getByRole('combobox', { name: 'Language', exact: true }).selectOption('fr');
      await page.getByRole('heading', { name: 'Votre compte' }).waitFor();
      await other.getByRole('heading', { name: 'Votre compte' }).waitFor();
      await other.getByRole('button', { name: 'Se déconnecter' }).waitFor();

      // the first tab opened leads; once it closes, the lock passes to the other
      await expect.poll(() => tabRole(page)).toBe('leader');
      expect(await tabRole(other)).toBe('follower');
      await expectReplayToMatch(page);
      await page.close();
      await expect.poll(() => tabRole(other)).toBe('leader');
      await expectReplayToMatch(other);
    },
  );
  journey('items added to a cart in one tab show "In a cart" in the other', async ({ page }) => {
    await signIn(page, 'alice');
    await page.goto(`${portalUrl()}/search`);
    await grid(page).getByRole('gridcell').first().waitFor();
    const other = await secondTab(page, '/search');
    const cells = grid(other).getByRole('gridcell');
    await cells.first().waitFor();
    // a result in none of alice's carts yet
    let name = '';
    for (let index = 0; name === '' && index < (await cells.count()); index += 1) {
      const cell = cells.nth(index);
      if ((await cell.getByText('In a cart').count()) === 0) name = await cellName(cell);
    }
    expect(name).not.toBe('');

    await grid(page)
      .getByRole('gridcell', { name, exact: true })
      .getByRole('button', { name: 'Add to cart' })
      .click();
    const popup = page.getByRole('dialog', { name: `Add "${name}" to a cart` });
    await popup.getByRole('menuitemcheckbox', { name: 'Moodboard' }).click();
    await popup.getByRole('status').filter({ hasText: 'Added to Moodboard.' }).waitFor();
    await grid(other).getByRole('gridcell', { name, exact: true }).getByText('In a cart').waitFor();
    await expectReplayToMatch(other);
  });
});
