import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { journey, portalUrl } from './helpers/portal';
import { signIn, switchLanguage } from './helpers/session';
import { cellName } from './helpers/cell-name';

const grid = (page: Page) => page.getByRole('grid', { name: /^(Results|Résultats)$/ });
const cells = (page: Page) => grid(page).getByRole('gridcell');
const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);
const focusedLabel = (page: Page) =>
  page.evaluate(
    () =>
      document.activeElement
        ?.closest('[role="gridcell"]')
        ?.querySelector('[role="group"]')
        ?.getAttribute('aria-label') ?? null,
  );
const selectedCount = (page: Page) => grid(page).locator('[role="gridcell"][aria-selected="true"]').count();

async function openResults(page: Page): Promise<void> {
  await page.goto(`${portalUrl()}/search`);
  await cells(page).first().waitFor();
}

/**
 * The "In a cart" chips whose text does not fit and is cut without an ellipsis and a title: the
 * text-fit rule of issue 28 (a centred flex badge cut "Dans un panier" on both sides).
 */
const clippedChips = (page: Page) =>
  grid(page)
    .locator('.result-tile__in-cart')
    .evaluateAll((chips) =>
      chips
        .filter((chip) => {
          if (chip.scrollWidth <= chip.clientWidth) return false;
          const style = getComputedStyle(chip);
          const cutWithEllipsis = style.textOverflow === 'ellipsis' && !style.display.includes('flex');
          return !(cutWithEllipsis && (chip as HTMLElement).title);
        })
        .map((chip) => chip.textContent),
    );

