/**
 * A visitor opening `/search` in Chromium on a slow network: how long until the first result tile,
 * on a first visit (empty cache) and on a repeat visit (the same profile, a new tab), with the
 * network's latency emulated. At 1 500 ms per request the machine's own speed hardly counts, so
 * time / latency is the number of round trips the portal waits for (issue 22).
 */
import type { BrowserContext } from 'playwright-core';

export const SLOW_NETWORK_LATENCY_MS = 1_500;

export interface VisitFigures {
  /**
   * from navigation start to the first result tile in the DOM: on a repeat visit that tile may be
   * the one kept from the last visit (issue 22, the cache), shown before any request answers
   */
  firstTileMs: number;
  /** from navigation start to the first tile of this visit's own answer (the cache's page replaced) */
  freshTileMs: number;
  /** requests the page made before that tile */
  requests: number;
  /** of which JS files */
  scripts: number;
  /** of which answered by the HTTP cache (a repeat visit) */
  fromCache: number;
  /**
   * Largest Contentful Paint (Core Web Vitals: "good" within 2.5 s), from the page's navigation
   * start: the last candidate once the visit's pictures are in (no input ended it earlier)
   */
  lcpMs: number;
}

/** Keeps the page's latest Largest Contentful Paint candidate in `window.__lcp`. */
const WATCH_LCP = `
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
`;

/** One visit to `/search` in a new tab of `context`, with `latencyMs` added to every request. */
async function visitSearch(context: BrowserContext, base: string, latencyMs: number): Promise<VisitFigures> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: latencyMs,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  const started = Date.now();
  let requests = 0;
  let scripts = 0;
  let counting = true;
  page.on('requestfinished', (request) => {
    if (!counting) return;
    requests += 1;
    if (request.resourceType() === 'script') scripts += 1;
  });
  const cached = new Set<string>();
  cdp.on('Network.requestServedFromCache', ({ requestId }) => {
    if (counting) cached.add(requestId);
  });
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    if (counting && (response.fromDiskCache || response.fromPrefetchCache)) cached.add(requestId);
  });
  await page.addInitScript(WATCH_LCP);
  await page.goto(`${base}/search`, { waitUntil: 'commit', timeout: 120_000 });
  await page
    .getByRole('grid', { name: 'Results' })
    .getByRole('gridcell')
    .first()
    .waitFor({ timeout: 120_000 });
  const firstTileMs = Date.now() - started;
  counting = false;
  // the search screen answered in this visit (the cache's `fresh` screens, `screenKey.search`)
  await page.waitForFunction(
    () =>
      (
        window as { __DAM_PORTAL__?: { getState(): { cache: { fresh: Record<string, true> } } } }
      ).__DAM_PORTAL__?.getState().cache.fresh.search === true,
    undefined,
    { timeout: 120_000 },
  );
  const freshTileMs = Date.now() - started;
  // the visit ends once its pictures are in, as a visitor who saw the page: a repeat visit then
  // finds them in the browser's cache, and its kept page does not wait for pictures never loaded
  await page.waitForFunction(() => [...document.images].every((image) => image.complete), undefined, {
    timeout: 120_000,
  });
  const lcpMs = await page.evaluate(() => Math.round((window as { __lcp?: number }).__lcp ?? -1));
  await page.close();
  return { firstTileMs, freshTileMs, requests, scripts, fromCache: cached.size, lcpMs };
}

export interface RoundTripFigures {
  fast: { first: VisitFigures; repeat: VisitFigures };
  slow: { first: VisitFigures; repeat: VisitFigures };
  /** round trips before the first tile at SLOW_NETWORK_LATENCY_MS */
  firstVisitRoundTrips: number;
  repeatVisitRoundTrips: number;
  /** round trips before the first tile of the repeat visit's own answer */
  repeatVisitFreshRoundTrips: number;
}

/** A first and a repeat visit without added latency, then both again in a new profile at 1 500 ms. */
export async function benchRoundTrips(
  openContext: () => Promise<BrowserContext>,
  base: string,
): Promise<RoundTripFigures> {
  const visits = async (latencyMs: number) => {
    const context = await openContext();
    try {
      const first = await visitSearch(context, base, latencyMs);
      const repeat = await visitSearch(context, base, latencyMs);
      return { first, repeat };
    } finally {
      await context.close();
    }
  };
  const fast = await visits(0);
  const slow = await visits(SLOW_NETWORK_LATENCY_MS);
  const roundTrips = (visit: VisitFigures) => Math.round(visit.firstTileMs / SLOW_NETWORK_LATENCY_MS);
  return {
    fast,
    slow,
    firstVisitRoundTrips: roundTrips(slow.first),
    repeatVisitRoundTrips: roundTrips(slow.repeat),
    repeatVisitFreshRoundTrips: Math.round(slow.repeat.freshTileMs / SLOW_NETWORK_LATENCY_MS),
  };
}
