import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { journey, portalUrl } from './helpers/portal';
import { openSignedIn, signIn } from './helpers/session';

const OFFLINE = 'Offline: showing what you saw last';
const results = (page: Page) => page.getByRole('grid', { name: 'Results' });

/** The visitor's first page, once this visit's answer came and the cache kept it for the visitor. */
async function freshResults(page: Page): Promise<string[]> {
  await page.waitForFunction(() => {
    const portal = (window as { __DAM_PORTAL__?: { getState(): { cache: { fresh: Record<string, true> } } } })
      .__DAM_PORTAL__;
    return portal?.getState().cache.fresh.search === true;
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

/** Whether this visit's answer of a screen (`carts`, `cart:7`, `asset:12`) came. */
const fresh = (page: Page, screen: string) =>
  page.evaluate(
    (key) =>
      (
        window as { __DAM_PORTAL__?: { getState(): { cache: { fresh: Record<string, true> } } } }
      ).__DAM_PORTAL__?.getState().cache.fresh[key] === true,
    screen,
  );

/** What the user's record in IndexedDB holds: the carts list, the carts opened, the asset pages opened. */
const keptForUser = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open('dam-portal');
        open.onsuccess = () => {
          const read = open.result.transaction('outbox').objectStore('outbox').getAll();
          read.onsuccess = () => {
            const record = (
              read.result as { carts?: unknown[]; cartContents?: unknown[]; assets?: unknown[] }[]
            ).find((value) => value && Array.isArray(value.assets));
            resolve(
              record
                ? `${record.carts?.length ?? 0} ${record.cartContents?.length ?? 0} ${record.assets?.length}`
                : '',
            );
          };
          read.onerror = () => resolve('');
        };
        open.onerror = () => resolve('');
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

  journey(
    'carts, a cart and an asset page seen, the network cut, reloads: each as last seen, marked offline; back online, each asked again',
    async ({ page, browser }) => {
      await signIn(page, 'alice');
      await page.goto(`${portalUrl()}/carts`);
      await page.getByRole('link', { name: 'Moodboard' }).first().waitFor();
      await page.goto(`${portalUrl()}/carts/7`);
      await page.getByRole('heading', { level: 1, name: 'Moodboard' }).waitFor();
      const items = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('button', { name: 'Remove from cart' }) });
      await expect.poll(() => items.count()).toBe(8);
      const itemLink = items.first().locator('a.cart-tile__name');
      const assetName = (await itemLink.textContent()) ?? '';
      await itemLink.click();
      await page.getByRole('heading', { level: 1, name: assetName }).waitFor();
      const metadata = page.getByRole('region', { name: 'Metadata' });
      await metadata.locator('dt').first().waitFor();
      const labels = await metadata.locator('dt').allTextContents();
      // the list, the cart and the asset page, in alice's record
      await expect.poll(() => keptForUser(page)).toMatch(/^[1-9]\d* 1 1$/);
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

      await browser.setOffline(true);
      const offline = page.getByRole('status').filter({ hasText: OFFLINE });
      await page.reload();
      await offline.waitFor();
      await page.getByRole('heading', { level: 1, name: assetName }).waitFor();
      // the metadata named by the schema headers kept with it
      expect(await metadata.locator('dt').allTextContents()).toEqual(labels);

      await page.goto(`${portalUrl()}/carts/7`);
      await offline.waitFor();
      await page.getByRole('heading', { level: 1, name: 'Moodboard' }).waitFor();
      await page.getByRole('listitem', { name: assetName }).waitFor();
      expect(
        await page
          .getByRole('listitem')
          .filter({ has: page.getByRole('link') })
          .count(),
      ).toBeGreaterThanOrEqual(8);

      await page.goto(`${portalUrl()}/carts`);
      await offline.waitFor();
      await page.getByRole('link', { name: 'Moodboard' }).first().waitFor();

      // the browser's online event: the session starts again and the list is asked again, no reload
      await browser.setOffline(false);
      await expect.poll(() => fresh(page, 'carts'), { timeout: 20_000 }).toBe(true);
      await expect.poll(() => offline.count()).toBe(0);
      await page.getByRole('button', { name: /^(sign out|se déconnecter)$/i }).waitFor();
      await page.goto(`${portalUrl()}/carts/7`);
      await expect.poll(() => items.count()).toBe(8);
      // the kept items show at once: this visit's answer may come after them
      await expect.poll(() => fresh(page, 'cart:7')).toBe(true);
    },
  );

  journey(
    'signed in, the network cut, a reload: the header still names the user, marked offline; back online, nothing asks to sign in',
    async ({ page, browser }) => {
      await openSignedIn(page, 'alice', '/carts');
      const account = page.getByRole('region', { name: 'Account menu' });
      const signOut = page.getByRole('button', { name: 'Sign out' });
      await signOut.waitFor();
      expect(await account.textContent()).toContain('Signed in as alice');
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

      await browser.setOffline(true);
      await page.reload();
      const offline = account.getByRole('status').filter({ hasText: /^Offline$/ });
      await offline.waitFor();
      expect(await account.textContent()).toContain('Signed in as alice');
      expect(await page.getByRole('link', { name: 'Sign in' }).count()).toBe(0);

      // the browser's online event: the stored token is tried again and who-am-I confirms alice
      await browser.setOffline(false);
      await expect.poll(() => offline.count(), { timeout: 20_000 }).toBe(0);
      await signOut.waitFor();
      expect(await account.textContent()).toContain('Signed in as alice');
      expect(await page.getByRole('link', { name: 'Sign in' }).count()).toBe(0);
    },
  );
});
