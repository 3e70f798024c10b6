import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import type { EventLogFile } from '../../streams/recorder/log-format';
import { exportedLog, journey, mockControl, portalUrl } from './helpers/portal';
import { signIn } from './helpers/session';

/** Every request whose path matches fails with a 500 until the faults are cleared. */
const failEvery = (match: string, method?: string) =>
  mockControl('faults', { body: { match, rate: 1, status: 500, ...(method ? { method } : {}) } });
const noFaults = () => mockControl('faults', { method: 'DELETE' });

/** A background read's notice: a polite status, never an alert, with its own "Try again". */
const notice = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

/** The notice says what failed and what it means; the raw fault text is behind "Details" only. */
async function expectWords(page: Page, text: string): Promise<void> {
  const shown = notice(page, text);
  await shown.waitFor();
  // the lead, then what the error code means (from describeErrorCode), never the raw text
  expect(await shown.locator('.error-message__text').textContent()).toMatch(
    new RegExp(`^${text.replace(/[.?]/g, '\\$&')} \\S.+\\.$`),
  );
  expect(await shown.locator('.error-message__text').textContent()).not.toContain('Fault injected');
  expect(await shown.locator('details').textContent()).toContain('Fault injected');
  expect(await page.getByRole('alert').count()).toBe(0);
}

/**
 * Waits until the page has made every count request it makes by itself (the list's first page,
 * the whole collection's values, the tree's pages each ask for theirs): no new one for a second.
 * Lifting the faults earlier lets a late automatic ask succeed and take the notice away before
 * the journey presses "Try again".
 */
async function untilCountAsksSettle(page: Page): Promise<void> {
  const asks = async () =>
    (JSON.parse(await exportedLog(page)) as EventLogFile).events.filter(
      (event) => event.type === 'aggregates/fetchStarted',
    ).length;
  let last = -1;
  for (let now = await asks(); now !== last; now = await asks()) {
    last = now;
    await page.waitForTimeout(1000);
  }
}

describe('background reads that fail say so, and recover on "Try again" (issue 12 item 12)', () => {
  journey(
    'who-am-I fails after a reload: the header says so, and a retry brings the user back',
    async ({ page }) => {
      await signIn(page, 'alice');
      await failEvery('/json/whoami');
      await page.reload();
      await expectWords(page, 'The portal could not check who you are.');
      await noFaults();
      await notice(page, 'could not check who you are').getByRole('button', { name: 'Try again' }).click();
      await page.getByRole('button', { name: 'Sign out' }).waitFor();
      expect(await notice(page, 'could not check who you are').count()).toBe(0);
    },
  );

  journey('the unread count fails: a notice in the header, and a retry shows the count', async ({ page }) => {
    await failEvery('/usernotif/unread');
    await signIn(page, 'alice');
    await expectWords(page, 'The unread notifications could not be counted.');
    expect(await page.getByRole('status', { name: /unread notifications$/i }).count()).toBe(0);
    await noFaults();
    await notice(page, 'could not be counted').getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('status', { name: /unread notifications$/i }).waitFor();
    expect(await notice(page, 'could not be counted').count()).toBe(0);
  });

  journey('facet counts fail: the filters say so, and a retry counts them', async ({ page }) => {
    await signIn(page, 'alice');
    await failEvery('/aggs$');
    await page.goto(`${portalUrl()}/search`);
    await expectWords(page, 'The counts of the filters and categories could not be read.');
    await untilCountAsksSettle(page);
    await noFaults();
    await notice(page, 'counts of the filters').getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => notice(page, 'counts of the filters').count()).toBe(0);
    await expect
      .poll(() => page.getByRole('group', { name: 'Nature' }).getByRole('checkbox').count())
      .toBeGreaterThan(1);
  });

  journey(
    'a preference read fails: the account page says it could not be read, and a retry reads it',
    async ({ page }) => {
      await failEvery('/json/userpref', 'GET');
      await signIn(page, 'alice');
      await page.getByRole('link', { name: 'Account', exact: true }).click();
      await page.getByRole('heading', { name: 'Your account' }).waitFor();
      await expectWords(page, 'Your preferences could not be read.');
      expect(await page.getByText('could not be saved').count()).toBe(0);
      await noFaults();
      await notice(page, 'could not be read').getByRole('button', { name: 'Try again' }).click();
      await expect.poll(() => notice(page, 'could not be read').count()).toBe(0);
    },
  );
});
