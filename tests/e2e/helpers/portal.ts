import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { test as base, expect, inject } from 'vitest';
import { REDACTED } from '../../../streams/core/redact';
import { type EventLogFile, importLog } from '../../../streams/recorder/log-file';
import { redactState } from '../../../streams/recorder/redact';
import { replayLog } from '../../../streams/recorder/replay';
import { type EventSummary, resimulate } from '../../../streams/recorder/resimulate';
import { initialRootState, type RootState } from '../../../streams/root';
import { rootEpic, rootReducer } from '../../helpers/all-domains';
import { CHROMIUM_PATH, LAUNCH_ARGS } from './chromium-path';

/** One Chromium per test file: launching one per journey cost about 0.5 s each on 2 cores. */
let chromiumOfThisFile: Promise<Browser> | undefined;

/**
 * Closes the file's Chromium, after its last test (tests/e2e/helpers/setup.ts: the files of a worker
 * share this module, so the hook belongs to the setup file, which runs for each file).
 */
export async function closeChromiumOfThisFile(): Promise<void> {
  const launched = chromiumOfThisFile;
  chromiumOfThisFile = undefined;
  if (launched) await (await launched).close();
}

/** A fresh browser profile (a context of its own): no cookies, no storage, like a new visitor. */
export async function openBrowser(): Promise<BrowserContext> {
  chromiumOfThisFile ??= chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: LAUNCH_ARGS,
  });
  return (await chromiumOfThisFile).newContext({
    viewport: { width: 1280, height: 800 },
    acceptDownloads: true,
  });
}

/**
 * This worker's demo server: global setup starts one per e2e worker, and vitest numbers the workers
 * running at once from 1 (VITEST_POOL_ID), so two files running together never share a server.
 */
export function portalUrl(): string {
  const urls = inject('portalUrls');
  const url = urls[Number(process.env.VITEST_POOL_ID) - 1];
  if (!url)
    throw new Error(`No demo server for e2e worker ${process.env.VITEST_POOL_ID} (${urls.length} started)`);
  return url;
}

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

/**
 * Opens `path` inside the running portal, as a link would: no reload, no new start of the portal.
 * The location store renders the route's screen at once; two frames later its layout is done.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate(async (to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  }, path);
}

/** Waits until nothing on the page says it is still loading. */
export async function settled(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            document.querySelectorAll('[aria-busy="true"], .skeleton').length +
            [...document.querySelectorAll('[role="status"]')].filter((node) =>
              /^(loading|chargement)/i.test(node.textContent?.trim() ?? ''),
            ).length,
        ),
      { timeout: 15_000 },
    )
    .toBe(0);
}

interface PortalHandle {
  exportLog(): string;
  getState(): unknown;
  loadAllDomains(): Promise<void>;
}

/** The session's log, once every domain's code is in (the export's event catalogue is whole). */
export async function exportedLog(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const portal = (window as unknown as { __DAM_PORTAL__: PortalHandle }).__DAM_PORTAL__;
    await portal.loadAllDomains();
    return portal.exportLog();
  });
}

/** The exported log and the live state, read in one go so that no event comes in between. */
export async function logAndState(page: Page): Promise<{ log: string; state: RootState }> {
  return page.evaluate(async () => {
    const portal = (window as unknown as { __DAM_PORTAL__: PortalHandle }).__DAM_PORTAL__;
    await portal.loadAllDomains();
    return { log: portal.exportLog(), state: portal.getState() as RootState };
  });
}

/**
 * ARCHITECTURE "Recording and replay": the session's exported log folds to the state the
 * portal has. Both sides go through the recorder's state redaction, which the log's events had.
 */
export async function expectReplayToMatch(page: Page): Promise<void> {
  const { log, state } = await logAndState(page);
  const imported = importLog(log);
  if (imported.verdict === 'Impossible')
    throw new Error(`the exported log is Impossible: ${imported.reasons}`);
  const replayed = redactState(replayLog(imported.log, rootReducer, initialRootState));
  const live = alignRedacted(redactState(state), replayed) as RootState;
  for (const slice of Object.keys(live) as (keyof RootState)[]) {
    expect(replayed[slice], `slice "${slice}" after replaying the session's log`).toEqual(live[slice]);
  }
  expectResimulationToMatch(imported.log);
}

/**
 * The session's own export, re-simulated (epics in virtual time over the recorded inputs, the
 * server's recorded answers), reproduces every recorded event: what the devtools' "Re-simulate"
 * and `npm run replay -- --resimulate` report for a fresh export is "No divergence".
 */
export function expectResimulationToMatch(log: EventLogFile): void {
  const result = resimulate(log, {
    reducer: rootReducer,
    rootEpic,
    initialState: initialRootState,
  });
  // a session whose answers outgrew the recorder's bytes (10 MB lists) kept its last events only:
  // it replays from the snapshot above, and re-simulating needs the whole session
  if (result.refused === 'startsMidSession') return;
  expect(result.refused, "re-simulating the session's own export").toBeUndefined();
  const { divergence } = result;
  const start = log.events[0]?.meta.at ?? 0;
  const describe = (event: EventSummary | null) =>
    event
      ? `${event.type} at +${event.at - start} ms (seq ${event.seq}) ${JSON.stringify(event.payload)}`
      : 'nothing';
  expect(
    divergence &&
      `first divergence at event #${divergence.index} (${divergence.kind}${divergence.about ? `, ${divergence.about}` : ''}): expected ${describe(divergence.expected)}, re-simulated ${describe(divergence.actual)}`,
    "re-simulating the session's own export",
  ).toBeNull();
  expect(result.matched).toBe(log.events.length);
}

/**
 * The live value, except where the replayed one was masked: what an event type declared as
 * personal (an e-mail, a name) never reaches the log, so the replay cannot know it.
 */
function alignRedacted(live: unknown, replayed: unknown): unknown {
  if (typeof replayed === 'string' && replayed.includes(REDACTED)) return replayed;
  if (typeof live !== 'object' || live === null || typeof replayed !== 'object' || replayed === null)
    return live;
  if (Array.isArray(live))
    return live.map((item, index) => alignRedacted(item, (replayed as unknown[])[index]));
  const record = replayed as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(live).map(([key, value]) => [key, alignRedacted(value, record[key])]),
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
    await use(await browser.newPage());
  },
});

type PortalTestContext = { page: Page; browser: BrowserContext };

/**
 * A browser test of a user journey. At its end, the session's exported log must replay to the
 * portal's state. When it fails, the portal's exported event log is saved under
 * test-results/e2e and attached to the failure, ready for `npm run replay`.
 */
export function journey(name: string, body: (context: PortalTestContext) => Promise<void>): void {
  test(name, async ({ page, browser, task, annotate }) => {
    const fileName = `${task.name.replace(/[^\w-]+/g, '-').slice(0, 80)}.evlog.json`;
    try {
      await body({ page, browser });
      if (page.isClosed()) return;
      await expectReplayToMatch(page);
      // E2E_LOGS=<folder> keeps every journey's log, to re-simulate with `npm run replay`
      const kept = process.env.E2E_LOGS;
      if (kept) {
        mkdirSync(kept, { recursive: true });
        writeFileSync(join(kept, fileName), await exportedLog(page));
      }
    } catch (failure) {
      const folder = join('test-results', 'e2e');
      mkdirSync(folder, { recursive: true });
      const file = join(folder, fileName);
      try {
        writeFileSync(file, await exportedLog(page));
        // vitest names the attachment after the message: a long one exceeds the file name limit
        console.error(`event log of the failed test: npm run replay -- ${file}`);
        await annotate('event log', {
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
