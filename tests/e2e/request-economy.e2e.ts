import type { Page } from 'playwright-core';
import type { LoggedRequest } from '../../mocks/runtime';
import { describe, expect } from 'vitest';
import { cellName } from './helpers/cell-name';
import { journey, openInApp, portalUrl } from './helpers/portal';
import { openSignedIn, signIn } from './helpers/session';
import { describeCall, stepCalls } from './helpers/step-calls';

/**
 * Issue 12 items 15 and 16: who the requests are sent as after a reload, and how many a journey
 * sends (the demo server's request log, `GET /__mock/requests`), against the reference client.
 */

/**
 * A natural-language search: the analysis, one lookup per value (the nature `video`, the concepts
 * `baby` and `toddler`: §8.1 allows one `eq` each) taking the headers of the schema it looks in
 * inline (`headers=true`, §8.2), the list and its facets' counts (§9.1).
 */
const NATURAL_LANGUAGE_CALLS = 6;
/**
 * An asset page: the entity and its variations (§12.1), the view logged and the usage (§18 asset
 * events), as the reference; where it was broadcast and the reverse image search's rights are asked
 * when the user opens them.
 */
const ASSET_PAGE_CALLS = 4;
/** An asset that answers 404: the entity only, as the reference. */
const MISSING_ASSET_CALLS = 1;
/**
 * An owner's cart opened from the carts list: viewed at once (the list counted its items, §6.6), its
 * comments asked only by "Show comments" (issue 28's notifications list): the reference's one call.
 */
const VIEW_CART_CALLS = 1;
/**
 * A batch edit of 2 assets: each update and the entity read after it (§12.1), as the reference's 4;
 * the reads are folded into the results' rows, so the list is not asked again; then the facets'
 * counts once (`/aggs`, §9.1), so they are the server's and not the rows' guess (README).
 */
const BATCH_EDIT_CALLS = 5;

/** The portal's state (every domain's code in). */
async function portalState(page: Page): Promise<Record<string, unknown>> {
  return page.evaluate(async () => {
    const portal = (
      window as unknown as {
        __DAM_PORTAL__: { getState(): unknown; loadAllDomains(): Promise<void> };
      }
    ).__DAM_PORTAL__;
    await portal.loadAllDomains();
    return portal.getState() as Record<string, unknown>;
  });
}

/** The stored refresh token is exchanged 1.5 s late, so the screen's code comes in before it. */
const slowTokenExchange = (page: Page) =>
  page.route(
    (url) => url.pathname.endsWith('/api/rest/token'),
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    },
  );

