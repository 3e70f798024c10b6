import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import type { LoggedRequest } from '../../mocks/runtime';
import { journey, mockControl, portalUrl } from './helpers/portal';
import { openSignedIn, signIn } from './helpers/session';
import { stepCalls } from './helpers/step-calls';

/** The rows of a top's table (thumbnail, name, count), as text. */
async function topRows(page: Page, heading: string): Promise<string[]> {
  const region = page.getByRole('region', { name: heading });
  await region.getByRole('table').waitFor();
  return region.getByRole('row').evaluateAll((rows) => rows.slice(1).map((row) => row.textContent ?? ''));
}

/** Waits until a top's figures are no longer `before`, and returns them. */
async function rowsAfter(page: Page, heading: string, before: string[]): Promise<string[]> {
  await expect.poll(() => topRows(page, heading), { timeout: 10_000 }).not.toEqual(before);
  return topRows(page, heading);
}

/** The "N results" line, once the search has answered. */
async function total(page: Page): Promise<number> {
  const status = page.getByRole('status').filter({ hasText: /^[\d,]+ results?$/ });
  await status.waitFor();
  return Number.parseInt(((await status.textContent()) ?? '').replace(/\D/g, ''), 10);
}

/** Views and downloads of the asset page's Usage region. */
async function usage(page: Page): Promise<{ views: number; downloads: number }> {
  const region = page.getByRole('region', { name: 'Usage' });
  await region.getByRole('term').first().waitFor();
  const figure = async (term: string) =>
    Number((await region.locator('dt', { hasText: term }).locator('+ dd').textContent()) ?? 'NaN');
  return { views: await figure('Views'), downloads: await figure('Downloads') };
}

/** `METHOD path` of each call, sorted (they race). */
const sortedCalls = (calls: readonly LoggedRequest[]): string[] =>
  calls.map((request) => `${request.method} ${request.path}`).sort();

/** Until every name of a top's table is an asset's name, not the `asset 12` stand-in. */
async function named(page: Page, heading: string): Promise<void> {
  await expect
    .poll(async () => (await topRows(page, heading)).filter((row) => /^asset \d+/.test(row)), {
      timeout: 10_000,
    })
    .toEqual([]);
}

