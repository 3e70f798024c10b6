import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { loseTheAnswer, noFaults, received } from './helpers/faults';
import { expectReplayToMatch, journey, portalUrl } from './helpers/portal';
import { signIn } from './helpers/session';

const mine = (page: Page) => page.getByRole('region', { name: 'My carts' });
/** What an alert of a rolled-back change would say: after a lost answer that the server saved, nothing. */
const undone = (page: Page) => page.getByRole('alert').filter({ hasText: 'The change was undone' });

describe('the server saved but the answer was lost (issue 12 item 10)', () => {
  journey(
    'create, rename and delete whose answers are lost: the screen and the server agree',
    async ({ page }) => {
      await signIn(page, 'alice');
      await page.getByRole('link', { name: /^carts$/i }).click();
      await mine(page).waitFor();

      await loseTheAnswer('createCart');
      await page.getByRole('button', { name: 'New cart' }).click();
      const dialog = page.getByRole('dialog', { name: 'New cart' });
      await dialog.getByRole('textbox', { name: 'Name' }).fill('Lost answer board');
      await dialog.getByRole('button', { name: 'Create' }).click();
      await dialog.waitFor({ state: 'detached' });
      await noFaults();
      await expect.poll(() => mine(page).getByRole('link', { name: 'Lost answer board' }).count()).toBe(1);
      // the lost answer and the read back it drove re-simulate from the export (before a reload
      // starts a new log)
      await expectReplayToMatch(page);
      await page.reload();
      await mine(page).getByRole('link', { name: 'Lost answer board' }).first().waitFor();
      expect(await mine(page).getByRole('link', { name: 'Lost answer board' }).count()).toBe(1);

      await mine(page).getByRole('link', { name: 'Lost answer board' }).click();
      await page.getByRole('heading', { level: 1, name: 'Lost answer board' }).waitFor();
      await loseTheAnswer('editCart');
      await page.getByRole('button', { name: 'Edit' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit cart' });
      await edit.getByRole('textbox', { name: 'Name' }).fill('Renamed without an answer');
      await edit.getByRole('button', { name: 'Save' }).click();
      await edit.waitFor({ state: 'detached' });
      await noFaults();
      await page.getByRole('heading', { level: 1, name: 'Renamed without an answer' }).waitFor();
      expect(await undone(page).count()).toBe(0);
      await expectReplayToMatch(page);

      await loseTheAnswer('deleteCart');
      await page.getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('dialog', { name: 'Delete' }).getByRole('button', { name: 'Confirm' }).click();
      await mine(page).waitFor();
      // the list no longer holds it (the toast that says it was deleted names it)
      await expect
        .poll(() => mine(page).getByRole('link', { name: 'Renamed without an answer' }).count())
        .toBe(0);
      await noFaults();
      expect(await undone(page).count()).toBe(0);
      await page.reload();
      await mine(page).getByRole('link').first().waitFor();
      expect(await mine(page).getByRole('link', { name: 'Renamed without an answer' }).count()).toBe(0);
    },
  );

  journey(
    'a share link with a password whose answer was lost: kept by the outbox, found among the cart’s links, not made twice, its lost password said',
    async ({ page }) => {
      await signIn(page, 'alice');
      await page.goto(`${portalUrl()}/carts/7`);
      await page.getByRole('heading', { level: 1, name: 'Moodboard' }).waitFor();
      await page.getByRole('button', { name: 'Share' }).click();
      const dialog = page.getByRole('dialog', { name: 'Share' });
      await dialog.getByRole('checkbox', { name: 'Ask for password' }).check();
      await loseTheAnswer('shareCart');
      await dialog.getByRole('button', { name: 'Create link' }).click();
      await dialog
        .getByRole('status')
        .filter({ hasText: 'Will be saved when you are back online.' })
        .waitFor();
      await noFaults();
      // the outbox's next try reads the cart's links first: the one the lost answer made is there
      await dialog.getByRole('textbox', { name: 'Link' }).waitFor({ timeout: 30_000 });
      // one link of this cart: the one the lost answer made, not a second one
      expect(await dialog.getByRole('listitem').count()).toBe(1);
      // and one request: the browser did not send it again when the connection dropped
      expect(await received('POST', /\/shareCart\/7$/)).toBe(1);
      // its password went with the lost answer: said, not silently left out
      await dialog.getByRole('status').filter({ hasText: 'its password' }).waitFor();
      expect(await dialog.getByRole('textbox', { name: 'Password' }).count()).toBe(0);
    },
  );
});
