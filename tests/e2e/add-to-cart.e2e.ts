import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { journey, portalUrl } from './helpers/portal';
import { openSignedIn } from './helpers/session';
import { cellName } from './helpers/cell-name';

const results = (page: Page) => page.getByRole('grid', { name: 'Results' }).getByRole('gridcell');
const cartItems = (page: Page) =>
  page.getByRole('listitem').filter({ has: page.getByRole('button', { name: 'Remove from cart' }) });
/** The index of the result tile furthest to the right in the first row. */
const rightmostIndex = (page: Page) =>
  results(page).evaluateAll((cells) => {
    const lefts = cells.map((cell) => cell.getBoundingClientRect().left);
    return lefts.indexOf(Math.max(...lefts));
  });
const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

describe('"Add to cart" is a menu (issues 4, 6 and 13)', () => {
  journey(
    'by keyboard at 1440 px: filter, arrows, Enter adds to Moodboard, Escape gives the focus back; "New cart…" creates, adds and opens the cart',
    async ({ page }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await openSignedIn(page, 'alice', '/search');
      const first = results(page).first();
      await first.waitFor();
      const name = await cellName(first);
      expect(name).not.toBe('');

      const trigger = first.getByRole('button', { name: 'Add to cart' });
      expect(await trigger.getAttribute('aria-haspopup')).toBe('menu');
      await trigger.focus();
      await page.keyboard.press('Enter');
      const popup = page.getByRole('dialog', { name: `Add "${name}" to a cart` });
      const filter = popup.getByRole('textbox', { name: 'Filter carts' });
      await filter.waitFor();
      expect(await isFocused(filter)).toBe(true);
      expect(await trigger.getAttribute('aria-expanded')).toBe('true');
      const menu = popup.getByRole('menu', { name: 'Carts' });
      // recent carts first: the first one offered is the most recently modified of alice's
      await menu.getByRole('menuitemcheckbox').first().waitFor();
      expect(await menu.getByRole('menuitemcheckbox').count()).toBeGreaterThan(3);

      await page.keyboard.type('mood');
      await expect.poll(() => menu.getByRole('menuitemcheckbox').count()).toBe(1);
      await page.keyboard.press('ArrowDown');
      const moodboard = menu.getByRole('menuitemcheckbox', { name: 'Moodboard' });
      expect(await isFocused(moodboard)).toBe(true);
      await page.keyboard.press('Enter');
      await popup.getByRole('status').filter({ hasText: 'Added to Moodboard.' }).waitFor();
      await expect.poll(() => moodboard.getAttribute('aria-checked')).toBe('true');
      await page.keyboard.press('Escape');
      await popup.waitFor({ state: 'detached' });
      expect(await isFocused(trigger)).toBe(true);
      expect(await trigger.getAttribute('aria-expanded')).toBe('false');

      // "New cart…": the filter's text is the name; Enter creates, adds and opens the cart
      await page.keyboard.press('Enter');
      await filter.waitFor();
      await page.keyboard.type('Trip to Lyon');
      await expect.poll(() => menu.getByRole('menuitemcheckbox').count()).toBe(0);
      await page.keyboard.press('ArrowDown');
      const newCart = menu.getByRole('menuitem', { name: 'New cart "Trip to Lyon"…' });
      expect(await isFocused(newCart)).toBe(true);
      await page.keyboard.press('Enter');
      const cartName = popup.getByRole('textbox', { name: 'Cart name' });
      expect(await cartName.inputValue()).toBe('Trip to Lyon');
      expect(await isFocused(cartName)).toBe(true);
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name: 'Trip to Lyon' }).waitFor();
      expect(page.url()).toMatch(/\/carts\/\d+$/);
      await page.getByRole('listitem', { name }).waitFor();
      expect(await cartItems(page).count()).toBe(1);

      // the server has both: Moodboard 9 items, the new cart the one asset
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Trip to Lyon' }).waitFor();
      await page.getByRole('listitem', { name }).waitFor();
      await page.goto(`${portalUrl()}/carts/7`);
      await page.getByRole('heading', { level: 1, name: 'Moodboard' }).waitFor();
      await expect.poll(() => cartItems(page).count()).toBe(9);
      expect(await page.getByRole('listitem', { name }).count()).toBe(1);

      // the rightmost tile's menu stays inside the page, scroll bar left out (issue 28)
      await page.goto(`${portalUrl()}/search`);
      await results(page).first().waitFor();
      const rightmost = await rightmostIndex(page);
      await results(page).nth(rightmost).getByRole('button', { name: 'Add to cart' }).click();
      const edgeMenu = page.getByRole('dialog', { name: /to a cart$/ });
      await edgeMenu.getByRole('menuitemcheckbox').first().waitFor();
      const right = await edgeMenu.evaluate((element) => ({
        popup: element.getBoundingClientRect().right,
        page: document.documentElement.clientWidth,
      }));
      expect(right.popup).toBeLessThanOrEqual(right.page - 8);
      await page.keyboard.press('Escape');

      // the bulk dialog's "New cart" makes a cart of the selection in one go, and opens it
      const picked = await Promise.all([0, 1].map((index) => cellName(results(page).nth(index))));
      for (const index of [0, 1])
        await results(page).nth(index).getByRole('checkbox', { name: 'Select' }).check();
      await page
        .getByRole('toolbar', { name: 'Selection' })
        .getByRole('button', { name: 'Add selection to cart' })
        .click();
      const chooser = page.getByRole('dialog', { name: 'Add 2 assets to a cart' });
      await chooser.getByRole('button', { name: 'New cart' }).click();
      await chooser.getByRole('textbox', { name: 'Cart name' }).fill('Selected two');
      await chooser.getByRole('button', { name: 'Create and add' }).click();
      await page.getByRole('heading', { level: 1, name: 'Selected two' }).waitFor();
      for (const one of picked) await page.getByRole('listitem', { name: one }).waitFor();
      expect(await cartItems(page).count()).toBe(2);
    },
  );

  journey(
    'at 390 px a visitor is offered sign-in first and comes back; the menu is a bottom sheet; "New cart…" by pointer',
    async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${portalUrl()}/search`);
      await results(page).first().waitFor();
      await results(page).first().getByRole('button', { name: 'Add to cart' }).click();
      const offer = page.getByRole('dialog', { name: 'Sign in first' });
      await offer.getByRole('link', { name: 'Sign in' }).click();
      await page.getByRole('textbox', { name: 'Login' }).fill('alice');
      await page.getByRole('textbox', { name: 'Password' }).fill('alice');
      await page.getByRole('button', { name: 'Sign in' }).click();
      // back where the visitor was
      await results(page).first().waitFor();
      expect(new URL(page.url()).pathname).toBe('/search');

      const first = results(page).first();
      const name = await cellName(first);
      await first.getByRole('button', { name: 'Add to cart' }).click();
      const popup = page.getByRole('dialog', { name: `Add "${name}" to a cart` });
      await popup.getByRole('menuitemcheckbox').first().waitFor();
      const box = await popup.boundingBox();
      expect(box?.width).toBe(390);
      expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(844);

      await popup.getByRole('menuitem', { name: 'New cart…' }).click();
      await popup.getByRole('textbox', { name: 'Cart name' }).fill('Phone picks');
      await popup.getByRole('button', { name: 'Create and add' }).click();
      await page.getByRole('heading', { level: 1, name: 'Phone picks' }).waitFor();
      await page.getByRole('listitem', { name }).waitFor();
    },
  );
});
