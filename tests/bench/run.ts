/**
 * `npm run bench`: measures the speed and size targets of the issues and writes
 * bench/report.json plus a readable summary. A benchmark, not a test: it never fails on a figure.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { config } from '../../streams/core/config';
import { buildIfNeeded } from '../../scripts/build-if-needed';
import { formatComposition, INITIAL_JS_BUDGET_KB, initialJsSize } from './bundle-size';
import { benchCartGrid } from './cart-grid';
import { benchReducerFold } from './reducer-fold';
import { benchSearchGrid } from './search-grid';
import { benchCursorFold } from './cursor-fold';
import { benchExport, benchRecorderMemory, benchReplay } from './replay';
import { benchHugeAnswers } from './huge-answer';
import { benchSplit } from './split-download';
import { benchAssetPage } from './asset-page';
import { batchFoldFigures } from './batch-fold';
import { benchBrowser, type ScrollRuns } from './browser';
import { WHEEL_STEPS } from './browser-scroll';
import { type RoundTripFigures, SLOW_NETWORK_LATENCY_MS } from './round-trips';

interface Figure {
  name: string;
  value: number;
  unit: string;
  target?: string;
}

// every domain's reducers and events: the benches fold all of them
await import('../helpers/all-domains');
buildIfNeeded();
const fold = benchReducerFold(100_000);
const bundle = initialJsSize();
const cursorFold = benchCursorFold(100_000, 24);
const replay = benchReplay(100_000);
const exported = benchExport(50_000);
const memory = benchRecorderMemory();
const split = benchSplit(100_000);
const huge = benchHugeAnswers(8);

const cartGrid = await benchCartGrid(10_000);
const searchGrid = await benchSearchGrid(100_000);
const assetPage = await benchAssetPage(30);
const browser = await benchBrowser(3);

const figures: Figure[] = [
  {
    name: `search results, ${searchGrid.rows} rows in happy-dom: from the first page's event to the first tiles`,
    value: searchGrid.firstResultsMs,
    unit: 'ms',
    target: '< 100',
  },
  {
    name: `search results: slowest step of scrolling to the end (${searchGrid.pages} pages; median ${searchGrid.medianScrollStepMs} ms)`,
    value: searchGrid.slowestScrollStepMs,
    unit: 'ms',
    target: '< 50',
  },
  {
    name: 'search results: most tiles in the DOM',
    value: searchGrid.maxTiles,
    unit: 'tiles',
    target: '<= 300',
  },
  {
    name: `search results: rows drawn scrolling top to bottom (of ${searchGrid.rows})`,
    value: searchGrid.reachableRows,
    unit: 'rows',
    target: `= ${searchGrid.rows}`,
  },
  {
    name: '10 000-item cart, React into happy-dom: from the ids and first chunk to the first tiles',
    value: cartGrid.firstTilesMs,
    unit: 'ms',
  },
  {
    name: '10 000-item cart: tiles in the DOM (virtualised grid)',
    value: cartGrid.tilesInDom,
    unit: 'tiles',
  },
  {
    name: `10 000-item cart: jump to the middle, render (${cartGrid.tilesAfterScroll} tiles in the DOM after)`,
    value: cartGrid.scrollMs,
    unit: 'ms',
  },
  {
    name: `search list fold: ${cursorFold.rows} rows in ${cursorFold.pages} pages (fetch + answer each), total`,
    value: cursorFold.totalMs,
    unit: 'ms',
  },
  {
    name: 'search list fold: slowest single event',
    value: cursorFold.slowestPageMs,
    unit: 'ms',
    target: '< 50',
  },
  {
    name: 'reducer fold throughput, warm (median of 3 passes over 100 000 mixed events)',
    value: fold.warmPerSecond,
    unit: 'events/s',
    target: '>= 200000',
  },
  { name: 'reducer fold throughput, first pass (cold JIT)', value: fold.coldPerSecond, unit: 'events/s' },
  {
    name: 'replay (replayLog) of 100 000 mixed events, median of 3',
    value: replay.perSecond,
    unit: 'events/s',
    target: '>= 200000',
  },
  {
    name: `export of ${exported.events} recorded events (build + serialise, ${Math.round(exported.bytes / 1024 / 102.4) / 10} MB)`,
    value: exported.ms,
    unit: 'ms',
  },
  {
    name: `recorder heap after ${memory.events[0]} events of a long session (${memory.bufferedEvents} buffered)`,
    value: memory.afterMB[0]!,
    unit: 'MB',
  },
  {
    name: `recorder heap after ${memory.events[1]} events (bounded: about the same)`,
    value: memory.afterMB[1]!,
    unit: 'MB',
  },
  {
    name: `10 MB list answer: fold + record of the event, slowest of ${huge.answers} (median ${huge.medianMs} ms)`,
    value: huge.slowestMs,
    unit: 'ms',
    target: '< 50',
  },
  {
    name: `recorder after ${huge.answers} answers of 10 MB: bytes counted (${huge.bufferedEvents} events buffered; budget ${Math.round(config.recorderMaxBytes / 1024 / 1024)} MB)`,
    value: huge.recorderMB,
    unit: 'MB',
    target: `<= ${Math.round(config.recorderMaxBytes / 1024 / 1024)}`,
  },
  {
    name: 'recorder after those answers, heap it keeps once the list left the state',
    value: huge.recorderHeapMB,
    unit: 'MB',
  },
  {
    name: 'export after those answers (redaction of the answers kept, done once)',
    value: huge.exportMs,
    unit: 'ms',
  },
  {
    name: 'initial JS, gzipped',
    value: Math.round(bundle.gzipBytes / 102.4) / 10,
    unit: 'KB',
    target: `<= ${INITIAL_JS_BUDGET_KB}`,
  },
  { name: 'initial JS, raw', value: Math.round(bundle.bytes / 102.4) / 10, unit: 'KB' },
  {
    name: `download split of 100 000 items (median of 5, ${split.parts} parts)`,
    value: split.medianMs,
    unit: 'ms',
    target: '< 50',
  },
  {
    name: `asset page in happy-dom: from the entity's answer to the preview painted (median of ${assetPage.runs}; slowest ${assetPage.slowestMs} ms)`,
    value: assetPage.medianMs,
    unit: 'ms',
  },
];

if (browser) {
  figures.push(
    {
      name: `Chromium, /search answered in 10 MB pages: longest task of the page from the first answer on (median of ${browser.runs}; slowest ${browser.hugeAnswerWorstMs} ms, ${browser.hugeAnswerLongTasks} tasks over 50 ms)`,
      value: browser.hugeAnswerLongestTaskMs,
      unit: 'ms',
      target: '< 200',
    },
    {
      name: `Chromium: from the click on a search result to its asset page's preview painted (median of ${browser.runs}; slowest ${browser.assetPreviewSlowestMs} ms)`,
      value: browser.assetPreviewMedianMs,
      unit: 'ms',
      target: '<= 300',
    },
    {
      name: `Chromium, the same on a warm cache: back on the results, the next result pointed at (its preview prefetched), then clicked (median of ${browser.runs}; slowest ${browser.warmPreviewSlowestMs} ms)`,
      value: browser.warmPreviewMedianMs,
      unit: 'ms',
      target: '<= 300',
    },
    ...browser.scrolls.flatMap((runs) => scrollFigures(runs, 'results')),
    ...scrollFigures(browser.importScroll, 'items of an import job'),
    ...roundTripFigures(browser.roundTrips),
  );
}

/** 60 wheel steps down a grid, the run with the median longest task. */
function scrollFigures({ median, worstTaskMs }: ScrollRuns, what: string): Figure[] {
  const over = `${WHEEL_STEPS} wheel steps down ${median.total.toLocaleString('en')} ${what} in Chromium`;
  return [
    {
      name: `${over}: longest task (${median.longTasks} tasks over 50 ms; worst run ${worstTaskMs} ms)`,
      value: median.longestTaskMs,
      unit: 'ms',
      target: '<= 50',
    },
    { name: `${over}: slowest frame`, value: median.slowestFrameMs, unit: 'ms' },
    {
      name: `${over}: element nodes in the document after (${median.tilesInDom} tiles in the DOM, ${median.resultsLoaded} loaded)`,
      value: median.domNodes,
      unit: 'nodes',
      target: '<= 1000',
    },
    { name: `${over}: JS heap after, garbage collected`, value: median.heapMB, unit: 'MB' },
  ];
}
figures.push(...batchFoldFigures());
figures.push(...(await (await import('./import-grid')).importGridFigures()));
figures.push(...(await import('./upload-fold')).uploadFoldFigures());

