import { describe, expect } from 'vitest';
import { exportedLog, journey, portalUrl } from './helpers/portal';
import { signIn } from './helpers/session';

describe('session against the demo server (issue 3)', () => {
  journey(
    'signs in as alice, stays signed in after a reload, and signs out back to the visitor',
    async ({ page }) => {
      await signIn(page, 'alice');
      expect(await page.getByRole('region', { name: 'Account menu' }).textContent()).toContain(
        'Signed in as alice',
      );
      await page.reload();
      await page.getByRole('button', { name: 'Sign out' }).waitFor();
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('link', { name: 'Sign in' }).waitFor();
      expect(await page.getByText('Visitor').isVisible()).toBe(true);
      await page.reload();
      await page.getByRole('link', { name: 'Sign in' }).waitFor();
    },
  );

  journey('shows an alert for a wrong password and keeps the visitor', async ({ page }) => {
    await page.goto(`${portalUrl()}/signin`);
    await page.getByRole('textbox', { name: 'Login' }).fill('alice');
    await page.getByRole('textbox', { name: 'Password' }).fill('not-her-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/Sign-in failed\. .+/);
    expect(await page.getByRole('button', { name: 'Sign out' }).count()).toBe(0);
  });

  journey(
    'asks dave to change his password (403/2), then signs him in with the new one',
    async ({ page }) => {
      await page.goto(`${portalUrl()}/signin`);
      await page.getByRole('textbox', { name: 'Login' }).fill('dave');
      await page.getByRole('textbox', { name: 'Password' }).fill('dave');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: 'Change your password' }).waitFor();
      await page.getByRole('textbox', { name: 'Current password' }).fill('dave');
      await page.getByRole('textbox', { name: 'New password', exact: true }).fill('dave-2026!');
      await page.getByRole('textbox', { name: 'Confirm new password' }).fill('dave-2026!');
      await page.getByRole('button', { name: 'Change password' }).click();
      await page.getByRole('button', { name: 'Sign out' }).waitFor();
    },
  );

  journey('never lets a password or a token into the exported log', async ({ page }) => {
    await signIn(page, 'alice');
    const token = await page.evaluate(() => localStorage.getItem('dam-portal.refreshToken'));
    expect(token).toBeTruthy();
    const log = await exportedLog(page);
    expect(log).toContain('session/signInRequested');
    expect(log).not.toContain(token!);
    expect(log).not.toContain('demo-secret');
    expect(log).not.toMatch(/"password":"alice"/);
  });
});
