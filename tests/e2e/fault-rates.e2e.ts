import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { config } from '../../streams/core/config';
import { expectReplayToMatch, journey, mockControl, portalUrl } from './helpers/portal';
import { signIn } from './helpers/session';
import { cellName } from './helpers/cell-name';
import { loseTheAnswer, noFaults, retryPendingChanges, waiting } from './helpers/faults';

interface LoggedRequest {
  method: string;
  path: string;
}

const requests = async () => (await mockControl('requests')) as LoggedRequest[];
const sent = async (method: string, path: string) =>
  (await requests()).filter((request) => request.method === method && request.path.includes(path)).length;

/** Every second request whose path (and method) matches fails with a 500; the first one passes. */
const failEverySecond = (match: string, method: string) =>
  mockControl('faults', { body: { match, rate: 0.5, status: 500, method } });

/** What an alert of a rolled-back change would say: after a lost answer that the server saved, nothing. */
const undone = (page: Page) => page.getByRole('alert').filter({ hasText: 'The change was undone' });

/** The failure is put in words; the raw fault text is behind "Details" only. */
async function expectWords(alert: Locator, lead: string): Promise<void> {
  await alert.waitFor();
  const text = (await alert.locator('.error-message__text').textContent()) ?? '';
  expect(text.startsWith(lead)).toBe(true);
  expect(text).not.toContain('Fault injected');
  expect(await alert.locator('details').textContent()).toContain('Fault injected');
}

const cartItems = (page: Page) =>
  page.getByRole('listitem').filter({ has: page.getByRole('button', { name: 'Remove from cart' }) });

/** Moodboard (cart 7, alice's, 8 items in the demo data), read again from the server. */
async function moodboardAfterReload(page: Page): Promise<Locator> {
  await page.goto(`${portalUrl()}/carts/7`);
  await page.getByRole('heading', { level: 1, name: 'Moodboard' }).waitFor();
  await cartItems(page).first().waitFor();
  return cartItems(page);
}

const results = (page: Page) => page.getByRole('grid', { name: 'Results' }).getByRole('gridcell');

/** Opens the "Add to cart" menu of the n-th result and picks Moodboard; gives the popup and the result's name. */
async function addToMoodboard(page: Page, index: number): Promise<{ chooser: Locator; name: string }> {
  const cell = results(page).nth(index);
  await cell.waitFor();
  const name = await cellName(cell);
  expect(name).not.toBe('');
  await cell.getByRole('button', { name: 'Add to cart' }).click();
  const chooser = page.getByRole('dialog', { name: `Add "${name}" to a cart` });
  await chooser.getByRole('menuitemcheckbox', { name: 'Moodboard' }).click();
  return { chooser, name };
}

describe('cart items whose answers are lost (issue 12: faults on add and remove)', () => {
  journey(
    'an addition whose answer is lost ends in the cart, on screen and on the server',
    async ({ page }) => {
      await signIn(page, 'alice');
      await page.goto(`${portalUrl()}/search`);
      await results(page).first().waitFor();
      await loseTheAnswer('addCartItems');
      const { chooser, name } = await addToMoodboard(page, 0);
      // the portal reads the cart back and finds the item in it: added, never "Could not add"
      await chooser.getByRole('status').filter({ hasText: 'Added to Moodboard.' }).waitFor();
      await noFaults();
      expect(await chooser.getByRole('alert').count()).toBe(0);
      await chooser.getByRole('button', { name: 'Close' }).click();
      await expectReplayToMatch(page);

      const items = await moodboardAfterReload(page);
      await expect.poll(() => items.count()).toBe(9);
      expect(await page.getByRole('listitem', { name }).count()).toBe(1);
      expect(await undone(page).count()).toBe(0);
    },
  );

  journey('a removal whose answer is lost stays removed, on screen and on the server', async ({ page }) => {
    await signIn(page, 'alice');
    const items = await moodboardAfterReload(page);
    await expect.poll(() => items.count()).toBe(8);
    const name = await cellName(items.first());
    expect(name).not.toBe('');
    await loseTheAnswer('removeCartItems');
    await items.first().getByRole('button', { name: 'Remove from cart' }).click();
    await expect.poll(() => items.count()).toBe(7);
    // the read back that settles the lost answer: still removed, nothing undone
    await expect.poll(() => sent('GET', '/listCartItems/7').then((count) => count > 1)).toBe(true);
    await noFaults();
    expect(await items.count()).toBe(7);
    expect(await undone(page).count()).toBe(0);
    await expectReplayToMatch(page);

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Moodboard' }).waitFor();
    await expect.poll(() => items.count()).toBe(7);
    expect(await page.getByRole('listitem', { name }).count()).toBe(0);
  });
});

