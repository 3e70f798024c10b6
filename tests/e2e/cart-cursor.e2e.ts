import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import type { LoggedRequest } from '../../mocks/runtime';
import type { RootState } from '../../streams/root';
import { cellName } from './helpers/cell-name';
import { failAtRate, failEvery, noFaults, retryPendingChanges, waiting } from './helpers/faults';
import { journey, mockControl, portalUrl } from './helpers/portal';
import { signIn } from './helpers/session';

const ITEMS = 2000;
/** The cart cursor max (streams/core/config.ts `cartCursorMax`): a chunk, and a page, hold at most this. */
const MAX = 100;

/**
 * The host page's setting `wedia-app-carts-cart-content-mode` (protocol §6.6 `carts.cart.contentMode`),
 * put on the mount element before the portal reads it, as a host page would write it.
 */
async function mountInCursorMode(page: Page): Promise<void> {
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      const mount = document.getElementById('app');
      if (!mount) return;
      mount.setAttribute('wedia-app-carts-cart-content-mode', 'cursor');
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
}

/** The list requests of the cart's list query: the asked ids of each. */
async function chunkAsks(): Promise<{ max: string; ids: unknown[] }[]> {
  const requests = (await mockControl('requests')) as LoggedRequest[];
  return (
    requests
      // dam/asset is a meta-schema: its query goes per resource, `query_asset` (protocol §8.3)
      .filter((one) => one.method === 'GET' && one.path.endsWith('/rest/dam/asset') && one.query.query_asset)
      .map((one) => {
        const query = JSON.parse(String(one.query.query_asset)) as {
          and?: Record<string, { in?: unknown[] }>[];
        };
        const parts = query.and ?? [query as Record<string, { in?: unknown[] }>];
        const ids = parts.flatMap((part) => part.id?.in ?? []);
        return { max: String(one.query.max), ids };
      })
  );
}

const chunksHeld = (page: Page, cartId: string) =>
  page.evaluate(
    (id) =>
      Object.keys(
        (window as unknown as { __DAM_PORTAL__: { getState(): RootState } }).__DAM_PORTAL__.getState().carts
          .contents[id]?.chunks ?? {},
      ),
    cartId,
  );

/** The requests of one kind the demo server received since the last reset. */
async function requestsTo(method: string, path: RegExp): Promise<LoggedRequest[]> {
  const requests = (await mockControl('requests')) as LoggedRequest[];
  return requests.filter((one) => one.method === method && path.test(one.path));
}

/** Alice's cart "Moodboard" (8 images), opened and switched to cursor mode from its page. */
async function openMoodboardInCursorMode(page: Page) {
  await signIn(page, 'alice');
  await page.goto(`${portalUrl()}/carts/7`);
  await page.getByRole('heading', { level: 1, name: 'Moodboard' }).waitFor();
  await page.getByRole('combobox', { name: 'Content mode' }).selectOption('cursor');
  const cells = page.getByRole('grid', { name: 'Carts' }).getByRole('gridcell');
  await expect.poll(() => cells.count(), { timeout: 20_000 }).toBe(8);
  // every tile named by its asset once the list query's page came
  await expect
    .poll(async () =>
      (await Promise.all((await cells.all()).map(cellName))).filter((name) => /^asset \d+$/.test(name)),
    )
    .toEqual([]);
  return cells;
}

