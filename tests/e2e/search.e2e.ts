import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { config } from '../../streams/core/config';
import type { EventLogFile } from '../../streams/recorder/log-file';
import { inputChanged } from '../../streams/typeahead/events';
import { exportedLog, journey, mockControl, portalUrl } from './helpers/portal';
import { signIn } from './helpers/session';

interface LoggedRequest {
  method: string;
  path: string;
  query: Record<string, string | string[]>;
}

const requests = async () => (await mockControl('requests')) as LoggedRequest[];
const suggestions = async () => (await requests()).filter((request) => request.query.suggest === 'words');
const assetPages = async () =>
  (await requests()).filter((request) => request.path.endsWith('/rest/dam/data/asset') && request.query.max);

/**
 * The texts typed last before a pause of at least the debounce, by the page's own clock (its
 * event log), and the last one: the only texts a suggestion request may be sent for. A busy
 * machine may stretch a burst into several pauses; it never makes a request within a burst.
 */
async function textsBeforePauses(page: Page): Promise<string[]> {
  const { events } = JSON.parse(await exportedLog(page)) as EventLogFile;
  const typed = events.filter(inputChanged.match);
  return typed
    .filter((event, index) => {
      const next = typed[index + 1];
      return !next || next.meta.at - event.meta.at >= config.typeaheadDebounceMs;
    })
    .map((event) => event.payload.text);
}

/** The "N results" line, once the search has answered. */
async function total(page: Page): Promise<number> {
  const status = page.getByRole('status').filter({ hasText: /^[\d,]+ results?$/ });
  await status.waitFor();
  return Number.parseInt(((await status.textContent()) ?? '').replace(/\D/g, ''), 10);
}

/** Waits until the total is no longer `before`, and returns it. */
async function totalAfter(page: Page, before: number): Promise<number> {
  await expect.poll(() => total(page), { timeout: 10_000 }).not.toBe(before);
  return total(page);
}

async function openSearch(page: Page, query = ''): Promise<number> {
  await page.goto(`${portalUrl()}/search${query}`);
  return total(page);
}

const firstResultNames = (page: Page) =>
  page
    .getByRole('grid', { name: 'Results' })
    .getByRole('gridcell')
    .evaluateAll((cells) =>
      cells.slice(0, 6).map((cell) => cell.querySelector('[role="group"]')?.getAttribute('aria-label')),
    );

