import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defaultClientConditions } from 'vite';
import { defineConfig } from 'vitest/config';

const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };

function currentCommit(): string {
  try {
    return execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return 'unknown';
  }
}

/** Lazy folders (`streams/<name>`, `src/<name>`) of screens few visits open: a chunk of their own each. */
const APART = ['imports', 'pages', 'analytics', 'devtools'];
const apartFolder = new RegExp(`/(?:src|streams)/(${APART.join('|')})/`);
/** Every search logs itself through the analytics domain: its streams go with the portal. */
const analyticsStreams = /\/streams\/analytics\//;
const slashed = (id: string) => id.replaceAll('\\', '/');
const apartOf = (id: string) =>
  analyticsStreams.test(slashed(id)) ? null : (apartFolder.exec(slashed(id))?.[1] ?? null);
const projectCode = /\/(src|streams)\//;

/**
 * Which chunk a module goes in (issue 22: a route's code in at most 2 sequential fetches).
 * - `shell`: what the entry reaches through static imports; the first download is one file.
 * - a folder of APART (the import screens, the CMS, analytics, devtools) with the
 *   packages only it uses (lexical): a chunk each.
 * - `portal`: the rest of the project's code, the domains and screens most visits need (search,
 *   carts, the asset page, downloads, account), fetched at once by the first screen: some code
 *   unused, but one round trip instead of dozens of small chained chunks over 6 connections.
 * Each group takes the dependencies no group before it took (by priority): what `portal` imports
 * from a folder of APART goes with it, so `portal` never waits for another chunk.
 */
const chunkGroups = [
  { name: 'shell', tags: ['$initial' as const], priority: 3 },
  {
    name: 'portal',
    test: (id: string) => projectCode.test(slashed(id)) && apartOf(id) === null,
    priority: 2,
  },
  { name: apartOf, debugName: 'apart', test: (id: string) => apartOf(id) !== null, priority: 1 },
];

// One config for the app build and the three test projects (see README, "Tests").
export default defineConfig({
  plugins: [react()],
  resolve: {
    // rxjs's ES2015 build: classes rather than tslib's helpers, 1.6 KB gz less in the first download
    // (every browser the portal supports runs ES2015; no other package exports this condition)
    conditions: ['es2015', ...defaultClientConditions],
    // wouter reaches React's useSyncExternalStore through the shim for React 17; React 19 has it:
    // the shim's fallback is 0.2 KB gz of the first download nothing runs
    alias: [{ find: 'use-sync-external-store/shim/index.js', replacement: 'react' }],
  },
  define: { __APP_VERSION__: JSON.stringify(version), __APP_COMMIT__: JSON.stringify(currentCommit()) },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 600,
    // every browser the portal supports preloads modules itself: no polyfill in the first download
    modulePreload: { polyfill: false },
    rolldownOptions: { output: { codeSplitting: { groups: chunkGroups } } },
  },
  test: {
    // failure attachments (the e2e event logs) stay with the other test output, out of git
    attachmentsDir: 'test-results/attachments',
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'tests/streams/**/*.test.ts',
            'tests/integration/**/*.test.ts',
            'tests/replay/**/*.test.ts',
            'tests/architecture/**/*.test.ts',
          ],
          setupFiles: ['tests/helpers/setup-node.ts'],
          // files share a worker's modules: every domain is loaded once per worker, not once per file
          // (measured at a load of 20: node+dom 1,931 s isolated, 386 s shared); each file resets the
          // demo server it uses, and restores the timers, globals and handlers it changes
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'happy-dom',
          include: ['tests/views/**/*.test.tsx'],
          setupFiles: ['tests/helpers/setup-dom.ts'],
          // shared modules, as in the node project (Testing Library unmounts after each test)
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.e2e.ts'],
          // one demo server per worker (global setup); files on different workers share no state
          globalSetup: ['tests/e2e/global-setup.ts'],
          setupFiles: ['tests/e2e/helpers/setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // one file at a time: two Chromiums on 2 cores timed journeys out (15 of 105 in a clean
          // .ci/run); the per-worker servers allow more where there are cores for them
          maxWorkers: 1,
          // after the node and dom projects (a group of its own: its own worker count)
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
