import type { Locator, Page } from 'playwright-core';
import { describe, expect, vi } from 'vitest';
import { createShares } from '../../mocks/db/carts';
import { SIZES } from './helpers/axe';
import { journey, portalUrl, settled } from './helpers/portal';
import { signIn, switchLanguage } from './helpers/session';
import { overflowingText } from './helpers/text-fit';

/**
 * Issue 28 "Text that fits": on every route of UI-CONTRACT, in English and in French, at 1440 and
 * 390 px, no text is wider than its box (or taller than a box that hides it) unless it is cut on
 * purpose with an ellipsis and a title; no chart label leaves its chart. One browser context and
 * one sign-in per language; each screen is opened once and measured at both widths by resizing.
 * Every problem is collected and the journey fails once at the end with the whole list.
 */

interface Screen {
  path: string;
  /** what shows once the screen has its content */
  ready: (page: Page) => Locator;
  /** what to do once it is there (enter edit mode…) before measuring */
  prepare?: (page: Page) => Promise<void>;
}

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const main = (page: Page) => page.getByRole('main');

const SCREENS: Screen[] = [
  { path: '/', ready: h1 },
  { path: '/search', ready: (page) => main(page).getByRole('gridcell') },
  // an image, a video and a document: the asset page differs by nature
  { path: '/assets/asset/5', ready: h1 },
  { path: '/assets/asset/2', ready: h1 },
  { path: '/assets/asset/3', ready: h1 },
  { path: '/assets/asset/99999999', ready: h1 },
  { path: '/carts', ready: (page) => main(page).getByRole('link') },
  {
    path: '/carts/1',
    ready: (page) => main(page).getByRole('button', { name: /^(remove from cart|retirer)/i }),
  },
  { path: `/share/${createShares()[0]?.uuid}`, ready: (page) => main(page).getByRole('listitem') },
  { path: '/downloads', ready: h1 },
  { path: '/imports', ready: (page) => main(page).getByRole('link') },
  { path: '/imports/1', ready: (page) => main(page).getByRole('grid') },
  { path: '/saved-searches', ready: h1 },
  { path: '/analytics', ready: (page) => main(page).getByRole('table') },
  { path: '/pages', ready: h1 },
  {
    path: '/pages/home',
    ready: (page) => page.locator('article.cms-page').getByRole('heading', { level: 1 }),
  },
  {
    path: '/pages/home',
    ready: (page) => page.locator('article.cms-page').getByRole('heading', { level: 1 }),
    prepare: async (page) => {
      await page.getByRole('button', { name: /^(edit page|modifier la page)$/i }).click();
      await page.getByRole('button', { name: /^(stop editing|arrêter la modification)$/i }).waitFor();
    },
  },
  { path: '/notifications', ready: h1 },
  { path: '/account', ready: h1 },
  { path: '/devtools', ready: h1 },
];

/** Opens each screen, measures it wide then narrow, and says what does not fit. */
async function measureEveryScreen(page: Page, language: string): Promise<string[]> {
  const found: string[] = [];
  for (const screen of SCREENS) {
    await page.setViewportSize(SIZES.desktop);
    await page.goto(`${portalUrl()}${screen.path}`);
    await screen.ready(page).first().waitFor({ timeout: 20_000 });
    await screen.prepare?.(page);
    await settled(page);
    for (const size of [SIZES.desktop, SIZES.phone]) {
      await page.setViewportSize(size);
      // the layout and what watches its size (charts, the results grid) follow the new width
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      );
      const where = `${screen.path}${screen.prepare ? ' (edit mode)' : ''} ${language} ${size.width}px`;
      for (const overflow of await overflowingText(page)) {
        found.push(`${where} ${overflow.selector}: "${overflow.text}" ${overflow.how}`);
      }
    }
  }
  return found;
}

function report(found: string[]): void {
  expect(found, `text that does not fit:\n${found.join('\n')}\n`).toEqual([]);
}

// twenty screens, each measured twice: longer than the default minute
vi.setConfig({ testTimeout: 240_000 });

describe('text that fits (issue 28): every route, both languages, 1440 and 390 px', () => {
  journey('alice in English: nothing clipped or overflowing on any screen', async ({ page }) => {
    await signIn(page, 'alice');
    report(await measureEveryScreen(page, 'en'));
  });

  journey('alice in French: nothing clipped or overflowing on any screen', async ({ page }) => {
    await signIn(page, 'alice');
    await switchLanguage(page, 'fr');
    report(await measureEveryScreen(page, 'fr'));
  });
});