describe('insights (issue 17)', () => {
  journey(
    '/analytics names its tops with one list request; "Only mine" likewise (issue 26)',
    async ({ page }) => {
      await mockControl('reset', { method: 'POST' });
      await signIn(page, 'alice');
      const sent = await stepCalls(async () => {
        await page.getByRole('link', { name: 'Analytics' }).click();
        await named(page, 'Most viewed');
        await named(page, 'Most downloaded');
      });
      const calls = sortedCalls(sent);
      // the reference sends the two tops; the names (one list) and the demo's trend are ours
      expect(calls, calls.join('\n')).toEqual([
        'GET /api/rest/dam/data/asset',
        'POST /api/wedia/analytics/topDamDownload',
        'POST /api/wedia/analytics/topDamView',
        'POST /api/wedia/analytics/trend',
      ]);
      const [request] = sent.filter((entry) => entry.path === '/api/rest/dam/data/asset');
      expect(JSON.parse(String(request?.query.query))).toMatchObject({ id: { in: expect.any(Array) } });

      const mineSent = await stepCalls(async () => {
        await page.getByRole('checkbox', { name: 'Only mine' }).check();
        await named(page, 'Most viewed');
        await named(page, 'Most downloaded');
      });
      const onlyMine = sortedCalls(mineSent);
      // the same two tops with onlyCurrentUser=true, at most one list for the assets not named yet
      // (none when all are), and the trend of the user's own figures
      expect(
        onlyMine.filter((call) => !call.startsWith('GET /api/rest/')),
        onlyMine.join('\n'),
      ).toEqual([
        'POST /api/wedia/analytics/topDamDownload',
        'POST /api/wedia/analytics/topDamView',
        'POST /api/wedia/analytics/trend',
      ]);
      expect(onlyMine.filter((call) => call.startsWith('GET /api/rest/')).length).toBeLessThanOrEqual(1);
      const tops = mineSent.filter((entry) => entry.path.includes('/analytics/top'));
      for (const entry of tops) expect(entry.body).toMatchObject({ onlyCurrentUser: 'true' });
    },
  );

  journey('/analytics: the period and "Only mine" change the figures', async ({ page }) => {
    await mockControl('reset', { method: 'POST' });
    await signIn(page, 'alice');
    await page.getByRole('link', { name: 'Analytics' }).click();
    await page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor();
    const month = await topRows(page, 'Most viewed');
    expect(month.length).toBeGreaterThan(0);
    const monthDownloads = await topRows(page, 'Most downloaded');
    // each chart is named, its table beside it
    expect(await page.getByRole('img', { name: /Most viewed assets/ }).count()).toBe(1);
    expect(await page.getByRole('img', { name: /Most downloaded assets/ }).count()).toBe(1);

    await page.getByRole('combobox', { name: 'Period' }).selectOption({ label: 'All time' });
    const always = await rowsAfter(page, 'Most viewed', month);
    expect(always.length).toBeGreaterThanOrEqual(month.length);
    await rowsAfter(page, 'Most downloaded', monthDownloads);

    await page.getByRole('checkbox', { name: 'Only mine' }).check();
    const mine = await rowsAfter(page, 'Most viewed', always);
    expect(mine).not.toEqual(always);

    // a name links to its asset page
    const link = page.getByRole('region', { name: 'Most viewed' }).getByRole('link').first();
    const name = (await link.textContent()) ?? '';
    await link.click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    expect(page.url()).toMatch(/\/assets\/asset\/\d+$/);
  });

  journey(
    '/analytics against a server without the trend (a demo call): the tops work, the panel says so',
    async ({ page }) => {
      await mockControl('reset', { method: 'POST' });
      // what a real server answers to a call it does not have
      await page.route(
        (url) => url.pathname.endsWith('/api/wedia/analytics/trend'),
        (route) => route.fulfill({ status: 404, contentType: 'application/json', body: '{"error":"404"}' }),
      );
      await signIn(page, 'alice');
      await page.getByRole('link', { name: 'Analytics' }).click();
      const trend = page.getByRole('region', { name: 'Views and downloads per day' });
      await trend.getByText('The daily trend is not available on this server.').waitFor();
      await named(page, 'Most viewed');
      expect((await topRows(page, 'Most downloaded')).length).toBeGreaterThan(0);
      await page.getByRole('combobox', { name: 'Period' }).selectOption({ label: 'Last 7 days' });
      await page.getByRole('checkbox', { name: 'Only mine' }).check();
      await named(page, 'Most viewed');
      expect(await trend.getByRole('status').textContent()).toBe(
        'The daily trend is not available on this server.',
      );
    },
  );

  journey("an asset's usage shows its view and its download", async ({ page }) => {
    await mockControl('reset', { method: 'POST' });
    await openSignedIn(page, 'alice', '/assets/asset/5');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const before = await usage(page);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download', exact: true }).click();
    await download;
    // the log lines are sent without waiting: the figures read after a reload count them
    await expect
      .poll(
        async () => {
          await page.reload();
          const now = await usage(page);
          return now.downloads === before.downloads + 1 && now.views > before.views;
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBe(true);
  });

  journey(
    '"show me short videos of babies" in natural language gives duration and age filters; removing one widens the results',
    async ({ page }) => {
      await mockControl('reset', { method: 'POST' });
      await openSignedIn(page, 'alice', '/search');
      const all = await total(page);
      await page.getByRole('checkbox', { name: 'Natural language' }).check();
      const box = page.getByRole('combobox', { name: 'Search' });
      await box.fill('show me short videos of babies');
      await box.press('Enter');
      const duration = page.getByRole('button', { name: /^Remove filter Video duration/ });
      const age = page.getByRole('button', { name: 'Remove filter Age: babies' });
      await duration.waitFor();
      await age.waitFor();
      await expect.poll(() => total(page), { timeout: 10_000 }).toBeLessThan(all);
      const narrow = await total(page);
      // the sentence is in the address: a reload (or the link shared) runs it again, chips and all
      expect(new URL(page.url()).searchParams.get('nl')).toBe('show me short videos of babies');
      await page.reload();
      await duration.waitFor();
      await age.waitFor();
      await expect.poll(() => total(page), { timeout: 10_000 }).toBe(narrow);
      expect(await page.getByRole('checkbox', { name: 'Natural language' }).isChecked()).toBe(true);
      await age.click();
      await expect.poll(() => age.count()).toBe(0);
      await expect.poll(() => total(page), { timeout: 10_000 }).toBeGreaterThan(narrow);
      expect(await duration.count()).toBe(1);
      // the address follows the chips (issue 28): a reload does not bring the removed one back
      await expect.poll(() => new URL(page.url()).searchParams.get('nl')).toBe('show me short videos');
      const wider = await total(page);
      await page.reload();
      await duration.waitFor();
      await expect.poll(() => total(page), { timeout: 10_000 }).toBe(wider);
      expect(await age.count()).toBe(0);
      await page.getByRole('button', { name: 'Clear all filters' }).click();
      await expect.poll(() => total(page), { timeout: 10_000 }).toBe(all);
    },
  );

  journey(
    'reverse image search shows the copies found on the page, the CSV report as an extra; none says so',
    async ({ page }) => {
      await mockControl('reset', { method: 'POST' });
      await openSignedIn(page, 'alice', '/assets/asset/1');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Find copies on the web' }).click();
      const copies = page.getByRole('region', { name: 'Copies found' });
      await copies.waitFor({ timeout: 30_000 });
      const first = copies.getByRole('link').first();
      expect(await first.getAttribute('href')).toMatch(/\/assets\/asset\/\d+$/);
      expect(await copies.getByRole('listitem').first().textContent()).toMatch(/% similar$/);
      const download = page.waitForEvent('download', { timeout: 30_000 });
      await page.getByRole('button', { name: 'Download the report (CSV)' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/\.csv$/);
      const delivered = page.getByRole('status').filter({ hasText: 'The report was downloaded as' });
      await delivered.waitFor();
      expect(await delivered.textContent()).toContain(file.suggestedFilename());
      // a copy opens its own page in the portal
      await first.click();
      await page.waitForURL(/\/assets\/asset\/(?!1$)\d+$/);
      // that page's load has renewed alice's session (the refresh token is used once): the next
      // load must not start before it is stored
      await page.getByRole('button', { name: 'Find copies on the web' }).waitFor();

      // the asset 12 of the seed looks like no other picture
      await page.goto(`${portalUrl()}/assets/asset/12`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Find copies on the web' }).click();
      await page.getByRole('status').filter({ hasText: 'No copies found.' }).waitFor({ timeout: 30_000 });
    },
  );

  journey('carol (view only) is told reverse image search is not offered to her', async ({ page }) => {
    await mockControl('reset', { method: 'POST' });
    await openSignedIn(page, 'carol', '/assets/asset/1');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('region', { name: 'Usage' }).waitFor();
    // the rights are asked when the button is pressed (issue 26), not with the page
    await page.getByRole('button', { name: 'Find copies on the web' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Finding copies on the web is not offered for this asset.' })
      .waitFor();
    expect(await page.getByRole('button', { name: 'Find copies on the web' }).count()).toBe(0);
  });
});
