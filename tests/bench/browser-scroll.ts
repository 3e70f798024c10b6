/**
 * Grids scrolled with the mouse wheel in Chromium (issue 22): the page's long tasks, its slowest
 * frame, the DOM it keeps and its heap, over a search that answers 100 000 or 1 000 000 results
 * and over an import job of 10 000 items.
 */
import type { CDPSession, Locator, Page } from 'playwright-core';

/** Wheel steps of one scroll, and how far each goes (about two rows of tiles). */
export const WHEEL_STEPS = 60;
const WHEEL_STEP_PX = 600;
/** between two steps: a fast but human flick, time for a page's answer to land meanwhile */
const STEP_PAUSE_MS = 50;

interface GridScrollFigures {
  longTasks: number;
  longestTaskMs: number;
  /** the longest gap between two animation frames during the steps */
  slowestFrameMs: number;
  /** element nodes of the whole document after the steps */
  domNodes: number;
  /** results or items the grid holds after the steps (its rows × columns: the pages loaded), of which tiles in the DOM */
  resultsLoaded: number;
  tilesInDom: number;
  /** JS heap after a garbage collection, once the steps are done */
  heapMB: number;
}

export interface ScrollFigures extends GridScrollFigures {
  /** the results or items the list holds on the server */
  total: number;
}

/**
 * The demo holds about 2 000 assets: the list pages and the count of the search are answered by
 * the demo server as they are, with `total` raised to `total`. The grid draws the rows loaded so
 * far (infinite paging, protocol §8.4), so 60 steps load the same pages whatever the total: the
 * total is what the count, the grid's row count and the selection's range see.
 */
async function answerWithTotal(page: Page, total: number): Promise<void> {
  await page.route(/\/rest\/dam\/data\/asset(\/aggs)?\?/, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { response?: { total?: number } };
    if (typeof body.response?.total === 'number') body.response.total = total;
    await route.fulfill({ response, json: body });
  });
}

// page code as text: tsx would wrap named functions in a helper the page does not have
const START_FRAMES = `
  window.__longTasks = [];
  window.__frames = [];
  window.__recording = true;
  window.__lastFrame = performance.now();
  const tick = (at) => {
    window.__frames.push(at - window.__lastFrame);
    window.__lastFrame = at;
    if (window.__recording) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
`;
const STOP_FRAMES = `(() => {
  window.__recording = false;
  const grid = document.querySelector('[role="grid"]');
  return {
    tasks: window.__longTasks.map((task) => task.duration),
    frames: window.__frames,
    domNodes: document.getElementsByTagName('*').length,
    resultsLoaded:
      Number(grid?.getAttribute('aria-rowcount') ?? 0) * Number(grid?.getAttribute('aria-colcount') ?? 0),
    tilesInDom: document.querySelectorAll('[role="gridcell"]').length,
  };
})()`;

/** The wheel steps over `grid`, and what the page did meanwhile. */
async function wheelDown(page: Page, cdp: CDPSession, grid: Locator): Promise<GridScrollFigures> {
  const box = await grid.boundingBox();
  await page.mouse.move((box?.x ?? 0) + 300, (box?.y ?? 0) + 200);
  await page.evaluate(START_FRAMES);
  for (let step = 0; step < WHEEL_STEPS; step += 1) {
    await page.mouse.wheel(0, WHEEL_STEP_PX);
    await page.waitForTimeout(STEP_PAUSE_MS);
  }
  // the last step's answer and render
  await page.waitForTimeout(500);
  const seen = (await page.evaluate(STOP_FRAMES)) as {
    tasks: number[];
    frames: number[];
    domNodes: number;
    resultsLoaded: number;
    tilesInDom: number;
  };
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return {
    longTasks: seen.tasks.length,
    longestTaskMs: Math.round(Math.max(0, ...seen.tasks)),
    slowestFrameMs: Math.round(Math.max(0, ...seen.frames)),
    domNodes: seen.domNodes,
    resultsLoaded: seen.resultsLoaded,
    tilesInDom: seen.tilesInDom,
    heapMB: Math.round(usedSize / 1024 / 102.4) / 10,
  };
}

/**
 * `/search` with the given total, then the wheel steps down the results; the page must watch long
 * tasks from its first script (browser.ts, WATCH_LONG_TASKS).
 */
export async function scrollSearchResults(
  page: Page,
  cdp: CDPSession,
  base: string,
  total: number,
): Promise<ScrollFigures> {
  await answerWithTotal(page, total);
  await page.goto(`${base}/search`);
  const grid = page.getByRole('grid', { name: 'Results' });
  await grid.getByRole('gridcell').first().waitFor({ timeout: 60_000 });
  await page
    .getByRole('status')
    .filter({ hasText: new Intl.NumberFormat('en').format(total) })
    .waitFor({ timeout: 60_000 });
  return { total, ...(await wheelDown(page, cdp, grid)) };
}

/**
 * A job of `items` ready items (`POST /__mock/imports/huge`), its page opened by alice, then the
 * wheel steps down its items grid (pages of 200 items, protocol §15.1).
 */
export async function scrollImportItems(
  page: Page,
  cdp: CDPSession,
  base: string,
  items: number,
): Promise<ScrollFigures> {
  const created = await fetch(`${base}/__mock/imports/huge`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ items }),
  });
  const { id } = (await created.json()) as { id: string };
  await page.goto(`${base}/signin`);
  await page.getByRole('textbox', { name: 'Login' }).fill('alice');
  await page.getByRole('textbox', { name: 'Password' }).fill('alice');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor({ timeout: 60_000 });
  await page.goto(`${base}/imports/${id}`);
  const grid = page.getByRole('grid', { name: 'Items' });
  await grid.getByRole('gridcell').first().waitFor({ timeout: 60_000 });
  return { total: items, ...(await wheelDown(page, cdp, grid)) };
}