describe('identity and request economy (issue 12 items 15 and 16)', () => {
  journey(
    'after a reload as alice, the schema headers are asked with her token and grant her insert',
    async ({ page }) => {
      await openSignedIn(page, 'alice', '/search');
      await page.getByRole('grid', { name: 'Results' }).getByRole('gridcell').first().waitFor();
      const sent = await stepCalls(async () => {
        // the stored refresh token is exchanged slowly: the search screen's code is in first
        await slowTokenExchange(page);
        await page.reload();
        await page.getByRole('button', { name: 'Sign out' }).waitFor();
        await page.getByRole('grid', { name: 'Results' }).getByRole('gridcell').first().waitFor();
      });
      const headers = sent.filter((request) => request.path.endsWith('/headers'));
      expect(headers.length).toBeGreaterThan(0);
      for (const request of headers) {
        expect(request.headers.authorization, describeCall(request)).toMatch(/^Bearer /);
      }
      const whoAmI = sent.findIndex((request) => request.path.endsWith('/whoami'));
      const firstHeaders = sent.findIndex((request) => request.path.endsWith('/headers'));
      expect(sent.some((request) => request.path.endsWith('/rest/token'))).toBe(true);
      expect(firstHeaders).toBeGreaterThan(whoAmI);
      const state = (await portalState(page)) as {
        schemas: { byName: Record<string, { body: { security: Record<string, boolean> } | null }> };
      };
      expect(state.schemas.byName['dam/data/asset']?.body?.security['objectdata/insert']).toBe(true);
    },
  );

  journey('loading /search as alice sends each list request once', async ({ page }) => {
    await signIn(page, 'alice');
    const sent = await stepCalls(async () => {
      // her stored refresh token is exchanged while the search screen's code arrives
      await slowTokenExchange(page);
      await page.goto(`${portalUrl()}/search`);
      await page.getByRole('grid', { name: 'Results' }).getByRole('gridcell').first().waitFor();
    });
    const calls = sent.map(describeCall);
    const lists = calls.filter((call) => call.includes('/rest/dam/data/asset'));
    expect(lists, calls.join('\n')).toEqual([...new Set(lists)]);
  });

  journey('a profile patch on /account sends one request', async ({ page }) => {
    await openSignedIn(page, 'alice', '/search');
    await page.getByRole('grid', { name: 'Results' }).getByRole('gridcell').first().waitFor();
    await page.getByRole('link', { name: 'Account', exact: true }).click();
    await page.getByRole('heading', { name: 'Your account' }).waitFor();
    const calls = (
      await stepCalls(async (sent) => {
        await page.getByRole('combobox', { name: 'Language', exact: true }).selectOption('fr');
        await page.getByRole('heading', { name: 'Votre compte' }).waitFor();
        // a busy page may send it later than a quiet spell: wait for it, then for anything after it
        await expect.poll(async () => (await sent()).length, { timeout: 20_000 }).toBeGreaterThan(0);
      })
    ).map(describeCall);
    expect(calls, calls.join('\n')).toHaveLength(1);
    await page.getByRole('combobox', { name: 'Langue', exact: true }).selectOption('en');
    await page.getByRole('heading', { name: 'Your account' }).waitFor();
  });

  journey('a sign-out sends at most two requests', async ({ page }) => {
    // signed in this page session: the application's token is still held (no reload)
    await signIn(page, 'alice');
    await page.getByRole('link', { name: 'Search', exact: true }).click();
    await page.getByRole('grid', { name: 'Results' }).getByRole('gridcell').first().waitFor();
    await page.getByRole('link', { name: 'Account', exact: true }).click();
    await page.getByRole('heading', { name: 'Your account' }).waitFor();
    const calls = (
      await stepCalls(async () => {
        await page.getByRole('button', { name: 'Sign out' }).click();
        await page.getByRole('link', { name: 'Sign in' }).waitFor();
      })
    ).map(describeCall);
    // the sign-out and who-am-I: the search list, its facets and the schemas wait for /search
    expect(calls.length, calls.join('\n')).toBeLessThanOrEqual(2);
  });

  journey(
    'a facet checked sends one list and one /aggs; the second page waits for a scroll',
    async ({ page }) => {
      await openSignedIn(page, 'alice', '/search');
      const grid = page.getByRole('grid', { name: 'Results' });
      await grid.getByRole('gridcell').first().waitFor();
      const calls = (
        await stepCalls(() =>
          page
            .getByRole('checkbox', { name: /^Image/ })
            .first()
            .check(),
        )
      ).map(describeCall);
      const lists = calls.filter((call) => /^GET \/api\/rest\/dam\/data\/asset /.test(call));
      expect(lists, calls.join('\n')).toHaveLength(1);
      expect(lists[0], calls.join('\n')).not.toContain('"after"');
      expect(
        calls.filter((call) => call.includes('/aggs')),
        calls.join('\n'),
      ).toHaveLength(1);
      // scrolled to the end, the next page comes
      const scrolled = await stepCalls(async (sent) => {
        await grid.getByRole('gridcell').last().scrollIntoViewIfNeeded();
        await expect
          .poll(async () => (await sent()).some((call) => call.query.after !== undefined), {
            timeout: 20_000,
          })
          .toBe(true);
      });
      expect(scrolled.filter((call) => call.query.after !== undefined)).toHaveLength(1);
    },
  );

  journey('opening "Add to cart" twice reads the cart list once', async ({ page }) => {
    await openSignedIn(page, 'alice', '/search');
    const first = page.getByRole('grid', { name: 'Results' }).getByRole('gridcell').first();
    await first.waitFor();
    const name = await cellName(first);
    const calls = (
      await stepCalls(async () => {
        for (let round = 0; round < 2; round++) {
          await first.getByRole('button', { name: 'Add to cart' }).click();
          const chooser = page.getByRole('dialog', { name: `Add "${name}" to a cart` });
          await chooser.getByRole('menuitemcheckbox', { name: 'Moodboard' }).waitFor();
          await chooser.getByRole('button', { name: 'Close' }).click();
          await chooser.waitFor({ state: 'detached' });
        }
      })
    ).map(describeCall);
    const cartLists = calls.filter((call) => /cart/i.test(call));
    expect(cartLists.length, calls.join('\n')).toBeLessThanOrEqual(1);
  });

  journey(
    'a natural-language search looks each value up once, {field:{eq:value}}, and asks the list once (issue 26 item 8)',
    async ({ page }) => {
      await openSignedIn(page, 'alice', '/search');
      await page.getByRole('grid', { name: 'Results' }).getByRole('gridcell').first().waitFor();
      await page.getByRole('checkbox', { name: 'Natural language' }).check();
      const sent = await stepCalls(async () => {
        const box = page.getByRole('combobox', { name: 'Search' });
        await box.fill('show me short videos of babies');
        await box.press('Enter');
        await page.getByRole('button', { name: 'Remove filter Age: babies' }).waitFor();
      });
      const calls = sent.map(describeCall);
      const lookups = sent.filter((call) => call.query.max === '5');
      // one per value: the nature `video`, the concepts `baby` and `toddler`
      expect(lookups.map((call) => `${call.path} ${call.query.query}`).sort(), calls.join('\n')).toEqual([
        '/api/rest/dam/data/ai_concepts {"name":{"eq":"baby"}}',
        '/api/rest/dam/data/ai_concepts {"name":{"eq":"toddler"}}',
        '/api/rest/dam/data/assetnature {"code":{"eq":"video"}}',
      ]);
      expect(
        lookups.map((call) => call.query.headers),
        calls.join('\n'),
      ).toEqual(['true', 'true', 'true']);
      expect(
        sent.filter((call) => call.path.endsWith('/headers')).map(describeCall),
        calls.join('\n'),
      ).toEqual([]);
      expect(
        calls.filter((call) => call.startsWith('GET /api/luis/analyze')),
        calls.join('\n'),
      ).toHaveLength(1);
      const lists = calls.filter((call) => /^GET \/api\/rest\/dam\/data\/asset /.test(call));
      expect(lists, calls.join('\n')).toHaveLength(1);
      // the rest: the facets' counts under the new query, after the list answered
      expect(
        calls.filter((call) => call.includes('/aggs')),
        calls.join('\n'),
      ).toHaveLength(1);
      expect(calls.length, calls.join('\n')).toBeLessThanOrEqual(NATURAL_LANGUAGE_CALLS);
    },
  );
});

