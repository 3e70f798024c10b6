import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import type { EventLogFile } from '../../streams/recorder/log-file';
import { expectReplayToMatch, exportedLog, journey, mockControl, portalUrl } from './helpers/portal';
import { signIn } from './helpers/session';

const CART_ID = '1';

interface Portal {
  getState(): {
    tabs: { role: string };
    downloads: { records: Record<string, { checks: number; url: string | null }> };
  };
}

const portalOf = (tab: Page) =>
  tab.evaluate(() => {
    const { tabs, downloads } = (window as unknown as { __DAM_PORTAL__: Portal }).__DAM_PORTAL__.getState();
    return { role: tabs.role, records: Object.values(downloads.records) };
  });

/** A second tab of the same browser (same origin, same storage), on `path`, once it knows the user. */
async function secondTab(first: Page, path: string): Promise<Page> {
  const tab = await first.context().newPage();
  await tab.goto(`${portalUrl()}${path}`);
  await tab.getByRole('button', { name: 'Sign out' }).waitFor();
  return tab;
}

type LoggedEvent = EventLogFile['events'][number];
const isReadinessCheck = (event: LoggedEvent) =>
  event.type === 'system/requestSent' &&
  (event.payload as { method: string; path: string }).method === 'HEAD' &&
  (event.payload as { path: string }).path.includes('/downloadCart/');
/** Waits for a visible state, as long as a busy machine needs. */
const WAIT = { timeout: 30_000 };
const eventsOf = async (tab: Page) => (JSON.parse(await exportedLog(tab)) as EventLogFile).events;

describe('one poller among tabs (issue 25)', () => {
  journey(
    'a download started in the follower is polled by the leader; when the leader closes mid-build, the other tab polls on and shows it ready',
    async ({ page }) => {
      // the zip stays building until the leader has checked it and closed (zips/ready below)
      await mockControl('settings', { body: { 'zip.buildMs': 600_000 } });
      await signIn(page, 'alice');
      await page.goto(`${portalUrl()}/carts`);
      await page.getByRole('region', { name: 'My carts' }).getByRole('link').first().waitFor();
      await expect.poll(async () => (await portalOf(page)).role, WAIT).toBe('leader');

      const other = await secondTab(page, `/carts/${CART_ID}`);
      const name = (await other.getByRole('heading', { level: 1 }).textContent()) ?? '';
      expect((await portalOf(other)).role).toBe('follower');
      await other.getByRole('button', { name: 'Download', exact: true }).click();
      const dialog = other.getByRole('dialog', { name: 'Download' });
      await dialog.getByRole('button', { name: 'Start download' }).click();
      await dialog.getByRole('listitem', { name }).getByText('Preparing on the server…').waitFor();

      // the leader checks the follower's zip, and the follower folds what it found
      await expect.poll(async () => (await portalOf(other)).records[0]?.checks ?? 0, WAIT).toBeGreaterThan(0);
      await expect.poll(async () => (await portalOf(page)).records.length, WAIT).toBe(1);
      const leaderChecks = (await eventsOf(page)).filter(isReadinessCheck).length;
      expect(leaderChecks).toBeGreaterThan(0);
      await expectReplayToMatch(page);
      await page.close();

      // the other tab leads, checks on, and shows the zip ready, then saved
      await expect.poll(async () => (await portalOf(other)).role, WAIT).toBe('leader');
      await mockControl('zips/ready', { body: {} });
      await dialog
        .getByRole('listitem', { name })
        .getByText(`Saved as “${name}.zip”`, { exact: false })
        .waitFor({ timeout: 30_000 });
      expect((await portalOf(other)).records[0]?.url).toContain('/downloadCart/');

      // one poll stream at a time: the follower sent no check before it led, and the server saw
      // the leader's checks (one more at most, sent after its log was read) and then the other's
      const events = await eventsOf(other);
      const led = events.findIndex((event) => event.type === 'tabs/leadershipGained');
      expect(led).toBeGreaterThan(0);
      expect(events.slice(0, led).filter(isReadinessCheck)).toEqual([]);
      const followerChecks = events.filter(isReadinessCheck).length;
      expect(followerChecks).toBeGreaterThan(0);
      const requests = (await mockControl('requests')) as { method: string; path: string }[];
      const served = requests.filter(
        (request) => request.method === 'HEAD' && request.path.includes('/downloadCart/'),
      ).length;
      expect(served - followerChecks).toBeGreaterThanOrEqual(leaderChecks);
      expect(served - followerChecks).toBeLessThanOrEqual(leaderChecks + 1);
      await expectReplayToMatch(other);
    },
  );
});
