import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { journey, portalUrl } from './helpers/portal';

const OFFLINE = 'Offline: showing what you saw last';
const results = (page: Page) => page.getByRole('grid', { name: 'Results' });

/** The visitor's first page, once this visit's answer came and the cache kept it for the visitor. */
async function freshResults(page: Page): Promise<string[]> {
  await page.waitForFunction(() => {
    const portal = (window as { __DAM_PORTAL__?: { getState(): { cache: { searchFresh: boolean } } } })
      .__DAM_PORTAL__;
    return portal?.getState().cache.searchFresh === true;
  });
  await page.locator('.search-results[aria-busy="false"]').waitFor();
  return results(page).getByRole('gridcell').allTextContents();
}

/** The page's record of the visitor in IndexedDB: written once who-am-I named the visitor. */
const kept = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('dam-portal');
        open.onsuccess = () => {
          const read = open.result.transaction('outbox').objectStore('outbox').get('cache:visitor');
          read.onsuccess = () => resolve(read.result !== undefined);
          read.onerror = () => resolve(false);
        };
        open.onerror = () => resolve(false);
      }),
  );

describe('offline reading: what was seen last stays readable (issue 25, issue 22)', () => {
  journey(
    'the search seen, the network cut, a reload: the same first page, marked offline; back online, fresh',
    async ({ page, browser }) => {
      await page.goto(`${portalUrl()}/search`);
      const seen = await freshResults(page);
      expect(seen.length).toBeGreaterThan(0);
      await expect.poll(() => kept(page)).toBe(true);
      // the shell's worker holds the built files before the network goes
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

      await browser.setOffline(true);
      await page.reload();
      await page.getByRole('status').filter({ hasText: OFFLINE }).waitFor();
      // the same tiles in the same order (the notice above them leaves room for fewer rows)
      const offline = await results(page).getByRole('gridcell').allTextContents();
      expect(offline.length).toBeGreaterThan(0);
      expect(offline).toEqual(seen.slice(0, offline.length));

      await browser.setOffline(false);
      await page.reload();
      // the kept page first, then this visit's answer replaces it: no longer marked offline
      expect(await freshResults(page)).toEqual(seen);
      expect(await page.getByRole('status').filter({ hasText: OFFLINE }).count()).toBe(0);
    },
  );
});
