import type { Locator, Page } from 'playwright-core';
import { describe, expect, vi } from 'vitest';
import { createShares } from '../../mocks/db/carts';
import { SIZES } from './helpers/axe';
import { failEvery, noFaults } from './helpers/faults';
import { journey, openInApp, portalUrl, settled } from './helpers/portal';
import { openSignedIn, switchLanguage } from './helpers/session';
import { overflowingText } from './helpers/text-fit';

/**
 * Issue 28 "Text that fits": on every route of UI-CONTRACT, in English and in French, at 1440 and
 * 390 px, no text is wider than its box (or taller than a box that hides it) unless it is cut on
 * purpose with an ellipsis and a title; no chart label leaves its chart. One browser context and
 * one sign-in per language; each screen is opened once, inside the running portal as a link would
 * open it, and measured at both widths by resizing. Every problem is collected and the journey
 * fails once at the end with the whole list.
 */

interface Screen {
  path: string;
  /** what shows once the screen has its content */
  ready: (page: Page) => Locator;
  /** what to do once it is there (enter edit mode, open a dialog…) before measuring */
  prepare?: (page: Page) => Promise<void>;
  /** what the measure says it is, when it is more than the route (a dialog, a menu) */
  what?: string;
  /** the widths it is measured at, when not both (the phone menu is only at 390 px) */
  sizes?: ReadonlyArray<{ width: number; height: number }>;
}

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const main = (page: Page) => page.getByRole('main');
const dialog = (page: Page) => page.getByRole('dialog').last();

/** Clicks a button of the main region named in either language, and waits for the dialog it opens. */
const openDialog = (name: RegExp) => async (page: Page) => {
  await main(page).getByRole('button', { name }).first().click();
  await dialog(page).waitFor();
};

/** A preference change the server fails (500): the outbox keeps it, so the header offers "Pending changes". */
async function keepAPreferenceChange(page: Page, pageSize: string): Promise<void> {
  await failEvery('/json/userpref', 500, 'POST');
  await page
    .getByRole('combobox', { name: /^(results per page|résultats par page)$/i })
    .selectOption(pageSize);
  await pendingChanges(page).waitFor();
}
const pendingChanges = (page: Page) =>
  page.getByRole('button', { name: /^(pending changes|modifications en attente)$/i });

/** The dialogs and the phone menu (issue 28 item 4): opened on their screen, then measured. */
const DIALOGS: Screen[] = [
  {
    path: '/search',
    what: 'Add to cart',
    ready: (page) => main(page).getByRole('gridcell'),
    prepare: async (page) => {
      await main(page)
        .getByRole('gridcell')
        .first()
        .getByRole('button', { name: /^(add to cart|ajouter au panier)$/i })
        .click();
      await dialog(page).getByRole('menuitemcheckbox').first().waitFor();
    },
  },
  {
    path: '/search',
    what: 'Add selection to cart',
    ready: (page) => main(page).getByRole('gridcell'),
    prepare: async (page) => {
      await main(page).getByRole('gridcell').first().getByRole('checkbox').check();
      await page
        .getByRole('toolbar')
        .getByRole('button', { name: /^(add selection to cart|ajouter la sélection au panier)$/i })
        .click();
      await dialog(page)
        .getByRole('button', { name: /^(new cart|nouveau panier)$/i })
        .waitFor();
    },
  },
  { path: '/carts/1', what: 'Share', ready: h1, prepare: openDialog(/^(share|partager)$/i) },
  { path: '/carts/1', what: 'Download', ready: h1, prepare: openDialog(/^(download|télécharger)$/i) },
  {
    path: '/search',
    what: 'phone menu',
    ready: (page) => main(page).getByRole('gridcell'),
    sizes: [SIZES.phone],
    prepare: async (page) => {
      await page.getByRole('button', { name: 'Menu', exact: true }).click();
      await page.locator('#main-nav.header__nav--open').waitFor();
    },
  },
  {
    path: '/account',
    what: 'Pending changes',
    ready: h1,
    prepare: async (page) => {
      await keepAPreferenceChange(page, '48');
      await pendingChanges(page).click();
      await dialog(page).waitFor();
    },
  },
  {
    path: '/account',
    what: 'sign-out guard',
    ready: h1,
    prepare: async (page) => {
      await keepAPreferenceChange(page, '96');
      await page.getByRole('button', { name: /^(sign out|se déconnecter)$/i }).click();
      await dialog(page).waitFor();
    },
  },
];

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
    what: 'edit mode',
    prepare: async (page) => {
      await page.getByRole('button', { name: /^(edit page|modifier la page)$/i }).click();
      await page.getByRole('button', { name: /^(stop editing|arrêter la modification)$/i }).waitFor();
    },
  },
  { path: '/notifications', ready: h1 },
  { path: '/account', ready: h1 },
  { path: '/devtools', ready: h1 },
  // last: the pending changes and the sign-out guard leave a kept write behind
  ...DIALOGS,
];

/**
 * Opens a screen inside the running portal, as a link would (the page is already there when the
 * path is the same); after a screen that was prepared, which left a dialog, a menu or edit mode
 * open, from a fresh start of the portal.
 */
async function openScreen(page: Page, path: string, afterPrepared: boolean): Promise<void> {
  if (afterPrepared) await page.goto(`${portalUrl()}${path}`);
  else if (new URL(page.url()).pathname !== path) await openInApp(page, path);
}

/** Opens each screen, measures it wide then narrow, and says what does not fit. */
async function measureEveryScreen(page: Page, language: string): Promise<string[]> {
  const found: string[] = [];
  let afterPrepared = false;
  for (const screen of SCREENS) {
    const sizes = screen.sizes ?? [SIZES.desktop, SIZES.phone];
    await page.setViewportSize(sizes[0] ?? SIZES.desktop);
    await openScreen(page, screen.path, afterPrepared);
    afterPrepared = screen.prepare !== undefined;
    await screen.ready(page).first().waitFor({ timeout: 20_000 });
    await screen.prepare?.(page);
    await settled(page);
    for (const size of sizes) {
      await page.setViewportSize(size);
      // the layout and what watches its size (charts, the results grid) follow the new width
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      );
      const where = `${screen.path}${screen.what ? ` (${screen.what})` : ''} ${language} ${size.width}px`;
      for (const overflow of await overflowingText(page)) {
        found.push(`${where} ${overflow.selector}: "${overflow.text}" ${overflow.how}`);
      }
    }
  }
  await noFaults();
  return found;
}

function report(found: string[]): void {
  expect(found, `text that does not fit:\n${found.join('\n')}\n`).toEqual([]);
}

// twenty-seven screens, most measured twice: longer than the default minute (about one here)
vi.setConfig({ testTimeout: 240_000 });

describe('text that fits (issue 28): every route, both languages, 1440 and 390 px', () => {
  journey('alice in English: nothing clipped or overflowing on any screen', async ({ page }) => {
    await openSignedIn(page, 'alice', '/');
    report(await measureEveryScreen(page, 'en'));
  });

  journey('alice in French: nothing clipped or overflowing on any screen', async ({ page }) => {
    await openSignedIn(page, 'alice', '/account');
    await switchLanguage(page, 'fr');
    report(await measureEveryScreen(page, 'fr'));
  });
});
