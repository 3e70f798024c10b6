import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Waits until `done` says so, moving the page's clock on by `everyMs` (a constant of
 * `streams/core/config.ts`: a poll, a backoff) each time it does not yet: the portal's timers fire
 * as they would, as recorded events, without their real waits. The journey installed the clock
 * (`page.clock.install()`) before the page loaded. `beforeEachMove` runs first each time: a demo
 * route that ends the server's own wait (`POST /__mock/zips/ready`).
 */
export async function doneAfterTimers(
  page: Page,
  done: () => Promise<boolean>,
  everyMs: number,
  beforeEachMove?: () => Promise<unknown>,
): Promise<void> {
  await expect
    .poll(
      async () => {
        if (await done()) return true;
        await beforeEachMove?.();
        await page.clock.fastForward(everyMs);
        return done();
      },
      { timeout: 30_000, interval: 250 },
    )
    .toBe(true);
}