describe('search results you can act on (issue 13)', () => {
  journey(
    '1440×900, alice: the grid by keyboard, a shift-click range, Add selection to cart, In a cart, Download selection, Clear selection, a tile opens its asset page',
    async ({ page }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await signIn(page, 'alice');
      await openResults(page);
      // the page scrolls, not the grid
      expect(
        await grid(page).evaluate((element) => getComputedStyle(element.parentElement as Element).overflowY),
      ).toBe('visible');

      // one tab stop with arrows inside
      const first = cells(page).first();
      await first.focus();
      await page.keyboard.press('ArrowRight');
      expect(await isFocused(cells(page).nth(1))).toBe(true);
      await page.keyboard.press('Space');
      await expect.poll(() => cells(page).nth(1).getAttribute('aria-selected')).toBe('true');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Shift+Space');
      await expect.poll(() => selectedCount(page)).toBe(3);
      const toolbar = page.getByRole('toolbar', { name: 'Selection' });
      await toolbar.getByText('3 selected').waitFor();
      // Tab reaches the focused tile's link, Select and Add to cart, then leaves the grid
      const focusedTile = cells(page).nth(3);
      await page.keyboard.press('Tab');
      expect(await isFocused(focusedTile.getByRole('link'))).toBe(true);
      await page.keyboard.press('Tab');
      expect(await isFocused(focusedTile.getByRole('checkbox', { name: 'Select' }))).toBe(true);
      await page.keyboard.press('Tab');
      expect(await isFocused(focusedTile.getByRole('button', { name: 'Add to cart' }))).toBe(true);
      await page.keyboard.press('Tab');
      expect(await grid(page).evaluate((element) => element.contains(document.activeElement))).toBe(false);

      // leaving the grid went down the page to the footer: back to the top, where the drawn rows follow
      await page.evaluate(() => window.scrollTo(0, 0));
      const tile = (index: number) => grid(page).locator(`[role="gridcell"][data-index="${index}"]`);
      await tile(0).waitFor();
      // a shift-click ranges from where the last range started (the second tile) to the sixth
      await tile(5)
        .getByRole('checkbox', { name: 'Select' })
        .click({ modifiers: ['Shift'] });
      await toolbar.getByText('5 selected').waitFor();
      const names = await Promise.all([1, 2, 3, 4, 5].map(async (index) => await cellName(tile(index))));

      // Add selection to cart: Moodboard, then the tiles say they are in a cart
      await toolbar.getByRole('button', { name: 'Add selection to cart' }).click();
      const chooser = page.getByRole('dialog', { name: 'Add 5 assets to a cart' });
      await chooser.getByRole('searchbox', { name: 'Filter carts' }).fill('mood');
      await chooser.getByRole('button', { name: /^Add to Moodboard/ }).click();
      await chooser.getByRole('status').filter({ hasText: 'Added to Moodboard.' }).waitFor();
      await chooser.getByRole('button', { name: 'Close' }).click();
      await chooser.waitFor({ state: 'detached' });
      for (const name of names) {
        const badge = grid(page).getByRole('gridcell', { name, exact: true }).getByText('In a cart');
        await badge.waitFor();
        expect(await badge.getAttribute('title')).toContain('Moodboard');
      }

      // Download selection: a new private cart of the five, then the Download dialog
      await toolbar.getByRole('button', { name: 'Download selection' }).click();
      const naming = page.getByRole('dialog', { name: 'Download selection' });
      await naming.getByRole('textbox', { name: 'Name' }).fill('Five for the agency');
      await naming.getByRole('button', { name: 'Continue' }).click();
      const download = page.getByRole('dialog', { name: 'Download' });
      await download.getByText('Five for the agency').first().waitFor();
      await download.getByRole('button', { name: 'Start download' }).click();
      await download
        .getByRole('status')
        .filter({ hasText: /prepared in the background/ })
        .waitFor();
      await download.getByRole('button', { name: 'Close' }).click();
      await download.waitFor({ state: 'detached' });

      // Clear selection
      await toolbar.getByRole('button', { name: 'Clear selection' }).click();
      await toolbar.waitFor({ state: 'detached' });
      expect(await selectedCount(page)).toBe(0);

      // Enter on a tile opens its asset page
      await tile(0).focus();
      const name = await focusedLabel(page);
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/assets\/asset\/\d+\?from=search$/);
      await page.getByRole('heading', { level: 1, name: name ?? '' }).waitFor();
    },
  );

  journey(
    '1440×900, alice in French: the "Dans un panier" chips fit or end in an ellipsis with a title (issue 28)',
    async ({ page }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await signIn(page, 'alice');
      await openResults(page);
      await cells(page).nth(0).getByRole('checkbox', { name: 'Select' }).click();
      await cells(page)
        .nth(5)
        .getByRole('checkbox', { name: 'Select' })
        .click({ modifiers: ['Shift'] });
      const toolbar = page.getByRole('toolbar', { name: 'Selection' });
      await toolbar.getByRole('button', { name: 'Add selection to cart' }).click();
      const chooser = page.getByRole('dialog', { name: 'Add 6 assets to a cart' });
      await chooser.getByRole('searchbox', { name: 'Filter carts' }).fill('mood');
      await chooser.getByRole('button', { name: /^Add to Moodboard/ }).click();
      await chooser.getByRole('status').filter({ hasText: 'Added to Moodboard.' }).waitFor();
      await chooser.getByRole('button', { name: 'Close' }).click();

      await switchLanguage(page, 'fr');
      try {
        await openResults(page);
        await grid(page).getByText('Dans un panier').first().waitFor();
        expect(await grid(page).getByText('Dans un panier').count()).toBeGreaterThanOrEqual(6);
        expect(await clippedChips(page)).toEqual([]);
      } finally {
        await switchLanguage(page, 'en');
      }
    },
  );

  journey(
    '390×844, bob in French: two columns, the page scrolls, the selection toolbar stays in view and fits',
    async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await signIn(page, 'bob');
      await openResults(page);
      expect(Number(await grid(page).getAttribute('aria-colcount'))).toBe(2);
      const width = await grid(page).evaluate((element) => element.getBoundingClientRect().width);
      expect(width).toBeGreaterThan(330);
      // no inner scroll box: the grid is as tall as its rows, the document scrolls
      const overflow = await grid(page).evaluate((element) => {
        const box = element.parentElement as HTMLElement;
        return { y: getComputedStyle(box).overflowY, fits: box.scrollHeight <= box.clientHeight + 1 };
      });
      expect(overflow).toEqual({ y: 'visible', fits: true });

      await cells(page).nth(0).getByRole('checkbox', { name: 'Sélectionner' }).click();
      await cells(page)
        .nth(3)
        .getByRole('checkbox', { name: 'Sélectionner' })
        .click({ modifiers: ['Shift'] });
      const toolbar = page.getByRole('toolbar', { name: 'Sélection' });
      await toolbar.getByText('4 sélectionnés').waitFor();
      await toolbar.getByRole('button', { name: 'Ajouter la sélection au panier' }).waitFor();
      await toolbar.getByRole('button', { name: 'Télécharger la sélection' }).waitFor();

      // scrolled far down, the toolbar is still on screen under the header, within the width
      await page.evaluate(() => window.scrollTo(0, 2400));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
      const box = await toolbar.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.y).toBeGreaterThanOrEqual(0);
      expect(box!.y).toBeLessThan(200);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      // the rows drawn follow the page's scroll
      await expect
        .poll(() =>
          cells(page).evaluateAll((all) =>
            Math.min(...all.map((cell) => Number(cell.getAttribute('data-index')))),
          ),
        )
        .toBeGreaterThan(0);

      await toolbar.getByRole('button', { name: 'Vider la sélection' }).click();
      await toolbar.waitFor({ state: 'detached' });
    },
  );
});