describe('every second write fails (issue 12: partial failure rates)', () => {
  journey(
    'two results added one after the other: one is added, the one the server fails is kept and saved once',
    async ({ page }) => {
      // the page's timers on a clock the journey moves on: the outbox's backoff is not waited out
      await page.clock.install();
      await signIn(page, 'alice');
      await page.goto(`${portalUrl()}/search`);
      await results(page).nth(1).waitFor();
      await failEverySecond('addCartItems', 'POST');

      const first = await addToMoodboard(page, 0);
      await first.chooser.getByRole('status').filter({ hasText: 'Added to Moodboard.' }).waitFor();
      await first.chooser.getByRole('button', { name: 'Close' }).click();

      // a 500 is an outage, not a refusal: the outbox keeps it (issue 25), no alert
      const second = await addToMoodboard(page, 1);
      await second.chooser
        .getByRole('status')
        .filter({ hasText: 'Will be saved when you are back online.' })
        .waitFor();
      expect(await second.chooser.getByRole('alert').count()).toBe(0);
      await noFaults();
      await second.chooser.getByRole('button', { name: 'Close' }).click();
      // sent again by the outbox's backoff: nothing waits any more
      await page.clock.fastForward(config.outboxRetryMs);
      await expect.poll(() => waiting(page).count(), { timeout: 30_000 }).toBe(0);
      await expectReplayToMatch(page);

      const items = await moodboardAfterReload(page);
      await expect.poll(() => items.count()).toBe(10);
      expect(await page.getByRole('listitem', { name: first.name }).count()).toBe(1);
      expect(await page.getByRole('listitem', { name: second.name }).count()).toBe(1);
    },
  );

  journey(
    'a kept addition discarded leaves the server with only the one that succeeded',
    async ({ page }) => {
      await signIn(page, 'alice');
      await page.goto(`${portalUrl()}/search`);
      await results(page).nth(1).waitFor();
      const first = await addToMoodboard(page, 0);
      await first.chooser.getByRole('status').filter({ hasText: 'Added to Moodboard.' }).waitFor();
      await first.chooser.getByRole('button', { name: 'Close' }).click();
      await mockControl('faults', { body: { match: 'addCartItems', rate: 1, status: 500, method: 'POST' } });
      const second = await addToMoodboard(page, 1);
      await second.chooser
        .getByRole('status')
        .filter({ hasText: 'Will be saved when you are back online.' })
        .waitFor();
      await second.chooser.getByRole('button', { name: 'Close' }).click();
      await page.getByRole('button', { name: 'Pending changes' }).click();
      const pending = page.getByRole('dialog', { name: 'Pending changes' });
      const discard = pending.getByRole('button', { name: 'Discard' });
      // the outbox may be trying on its own at that moment: the button is enabled again after
      await expect.poll(() => discard.isEnabled()).toBe(true);
      await discard.click();
      await expect.poll(() => waiting(page).count()).toBe(0);
      await noFaults();
      await expectReplayToMatch(page);

      const items = await moodboardAfterReload(page);
      await expect.poll(() => items.count()).toBe(9);
      expect(await page.getByRole('listitem', { name: first.name }).count()).toBe(1);
      expect(await page.getByRole('listitem', { name: second.name }).count()).toBe(0);
    },
  );

  journey(
    'a page size save the server fails is kept, said as pending, and saved once by the outbox',
    async ({ page }) => {
      await signIn(page, 'alice');
      await page.getByRole('link', { name: 'Account', exact: true }).click();
      await page.getByRole('heading', { name: 'Your account' }).waitFor();
      const pageSize = page.getByRole('combobox', { name: 'Results per page' });
      await expect.poll(() => pageSize.inputValue()).toBe('24');
      await failEverySecond('/json/userpref', 'POST');

      await pageSize.selectOption('48');
      await page.getByRole('status').filter({ hasText: 'Your preferences were saved.' }).waitFor();
      // a 500 is an outage, not a refusal: the outbox keeps it (issue 25), no alert
      await pageSize.selectOption('96');
      await page.getByRole('status').filter({ hasText: 'Will be saved when you are back online.' }).waitFor();
      expect(await page.getByRole('alert').count()).toBe(0);
      await waiting(page).filter({ hasText: '1 change waiting' }).waitFor();
      await noFaults();
      // saved once: nothing waits any more, and the form shows the value saved
      await retryPendingChanges(page);
      await expect.poll(() => pageSize.inputValue()).toBe('96');
      expect(await sent('POST', '/json/userpref')).toBe(3);
      await expectReplayToMatch(page);

      await page.reload();
      await page.getByRole('heading', { name: 'Your account' }).waitFor();
      await expect.poll(() => pageSize.inputValue()).toBe('96');
    },
  );

  journey('a bookmark whose save fails says so, and the next save succeeds', async ({ page }) => {
    await signIn(page, 'alice');
    await page.getByRole('link', { name: 'Search', exact: true }).click();
    await results(page).first().waitFor();
    await page.getByRole('combobox', { name: 'Search' }).fill('lake');
    await page.getByRole('combobox', { name: 'Search' }).press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('lake');
    await failEverySecond('/savedsearch/add', 'POST');
    const dialog = page.getByRole('dialog', { name: 'Bookmark this search' });

    await page.getByRole('button', { name: 'Bookmark this search' }).click();
    await dialog.getByRole('textbox', { name: 'Name' }).fill('First');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved as “First”' }).waitFor();
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Bookmark this search' }).click();
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Second');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectWords(dialog.getByRole('alert'), 'The search could not be saved.');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved as “Second”' }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await noFaults();
    expect(await sent('POST', '/savedsearch/add')).toBe(3);
    await expectReplayToMatch(page);

    await page.getByRole('link', { name: 'Saved searches' }).click();
    await page.reload();
    await page.getByRole('button', { name: 'Open First', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Open Second', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: /^Open Second/ }).count()).toBe(1);
  });
});
