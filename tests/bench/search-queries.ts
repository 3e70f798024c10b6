/**
 * Times the demo server's search over a large catalogue, through the real handlers:
 * `npx tsx tests/bench/search-queries.ts [assets]` (default 100 000). A measurement, not a test.
 */
import { performance } from 'node:perf_hooks';

const assetCount = Number(process.argv[2] ?? 100_000);
process.env.DEMO_ASSETS = String(assetCount);

const started = performance.now();
const { runtime } = await import('../../mocks/runtime');
const seeded = performance.now();
const { server } = await import('../../mocks/node');
server.listen({ onUnhandledRequest: 'error' });

const API = 'http://localhost/api';
const ASSETS = `${API}/rest/dam/data/asset`;
const json = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const active = json({ activated: true });

async function time(name: string, url: string, init?: RequestInit): Promise<unknown> {
  const runs: number[] = [];
  let body: unknown;
  for (let run = 0; run < 5; run++) {
    const start = performance.now();
    const response = await fetch(url, init);
    body = await response.json();
    runs.push(performance.now() - start);
    if (response.status !== 200) throw new Error(`${name}: ${response.status} ${JSON.stringify(body)}`);
  }
  const sorted = [...runs].sort((a, b) => a - b);
  console.log(
    `${name.padEnd(58)} first ${runs[0]?.toFixed(1).padStart(7)} ms   median ${sorted[2]?.toFixed(1).padStart(6)} ms`,
  );
  return body;
}

const meta = json({
  '$meta-query': {
    keywords: {
      constraint: { keywords: { in: [3] } },
      aggregate: { field: 'keywords', operator: 'in', ids: Array.from({ length: 20 }, (_, i) => i + 1) },
      unconstrainedAggregate: { field: 'keywords', operator: 'in', ids: [3] },
    },
    categories: { constraint: {}, aggregate: { field: 'categories', operator: 'dof', ids: [1, 2, 3, 4] } },
    '!! static_query !!': { constraint: { activated: true } },
  },
});

console.log(
  `${assetCount} assets: seeded in ${(seeded - started).toFixed(0)} ms, heap ${(process.memoryUsage().heapUsed / 1e6).toFixed(0)} MB`,
);
await time('first page, no order (builds nothing)', `${ASSETS}?max=24&query=${active}`);
await time(
  'first page, orderby name asc (first: sort once)',
  `${ASSETS}?max=24&orderby=name%20asc&query=${active}`,
);
await time('first page, orderby created desc', `${ASSETS}?max=24&orderby=created%20desc&query=${active}`);
await time(
  'fulltext "coffee" (first: builds the word index)',
  `${ASSETS}?max=24&fulltext=coffee&query=${active}`,
);
await time('fulltext "mountain lake" must', `${ASSETS}?max=24&fulltext=mountain%20lake&query=${active}`);
await time(
  'fulltext "c*" should + "lake"',
  `${ASSETS}?max=24&fulltext=c*%20lake&fulltextMode=should&query=${active}`,
);
await time('fulltext phrase "misty lake"', `${ASSETS}?max=24&fulltext=%22misty%20lake%22&query=${active}`);
const facets = json({
  and: [{ activated: true }, { keywords: { in: [3, 5] } }, { categories: { dof: [1] } }],
});
await time(
  'facets in + dof, with every inline aggregate',
  `${ASSETS}?max=24&withAggregates=true&query=${facets}`,
);
await time(
  'range + text operators (gt, sw, nct)',
  `${ASSETS}?max=24&query=${json({ filesize: { gt: 1e7 }, name: { sw: 'mi', nct: 'x' } })}`,
);
const page = (await time('page of 200 rows', `${ASSETS}?max=200&orderby=name%20asc&query=${active}`)) as {
  links: { nextResultsToken: string };
};
await time(
  'next page through the token',
  `${ASSETS}?max=200&orderby=name%20asc&query=${active}&after=${page.links.nextResultsToken}`,
);
await time('constraint counts POST /aggs (24 ids)', `${ASSETS}/aggs`, {
  method: 'POST',
  headers: { 'X-HTTP-Method-Override': 'GET', 'Content-Type': 'application/x-www-form-urlencoded' },
  body: `fulltext=&state=1&query=${meta}`,
});
await time(
  'sorted aggregates (author, limit 22)',
  `${ASSETS}?max=0&withAggregates=true&aggFields=author&limit=22&query=${active}`,
);
await time(
  'suggest=words "co" (first: builds suggestions)',
  `${ASSETS}?suggest=words&fulltext=co&state=co&query=${active}`,
);
await time(
  'suggest=words "mountain l"',
  `${ASSETS}?suggest=words&fulltext=mountain%20l&state=x&query=${active}`,
);
await time('grouped by assetnature, 6 per group', `${ASSETS}?group=assetnature&groupMax=6&query=${active}`);
await time('category tree, depth 2', `${API}/rest/dam/data/category/tree?depth=2`);
console.log(
  `heap after the queries ${(process.memoryUsage().heapUsed / 1e6).toFixed(0)} MB, ${runtime.db.assets.length} assets`,
);
server.close();
