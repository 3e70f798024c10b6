import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { journey, portalUrl } from './helpers/portal';

/** Signs in through the UI (session contract): the "Sign out" button shows once signed in. */
async function signInAs(page: Page, login: string): Promise<void> {
  await page.goto(`${portalUrl()}/signin`);
  await page.getByRole('textbox', { name: 'Login' }).fill(login);
  await page.getByRole('textbox', { name: 'Password' }).fill(login);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
}

/** Opens /account through the navigation, as a person would. */
async function openAccount(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Account', exact: true }).click();
  await page.getByRole('heading', { name: 'Your account' }).waitFor();
}

async function switchLanguage(page: Page, from: 'Language' | 'Langue', to: 'en' | 'fr'): Promise<void> {
  await page.getByRole('combobox', { name: from, exact: true }).selectOption(to);
}

describe('account and notifications against the demo server', () => {
  journey(
    'alice switches the whole UI to French and back; the choice is in her profile',
    async ({ page }) => {
      await signInAs(page, 'alice');
      await openAccount(page);
      await switchLanguage(page, 'Language', 'fr');
      await page.getByRole('heading', { name: 'Votre compte' }).waitFor();
      // the whole UI: the navigation and the header follow too
      await page.getByRole('link', { name: 'Compte', exact: true }).waitFor();
      await page.getByRole('button', { name: 'Se déconnecter' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');

      // the profile's bolang: a reload (auto-connect, who-am-I) keeps French
      await page.goto(`${portalUrl()}/account`);
      await page.getByRole('heading', { name: 'Votre compte' }).waitFor();

      await switchLanguage(page, 'Langue', 'en');
      await page.getByRole('heading', { name: 'Your account' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    },
  );

  journey(
    'a wrong current password says so, not that the data service refused (issue 28)',
    async ({ page }) => {
      await signInAs(page, 'alice');
      await openAccount(page);
      await page.getByRole('textbox', { name: 'Current password' }).fill('not-her-password');
      await page.getByRole('textbox', { name: 'New password', exact: true }).fill('alice-2026!');
      await page.getByRole('textbox', { name: 'Confirm new password' }).fill('alice-2026!');
      await page.getByRole('button', { name: 'Change password' }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'The current password is wrong.' });
      await alert.waitFor();
    },
  );

  journey('a visitor switches to French and back; the choice survives a reload', async ({ page }) => {
    await page.goto(`${portalUrl()}/account`);
    await page.getByRole('heading', { name: 'Your account' }).waitFor();
    await switchLanguage(page, 'Language', 'fr');
    await page.getByRole('heading', { name: 'Votre compte' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Votre compte' }).waitFor();
    await switchLanguage(page, 'Langue', 'en');
    await page.getByRole('heading', { name: 'Your account' }).waitFor();
  });

  journey(
    'opening the notifications marks them read: the badge drops, the server keeps it, "New" stays for the visit',
    async ({ page }) => {
      await signInAs(page, 'alice');
      const badge = page.getByRole('status', { name: '4 unread notifications' });
      await badge.waitFor();
      expect(await badge.textContent()).toBe('4');
      await page.getByRole('link', { name: 'Notifications' }).first().click();
      await page.getByRole('heading', { name: 'Notifications' }).waitFor();
      const items = page.getByRole('list', { name: 'Notifications' }).getByRole('listitem');
      await items.first().waitFor();
      // the four that were unread say so while the page stays open; the badge has dropped
      await expect.poll(() => items.getByText('New', { exact: true }).count()).toBe(4);
      await page.getByRole('status', { name: 'No unread notifications' }).waitFor({ state: 'attached' });
      // a notification without a page to open is text, not a link ("Maintenance" has none)
      const maintenance = items.filter({ hasText: 'Maintenance' });
      expect(await maintenance.getByRole('link').count()).toBe(0);

      const before = await items.count();
      await page
        .getByRole('button', { name: /^Delete notification/ })
        .first()
        .click();
      await expect.poll(() => items.count()).toBe(before - 1);

      // the server marked them read: after a reload the badge stays empty and nothing is new
      await page.reload();
      await items.first().waitFor();
      await page.getByRole('status', { name: 'No unread notifications' }).waitFor({ state: 'attached' });
      expect(await items.getByText('New', { exact: true }).count()).toBe(0);
      // opening one goes where it points
      await items.filter({ hasText: 'Import finished' }).first().getByRole('link').click();
      await page.waitForURL(/\/imports\/\d+$/);
    },
  );

  journey(
    '"saved" only after a save: preferences and profile, read again after a reload',
    async ({ page }) => {
      await signInAs(page, 'alice');
      await openAccount(page);
      const pageSize = page.getByRole('combobox', { name: 'Results per page' });
      expect(await pageSize.inputValue()).toBe('24');
      // the values read from the server are no save, and an unchanged profile has nothing to save
      const saveProfile = page.getByRole('button', { name: 'Save profile' });
      await saveProfile.waitFor();
      expect(await saveProfile.isDisabled()).toBe(true);
      expect(await page.getByText(/was saved|were saved/).count()).toBe(0);
      await page.getByRole('textbox', { name: 'First name' }).fill('Alicia');
      await saveProfile.click();
      await page.getByRole('status').filter({ hasText: 'Your profile was saved.' }).waitFor();
      await pageSize.selectOption('48');
      await page.getByRole('status').filter({ hasText: 'Your preferences were saved.' }).waitFor();
      await page.getByRole('radio', { name: 'Compact' }).check();

      await page.reload();
      await page.getByRole('heading', { name: 'Your account' }).waitFor();
      await expect.poll(() => pageSize.inputValue()).toBe('48');
      expect(await page.getByRole('radio', { name: 'Compact' }).isChecked()).toBe(true);
      expect(await page.getByRole('textbox', { name: 'First name' }).inputValue()).toBe('Alicia');
      expect(await page.getByText(/was saved|were saved/).count()).toBe(0);
    },
  );
});
