import { describe, expect } from 'vitest';
import { config } from '../../streams/core/config';
import { exportedLog, journey, mockControl, portalUrl } from './helpers/portal';
import { signIn } from './helpers/session';

const isRefresh = (request: { path: string }): boolean => /\/rest\/token$/.test(request.path);

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

  journey(
    'stays signed in when a token refresh loses its answer and the page reloads before it is retried',
    async ({ page }) => {
      // the page's timers on a clock the journey moves on: the refresh is not waited out
      await page.clock.install();
      await page.goto(`${portalUrl()}/signin`);
      await page.getByRole('textbox', { name: 'Login' }).waitFor();
      // alice's token refreshes after 20 % of 20 s; the server rotates it, then the answer is lost
      await mockControl('settings', { body: { 'token.lifetimeS': 20 } });
      await mockControl('faults', { body: { match: '/rest/token$', status: 0, after: true } });
      await page.getByRole('textbox', { name: 'Login' }).fill('alice');
      await page.getByRole('textbox', { name: 'Password' }).fill('alice');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('button', { name: 'Sign out' }).waitFor();
      await page.clock.fastForward(config.bearerRefreshRatio * 20_000);
      await expect
        .poll(async () => ((await mockControl('requests')) as { path: string }[]).some(isRefresh), {
          timeout: 20_000,
        })
        .toBe(true);
      await mockControl('faults', { method: 'DELETE' });
      await page.reload();
      await page.getByRole('button', { name: 'Sign out' }).waitFor();
      expect(await page.getByText('Your session expired.').count()).toBe(0);
      await mockControl('settings', { body: { 'token.lifetimeS': 3600 } });
    },
  );

  journey('shows an alert for a wrong password and keeps the visitor', async ({ page }) => {
    await page.goto(`${portalUrl()}/signin`);
    await page.getByRole('textbox', { name: 'Login' }).fill('alice');
    await page.getByRole('textbox', { name: 'Password' }).fill('not-her-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/Sign-in failed\. Incorrect login or password\./);
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

  journey(
    'sign-in comes back: after a session expiry on a deep page, and after a visitor\'s "Add to cart" offered sign-in first',
    async ({ page }) => {
      // tokens that cannot be refreshed: the first refresh (after 20% of 30 s) ends the session
      await mockControl('settings', { body: { 'token.lifetimeS': 30, 'token.refreshLifetimeS': 1 } });
      // the page's timers on a clock the journey moves on: the refresh is not waited out
      await page.clock.install();
      await signIn(page, 'alice');
      const signedInAt = Date.now();
      // within the portal (a reload would start a new session): a deep page, a cart
      await page.getByRole('link', { name: 'Carts', exact: true }).click();
      await page.getByRole('link', { name: 'Spring campaign 2026' }).first().click();
      await page.waitForURL(/\/carts\/\d+/);
      const deepPage = new URL(page.url());
      // the server's clock is real: the refresh token it issued lives 1 s
      await expect.poll(() => Date.now() - signedInAt, { timeout: 5000 }).toBeGreaterThan(1000);
      await page.clock.fastForward(config.bearerRefreshRatio * 30_000);
      await page
        .getByRole('status')
        .filter({ hasText: 'Your session expired.' })
        .waitFor({ timeout: 20_000 });
      await mockControl('settings', { body: { 'token.lifetimeS': 3600, 'token.refreshLifetimeS': 86_400 } });
      await page.getByRole('link', { name: 'Sign in', exact: true }).click();
      await page.waitForURL(/\/signin\?relativeURL=/);
      await page.getByRole('textbox', { name: 'Login' }).fill('alice');
      await page.getByRole('textbox', { name: 'Password' }).fill('alice');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((url) => url.pathname === deepPage.pathname && url.search === deepPage.search);
      await page.getByRole('button', { name: 'Sign out' }).waitFor();
      expect(await page.getByText('Your session expired.').count()).toBe(0);

      // a visitor's user-only action offers sign-in first, and the sign-in comes back to the search
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('link', { name: 'Sign in', exact: true }).waitFor();
      await page.goto(`${portalUrl()}/search?f.assetnature=2`);
      await page
        .getByRole('status')
        .filter({ hasText: /^[\d,]+ results?$/ })
        .waitFor();
      await page.getByRole('button', { name: 'Add to cart' }).first().click();
      const offer = page.getByRole('dialog', { name: 'Sign in first' });
      await offer.getByRole('link', { name: 'Sign in' }).click();
      await page.getByRole('textbox', { name: 'Login' }).fill('alice');
      await page.getByRole('textbox', { name: 'Password' }).fill('alice');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((url) => url.pathname === '/search' && url.search === '?f.assetnature=2');
      await page.getByRole('button', { name: 'Sign out' }).waitFor();
      // an unsafe relativeURL is ignored: the sign-in goes home
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.goto(`${portalUrl()}/signin?relativeURL=${encodeURIComponent('//evil.example/x')}`);
      await page.getByRole('textbox', { name: 'Login' }).fill('alice');
      await page.getByRole('textbox', { name: 'Password' }).fill('alice');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((url) => url.pathname === '/' && url.host === new URL(portalUrl()).host);
    },
  );
});
