import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import type { LoggedRequest } from '../../mocks/runtime';
import { journey, mockControl, portalUrl } from './helpers/portal';
import { signIn } from './helpers/session';

/** The "N results" line (either language), once the search has answered. */
async function total(page: Page): Promise<number> {
  const status = page
    .getByRole('status')
    .filter({ hasText: /^[\d\s,.\u00a0\u202f]+ (results?|résultats?)$/ });
  await status.waitFor();
  return Number.parseInt(((await status.textContent()) ?? '').replace(/\D/g, ''), 10);
}

/** The names of the "Remove filter …" chips on show, in order. */
const chips = (page: Page) =>
  page
    .getByRole('region', { name: /^(Active filters|Filtres actifs)$/ })
    .getByRole('button', { name: /^(Remove filter|Retirer le filtre) / })
    .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')));

const focusedIn = (page: Page, selector: string) =>
  page.evaluate((inside) => document.activeElement?.closest(inside) !== null, selector);

describe('filters you can see (issue 13)', () => {
  journey(
    'desktop: a saved search opens with its filters checked and as chips; chips remove one filter or all; "All categories"; the facet column is a few tab stops and "Skip to results" lands in the grid',
    async ({ page }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      // a visitor's "Bookmark this search" offers sign-in first, coming back to this search
      await page.goto(`${portalUrl()}/search?f.assetnature=2`);
      await total(page);
      await page.getByRole('button', { name: 'Bookmark this search' }).click();
      const offer = page.getByRole('dialog', { name: 'Sign in first' });
      const signInLink = offer.getByRole('link', { name: 'Sign in' });
      expect(
        new URL((await signInLink.getAttribute('href')) ?? '', portalUrl()).searchParams.get('relativeURL'),
      ).toBe('/search?f.assetnature=2');
      await offer.getByRole('button', { name: 'Not now' }).click();
      await offer.waitFor({ state: 'detached' });

      await signIn(page, 'alice');
      const all = await total(page);
      await page.getByRole('link', { name: 'Saved searches' }).click();
      await page.getByRole('button', { name: 'Open Brand documents' }).click();
      // its filters: Nature checked in its group, the category selected in the tree, both as chips
      const nature = page.getByRole('group', { name: 'Nature' });
      await nature.getByRole('checkbox', { name: /^Document \(\d+\)$/, checked: true }).waitFor();
      const tree = page.getByRole('navigation', { name: 'Categories' });
      await tree.getByRole('treeitem', { name: /^Brand/, selected: true }).waitFor();
      await expect
        .poll(() => chips(page))
        .toEqual(['Remove filter Nature: Document', 'Remove filter Category: Brand']);
      // and it is known as bookmarked (its Nature was saved with `dof`, opened as the facet's `in`)
      await page.getByRole('status').filter({ hasText: 'Saved as “Brand documents”' }).waitFor();
      const brandDocuments = await total(page);
      expect(brandDocuments).toBeLessThan(all);

      // removing one chip unchecks its value and widens the results
      await page.getByRole('button', { name: 'Remove filter Nature: Document' }).click();
      await expect.poll(() => chips(page)).toEqual(['Remove filter Category: Brand']);
      expect(await nature.getByRole('checkbox', { checked: true }).count()).toBe(0);
      await expect.poll(() => total(page)).toBeGreaterThan(brandDocuments);

      // "All categories" clears the tree's constraint
      await tree.getByRole('button', { name: 'All categories' }).click();
      await expect.poll(() => chips(page)).toEqual([]);
      expect(await tree.getByRole('treeitem', { selected: true }).count()).toBe(0);
      await expect.poll(() => total(page)).toBe(all);

      // the keyboard: a group's checkboxes are one tab stop, the arrows move between them
      const first = nature.getByRole('checkbox').first();
      await first.focus();
      await page.keyboard.press('ArrowDown');
      expect(
        await nature
          .getByRole('checkbox')
          .nth(1)
          .evaluate((box) => box === document.activeElement),
      ).toBe(true);
      await page.keyboard.press('Space');
      await expect.poll(async () => (await chips(page)).length).toBe(1);
      // a keyword and a category too; "Clear all filters" takes every one away
      await page.getByRole('group', { name: 'Keywords' }).getByRole('checkbox').first().check();
      await tree.getByRole('treeitem').first().click();
      await expect.poll(async () => (await chips(page)).length).toBe(3);
      await page.getByRole('button', { name: 'Clear all filters' }).click();
      await expect.poll(() => chips(page)).toEqual([]);
      await expect.poll(() => total(page)).toBe(all);

      // a saved search on two leaves the tree has not loaded: the chip names them all the same
      await page.getByRole('link', { name: 'Saved searches' }).click();
      await page.getByRole('button', { name: 'Open Tokyo and Paris' }).click();
      await expect.poll(() => chips(page)).toEqual(['Remove filter Categories: Paris, Tokyo']);
      await page.getByRole('button', { name: 'Clear all filters' }).click();
      await expect.poll(() => chips(page)).toEqual([]);

      // walking the whole column of filters with Tab takes a few stops, not one per value
      await tree.getByRole('button', { name: 'All categories' }).focus();
      let stops = 0;
      while ((await focusedIn(page, '.search-page__side')) && stops < 60) {
        await page.keyboard.press('Tab');
        stops += 1;
      }
      expect(stops).toBeLessThanOrEqual(18);
      // "Skip to results" lands in the results grid
      await page.getByRole('link', { name: 'Skip to results' }).focus();
      await page.keyboard.press('Enter');
      expect(await focusedIn(page, '[role="grid"]')).toBe(true);
    },
  );

  journey(
    'phone, in French: the filters are a full-screen drawer behind "Filtres (n)", closed by "Voir les résultats"',
    async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      // bob reads the portal in French (the sign-in helper waits for the English "Sign out")
      await page.goto(`${portalUrl()}/signin`);
      await page.getByRole('textbox', { name: 'Login' }).fill('bob');
      await page.getByRole('textbox', { name: 'Password' }).fill('bob');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('button', { name: 'Se déconnecter' }).waitFor();
      await page.goto(`${portalUrl()}/search`);
      const all = await total(page);
      // no side column on a phone: the facets wait in the drawer
      expect(await page.getByRole('group', { name: 'Nature' }).count()).toBe(0);
      await page.getByRole('button', { name: 'Filtres', exact: true }).click();
      const drawer = page.getByRole('dialog', { name: 'Filtres' });
      const box = await drawer.boundingBox();
      expect(box?.width).toBe(390);
      expect(box?.height).toBe(844);
      await drawer
        .getByRole('group', { name: 'Nature' })
        .getByRole('checkbox', { name: /^Vidéo \(\d+\)$/ })
        .check();
      await drawer.getByRole('navigation', { name: 'Catégories' }).getByRole('treeitem').first().click();
      await drawer.getByRole('button', { name: 'Voir les résultats' }).click();
      await drawer.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Filtres (2)' }).waitFor();
      const chipNames = await chips(page);
      expect(chipNames[0]).toBe('Retirer le filtre Nature : Vidéo');
      expect(chipNames[1]).toMatch(/^Retirer le filtre Catégorie : \S/);
      await expect.poll(() => total(page)).toBeLessThan(all);
      // the search page holds the phone's width: nothing of it sticks out sideways
      const widest = await page.evaluate(() =>
        Math.max(
          ...[...document.querySelectorAll('.search-page *')].map((e) => e.getBoundingClientRect().right),
        ),
      );
      expect(widest).toBeLessThanOrEqual(390);
      await page.getByRole('button', { name: 'Retirer tous les filtres' }).click();
      await page.getByRole('button', { name: 'Filtres', exact: true }).waitFor();
      await expect.poll(() => total(page)).toBe(all);
    },
  );

  journey(
    '"Keywords in these results" lists only the keywords the results hold (the cursor aggregate filter), follows the results, and narrows the search to one',
    async ({ page }) => {
      await page.goto(`${portalUrl()}/search?f.assetnature=2`);
      const videos = await total(page);
      await page.getByRole('button', { name: 'Keywords in these results' }).click();
      const index = page.getByRole('region', { name: 'Keywords in these results' }).getByRole('button');
      await expect.poll(() => index.count(), { timeout: 20_000 }).toBeGreaterThan(0);
      // the keywords list asks only the ids of the search's `keywords` aggregate
      const keywordLists = async () =>
        ((await mockControl('requests')) as LoggedRequest[]).filter(
          (one) => one.method === 'GET' && one.path.endsWith('/rest/dam/data/keyword'),
        );
      const asked = (await keywordLists()).at(-1);
      expect(String(asked?.query.query)).toContain('"in"');
      const before = (await keywordLists()).length;

      const first = index.first();
      const name = (await first.textContent()) ?? '';
      await first.click();
      await page.getByRole('button', { name: `Remove filter Keywords: ${name}` }).waitFor();
      await expect.poll(() => total(page)).toBeLessThan(videos);
      await expect(first.getAttribute('aria-pressed')).resolves.toBe('true');
      // the results changed: the list follows their keywords
      await expect.poll(async () => (await keywordLists()).length).toBeGreaterThan(before);
      expect(await index.count()).toBeGreaterThan(0);
    },
  );
});
