import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { journey, mockControl, portalUrl } from './helpers/portal';
import { signIn } from './helpers/session';

/**
 * What the hostile markup of the demo (mocks/hostile.ts) leaves behind where it ran. Markup put in
 * the page as HTML leaves its image there at once (`images`), before its onerror runs: the check
 * needs no wait once the names are on screen.
 */
const hostileTraces = (page: Page) =>
  page.evaluate(() => ({
    portalWindow: (window as { __hostileRan?: unknown }).__hostileRan ?? null,
    portalDocument: document.documentElement.getAttribute('data-hostile-ran'),
    images: document.querySelectorAll('img[src="x"]').length,
  }));
const ranNothing = { portalWindow: null, portalDocument: null, images: 0 };

/** The markup a name carries under `hostile.names`, as the user reads it. */
const MARKUP = '<img src=x onerror=';

/** The portal crashed into its error view (UI-CONTRACT). */
const errorView = (page: Page) => page.getByRole('heading', { name: 'An error occured!' });

const fault = (match: string, status: number) => mockControl('faults', { body: { match, rate: 1, status } });
const noFaults = () => mockControl('faults', { method: 'DELETE' });

/** An alert, a "Try again" that works once the server answers again, and no error view. */
async function failsThenRecovers(page: Page, open: () => Promise<void>, loaded: () => Promise<void>) {
  await open();
  await page.getByRole('alert').first().waitFor();
  // said in words, with the technical detail behind "Details"
  const said = (await page.getByRole('alert').allInnerTexts()).join('\n');
  expect(said).toMatch(/could not be loaded|failed/);
  expect(said).not.toMatch(/Fault injected|is not what the portal expects|HTTP \d{3}|\/api\//);
  const retry = page.getByRole('button', { name: 'Try again' }).first();
  await retry.waitFor();
  expect(await errorView(page).count()).toBe(0);
  await noFaults();
  await retry.click();
  await loaded();
  expect(await errorView(page).count()).toBe(0);
}

describe('hostile answers on the main screens (issue 12, "Done means")', () => {
  journey(
    'names with markup show as text and run nothing: carts, assets, saved searches',
    async ({ page }) => {
      await mockControl('settings', { body: { 'hostile.names': true } });
      await signIn(page, 'alice');
      // assets: the search results
      await page.goto(`${portalUrl()}/search`);
      await page.getByText(MARKUP).first().waitFor();
      expect(await hostileTraces(page)).toEqual(ranNothing);

      // carts: the list, then one cart
      await page.getByRole('link', { name: /^carts$/i }).click();
      const mine = page.getByRole('region', { name: 'My carts' });
      await mine
        .getByRole('link', { name: /<img src=x onerror=/ })
        .first()
        .waitFor();
      expect(await hostileTraces(page)).toEqual(ranNothing);
      await mine
        .getByRole('link', { name: /<img src=x onerror=/ })
        .first()
        .click();
      await page.getByRole('heading', { level: 1, name: /<img src=x onerror=/ }).waitFor();
      expect(await hostileTraces(page)).toEqual(ranNothing);

      // saved searches
      await page.goto(`${portalUrl()}/saved-searches`);
      await page.getByText(MARKUP).first().waitFor();
      expect(await hostileTraces(page)).toEqual(ranNothing);
      expect(await errorView(page).count()).toBe(0);
    },
  );

  for (const status of [204, 302, 418]) {
    journey(`${status} to the main lists: an alert with a retry, never the error view`, async ({ page }) => {
      await signIn(page, 'alice');

      // the search list
      await fault('dam/data/asset$', status);
      await failsThenRecovers(
        page,
        () => page.goto(`${portalUrl()}/search`).then(() => undefined),
        () => page.getByRole('alert').filter({ hasText: /./ }).first().waitFor({ state: 'detached' }),
      );

      // the carts list
      await fault('listCarts', status);
      await failsThenRecovers(
        page,
        () => page.getByRole('link', { name: /^carts$/i }).click(),
        () => page.getByRole('region', { name: 'My carts' }).getByRole('link').first().waitFor(),
      );

      // the saved searches
      await fault('savedsearch/list', status);
      await failsThenRecovers(
        page,
        () => page.getByRole('link', { name: /^saved searches$/i }).click(),
        () => page.getByRole('button', { name: 'Try again' }).first().waitFor({ state: 'detached' }),
      );

      // the notifications
      await fault('usernotif$', status);
      await failsThenRecovers(
        page,
        () => page.getByRole('link', { name: /^notifications$/i }).click(),
        () => page.getByRole('button', { name: 'Try again' }).first().waitFor({ state: 'detached' }),
      );
    });
  }
});
