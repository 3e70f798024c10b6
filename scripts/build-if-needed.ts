import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = ['src', 'streams', 'index.html', 'vite.config.ts', 'package.json', '.env'];

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce(
    (newest, name) => Math.max(newest, newestChange(join(path, name))),
    stats.mtimeMs,
  );
}

/** Builds the app unless dist/ is newer than every source of the bundle. */
export function buildIfNeeded(root = process.cwd()): void {
  const builtAt = newestChange(join(root, 'dist', 'index.html'));
  const changedAt = Math.max(...SOURCES.map((source) => newestChange(join(root, source))));
  if (builtAt > changedAt) return;
  console.log('Building the portal (vite build)…');
  const result = spawnSync(join(root, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    // a test runner's NODE_ENV=test would make Vite bundle React's development build
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('vite build failed');
}
