import { performance } from 'node:perf_hooks';
import { fetchStarted, pageLoaded, registrationRequested } from '../../streams/cursors/events';
import { initialRootState } from '../../streams/root';
import { allDomains, rootReducer } from '../helpers/all-domains';
import { SEARCH_CURSOR, SEARCH_PATH } from '../../streams/search/url';
import { storeWithoutEpics } from '../helpers/store-without-epics';
import { withHappyDom } from './happy-dom-react';

export interface SearchGridFigures {
  rows: number;
  pages: number;
  /** from the first page's event to the first tiles in the DOM */
  firstResultsMs: number;
  /** scroll steps timed (the first and the last pages; the middle is folded in bulk) */
  timedSteps: number;
  /** the median step of scrolling to the end */
  medianScrollStepMs: number;
  /** the slowest step of scrolling to the end: one page folded, the grid moved to its end, rendered */
  slowestScrollStepMs: number;
  /** the most tiles (grid cells) in the DOM at any step */
  maxTiles: number;
  /** distinct results drawn while scrolling from the top to the bottom */
  reachableRows: number;
  /** how long that sweep took (happy-dom renders slowly: a measure of the bench, not of the grid) */
  sweepSeconds: number;
}

/** rows the grid draws above and below the visible ones (its default) */
const OVERSCAN_ROWS = 2;
/** scroll steps timed at the start and at the end of the list */
const SAMPLED_STEPS = 150;
/** pages folded between two renders in the untimed middle of the list */
const BULK_BATCH = 50;
/** rows moved per step of the reachability sweep */
const SWEEP_ROWS = 6;
const uuid = (id: number) => `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`;

/**
 * The search results screen (SearchResults: "N results" and the virtualised grid) rendered by React
 * into happy-dom, fed `rows` assets in pages of `pageSize` straight into the store as infinite paging
 * would bring them: each timed step folds one page and scrolls to the end (the time includes React's
 * render of the scroll). The results scroll with the page: the steps scroll the window. No layout in
 * happy-dom: the grid uses its fallback width (1024 px, 5 columns of tiles at least 170 px wide) and
 * the window's height (800 px).
 */