describe('cart content as a list query (seed 002 §4, §8, §9)', () => {
  journey(
    'the content mode alice chose for her cart is kept in her preferences and back after a reload',
    async ({ page }) => {
      const cells = await openMoodboardInCursorMode(page);
      const saves = await requestsTo('POST', /\/json\/userpref$/);
      expect(saves.map((save) => save.body)).toContainEqual(
        expect.objectContaining({ key: 'cartContentMode', value: '"cursor"' }),
      );
      const lists = (await chunkAsks()).length;

      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Moodboard' }).waitFor();
      expect(await page.getByRole('combobox', { name: 'Content mode' }).inputValue()).toBe('cursor');
      await expect.poll(() => cells.count(), { timeout: 20_000 }).toBe(8);
      // read through the cart's list query again (once the saved mode is read, if the cart opened before)
      await expect.poll(async () => (await chunkAsks()).length).toBeGreaterThan(lists);
    },
  );

  journey(
    'in cursor mode, "Search in this cart" runs through the cart\'s list query ~[CART@7] with the text',
    async ({ page }) => {
      const cells = await openMoodboardInCursorMode(page);
      const word =
        (await cellName(cells.first())).split(/[^\p{L}\p{N}]+/u).find((part) => part.length > 2) ?? '';
      expect(word).not.toBe('');
      await page.getByRole('textbox', { name: 'Search in this cart' }).fill(word);
      await expect
        .poll(async () =>
          (await requestsTo('GET', /\/rest\/dam\/asset$/)).some((one) => one.query.fulltext === word),
        )
        .toBe(true);
      // the search is the list query's: the cart's ids are its constraints, no viewCart with the text
      const searched = (await requestsTo('GET', /\/rest\/dam\/asset$/)).find(
        (one) => one.query.fulltext === word,
      );
      expect(String(searched?.query.query_asset)).toContain('"in"');
      expect(
        (await requestsTo('GET', /\/viewCart\/7$/)).some((one) => one.query.fulltext !== undefined),
      ).toBe(false);
      await expect
        .poll(async () => {
          const names = await Promise.all((await cells.all()).map(cellName));
          return names.length > 0 && names.every((name) => name.toLowerCase().includes(word.toLowerCase()));
        })
        .toBe(true);

      await page.getByRole('textbox', { name: 'Search in this cart' }).fill('');
      await expect.poll(() => cells.count()).toBe(8);
    },
  );

  journey(
    'in cursor mode, "Filter with my current search" shows the cart\'s items the search finds, the cart\'s own constraint kept; "Clear search filter" brings all back',
    async ({ page }) => {
      const cells = await openMoodboardInCursorMode(page);
      const word =
        (await cellName(cells.first())).split(/[^\p{L}\p{N}]+/u).find((part) => part.length > 2) ?? '';
      expect(word).not.toBe('');
      // a search with a text and a filter (Nature: Image, which every item of the moodboard is)
      await page.goto(`${portalUrl()}/search?q=${encodeURIComponent(word)}&f.assetnature=1`);
      await page.getByRole('button', { name: 'Remove filter Nature: Image' }).waitFor();
      await page.getByRole('link', { name: 'Carts' }).click();
      await page.getByRole('link', { name: 'Moodboard' }).first().click();
      await page.getByRole('heading', { level: 1, name: 'Moodboard' }).waitFor();
      await expect.poll(() => cells.count(), { timeout: 20_000 }).toBe(8);

      await page.getByRole('button', { name: 'Filter with my current search' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: 'Only the items your current search finds' })
        .waitFor();
      await expect
        .poll(async () => {
          const names = await Promise.all((await cells.all()).map(cellName));
          return names.length > 0 && names.every((name) => name.toLowerCase().includes(word.toLowerCase()));
        })
        .toBe(true);
      // one list request holds the cart's ids, the search's filter and its text (merged, not replaced)
      const merged = (await requestsTo('GET', /\/rest\/dam\/asset$/)).filter(
        (one) => one.query.fulltext === word,
      );
      expect(merged.length).toBeGreaterThan(0);
      const query = String(merged.at(-1)?.query.query_asset);
      expect(query).toContain('"in"');
      expect(query).toContain('assetnature');

      await page.getByRole('button', { name: 'Clear search filter' }).click();
      await expect.poll(() => cells.count()).toBe(8);
      await page.getByRole('button', { name: 'Filter with my current search' }).waitFor();
    },
  );

  journey(
    'a huge cart in cursor mode comes chunk by chunk as alice scrolls, the window bounded; an unknown cart shows the unknown view',
    async ({ page }) => {
      const { id } = (await mockControl('carts/huge', { body: { items: ITEMS } })) as { id: string };
      await mountInCursorMode(page);
      await signIn(page, 'alice');
      await page.goto(`${portalUrl()}/carts/${id}`);
      await page.getByRole('heading', { level: 1, name: `Huge selection (${ITEMS} items)` }).waitFor();
      expect(await page.getByRole('combobox', { name: 'Content mode' }).inputValue()).toBe('cursor');

      // the first chunk's details name the first tiles (a tile waiting is named "asset {id}")
      const grid = page.getByRole('grid', { name: 'Carts' });
      const firstCell = grid.getByRole('gridcell').first();
      await expect.poll(() => cellName(firstCell), { timeout: 20_000 }).not.toMatch(/^asset \d+$/);

      // scrolling far down: the chunks there come, those left behind are given back
      await grid.hover();
      for (let step = 0; step < 12; step += 1) await page.mouse.wheel(0, 4000);
      await expect
        .poll(async () => (await chunksHeld(page, id)).includes('0'), { timeout: 20_000 })
        .toBe(false);
      const lastCell = grid.getByRole('gridcell').last();
      await expect.poll(() => cellName(lastCell), { timeout: 20_000 }).not.toMatch(/^asset \d+$/);

      // each request is one chunk of at most the cursor max; the window holds a few chunks only
      const asks = await chunkAsks();
      expect(asks.length).toBeGreaterThan(1);
      for (const ask of asks) {
        expect(ask.max).toBe(String(MAX));
        expect(ask.ids.length).toBeGreaterThan(0);
        expect(ask.ids.length).toBeLessThanOrEqual(MAX);
      }
      expect((await chunksHeld(page, id)).length).toBeLessThanOrEqual(3);

      // a cart nobody knows, in cursor mode: the unknown view, and a way back
      await page.goto(`${portalUrl()}/carts/987654`);
      const unknown = page
        .getByRole('alert')
        .filter({ has: page.getByRole('heading', { name: 'Unknown cart' }) });
      await unknown.waitFor();
      await unknown.getByRole('link', { name: 'Back to carts' }).click();
      await page.getByRole('heading', { level: 1, name: 'Carts' }).waitFor();
    },
  );

  journey(
    'the content mode chosen while its save fails is kept through a reload, then saved once the server is back',
    async ({ page }) => {
      await signIn(page, 'alice');
      await page.goto(`${portalUrl()}/carts/7`);
      await page.getByRole('heading', { level: 1, name: 'Moodboard' }).waitFor();
      // every save of a preference fails; a third of the list query's reads fail too
      await failEvery('/json/userpref$', 500, 'POST');
      await failAtRate('/rest/dam/asset$', 0.3, 500, 'GET');
      await page.getByRole('combobox', { name: 'Content mode' }).selectOption('cursor');
      await waiting(page).filter({ hasText: '1 change waiting' }).waitFor();
      const cells = page.getByRole('grid', { name: 'Carts' }).getByRole('gridcell');
      await expect.poll(() => cells.count(), { timeout: 20_000 }).toBe(8);

      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Moodboard' }).waitFor();
      await waiting(page).filter({ hasText: '1 change waiting' }).waitFor();
      // the server still holds the old mode: the kept choice is the one shown and listed
      await expect
        .poll(() => page.getByRole('combobox', { name: 'Content mode' }).inputValue(), { timeout: 20_000 })
        .toBe('cursor');
      await expect.poll(() => cells.count(), { timeout: 20_000 }).toBe(8);
      // each tile holds its buttons inside its cell (a fixed height in a list query's grid)
      const cut = await cells.evaluateAll((all) =>
        all.filter((cell) => cell.scrollHeight > cell.clientHeight + 1).map((cell) => cell.textContent),
      );
      expect(cut).toEqual([]);

      await noFaults();
      await retryPendingChanges(page);
      await page.keyboard.press('Escape');
      const saves = await requestsTo('POST', /\/json\/userpref$/);
      expect(saves.at(-1)?.body).toEqual(
        expect.objectContaining({ key: 'cartContentMode', value: '"cursor"' }),
      );
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Moodboard' }).waitFor();
      await expect
        .poll(() => page.getByRole('combobox', { name: 'Content mode' }).inputValue(), { timeout: 20_000 })
        .toBe('cursor');
      expect(await waiting(page).count()).toBe(0);
    },
  );

  journey(
    'in cursor mode, "Search in this cart" failing says so with "Try again"; the text typed stays and the search runs once the server is back',
    async ({ page }) => {
      const cells = await openMoodboardInCursorMode(page);
      const word =
        (await cellName(cells.first())).split(/[^\p{L}\p{N}]+/u).find((part) => part.length > 2) ?? '';
      expect(word).not.toBe('');
      await failEvery('/rest/dam/asset$', 500, 'GET');
      const box = page.getByRole('textbox', { name: 'Search in this cart' });
      await box.fill(word);
      // an outage is no unknown cart: the cart could not be read, and can be asked again
      const unread = page.getByRole('alert').filter({ hasText: 'This cart could not be read.' });
      await unread.waitFor();
      expect(await page.getByRole('heading', { name: 'Unknown cart' }).count()).toBe(0);
      expect(await box.inputValue()).toBe(word);

      await noFaults();
      await unread.getByRole('button', { name: 'Try again' }).click();
      await expect.poll(() => unread.count(), { timeout: 20_000 }).toBe(0);
      await expect
        .poll(async () => {
          const names = await Promise.all((await cells.all()).map(cellName));
          return names.length > 0 && names.every((name) => name.toLowerCase().includes(word.toLowerCase()));
        })
        .toBe(true);
      expect(await box.inputValue()).toBe(word);
      expect(
        (await requestsTo('GET', /\/rest\/dam\/asset$/)).filter((one) => one.query.fulltext === word).length,
      ).toBeGreaterThan(1);
    },
  );
});
