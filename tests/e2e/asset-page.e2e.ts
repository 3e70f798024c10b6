import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { journey, portalUrl } from './helpers/portal';
import { openSignedIn, signIn } from './helpers/session';
import { cellName } from './helpers/cell-name';

/** Demo assets (mocks/db/assets.ts, default seed): the first of each nature. */
const IMAGE_ID = 1;
const VIDEO_ID = 2;
const DOCUMENT_ID = 3;

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/** The browser addresses of every picture on the page that is an asset variation. */
function variationSources(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('img')]
      .map((img) => img.currentSrc || img.src)
      .filter((src) => src.includes('/wedia/dam/variation')),
  );
}

describe('the asset page (issue 14)', () => {
  journey(
    'alice opens a result from search, steps to the next with the keyboard, and the address follows',
    async ({ page }) => {
      await openSignedIn(page, 'alice', '/search');
      const cells = page.getByRole('grid', { name: 'Results' }).getByRole('gridcell');
      await cells.nth(1).waitFor();
      const firstName = await cellName(cells.nth(0));
      const secondName = await cellName(cells.nth(1));
      expect(firstName).not.toBe('');

      await page.evaluate(() => performance.clearMarks());
      await cells.nth(0).getByRole('link', { name: firstName }).click();
      await heading(page).filter({ hasText: firstName }).waitFor();
      expect(page.url()).toMatch(/\/assets\/asset\/\d+\?from=search$/);
      // the preview painted (the picture loaded, the video's first frame, or the first page); how
      // long it took from the click is a figure of `npm run bench` (tests/bench/browser.ts)
      await expect
        .poll(() => page.evaluate(() => performance.getEntriesByName('asset-preview-painted').length))
        .toBe(1);
      const firstUrl = page.url();

      await page.getByRole('link', { name: 'Next' }).waitFor();
      expect(await page.getByRole('link', { name: 'Previous' }).count()).toBe(0);
      await page.keyboard.press('ArrowRight');
      await heading(page).filter({ hasText: secondName }).waitFor();
      expect(page.url()).not.toBe(firstUrl);
      expect(page.url()).toMatch(/\?from=search$/);
      await page.getByRole('link', { name: 'Previous' }).waitFor();
      await page.keyboard.press('ArrowLeft');
      await heading(page).filter({ hasText: firstName }).waitFor();
      expect(page.url()).toBe(firstUrl);
    },
  );

  journey(
    'from a search with a query, the tab says the asset\'s name and "Back to results" returns to that search (issue 28)',
    async ({ page }) => {
      await page.goto(`${portalUrl()}/search?q=poster`);
      const cells = page.getByRole('grid', { name: 'Results' }).getByRole('gridcell');
      await cells.nth(0).waitFor();
      const name = await cellName(cells.nth(0));
      await cells.nth(0).getByRole('link', { name }).click();
      await heading(page).filter({ hasText: name }).waitFor();
      await expect.poll(() => page.title()).toBe(`${name} · Wedia Demo Portal`);
      await page.reload();
      await heading(page).filter({ hasText: name }).waitFor();
      await page.getByRole('link', { name: 'Back to results' }).click();
      await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'poster');
      expect(await page.getByRole('combobox', { name: 'Search' }).inputValue()).toBe('poster');
      await cells.nth(0).waitFor();
    },
  );

  journey("from a cart, Next and Previous step through the cart's items", async ({ page }) => {
    await openSignedIn(page, 'alice', '/carts/7');
    await page.getByRole('heading', { level: 1, name: 'Moodboard' }).waitFor();
    const items = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: 'Remove from cart' }) });
    await items.nth(1).waitFor();
    const firstName = (await items.nth(0).getByRole('link').first().textContent()) ?? '';
    const secondName = (await items.nth(1).getByRole('link').first().textContent()) ?? '';
    await items.nth(0).getByRole('link', { name: firstName }).click();
    await heading(page).filter({ hasText: firstName }).waitFor();
    expect(page.url()).toMatch(/\/assets\/asset\/\d+\?from=cart-7$/);
    await page.getByRole('link', { name: 'Next' }).click();
    await heading(page).filter({ hasText: secondName }).waitFor();
    expect(page.url()).toMatch(/\?from=cart-7$/);
    await page.getByRole('link', { name: 'Previous' }).waitFor();
  });

  journey('a video plays: its time advances', async ({ page }) => {
    await openSignedIn(page, 'alice', `/assets/asset/${VIDEO_ID}`);
    await heading(page).waitFor();
    const video = page.locator('video');
    await video.waitFor();
    await page.evaluate(async () => {
      const element = document.querySelector('video') as HTMLVideoElement;
      element.muted = true;
      await element.play();
    });
    await expect
      .poll(() => page.evaluate(() => (document.querySelector('video') as HTMLVideoElement).currentTime), {
        timeout: 10_000,
      })
      .toBeGreaterThan(0.2);

    // the server offers its player too: in a sandboxed frame, whose listed actions the portal keeps
    await page.getByRole('button', { name: "Use the server's player" }).click();
    const frame = page.locator('iframe[title="Player of the server"]');
    expect(await frame.getAttribute('sandbox')).toBe('allow-scripts allow-downloads');
    await page.frameLocator('iframe[title="Player of the server"]').locator('video').waitFor();
    await expect
      .poll(() =>
        page.evaluate(
          (id) =>
            (
              window as unknown as {
                __DAM_PORTAL__: { getState(): { players: { actions: Record<string, unknown> } } };
              }
            ).__DAM_PORTAL__.getState().players.actions[`asset|${id}`],
          VIDEO_ID,
        ),
      )
      .toEqual([{ action: 'play' }, { action: 'pause' }, { action: 'download' }]);
  });

  journey('carol, a watermarked partner, sees only _w pictures', async ({ page }) => {
    await signIn(page, 'carol');
    for (const id of [IMAGE_ID, DOCUMENT_ID]) {
      await page.goto(`${portalUrl()}/assets/asset/${id}`);
      await heading(page).waitFor();
      await page.locator('img[src*="/wedia/dam/variation"]').first().waitFor();
      const sources = await variationSources(page);
      expect(sources.length).toBeGreaterThan(0);
      for (const src of sources) {
        expect(new URL(src).searchParams.get('variation') ?? '').toMatch(/_w$/);
      }
      // and the preview did load (a refused variation would be a 403)
      await expect
        .poll(() =>
          page.evaluate(() =>
            [...document.querySelectorAll('img')]
              .filter((img) => img.src.includes('/wedia/dam/variation') && img.loading !== 'lazy')
              .every((img) => img.complete && img.naturalWidth > 0),
          ),
        )
        .toBe(true);
    }
  });

  journey(
    'a visitor sees the asset but cannot edit it, and is offered sign-in to add it to a cart',
    async ({ page }) => {
      await page.goto(`${portalUrl()}/assets/asset/${IMAGE_ID}`);
      await heading(page).waitFor();
      await page.getByRole('img', { name: (await heading(page).textContent()) ?? '' }).waitFor();
      await page.getByRole('region', { name: 'Metadata' }).waitFor();
      expect(await page.getByRole('button', { name: 'Edit' }).count()).toBe(0);
      // "Add to cart" is offered to a visitor as a sign-in first (issue 13)
      await page.getByRole('button', { name: 'Add to cart' }).click();
      const offer = page.getByRole('dialog', { name: 'Sign in first' });
      expect(await offer.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toMatch(
        /^\/signin\?relativeURL=/,
      );
    },
  );

  journey('a missing asset shows the error view with code 404', async ({ page }) => {
    await openSignedIn(page, 'alice', '/assets/asset/99999999');
    await page.getByRole('heading', { level: 1, name: 'An error occured!' }).waitFor();
    expect(await page.locator('.error-view code').textContent()).toContain('404');
  });
});