/**
 * Issue 26's counts of the asset page, a missing asset, a cart, a batch edit and import "Edit
 * metadata", each against the reference client's (README "Request counts").
 */
describe('request economy of the asset, cart, batch and import journeys (issue 26)', () => {
  journey(
    `an asset page opened from the results sends at most its ${ASSET_PAGE_CALLS} calls (the reference 4)`,
    async ({ page }) => {
      await openSignedIn(page, 'alice', '/search');
      const first = page.getByRole('grid', { name: 'Results' }).getByRole('gridcell').first();
      await first.waitFor();
      const name = await cellName(first);
      const calls = (
        await stepCalls(async () => {
          await first.getByRole('link', { name }).click();
          await page.getByRole('heading', { level: 1, name }).waitFor();
          await page.getByRole('region', { name: 'Usage' }).waitFor();
        })
      ).map(describeCall);
      expect(calls.length, calls.join('\n')).toBeLessThanOrEqual(ASSET_PAGE_CALLS);
    },
  );

  journey('an asset that answers 404 asks nothing more', async ({ page }) => {
    await openSignedIn(page, 'alice', '/search');
    await page.getByRole('grid', { name: 'Results' }).getByRole('gridcell').first().waitFor();
    const calls = (
      await stepCalls(async () => {
        await openInApp(page, '/assets/asset/99999999');
        await page.getByRole('heading', { level: 1, name: 'An error occured!' }).waitFor();
      })
    ).map(describeCall);
    expect(calls, calls.join('\n')).toHaveLength(MISSING_ASSET_CALLS);
  });

  journey(
    `a cart opened from the list sends at most ${VIEW_CART_CALLS} calls (the reference 1)`,
    async ({ page }) => {
      await signIn(page, 'alice');
      await page.getByRole('link', { name: 'Carts', exact: true }).click();
      const mine = page.getByRole('region', { name: 'My carts' });
      await mine.getByRole('link', { name: 'Moodboard' }).waitFor();
      const calls = (
        await stepCalls(async () => {
          await mine.getByRole('link', { name: 'Moodboard' }).click();
          await page.getByRole('heading', { level: 1, name: 'Moodboard' }).waitFor();
          await page.getByRole('button', { name: 'Remove from cart' }).first().waitFor();
        })
      ).map(describeCall);
      expect(calls.length, calls.join('\n')).toBeLessThanOrEqual(VIEW_CART_CALLS);
    },
  );

  journey(
    `a batch edit of 2 results sends at most ${BATCH_EDIT_CALLS} calls (the reference 4)`,
    async ({ page }) => {
      await openSignedIn(page, 'alice', '/search');
      const cells = page.getByRole('grid', { name: 'Results' }).getByRole('gridcell');
      await cells.nth(1).waitFor();
      for (const index of [0, 1]) await cells.nth(index).getByRole('checkbox', { name: 'Select' }).click();
      const toolbar = page.getByRole('toolbar', { name: 'Selection' });
      await toolbar.filter({ hasText: '2 selected' }).waitFor();
      const calls = (
        await stepCalls(async () => {
          await toolbar.getByRole('button', { name: 'Edit metadata of the selection' }).click();
          const dialog = page.getByRole('dialog', { name: 'Edit metadata of the selection' });
          await dialog.getByRole('textbox', { name: 'Author' }).fill('Two at once');
          await dialog.getByRole('button', { name: 'Apply' }).click();
          await dialog.getByRole('status').filter({ hasText: '2 of 2 assets updated.' }).waitFor();
          await dialog.getByRole('button', { name: 'Done' }).click();
        })
      ).map(describeCall);
      expect(calls.length, calls.join('\n')).toBeLessThanOrEqual(BATCH_EDIT_CALLS);
      expect(
        calls.filter((call) => call.includes('/aggs')),
        calls.join('\n'),
      ).toHaveLength(1);
      // the Author facet counts the two under their new author
      await page.getByRole('searchbox', { name: 'Filter Author' }).fill('Two at');
      await page.getByRole('checkbox', { name: 'Two at once (2)' }).waitFor();
    },
  );

  journey(
    'the saved cart content mode is read when the carts screen opens, not at sign-in',
    async ({ page }) => {
      const readsOfTheMode = (calls: LoggedRequest[]) =>
        calls.filter((call) => call.path.endsWith('/json/userpref') && call.query.key === 'cartContentMode');
      const atStart = await stepCalls(async () => {
        await openSignedIn(page, 'alice', '/search');
        await page.getByRole('grid', { name: 'Results' }).getByRole('gridcell').first().waitFor();
      });
      expect(readsOfTheMode(atStart).map(describeCall)).toEqual([]);
      const onCarts = await stepCalls(async () => {
        await page.getByRole('link', { name: 'Carts', exact: true }).click();
        await page
          .getByRole('region', { name: 'My carts' })
          .getByRole('link', { name: 'Moodboard' })
          .waitFor();
      });
      expect(readsOfTheMode(onCarts).map(describeCall)).toHaveLength(1);
    },
  );

  journey('import "Edit metadata" reads the items once per open and once per save', async ({ page }) => {
    await signIn(page, 'alice');
    await page.getByRole('link', { name: 'Imports', exact: true }).click();
    await page.getByRole('link', { name: 'Autumn catalogue shoot' }).click();
    const items = page.getByRole('grid', { name: 'Items' }).getByRole('gridcell');
    const ready = items.filter({ hasText: 'ready' });
    await ready.nth(1).waitFor();
    for (const index of [0, 1]) await ready.nth(index).getByRole('checkbox', { name: 'Select' }).check();
    // the job page keeps polling its changes: only the items calls are counted
    const simulated = (call: LoggedRequest) =>
      /\/rest\/massimport\/job\/\d+\/item$/.test(call.path) &&
      call.method === 'POST' &&
      call.headers['x-http-method-override'] === 'GET';
    const dialog = page.getByRole('dialog', { name: 'Edit metadata' });
    const title = dialog.getByRole('textbox', { name: /^Title/ });
    const opened = await stepCalls(async () => {
      await page.getByRole('button', { name: 'Edit metadata' }).click();
      await title.waitFor();
    }, simulated);
    expect(opened.map(describeCall)).toHaveLength(1);
    const saved = await stepCalls(async () => {
      await title.fill('Autumn, checked once');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'detached' });
    }, simulated);
    expect(saved.length, saved.map(describeCall).join('\n')).toBeLessThanOrEqual(1);
  });
});
