/**
 * `npm run screenshots`: builds the portal if needed, serves it with the demo server on a free
 * port (as `npm start` does), and writes one PNG per screen at 1440×900 (desktop) and 390×844
 * (phone) into `docs/screens/<screen>-<desktop|phone>.png`, plus `docs/screens/README.md` that
 * lists them. Screens of a signed-in user are taken as alice; the sign-in page and the shared
 * cart pages as a visitor. Needs Chromium (`/usr/bin/chromium`, or `CHROMIUM_PATH`).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { createShares } from '../mocks/db/carts';
import { startDemoServer } from '../mocks/server';
import { buildIfNeeded } from './build-if-needed';

const OUT = join('docs', 'screens');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SIZES = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

interface Screen {
  /** the file name's first part */
  name: string;
  /** what the README says it shows */
  title: string;
  path: string;
  /** shown to a visitor (not signed in) */
  anonymous?: boolean;
  /** what is on screen once it is ready */
  ready(page: Page): Locator;
  /** a step after it is ready (open a dialog …) */
  afterReady?(page: Page): Promise<void>;
}

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const shares = createShares();

const SCREENS: Screen[] = [
  {
    name: 'signin',
    title: 'Sign in',
    path: '/signin',
    anonymous: true,
    ready: (p) => p.getByRole('button', { name: 'Sign in' }),
  },
  {
    name: 'shared-cart',
    title: 'A shared cart opened from its link',
    path: `/share/${shares[0]?.uuid}`,
    anonymous: true,
    ready: (p) => p.getByRole('main').getByRole('listitem'),
  },
  {
    name: 'shared-cart-password',
    title: 'A shared cart asking for its password',
    path: `/share/${shares[1]?.uuid}`,
    anonymous: true,
    ready: (p) => p.getByRole('textbox', { name: 'Password' }),
  },
  { name: 'home', title: 'Home (the search, under the application’s banner)', path: '/', ready: h1 },
  {
    name: 'search',
    title: 'Search: facets, tree, active filters and results',
    path: '/search?f.assetnature=1',
    ready: (p) => p.getByRole('grid', { name: 'Results' }).getByRole('gridcell'),
  },
  {
    name: 'search-natural-language',
    title: 'Search in natural language: the sentence’s filters as chips',
    path: '/search?nl=show+me+short+videos+of+babies',
    ready: (p) => p.getByRole('button', { name: /^Remove filter Age/ }),
  },
  {
    name: 'asset',
    title: 'One asset: preview, metadata, variations, usage',
    path: '/assets/asset/5',
    ready: h1,
  },
  { name: 'carts', title: 'Carts', path: '/carts', ready: (p) => p.getByRole('main').getByRole('link') },
  {
    name: 'cart',
    title: 'One cart',
    path: '/carts/1',
    ready: (p) => p.getByRole('button', { name: 'Remove from cart' }),
  },
  {
    name: 'cart-share',
    title: 'One cart, dialog "Share"',
    path: '/carts/1',
    ready: (p) => p.getByRole('button', { name: 'Remove from cart' }),
    afterReady: async (p) => {
      await p.getByRole('button', { name: 'Share', exact: true }).click();
      await p.getByRole('dialog', { name: 'Share' }).waitFor();
    },
  },
  {
    name: 'cart-download',
    title: 'One cart, dialog "Download"',
    path: '/carts/1',
    ready: (p) => p.getByRole('button', { name: 'Remove from cart' }),
    afterReady: async (p) => {
      await p.getByRole('button', { name: 'Download', exact: true }).click();
      await p.getByRole('dialog', { name: 'Download' }).waitFor();
    },
  },
  { name: 'downloads', title: 'Downloads', path: '/downloads', ready: h1 },
  {
    name: 'imports',
    title: 'Mass imports',
    path: '/imports',
    ready: (p) => p.getByRole('main').getByRole('link'),
  },
  {
    name: 'import-job',
    title: 'One import job',
    path: '/imports',
    ready: (p) => p.getByRole('main').getByRole('link'),
    afterReady: async (p) => {
      await p.getByRole('main').getByRole('link').first().click();
      await p.getByRole('grid', { name: 'Items' }).waitFor();
    },
  },
  { name: 'saved-searches', title: 'Saved searches', path: '/saved-searches', ready: h1 },
  {
    name: 'analytics',
    title: 'Analytics',
    path: '/analytics',
    ready: (p) => p.getByRole('region', { name: 'Most viewed' }).getByRole('table'),
  },
  {
    name: 'page',
    title: 'A CMS page',
    path: '/pages/home',
    ready: (p) => p.locator('article.cms-page').getByRole('heading', { level: 1 }),
  },
  {
    name: 'page-edit',
    title: 'A CMS page in edit mode: a block’s toolbar, the published page beside the draft',
    path: '/pages/home',
    ready: (p) => p.locator('article.cms-page').getByRole('heading', { level: 1 }),
    afterReady: async (p) => {
      await p.getByRole('button', { name: 'Edit page' }).click();
      await p.getByRole('button', { name: 'Stop editing' }).waitFor();
      // a block's toolbar shows on hover: the rich text's, under the pointer
      await p.getByRole('group', { name: 'Rich text: Welcome' }).hover();
    },
  },
  { name: 'notifications', title: 'Notifications', path: '/notifications', ready: h1 },
  { name: 'account', title: 'Account', path: '/account', ready: h1 },
  { name: 'devtools', title: 'Devtools: the event log', path: '/devtools', ready: h1 },
];

