import { performance } from 'node:perf_hooks';
import { itemsPageLoaded, itemsSearchRequested, jobLoaded } from '../../streams/imports/events';
import { initialRootState } from '../../streams/root';
import { allDomains, rootReducer } from '../helpers/all-domains';
import { storeWithoutEpics } from '../helpers/store-without-epics';
import { withHappyDom } from './happy-dom-react';

export interface ImportGridFigures {
  items: number;
  /** from the render of the job's items grid (all items in the store) to the first tiles in the DOM */
  firstTilesMs: number;
  /** element nodes under the grid once drawn (virtualised: a few rows, whatever the item count) */
  domNodes: number;
  /** the most tiles (grid cells) in the DOM at any step */
  maxTiles: number;
  /** scroll steps of one viewport each, from the top to the end */
  steps: number;
  medianScrollStepMs: number;
  slowestScrollStepMs: number;
}

/** the grid's fallback viewport height where there is no layout */
const VIEWPORT_HEIGHT = 600;
/** the server's page of items (protocol §15.1 "Search items": max=200) */
const PAGE = 200;
const BLURHASHES = [
  'LEHV6nWB2yk8pyo0adR*.7kCMdnj',
  'LGF5]+Yk^6#M@-5c,1J5@[or[Q6.',
  'L6PZfSi_.AyE_3t7t7R**0o#DgR4',
];

/**
 * The import job's items grid (`ItemsGrid` of `src/imports`, status badges, "Select", blurhash
 * placeholders) rendered by React into happy-dom over `count` items folded into the imports slice in
 * pages of 200, then scrolled to the end one viewport at a time. No layout in happy-dom: the grid
 * uses its fallback viewport (1024×600 px).
 */
export async function benchImportGrid(count = 10_000): Promise<ImportGridFigures> {
  return withHappyDom(async (window) => {
    const [{ createElement }, { createRoot }, { flushSync }, { PortalProvider }, grid, importSelectors] =
      await Promise.all([
        import('react'),
        import('react-dom/client'),
        import('react-dom'),
        import('../../src/app/store-context'),
        import('../../src/imports/items-grid'),
        import('../../streams/imports/selectors'),
      ]);
    const { useAppState } = await import('../../src/hooks/use-app-state');
    const store = storeWithoutEpics({ reducer: rootReducer, initialState: initialRootState });
    const jobId = '101';
    store.dispatch(jobLoaded({ jobId, job: { id: 101, name: 'Bench', count } }));
    store.dispatch(itemsSearchRequested({ jobId }));
    for (let start = 0; start < count; start += PAGE) {
      const items = Array.from({ length: Math.min(PAGE, count - start) }, (_, index) => {
        const id = start + index + 1;
        return {
          id,
          name: `IMG_${String(id).padStart(5, '0')}.jpg`,
          job: 101,
          $status: id % 7 === 0 ? 2 : id % 31 === 0 ? 9 : 4,
          blurhash: BLURHASHES[id % BLURHASHES.length],
        };
      });
      store.dispatch(itemsPageLoaded({ jobId, reset: start === 0, items, more: start + PAGE < count }));
    }

    function Grid() {
      const ids = useAppState(importSelectors.selectImportSearchIds, jobId);
      return createElement(grid.ItemsGrid, { jobId, ids, label: 'Items' });
    }

    const container = window.document.createElement('div');
    window.document.body.append(container as never);
    const root = createRoot(container as unknown as HTMLElement);
    const cells = () => container.querySelectorAll('[role="gridcell"]');
    const started = performance.now();
    flushSync(() =>
      root.render(
        createElement(PortalProvider, {
          value: { store, domains: allDomains, exportEventLog: async () => '' },
          children: createElement(Grid),
        }),
      ),
    );
    const firstTilesMs = performance.now() - started;
    if (cells().length === 0) throw new Error('no tile drawn');
    const domNodes = container.querySelectorAll('*').length;

    const scroller = container.querySelector('.virtual-grid') as unknown as HTMLElement;
    const canvas = container.querySelector('[role="grid"]') as unknown as HTMLElement;
    const contentHeight = Number.parseFloat(canvas.style.height);
    const firstDrawn = () => Math.min(...[...cells()].map((cell) => Number(cell.getAttribute('data-index'))));
    const lastDrawn = () => Math.max(...[...cells()].map((cell) => Number(cell.getAttribute('data-index'))));
    const steps: number[] = [];
    let maxTiles = cells().length;
    const end = Math.max(0, contentHeight - VIEWPORT_HEIGHT);
    for (let top = VIEWPORT_HEIGHT; ; top += VIEWPORT_HEIGHT) {
      const target = Math.min(top, end);
      const before = performance.now();
      const previous = firstDrawn();
      scroller.scrollTop = target;
      scroller.dispatchEvent(new window.Event('scroll') as unknown as Event);
      // a scroll renders on a later task: wait for the drawn range to move
      for (let wait = 0; wait < 50 && firstDrawn() === previous; wait += 1) {
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
      steps.push(performance.now() - before);
      maxTiles = Math.max(maxTiles, cells().length);
      if (target >= end) break;
    }
    if (lastDrawn() !== count - 1) throw new Error('the end of the grid was not drawn');
    root.unmount();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const round = (ms: number) => Math.round(ms * 10) / 10;
    const sorted = steps.toSorted((a, b) => a - b);
    return {
      items: count,
      firstTilesMs: round(firstTilesMs),
      domNodes,
      maxTiles,
      steps: steps.length,
      medianScrollStepMs: round(sorted[Math.floor(sorted.length / 2)] ?? 0),
      slowestScrollStepMs: round(sorted.at(-1) ?? 0),
    };
  });
}

/** The figures `npm run bench` reports for the import grid. */
export async function importGridFigures(count = 10_000) {
  const result = await benchImportGrid(count);
  return [
    {
      name: `import items grid, ${result.items} items in happy-dom: from the render to the first tiles`,
      value: result.firstTilesMs,
      unit: 'ms',
      target: '< 100',
    },
    {
      name: 'import items grid: element nodes in the DOM (virtualised grid)',
      value: result.domNodes,
      unit: 'nodes',
      target: '< 1500',
    },
    {
      name: `import items grid: slowest scroll step (${result.steps} steps of one viewport; median ${result.medianScrollStepMs} ms)`,
      value: result.slowestScrollStepMs,
      unit: 'ms',
      target: '< 50',
    },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await benchImportGrid(Number(process.argv[2] ?? 10_000)));
}
