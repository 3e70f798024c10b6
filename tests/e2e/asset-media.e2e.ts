import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { seriousViolations } from './helpers/axe';
import { journey, portalUrl } from './helpers/portal';
import { openSignedIn, signIn, switchLanguage } from './helpers/session';
import { overflowingText } from './helpers/text-fit';

/** The first video of the demo (mocks/db/assets.ts, default seed). */
const VIDEO_ID = 2;
/** The first document of the demo, with pages (mocks/db/assets.ts, default seed). */
const DOCUMENT_ID = 3;

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/** The facts of the "Media" section, label → value. */
function mediaFacts(page: Page): Promise<Record<string, string>> {
  return page
    .getByRole('region', { name: 'Media' })
    .locator('dt')
    .evaluateAll((terms) =>
      Object.fromEntries(
        terms.map((term) => [term.textContent ?? '', term.nextElementSibling?.textContent ?? '']),
      ),
    );
}

describe('players and media on the asset page (issue 24)', () => {
  journey(
    "alice reads a video's media description, copies its embed code, and drives the server's player",
    async ({ page }) => {
      await signIn(page, 'alice');
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: portalUrl() });
      await page.goto(`${portalUrl()}/assets/asset/${VIDEO_ID}`);
      await heading(page).waitFor();

      // what describeMedia says, in words
      await page.getByRole('region', { name: 'Media' }).locator('dl').waitFor();
      expect(await mediaFacts(page)).toMatchObject({
        Type: 'video',
        Duration: '0:04',
        Dimensions: '320 × 180 px',
        Codecs: 'vp8 (video)',
        Formats: 'video/webm',
      });

      // the embed code: read-only, the server's frame of this asset, copied to the clipboard
      await page.getByRole('button', { name: 'Embed code' }).click();
      const code = page.getByRole('textbox', { name: 'Embed code' });
      await expect
        .poll(() => code.inputValue())
        .toContain(`/api/wedia/dam/player/bo.player/asset/${VIDEO_ID}`);
      expect(await code.isEditable()).toBe(false);
      await page.getByRole('button', { name: 'Copy' }).click();
      await page.getByRole('status').filter({ hasText: 'Copied.' }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await code.inputValue());

      // the free player, folded apart, launches on this asset's description
      await page.getByText('Free player', { exact: true }).click();
      const free = page.getByRole('textbox', { name: 'Free player code' });
      await expect.poll(() => free.inputValue()).toContain('WediaEvpPlayer.launch(');
      expect(await free.inputValue()).toContain(`describeMedia?object=asset&id=${VIDEO_ID}`);
      expect(await seriousViolations(page, 'video asset, embed code open')).toEqual([]);

      // the server's player: shown once loaded, its listed actions offered as buttons
      await page.getByRole('button', { name: "Use the server's player" }).click();
      const actions = page.getByRole('group', { name: 'Player actions' });
      await actions.waitFor();
      expect(await actions.getByRole('button').allTextContents()).toEqual([
        'Play',
        'Pause',
        'Download from the player',
      ]);
      expect(await page.locator('iframe[title="Player of the server"]').isVisible()).toBe(true);
      await actions.getByRole('button', { name: 'Pause' }).click();
      await page.getByRole('status').filter({ hasText: 'Asked the player: Pause' }).waitFor();
      const body = page.frameLocator('iframe[title="Player of the server"]').locator('body');
      await expect.poll(() => body.getAttribute('data-last-action')).toBe('pause');

      // back to the browser's player: the frame and its actions are gone
      await page.getByRole('button', { name: "Use the browser's player" }).click();
      await actions.waitFor({ state: 'detached' });
    },
  );

  journey('carol, a watermarked partner, gets an embed code of the watermarked player', async ({ page }) => {
    await openSignedIn(page, 'carol', `/assets/asset/${VIDEO_ID}`);
    await heading(page).waitFor();
    await page.getByRole('button', { name: 'Embed code' }).click();
    const code = page.getByRole('textbox', { name: 'Embed code' });
    await expect.poll(() => code.inputValue()).toContain('watermarked=true');
  });

  journey(
    "alice in French: the video's poster leaves the player's controls clear, the usage chart's labels are whole, a document's page zooms by keyboard",
    async ({ page }) => {
      await signIn(page, 'alice');
      await switchLanguage(page, 'fr');
      await page.goto(`${portalUrl()}/assets/asset/${VIDEO_ID}`);
      await heading(page).waitFor();

      // the poster's caption is in its upper part: the browser draws its controls over the bottom
      const poster = await page.locator('video').getAttribute('poster');
      const lowestText = await page.evaluate(async (url) => {
        const svg = new DOMParser().parseFromString(await (await fetch(url)).text(), 'image/svg+xml');
        const height = Number(svg.documentElement.getAttribute('viewBox')?.split(' ')[3]);
        const lowest = Math.max(
          ...[...svg.querySelectorAll('text')].map((text) => Number(text.getAttribute('y'))),
        );
        return lowest / height;
      }, poster as string);
      expect(lowestText).toBeLessThan(0.5);

      // issue 28: "Téléchargements", not "'éléchargé…", and inside the chart
      const chart = page.getByRole('region', { name: 'Utilisation' }).getByRole('img');
      await expect
        .poll(() => chart.locator('text.analytics-chart__label').allTextContents())
        .toEqual(['Vues', 'Téléchargements']);
      expect(await overflowingText(page)).toEqual([]);

      // a document's page: "Agrandir la page 2" by keyboard, zoomed with +, back to all pages
      await page.goto(`${portalUrl()}/assets/asset/${DOCUMENT_ID}`);
      const zoomPage = page.getByRole('button', { name: 'Agrandir la page 2' });
      await zoomPage.waitFor();
      expect(await seriousViolations(page, 'document pages with their zoom buttons')).toEqual([]);
      await zoomPage.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('img', { name: /, page 2$/ }).waitFor();
      await page.getByText('Page 2 sur', { exact: false }).waitFor();
      await page.keyboard.press('+');
      await page.getByText('Zoom 125 %').waitFor();
      await page.getByRole('button', { name: 'Toutes les pages' }).press('Enter');
      await page.getByRole('list', { name: 'Pages' }).waitFor();
      expect(await zoomPage.evaluate((button) => button === document.activeElement)).toBe(true);
    },
  );

  journey(
    'alice edits three results as one batch: each asset has its line, the count goes to 3 of 3, then Done',
    async ({ page }) => {
      await openSignedIn(page, 'alice', '/search');
      const cells = page.getByRole('grid', { name: 'Results' }).getByRole('gridcell');
      await cells.nth(2).waitFor();
      for (let index = 0; index < 3; index += 1) {
        await cells.nth(index).getByRole('checkbox', { name: 'Select' }).click();
      }
      const toolbar = page.getByRole('toolbar', { name: 'Selection' });
      await toolbar.filter({ hasText: '3 selected' }).waitFor();
      await toolbar.getByRole('button', { name: 'Edit metadata of the selection' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit metadata of the selection' });
      await dialog.getByRole('textbox', { name: 'Author' }).fill('Batch of three');
      await dialog.getByRole('button', { name: 'Apply' }).click();
      const lines = dialog.getByRole('list', { name: 'Assets of the batch' }).getByRole('listitem');
      await expect.poll(() => lines.count()).toBe(3);
      await dialog.getByText('3 of 3 over').waitFor();
      await dialog.getByRole('status').filter({ hasText: '3 of 3 assets updated.' }).waitFor();
      const bar = dialog.getByRole('progressbar', { name: 'Progress', exact: true });
      expect(await bar.getAttribute('aria-valuenow')).toBe('100');
      expect(await lines.allTextContents()).toEqual(
        expect.arrayContaining([expect.stringMatching(/^Asset \d+: updated/)]),
      );
      await dialog.getByRole('button', { name: 'Done' }).click();
      expect(await dialog.count()).toBe(0);
    },
  );
});
