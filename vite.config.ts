import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
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

interface ModuleInfo {
  isEntry: boolean;
  importers: readonly string[];
}

/**
 * Every module the entry reaches through static imports goes into one chunk: the first download
 * is then one file, without the glue between the small shared chunks the bundler would cut.
 * What only lazy screens and domains import stays in their chunks.
 */
function firstDownloadChunk() {
  const eager = new Map<string, boolean>();
  const isEager = (id: string, info: (id: string) => ModuleInfo | null, visiting: Set<string>): boolean => {
    const known = eager.get(id);
    if (known !== undefined) return known;
    const module = info(id);
    if (!module || visiting.has(id)) return false;
    visiting.add(id);
    const result = module.isEntry || module.importers.some((importer) => isEager(importer, info, visiting));
    eager.set(id, result);
    return result;
  };
  return (id: string, { getModuleInfo }: { getModuleInfo: (id: string) => ModuleInfo | null }) =>
    isEager(id, getModuleInfo, new Set()) ? 'shell' : undefined;
}

// One config for the app build and the three test projects (see README, "Tests").
export default defineConfig({
  plugins: [react()],
  define: { __APP_VERSION__: JSON.stringify(version), __APP_COMMIT__: JSON.stringify(currentCommit()) },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 600,
    // every browser the portal supports preloads modules itself: no polyfill in the first download
    modulePreload: { polyfill: false },
    rollupOptions: { output: { manualChunks: firstDownloadChunk() } },
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
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'happy-dom',
          include: ['tests/views/**/*.test.tsx'],
          setupFiles: ['tests/helpers/setup-dom.ts'],
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
