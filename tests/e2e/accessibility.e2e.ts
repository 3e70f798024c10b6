import type { Locator, Page } from 'playwright-core';
import { describe, expect, vi } from 'vitest';
import { createShares } from '../../mocks/db/carts';
import { checkEverywhere } from './helpers/axe';
import { journey, portalUrl, settled } from './helpers/portal';
import { openSignedIn } from './helpers/session';

/**
 * Issue 13 "Done means": axe finds no serious or critical violation on any screen of
 * UI-CONTRACT's routes, with the main dialogs open, in the light and the dark theme, at 1440×900
 * and 390×844; text over images (captions on thumbnails) is measured on its pixels. Each screen
 * is checked four times without reloading (viewport and colour scheme change in place); every
 * problem is collected and the journey fails once at the end with the whole list.
 */

/** Opens `path` (as `login`, signed in through the API, for a journey's first screen) once it has loaded. */
async function visit(
  page: Page,
  path: string,
  ready: (page: Page) => Locator,
  login?: string,
): Promise<void> {
  if (login) await openSignedIn(page, login, path);
  else await page.goto(`${portalUrl()}${path}`);
  await ready(page).first().waitFor({ timeout: 20_000 });
  await settled(page);
}

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

/** Opens a dialog with `open`, checks the page with it, closes it with Escape. */
async function withDialog(
  page: Page,
  name: string | RegExp,
  open: () => Promise<void>,
  found: string[],
  screen: string,
): Promise<void> {
  await open();
  const dialog = page.getByRole('dialog', { name });
  await dialog.waitFor();
  await settled(page);
  found.push(...(await checkEverywhere(page, screen)));
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
}

// four axe runs per screen state: a journey takes longer than the default minute
vi.setConfig({ testTimeout: 150_000 });

function report(found: string[]): void {
  expect(found, `serious or critical accessibility problems:\n${found.join('\n')}\n`).toEqual([]);
}

describe('accessibility (issue 13): axe on every screen, both themes, both sizes', () => {
  journey('alice: home, search with "Add to cart" open, an asset, the error view', async ({ page }) => {
    const found: string[] = [];

    await visit(page, '/', h1, 'alice');
    found.push(...(await checkEverywhere(page, 'home /')));

    await visit(page, '/search', (p) => p.getByRole('grid', { name: 'Results' }).getByRole('gridcell'));
    found.push(...(await checkEverywhere(page, 'search /search')));
    const tile = page.getByRole('grid', { name: 'Results' }).getByRole('gridcell').first();
    await tile.hover();
    await tile.getByRole('button', { name: 'Add to cart' }).click();
    const chooser = page.getByRole('dialog').or(page.getByRole('menu')).first();
    await chooser.waitFor();
    found.push(...(await checkEverywhere(page, 'search, "Add to cart" open')));
    await page.keyboard.press('Escape');
    await chooser.waitFor({ state: 'hidden' });

    await visit(page, '/assets/asset/5', h1);
    found.push(...(await checkEverywhere(page, 'asset /assets/asset/5')));

    await visit(page, '/assets/asset/99999999', (p) => p.getByRole('heading', { name: /error|erreur/i }));
    found.push(...(await checkEverywhere(page, 'error view (404)')));

    report(found);
  });

  journey('alice: carts, a cart and their dialogs, downloads', async ({ page }) => {
    const found: string[] = [];

    await visit(page, '/carts', (p) => p.getByRole('main').getByRole('link'), 'alice');
    found.push(...(await checkEverywhere(page, 'carts /carts')));
    await withDialog(
      page,
      'New cart',
      () => page.getByRole('button', { name: 'New cart' }).click(),
      found,
      'carts, dialog "New cart"',
    );

    await visit(page, '/carts/1', (p) => p.getByRole('button', { name: 'Remove from cart' }));
    found.push(...(await checkEverywhere(page, 'cart /carts/1')));
    await withDialog(
      page,
      'Share',
      () => page.getByRole('button', { name: 'Share', exact: true }).click(),
      found,
      'cart, dialog "Share"',
    );
    await withDialog(
      page,
      'Download',
      () => page.getByRole('button', { name: 'Download', exact: true }).click(),
      found,
      'cart, dialog "Download"',
    );

    await visit(page, '/downloads', h1);
    found.push(...(await checkEverywhere(page, 'downloads /downloads')));

    report(found);
  });

  journey('alice: imports, a job, saved searches, analytics', async ({ page }) => {
    const found: string[] = [];

    await visit(page, '/imports', (p) => p.getByRole('main').getByRole('link'), 'alice');
    found.push(...(await checkEverywhere(page, 'imports /imports')));
    await withDialog(
      page,
      'New import',
      () => page.getByRole('button', { name: 'New import' }).click(),
      found,
      'imports, dialog "New import"',
    );
    await page.getByRole('main').getByRole('link').first().click();
    await page.getByRole('grid', { name: 'Items' }).waitFor();
    await settled(page);
    found.push(...(await checkEverywhere(page, 'import job /imports/:id')));

    await visit(page, '/saved-searches', h1);
    found.push(...(await checkEverywhere(page, 'saved searches /saved-searches')));

    await visit(page, '/analytics', (p) => p.getByRole('region', { name: 'Most viewed' }).getByRole('table'));
    found.push(...(await checkEverywhere(page, 'analytics /analytics')));

    report(found);
  });

  journey('alice: a CMS page and its editor, notifications, account, devtools', async ({ page }) => {
    const found: string[] = [];

    await visit(
      page,
      '/pages/home',
      (p) => p.locator('article.cms-page').getByRole('heading', { level: 1 }),
      'alice',
    );
    found.push(...(await checkEverywhere(page, 'CMS page /pages/home')));
    await page.getByRole('button', { name: 'Edit page' }).click();
    await page.getByRole('button', { name: 'Stop editing' }).waitFor();
    found.push(...(await checkEverywhere(page, 'CMS page in edit mode')));
    await withDialog(
      page,
      'Add block',
      () => page.locator('article.cms-page').getByRole('button', { name: 'Add block' }).last().click(),
      found,
      'CMS page, dialog "Add block"',
    );
    await page.getByRole('button', { name: 'Stop editing' }).click();

    await visit(page, '/notifications', h1);
    found.push(...(await checkEverywhere(page, 'notifications /notifications')));

    await visit(page, '/account', h1);
    found.push(...(await checkEverywhere(page, 'account /account')));

    await visit(page, '/devtools', h1);
    found.push(...(await checkEverywhere(page, 'devtools /devtools')));

    report(found);
  });

  journey('anonymous: sign-in, a shared cart and its password prompt', async ({ page }) => {
    const found: string[] = [];
    const shares = createShares();
    const open = shares[0]?.uuid;
    const withPassword = shares[1]?.uuid;

    await visit(page, '/signin', (p) => p.getByRole('button', { name: 'Sign in' }));
    found.push(...(await checkEverywhere(page, 'sign in /signin')));

    await visit(page, `/share/${open}`, (p) => p.getByRole('main').getByRole('listitem'));
    found.push(...(await checkEverywhere(page, 'shared cart /share/:uuid')));

    await visit(page, `/share/${withPassword}`, (p) => p.getByRole('textbox', { name: 'Password' }));
    found.push(...(await checkEverywhere(page, 'shared cart, password prompt')));

    report(found);
  });
});
