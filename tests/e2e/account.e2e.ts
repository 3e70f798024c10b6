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

  journey('marking the notifications read empties the unread badge', async ({ page }) => {
    await signInAs(page, 'alice');
    const badge = page.getByRole('status', { name: '4 unread notifications' });
    await badge.waitFor();
    expect(await badge.textContent()).toBe('4');
    await page.getByRole('link', { name: 'Notifications', exact: true }).click();
    await page.getByRole('heading', { name: 'Notifications' }).waitFor();
    await page.getByRole('list', { name: 'Notifications' }).getByRole('listitem').first().waitFor();
    await page.getByRole('button', { name: 'Mark all read' }).click();
    await page.getByRole('status', { name: 'No unread notifications' }).waitFor({ state: 'attached' });
    expect(await badge.count()).toBe(0);

    const items = page.getByRole('list', { name: 'Notifications' }).getByRole('listitem');
    const before = await items.count();
    await page
      .getByRole('button', { name: /^Delete notification/ })
      .first()
      .click();
    await expect.poll(() => items.count()).toBe(before - 1);
  });

  journey('the page size preference is saved and read again after a reload', async ({ page }) => {
    await signInAs(page, 'alice');
    await openAccount(page);
    const pageSize = page.getByRole('combobox', { name: 'Results per page' });
    expect(await pageSize.inputValue()).toBe('24');
    await pageSize.selectOption('48');
    await page.getByRole('status').filter({ hasText: 'Your preferences were saved.' }).waitFor();
    await page.getByRole('radio', { name: 'Compact' }).check();

    await page.reload();
    await page.getByRole('heading', { name: 'Your account' }).waitFor();
    await expect.poll(() => pageSize.inputValue()).toBe('48');
    expect(await page.getByRole('radio', { name: 'Compact' }).isChecked()).toBe(true);
  });
});
