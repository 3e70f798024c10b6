import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { closeChromiumOfThisFile } from './portal';

/** How long a file waits for the build that global setup started (a cold build on a busy machine). */
const BUILD_WAIT_MS = 300_000;

/**
 * Setup file of the e2e project, run for each test file: the file starts once the portal is built,
 * and its Chromium is closed after its last test. Global setup builds the portal beside the demo
 * servers without waiting (tests/e2e/global-setup.ts), and says `ready`, or `failed` with the
 * reason (then every file fails at once with it).
 */
beforeAll(async () => {
  const status = inject('portalStatusDir');
  const deadline = Date.now() + BUILD_WAIT_MS;
  for (;;) {
    const failed = join(status, 'failed');
    if (existsSync(failed)) throw new Error(`The portal could not start: ${readFileSync(failed, 'utf8')}`);
    if (existsSync(join(status, 'ready'))) return;
    if (Date.now() > deadline) throw new Error(`The portal was not built within ${BUILD_WAIT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}, BUILD_WAIT_MS + 10_000);

afterAll(closeChromiumOfThisFile);
