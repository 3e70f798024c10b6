/**
 * Figures measured in Chromium (playwright-core) on the built portal and the demo server, in this
 * process: how long the page's tasks last, which the e2e journeys never assert (they check what the
 * user sees; a duration depends on the machine and its load).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { startDemoServer } from '../../mocks/server';
import { CHROMIUM_PATH, LAUNCH_ARGS } from '../e2e/helpers/chromium-path';
import { type ScrollFigures, scrollImportItems, scrollSearchResults } from './browser-scroll';
import { benchRoundTrips, type RoundTripFigures } from './round-trips';

/** Long tasks of the page (PerformanceObserver 'longtask'), kept from the first script on. */
const WATCH_LONG_TASKS = `
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
`;

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

async function withBrowser<T>(use: (context: BrowserContext) => Promise<T>): Promise<T> {
  const profile = mkdtempSync(join(tmpdir(), 'dam-portal-bench-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: LAUNCH_ARGS,
    viewport: { width: 1280, height: 800 },
  });
  try {
    return await use(context);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

const control = (base: string, path: string, body: unknown) =>
  fetch(`${base}/__mock/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

/**
 * /search with `hostile.hugeAnswers` (list pages of about 10 MB): the longest task of the page from
 * the first huge answer until the results show and the search box took a word, and how many tasks
 * over 50 ms there were.
 */
async function hugeAnswerTasks(page: Page, base: string): Promise<{ longestMs: number; count: number }> {
  await control(base, 'reset', {});
  await control(base, 'settings', { 'hostile.hugeAnswers': true });
  await page.addInitScript(WATCH_LONG_TASKS);
  await page.goto(`${base}/search`);
  await page
    .getByRole('status')
    .filter({ hasText: /^[\d,]+ results?$/ })
    .waitFor({ timeout: 60_000 });
  await page.getByRole('grid', { name: 'Results' }).getByRole('gridcell').first().waitFor();
  const searchbox = page.getByRole('searchbox').first();
  await searchbox.fill('lake');
  // the tasks the answers set off have run by then
  await page.waitForTimeout(500);
  const tasks = await page.evaluate(() => {
    const from = Math.min(
      ...performance
        .getEntriesByType('resource')
        .filter((entry) => /\/rest\/dam\/data\/asset\?/.test(entry.name))
        .filter((entry) => (entry as PerformanceResourceTiming).decodedBodySize > 5_000_000)
        .map((entry) => entry.startTime),
    );
    return (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks
      .filter((task) => task.start >= from)
      .map((task) => task.duration);
  });
  return { longestMs: Math.round(Math.max(0, ...tasks)), count: tasks.length };
}

/**
 * From the click on a search result to its asset page's preview painted (the page's mark): `cold`
 * on the first result of a fresh page; `warm` back on the results, on the second one, pointed at
 * first as a visitor's mouse does (its preview prefetched, the asset page's code already here).
 */
async function assetPreviewMs(page: Page, base: string): Promise<{ cold: number; warm: number }> {
  await control(base, 'reset', {});
  await page.goto(`${base}/search`);
  const cells = page.getByRole('grid', { name: 'Results' }).getByRole('gridcell');
  const cold = await clickToPreviewMs(page, cells.first());
  await page.goBack();
  const next = cells.nth(1);
  const href = (await next.getByRole('link').first().getAttribute('href')) ?? '';
  const id = /\/assets\/[^/]+\/([^/?]+)/.exec(href)?.[1] ?? '';
  await next.hover();
  // its preview in the browser's cache (the asset page's "Next" may have fetched it already)
  await page.waitForFunction(
    (assetId) =>
      performance
        .getEntriesByType('resource')
        .some((entry) => entry.name.includes('variation=preview') && entry.name.includes(`id=${assetId}&`)),
    id,
    { polling: 20, timeout: 60_000 },
  );
  const warm = await clickToPreviewMs(page, cells.nth(1));
  return { cold, warm };
}

async function clickToPreviewMs(page: Page, cell: Locator): Promise<number> {
  await cell.waitFor();
  await page.evaluate(() => {
    performance.clearMarks();
    (window as unknown as { __clickAt: number }).__clickAt = performance.now();
  });
  await cell.getByRole('link').first().click();
  // (no named functions in page code: tsx would wrap them in a helper the page does not have)
  await page.waitForFunction(() => performance.getEntriesByName('asset-preview-painted').length > 0, null, {
    polling: 20,
    timeout: 60_000,
  });
  return page.evaluate(() =>
    Math.round(
      (performance.getEntriesByName('asset-preview-painted')[0]?.startTime ?? 0) -
        (window as unknown as { __clickAt: number }).__clickAt,
    ),
  );
}

export interface BrowserFigures {
  runs: number;
  /** median over the runs of the longest task after the first 10 MB answer */
  hugeAnswerLongestTaskMs: number;
  hugeAnswerWorstMs: number;
  hugeAnswerLongTasks: number;
  assetPreviewMedianMs: number;
  assetPreviewSlowestMs: number;
  /** the same, on a warm cache (see assetPreviewMs) */
  warmPreviewMedianMs: number;
  warmPreviewSlowestMs: number;
  /** the search results scrolled, for each total: the run with the median longest task, and the worst */
  scrolls: ScrollRuns[];
  /** the same over an import job's items grid */
  importScroll: ScrollRuns;
  roundTrips: RoundTripFigures;
}

export interface ScrollRuns {
  median: ScrollFigures;
  worstTaskMs: number;
}

/** The totals the results grid is scrolled over, and the items of the import job (issue 22). */
const SCROLLED_TOTALS = [100_000, 1_000_000];
const IMPORT_ITEMS = 10_000;

type Scroll = typeof scrollSearchResults;

async function scrollRun(base: string, scroll: Scroll, total: number): Promise<ScrollFigures> {
  return withBrowser(async (context) => {
    const page = await context.newPage();
    await page.addInitScript(WATCH_LONG_TASKS);
    await control(base, 'reset', {});
    return scroll(page, await context.newCDPSession(page), base, total);
  });
}

/** The run with the median longest task, and the longest task of all. */
function medianRun(runs: ScrollFigures[]): ScrollRuns {
  const sorted = [...runs].sort((a, b) => a.longestTaskMs - b.longestTaskMs);
  return { median: sorted[Math.floor(sorted.length / 2)]!, worstTaskMs: sorted.at(-1)!.longestTaskMs };
}

/** `null` without Chromium (the other figures are still worth having). */
export async function benchBrowser(runs = 3): Promise<BrowserFigures | null> {
  if (!existsSync(CHROMIUM_PATH)) {
    console.warn(`No Chromium at ${CHROMIUM_PATH}: the browser figures are left out.`);
    return null;
  }
  const server = await startDemoServer({ port: 0 });
  try {
    const huge: { longestMs: number; count: number }[] = [];
    const previews: { cold: number; warm: number }[] = [];
    const scrolled = SCROLLED_TOTALS.map((): ScrollFigures[] => []);
    const imported: ScrollFigures[] = [];
    for (let run = 0; run < runs; run += 1) {
      for (const [index, total] of SCROLLED_TOTALS.entries())
        scrolled[index]!.push(await scrollRun(server.url, scrollSearchResults, total));
      imported.push(await scrollRun(server.url, scrollImportItems, IMPORT_ITEMS));
      huge.push(await withBrowser(async (context) => hugeAnswerTasks(await context.newPage(), server.url)));
      previews.push(
        await withBrowser(async (context) => assetPreviewMs(await context.newPage(), server.url)),
      );
    }
    const chromiumBrowser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: LAUNCH_ARGS,
    });
    const roundTrips = await benchRoundTrips(
      // no service worker: the latency emulated for the page does not reach a worker's own fetches,
      // so it would hide the HTML's round trip (online, the worker asks the network for it anyway)
      () => chromiumBrowser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' }),
      server.url,
    ).finally(() => chromiumBrowser.close());
    const longest = huge.map((run) => run.longestMs);
    return {
      runs,
      hugeAnswerLongestTaskMs: median(longest),
      hugeAnswerWorstMs: Math.max(...longest),
      hugeAnswerLongTasks: median(huge.map((run) => run.count)),
      assetPreviewMedianMs: median(previews.map((run) => run.cold)),
      assetPreviewSlowestMs: Math.max(...previews.map((run) => run.cold)),
      warmPreviewMedianMs: median(previews.map((run) => run.warm)),
      warmPreviewSlowestMs: Math.max(...previews.map((run) => run.warm)),
      scrolls: scrolled.map(medianRun),
      importScroll: medianRun(imported),
      roundTrips,
    };
  } finally {
    await server.close();
  }
}