/** A visitor's first and repeat visits to /search: the round trips, then the times and requests. */
function roundTripFigures({
  fast,
  slow,
  firstVisitRoundTrips,
  repeatVisitRoundTrips,
  repeatVisitFreshRoundTrips,
}: RoundTripFigures): Figure[] {
  const detail = (visit: RoundTripFigures['fast']['first']) =>
    `${visit.requests} requests, ${visit.scripts} scripts, ${visit.fromCache} from the cache`;
  return [
    {
      name: `Chromium, a visitor's first visit to /search at ${SLOW_NETWORK_LATENCY_MS} ms per request: round trips before the first tile (${slow.first.firstTileMs} ms; ${detail(slow.first)})`,
      value: firstVisitRoundTrips,
      unit: 'round trips',
      target: '<= 4',
    },
    {
      name: `Chromium, the repeat visit at ${SLOW_NETWORK_LATENCY_MS} ms: round trips before the first tile (${slow.repeat.firstTileMs} ms; ${detail(slow.repeat)})`,
      value: repeatVisitRoundTrips,
      unit: 'round trips',
      target: '<= 2',
    },
    {
      name: `Chromium, the repeat visit at ${SLOW_NETWORK_LATENCY_MS} ms: round trips before the first tile of this visit's own answer (${slow.repeat.freshTileMs} ms; the tile before it is the one kept from the last visit)`,
      value: repeatVisitFreshRoundTrips,
      unit: 'round trips',
    },
    ...(['first', 'repeat'] as const).flatMap((visit) =>
      [fast, slow].map((visits) => ({
        name: `Chromium, a visitor's ${visit} visit to /search at ${visits === fast ? 0 : SLOW_NETWORK_LATENCY_MS} ms per request: Largest Contentful Paint`,
        value: visits[visit].lcpMs,
        unit: 'ms',
        target: '<= 2500',
      })),
    ),
    {
      name: `Chromium, first visit to /search on localhost: the first tile (${detail(fast.first)})`,
      value: fast.first.firstTileMs,
      unit: 'ms',
    },
    {
      name: `Chromium, repeat visit to /search on localhost: the first tile (${detail(fast.repeat)})`,
      value: fast.repeat.firstTileMs,
      unit: 'ms',
    },
  ];
}

mkdirSync('bench', { recursive: true });
writeFileSync(
  'bench/report.json',
  `${JSON.stringify(
    {
      at: new Date().toISOString(),
      node: process.version,
      figures,
      // what the first download holds, by package and project folder (gzip apportioned by minified bytes)
      initialJs: {
        files: bundle.files,
        parts: bundle.parts.map(({ name, bytes, gzipBytes }) => ({ name, bytes, gzipBytes })),
      },
    },
    null,
    2,
  )}\n`,
);
console.log('Benchmarks (bench/report.json):');
for (const figure of figures) {
  console.log(
    `  ${figure.name}: ${figure.value} ${figure.unit}${figure.target ? `  (target ${figure.target})` : ''}`,
  );
}
console.log(`The first download (${bundle.files.length} files), by package and folder, gzipped (minified):`);
console.log(formatComposition(bundle.parts, 256));