/** Until nothing on the page says it is still loading, and its images are in (10 s at most). */
async function settled(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document.querySelectorAll('[aria-busy="true"], .skeleton').length === 0 &&
        ![...document.querySelectorAll('[role="status"]')].some((node) =>
          /^(loading|chargement)/i.test(node.textContent?.trim() ?? ''),
        ) &&
        [...document.images].every((image) => image.complete),
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
}

async function signIn(page: Page, base: string, login: string): Promise<void> {
  await page.goto(`${base}/signin`);
  await page.getByRole('textbox', { name: 'Login' }).fill(login);
  await page.getByRole('textbox', { name: 'Password' }).fill(login);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
}

async function openBrowser(): Promise<BrowserContext> {
  return chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'dam-portal-screens-')), {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-dev-shm-usage'],
    viewport: SIZES.desktop,
    colorScheme: 'light',
    reducedMotion: 'reduce',
  });
}

async function shoot(page: Page, base: string, screen: Screen, written: string[]): Promise<void> {
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    await page.goto(`${base}${screen.path}`);
    await screen.ready(page).first().waitFor({ timeout: 20_000 });
    await settled(page);
    if (screen.afterReady) {
      await screen.afterReady(page);
      await settled(page);
    }
    const file = `${screen.name}-${size}.png`;
    await page.screenshot({ path: join(OUT, file), animations: 'disabled', caret: 'hide' });
    written.push(file);
    console.log(`  ${file}`);
  }
}

function readme(written: Set<string>): string {
  const rows = SCREENS.filter((screen) => written.has(`${screen.name}-desktop.png`)).map(
    (screen) =>
      `| ${screen.title} | \`${screen.path.replace(/\/share\/[\w-]+/, '/share/:uuid')}\` | ![${screen.title}, desktop](${screen.name}-desktop.png) | ![${screen.title}, phone](${screen.name}-phone.png) |`,
  );
  return [
    '# Screens',
    '',
    'Written by `npm run screenshots` (scripts/screenshots.ts) against the demo server, light theme,',
    'at 1440×900 (desktop) and 390×844 (phone): signed in as alice, except the sign-in page and the',
    'shared cart pages (a visitor). Do not edit by hand: run the script again.',
    '',
    '| screen | address | desktop | phone |',
    '|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  buildIfNeeded();
  const server = await startDemoServer({ port: 0 });
  const browser = await openBrowser();
  const written: string[] = [];
  const failed: string[] = [];
  mkdirSync(OUT, { recursive: true });
  try {
    const page = browser.pages()[0] ?? (await browser.newPage());
    await fetch(`${server.url}/__mock/reset`, { method: 'POST' });
    for (const screen of SCREENS.filter((s) => s.anonymous)) {
      await shoot(page, server.url, screen, written).catch((error: unknown) => {
        failed.push(`${screen.name}: ${error instanceof Error ? error.message.split('\n')[0] : error}`);
      });
    }
    await signIn(page, server.url, 'alice');
    for (const screen of SCREENS.filter((s) => !s.anonymous)) {
      await shoot(page, server.url, screen, written).catch((error: unknown) => {
        failed.push(`${screen.name}: ${error instanceof Error ? error.message.split('\n')[0] : error}`);
      });
    }
  } finally {
    await browser.close();
    await server.close();
  }
  writeFileSync(join(OUT, 'README.md'), readme(new Set(written)));
  console.log(`${written.length} screenshots in ${OUT}`);
  if (failed.length > 0) {
    console.error(`not taken:\n${failed.join('\n')}`);
    process.exitCode = 1;
  }
}

await main();