describe('search screen against the demo server', () => {
  journey(
    'typing a word in bursts sends one suggestion request per pause (seed 002 §9)',
    async ({ page }) => {
      await openSearch(page);
      const box = page.getByRole('combobox', { name: 'Search' });
      await box.pressSequentially('mou', { delay: 30 });
      const listbox = page.getByRole('listbox', { name: 'Suggestions' });
      await listbox.getByRole('option').first().waitFor();
      await box.pressSequentially('nt', { delay: 30 });
      await expect.poll(async () => (await suggestions()).at(-1)?.query.fulltext).toBe('mount');
      const asked = (await suggestions()).map((request) => String(request.query.fulltext));
      // the first burst ended with the suggestions shown: a pause, whatever the machine's load
      expect(asked).toContain('mou');
      const pauses = await textsBeforePauses(page);
      expect(
        asked.filter((text) => !pauses.includes(text)),
        'suggestions asked within a burst',
      ).toEqual([]);
      // keyboard: the first suggestion, then Enter searches it and writes it to the address
      await box.press('ArrowDown');
      const chosen = await listbox.getByRole('option', { selected: true }).textContent();
      await box.press('Enter');
      await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(chosen);
      await total(page);
    },
  );

  journey(
    'Enter on "post" finds the posters the typeahead offers; a text that finds nothing offers words that start like it (issue 28)',
    async ({ page }) => {
      await openSearch(page);
      const box = page.getByRole('combobox', { name: 'Search' });
      await box.pressSequentially('post', { delay: 30 });
      await page
        .getByRole('listbox', { name: 'Suggestions' })
        .getByRole('option', { name: 'poster', exact: true })
        .waitFor();
      await box.press('Enter');
      await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('post');
      await expect.poll(() => total(page), { timeout: 10_000 }).toBeGreaterThan(0);

      await openSearch(page, '?q=posterzz');
      await page.getByText('Nothing matches this search.').waitFor();
      // no filter has a value to offer: no "Filters" heading over nothing
      await page.getByRole('heading', { name: 'Filters' }).waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'poster', exact: true }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('poster');
      await expect.poll(() => total(page), { timeout: 10_000 }).toBeGreaterThan(0);
    },
  );

  journey('a facet narrows the total and un-checking restores it; the address keeps it', async ({ page }) => {
    const all = await openSearch(page);
    const group = page.getByRole('group', { name: 'Nature' });
    const values = () =>
      group
        .getByRole('checkbox')
        .evaluateAll((boxes) => boxes.map((box) => box.closest('label')?.textContent?.trim()));
    await expect.poll(async () => (await values()).length).toBeGreaterThan(1);
    const before = await values();
    const nature = group.getByRole('checkbox').first();
    await nature.check();
    const narrowed = await totalAfter(page, all);
    expect(narrowed).toBeLessThan(all);
    // the other values keep their counts: what adding them would give (counted without Nature)
    await expect.poll(values).toEqual(before);
    expect(page.url()).toContain('f.assetnature=');
    await page.reload();
    expect(await total(page)).toBe(narrowed);
    // opened with a value checked, the facet still offers the others
    await expect.poll(values).toEqual(before);
    await page.getByRole('group', { name: 'Nature' }).getByRole('checkbox', { checked: true }).uncheck();
    expect(await totalAfter(page, narrowed)).toBe(all);
  });

  journey('picking a category of the tree filters the results', async ({ page }) => {
    const all = await openSearch(page);
    const tree = page.getByRole('navigation', { name: 'Categories' });
    // nodes show how many results they hold; the keyboard walks the tree from its one tab stop
    await tree
      .getByRole('treeitem', { name: /\(\d+\)$/ })
      .first()
      .waitFor();
    const firstItem = tree.getByRole('treeitem').first();
    await firstItem.focus();
    await page.keyboard.press('ArrowDown');
    await expect
      .poll(() =>
        tree
          .getByRole('treeitem')
          .nth(1)
          .evaluate((item) => item === document.activeElement),
      )
      .toBe(true);
    await page.keyboard.press('Home');
    await expect.poll(() => firstItem.evaluate((item) => item === document.activeElement)).toBe(true);
    await tree
      .getByRole('button', { name: /^Expand / })
      .first()
      .click();
    // the first child of the opened node (an ARIA tree: items are selected, not pressed)
    const node = tree.getByRole('treeitem', { selected: false }).nth(1);
    await node.click();
    const filtered = await totalAfter(page, all);
    expect(filtered).toBeLessThan(all);
    expect(new URL(page.url()).searchParams.get('node')).toMatch(/^\d+$/);
    await tree.getByRole('button', { name: 'All categories' }).click();
    expect(await totalAfter(page, filtered)).toBe(all);
  });

  journey('scrolling to the end of the results loads the next page', async ({ page }) => {
    await openSearch(page);
    const grid = page.getByRole('grid', { name: 'Results' });
    // the first pages fill the screen and one page more; then nothing until the end comes near
    await page.waitForTimeout(500);
    const pagesBefore = (await assetPages()).length;
    const rowsBefore = Number(await grid.getAttribute('aria-rowcount'));
    await page.waitForTimeout(500);
    expect((await assetPages()).length).toBe(pagesBefore);
    // the results scroll with the page (no inner scroll box)
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(async () => (await assetPages()).length).toBeGreaterThan(pagesBefore);
    expect((await assetPages()).at(-1)?.query.after).toBeTruthy();
    await expect
      .poll(async () => Number(await grid.getAttribute('aria-rowcount')))
      .toBeGreaterThan(rowsBefore);
  });

  journey('a search bookmarked by name reopens the same results from /saved-searches', async ({ page }) => {
    await signIn(page, 'alice');
    await page.getByRole('link', { name: 'Search', exact: true }).click();
    const all = await total(page);
    await page.getByRole('combobox', { name: 'Search' }).fill('lake');
    await page.getByRole('combobox', { name: 'Search' }).press('Enter');
    const lakes = await totalAfter(page, all);
    const names = await firstResultNames(page);
    await page.getByRole('button', { name: 'Bookmark this search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bookmark this search' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Lakes');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved as “Lakes”' }).waitFor();

    await page.getByRole('link', { name: 'Saved searches' }).click();
    await page.getByRole('searchbox', { name: 'Filter saved searches' }).fill('LAK*');
    await page.getByRole('button', { name: 'Open Lakes' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('lake');
    expect(await total(page)).toBe(lakes);
    expect(await firstResultNames(page)).toEqual(names);
  });

  journey(
    'a failed schema request does not break the search: "Try again" recovers it (issue 12 item 7)',
    async ({ page }) => {
      await mockControl('faults', { body: { match: 'dam/data/asset/headers', rate: 1, status: 500 } });
      await page.goto(`${portalUrl()}/search`);
      const alert = page.getByRole('alert').filter({ hasText: 'The search failed' });
      await alert.waitFor();
      await mockControl('faults', { method: 'DELETE' });
      await alert.getByRole('button', { name: 'Try again' }).click();
      expect(await total(page)).toBeGreaterThan(0);
      // the facets, which failed on the same schema, come back with it
      const natures = page.getByRole('group', { name: 'Nature' }).getByRole('checkbox');
      await expect.poll(() => natures.count()).toBeGreaterThan(1);
      // the category tree whose schema request failed recovers on its own "Try again"
      await mockControl('faults', { body: { match: 'dam/data/category/headers', rate: 1, status: 500 } });
      await page.reload();
      const categories = page.getByRole('navigation', { name: 'Categories' });
      const treeFailure = categories.getByText(/The categories could not be loaded/);
      await treeFailure.waitFor();
      await mockControl('faults', { method: 'DELETE' });
      await categories.getByRole('button', { name: 'Try again' }).click();
      await categories.getByRole('tree').getByRole('treeitem').first().waitFor();
      expect(await treeFailure.count()).toBe(0);
      // and on a fresh page whose schema request fails, the next query recovers it
      await mockControl('faults', { body: { match: 'dam/data/asset/headers', rate: 1, status: 500 } });
      await page.goto(`${portalUrl()}/search`);
      await alert.waitFor();
      await mockControl('faults', { method: 'DELETE' });
      await page.getByRole('combobox', { name: 'Search' }).fill('lake');
      await page.getByRole('combobox', { name: 'Search' }).press('Enter');
      expect(await total(page)).toBeGreaterThan(0);
    },
  );

  journey(
    'bookmarking a search already bookmarked saves it again and says so (issue 12 item 8)',
    async ({ page }) => {
      await signIn(page, 'alice');
      await page.getByRole('link', { name: 'Search', exact: true }).click();
      const all = await total(page);
      await page.getByRole('combobox', { name: 'Search' }).fill('lake');
      await page.getByRole('combobox', { name: 'Search' }).press('Enter');
      await totalAfter(page, all);
      const dialog = page.getByRole('dialog', { name: 'Bookmark this search' });
      for (const name of ['Lakes', 'Lakes again']) {
        await page.getByRole('button', { name: 'Bookmark this search' }).click();
        await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
        await dialog.getByRole('button', { name: 'Save' }).click();
        await page
          .getByRole('status')
          .filter({ hasText: `Saved as “${name}”` })
          .waitFor();
        await dialog.waitFor({ state: 'detached' });
      }
      const saves = (await requests()).filter(
        (request) => request.method === 'POST' && request.path.includes('/savedsearch/add'),
      );
      expect(saves).toHaveLength(2);
      // the server has both: a fresh read of the list shows them
      await page.getByRole('link', { name: 'Saved searches' }).click();
      await page.reload();
      await page.getByRole('button', { name: 'Open Lakes', exact: true }).waitFor();
      await page.getByRole('button', { name: 'Open Lakes again', exact: true }).waitFor();
    },
  );
});