export async function benchSearchGrid(rows = 100_000, pageSize = 24): Promise<SearchGridFigures> {
  return withHappyDom(async (window) => {
    const [
      { createElement },
      { createRoot },
      { flushSync },
      { Router },
      { memoryLocation },
      { PortalProvider },
      { SearchResults },
    ] = await Promise.all([
      import('react'),
      import('react-dom/client'),
      import('react-dom'),
      import('wouter'),
      import('wouter/memory-location'),
      import('../../src/app/store-context'),
      import('../../src/search/search-results'),
    ]);
    // the search domains load with their screen in the portal; the bench folds with all of them
    const store = storeWithoutEpics({ reducer: rootReducer, initialState: initialRootState });
    store.dispatch(registrationRequested({ name: SEARCH_CURSOR, path: SEARCH_PATH }));
    const container = window.document.createElement('div');
    window.document.body.append(container as never);
    const root = createRoot(container as unknown as HTMLElement);
    flushSync(() =>
      root.render(
        createElement(PortalProvider, {
          value: { store, domains: allDomains, exportEventLog: async () => '' },
          // the tiles are links: an address of their own, as in the portal's router
          children: createElement(Router, {
            hook: memoryLocation({ path: '/search' }).hook,
            children: createElement(SearchResults),
          }),
        }),
      ),
    );
    const cells = () => container.querySelectorAll('[role="gridcell"]');
    const pages = Math.ceil(rows / pageSize);
    const loadPage = (page: number) => {
      const kind = page === 0 ? 'first' : 'next';
      const data = Array.from({ length: Math.min(pageSize, rows - page * pageSize) }, (_, index) => {
        const id = page * pageSize + index + 1;
        return { id, $uuid: uuid(id), name: `asset ${id}` };
      });
      store.dispatch(fetchStarted({ name: SEARCH_CURSOR, page: kind, signature: '1' }));
      store.dispatch(
        pageLoaded({
          name: SEARCH_CURSOR,
          page: kind,
          signature: '1',
          resource: 'asset',
          rows: data,
          total: rows,
          count: data.length,
          nextResultsToken: page + 1 < pages ? `T${page + 1}` : null,
          aggregates: null,
        }),
      );
    };

    const started = performance.now();
    flushSync(() => loadPage(0));
    const firstResultsMs = performance.now() - started;
    if (cells().length === 0) throw new Error('no tile after the first page');

    const viewportHeight = window.innerHeight;
    const canvas = container.querySelector('[role="grid"]') as unknown as HTMLElement;
    const contentHeight = () => Number.parseFloat(canvas.style.height);
    const firstDrawn = () => Math.min(...[...cells()].map((cell) => Number(cell.getAttribute('data-index'))));
    // A scroll is a continuous event: React renders it on a later task, which this waits for
    // (the first result drawn is then the first of the overscan above the new top).
    const scrollTo = async (top: number) => {
      window.scrollTo(0, top);
      window.dispatchEvent(new window.Event('scroll'));
      const columns = Number(canvas.getAttribute('aria-colcount'));
      const rowHeight = contentHeight() / Number(canvas.getAttribute('aria-rowcount'));
      const expected = Math.max(0, Math.floor(top / rowHeight) - OVERSCAN_ROWS) * columns;
      for (let wait = 0; wait < 50 && firstDrawn() !== expected; wait += 1) {
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
    };
    const lastDrawn = () => Math.max(...[...cells()].map((cell) => Number(cell.getAttribute('data-index'))));
    const steps: number[] = [];
    let maxTiles = cells().length;
    // one step: a page comes, the grid is scrolled to its end and drawn (what infinite paging does)
    const step = async (page: number) => {
      const before = performance.now();
      flushSync(() => loadPage(page));
      // a browser stops the scroll at the content's height less the viewport's (no layout here)
      await scrollTo(Math.max(0, contentHeight() - viewportHeight));
      steps.push(performance.now() - before);
      maxTiles = Math.max(maxTiles, cells().length);
    };
    // Steps are timed at the start and at the end of the list, where a cost growing with the list
    // shows; the pages in between are folded in bulk (the grid stays mounted and draws once per
    // batch), which keeps the bench short without skipping a row.
    const head = Math.min(SAMPLED_STEPS, pages - 1);
    const tailStart = Math.max(head + 1, pages - SAMPLED_STEPS);
    for (let page = 1; page <= head; page += 1) await step(page);
    for (let page = head + 1; page < tailStart; page += 1) {
      loadPage(page);
      if (page % BULK_BATCH === 0) await new Promise((resolve) => setTimeout(resolve, 0));
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
    for (let page = tailStart; page < pages; page += 1) await step(page);
    if (lastDrawn() !== rows - 1) throw new Error('the end of the list was not drawn');

    // every row can be reached: from the top, SWEEP_ROWS rows at a time (fewer than the 8 drawn:
    // 4 visible in 800 px and 2 of overscan each side), the results drawn are collected
    const seen = new Set<string>();
    const rowHeight = contentHeight() / Number(canvas.getAttribute('aria-rowcount'));
    const sweepStarted = performance.now();
    for (let top = 0; ; top += SWEEP_ROWS * rowHeight) {
      await scrollTo(Math.min(top, contentHeight() - viewportHeight));
      for (const cell of cells()) seen.add(cell.getAttribute('data-index') ?? '');
      maxTiles = Math.max(maxTiles, cells().length);
      if (top >= contentHeight() - viewportHeight) break;
    }
    const sweepMs = performance.now() - sweepStarted;
    root.unmount();
    // React's scheduler finishes on a later tick: the DOM stays until then
    await new Promise((resolve) => setTimeout(resolve, 50));
    const round = (ms: number) => Math.round(ms * 10) / 10;
    const sorted = steps.toSorted((a, b) => a - b);
    return {
      rows,
      pages,
      firstResultsMs: round(firstResultsMs),
      timedSteps: steps.length,
      medianScrollStepMs: round(sorted[Math.floor(sorted.length / 2)] ?? 0),
      slowestScrollStepMs: round(sorted.at(-1) ?? 0),
      maxTiles,
      reachableRows: seen.size,
      sweepSeconds: Math.round(sweepMs / 100) / 10,
    };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await benchSearchGrid(Number(process.argv[2] ?? 100_000)));
}
