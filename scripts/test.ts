/**
 * `npm test`: every test project (node, dom, e2e) in one vitest run, then one plain line
 * `N passed, N failed` that CI reads. Installs Debian's Chromium first when it is missing.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { CHROMIUM_PATH } from '../tests/e2e/helpers/chromium-path';

function ensureChromium(): void {
  if (existsSync(CHROMIUM_PATH)) return;
  if (process.platform !== 'linux' || process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) {
    console.error(
      `Browser tests need Chromium at ${CHROMIUM_PATH}. Install it (Debian: "apt-get install -y chromium") and run npm test again.`,
    );
    process.exit(1);
  }
  console.log('Installing Chromium from Debian packages for the browser tests…');
  const install = spawnSync(
    'sh',
    ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium'],
    {
      stdio: 'inherit',
    },
  );
  if (install.status !== 0 || !existsSync(CHROMIUM_PATH)) {
    console.error('Installing Chromium failed: see the apt-get output above.');
    process.exit(1);
  }
}

interface VitestJsonReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  success: boolean;
}

ensureChromium();
mkdirSync('test-results', { recursive: true });
const reportFile = 'test-results/vitest.json';
const run = spawnSync(
  'node_modules/.bin/vitest',
  [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${reportFile}`,
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit' },
);

if (!existsSync(reportFile)) {
  console.error('vitest wrote no report');
  console.log('0 passed, 1 failed');
  process.exit(run.status || 1);
}
const report = JSON.parse(readFileSync(reportFile, 'utf8')) as VitestJsonReport;
const skipped = report.numPendingTests + report.numTodoTests;
const failed = report.numFailedTests + (run.status !== 0 && report.numFailedTests === 0 ? 1 : 0);
console.log(`${report.numPassedTests} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(run.status ?? 1);
