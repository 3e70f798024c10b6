import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { test as base, inject } from 'vitest';
import { CHROMIUM_PATH } from './chromium-path';

const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** A fresh browser profile: no cookies, no local storage, like a new visitor. */
export async function openBrowser(): Promise<BrowserContext> {
  return chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'dam-portal-e2e-')), {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: LAUNCH_ARGS,
    viewport: { width: 1280, height: 800 },
    acceptDownloads: true,
  });
}

export const portalUrl = (): string => inject('portalUrl');

/** The demo server's control routes (UI-CONTRACT.md "Demo server"). */
export async function mockControl(
  path: string,
  init?: { method?: string; body?: unknown },
): Promise<unknown> {
  const response = await fetch(`${portalUrl()}/__mock/${path}`, {
    method: init?.method ?? (init?.body === undefined ? 'GET' : 'POST'),
    headers: init?.body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: init?.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  const text = await response.text();
  return text ? JSON.parse(text) : undefined;
}

export async function exportedLog(page: Page): Promise<string> {
  return page.evaluate(() =>
    (window as unknown as { __DAM_PORTAL__: { exportLog(): string } }).__DAM_PORTAL__.exportLog(),
  );
}

/** `test` with a `page` of a fresh browser on the portal; the demo server is reset first. */
const test = base.extend<{ browser: BrowserContext; page: Page }>({
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from this pattern
  browser: async ({}, use) => {
    const context = await openBrowser();
    await use(context);
    await context.close();
  },
  page: async ({ browser }, use) => {
    await mockControl('reset', { body: {} });
    await use(browser.pages()[0] ?? (await browser.newPage()));
  },
});

type PortalTestContext = { page: Page; browser: BrowserContext };

/**
 * A browser test of a user journey. When it fails, the portal's exported event log is saved
 * under test-results/e2e and attached to the failure, ready for `npm run replay`.
 */
export function journey(name: string, body: (context: PortalTestContext) => Promise<void>): void {
  test(name, async ({ page, browser, task, annotate }) => {
    try {
      await body({ page, browser });
    } catch (failure) {
      const folder = join('test-results', 'e2e');
      mkdirSync(folder, { recursive: true });
      const file = join(folder, `${task.name.replace(/[^\w-]+/g, '-').slice(0, 80)}.evlog.json`);
      try {
        writeFileSync(file, await exportedLog(page));
        await annotate(`event log: ${file} (npm run replay -- ${file})`, {
          path: file,
          contentType: 'application/json',
        });
      } catch (exportFailure) {
        console.error('Could not export the event log of the failed test:', exportFailure);
      }
      throw failure;
    }
  });
}
