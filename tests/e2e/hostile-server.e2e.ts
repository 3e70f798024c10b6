import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { journey, mockControl, portalUrl } from './helpers/portal';
import { signIn } from './helpers/session';

/** What the hostile markup of the demo (mocks/hostile.ts) leaves behind where it ran. */
const hostileTraces = (page: Page) =>
  page.evaluate(() => ({
    portalWindow: (window as { __hostileRan?: unknown }).__hostileRan ?? null,
    portalDocument: document.documentElement.getAttribute('data-hostile-ran'),
  }));

/** Every link of the page whose address runs script when followed. */
const scriptLinks = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('a[href]')]
      .map((link) => link.getAttribute('href') ?? '')
      .filter((href) => /^\s*(javascript|data|vbscript):/i.test(href)),
  );

describe('a hostile server (issue 12, items 3 to 5)', () => {
  journey(
    "runs none of the item player's markup, in the portal or in the player's frame (item 3)",
    async ({ page }) => {
      await mockControl('settings', { body: { 'hostile.playerHtml': true } });
      await signIn(page, 'alice');
      await page.goto(`${portalUrl()}/carts/7`);
      await page.getByRole('heading', { level: 1, name: 'Moodboard' }).waitFor();
      await page.getByRole('button', { name: 'Preview' }).first().click();
      const dialog = page.getByRole('dialog', { name: /^Preview of / });
      await dialog.waitFor();
      const frame = page.frameLocator('iframe.cart-player');
      await frame.getByText('hostile player').waitFor();
      const frameElement = dialog.locator('iframe');
      const inFrame = await (await frameElement.elementHandle())?.contentFrame();
      // the markup's broken image is what fires its onerror (the frame's requests are not reported
      // to the test): once the browser has given up on every picture of the frame, it has fired
      await expect
        .poll(() => inFrame?.evaluate(() => [...document.images].every((image) => image.complete)))
        .toBe(true);
      expect(await hostileTraces(page)).toEqual({ portalWindow: null, portalDocument: null });

      // the markup is shown, in a frame of its own that may run nothing
      expect(await frameElement.getAttribute('sandbox')).toBe('');
      await frame.getByRole('link', { name: 'hostile link' }).click();
      await page.waitForTimeout(300);
      expect(await hostileTraces(page)).toEqual({ portalWindow: null, portalDocument: null });
      expect(
        await inFrame?.evaluate(() => document.documentElement.getAttribute('data-hostile-ran')),
      ).toBeNull();
      // the portal goes on: the dialog closes and the cart is still there
      await dialog.getByRole('button', { name: 'Close' }).click();
      await page.getByRole('heading', { level: 1, name: 'Moodboard' }).waitFor();
    },
  );

  journey(
    'shows javascript: URLs of SSO providers and share links as text, and the portal keeps working (item 5)',
    async ({ page }) => {
      await mockControl('settings', { body: { 'hostile.urls': true } });
      await page.goto(`${portalUrl()}/signin`);
      await page.getByRole('heading', { name: 'Or sign in with' }).waitFor();
      expect(await scriptLinks(page)).toEqual([]);
      expect(await page.getByRole('link', { name: 'Sign in with Wedia ID' }).count()).toBe(0);
      await page.getByText('Wedia ID', { exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();

      await signIn(page, 'alice');
      await page.goto(`${portalUrl()}/carts/6`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Share' }).click();
      const dialog = page.getByRole('dialog', { name: 'Share' });
      await dialog.getByRole('button', { name: 'Create link' }).click();
      expect(await dialog.getByRole('textbox', { name: 'Link' }).inputValue()).toBe(
        'javascript:alert(document.domain)',
      );
      const links = dialog
        .getByRole('region', { name: 'Links of this cart' })
        .or(dialog.locator('.share-links'));
      await links.getByText('javascript:alert(document.domain)').first().waitFor();
      await links.getByText('javascript:alert(document.domain)').first().click();
      expect(await scriptLinks(page)).toEqual([]);
      expect(await page.getByRole('heading', { name: 'An error occured!' }).count()).toBe(0);
    },
  );

  journey(
    'signing in comes back to the page the user was on; an SSO back link never leaves the site (item 4)',
    async ({ page }) => {
      await page.goto(`${portalUrl()}/search?q=beach`);
      await page.getByRole('link', { name: 'Sign in' }).first().click();
      await page.getByRole('textbox', { name: 'Login' }).fill('alice');
      await page.getByRole('textbox', { name: 'Password' }).fill('alice');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('button', { name: 'Sign out' }).waitFor();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/search');
      expect(new URL(page.url()).searchParams.get('q')).toBe('beach');

      // the SSO page of the demo, asked to come back to another host, links back to the portal
      const portal = new URL(portalUrl());
      for (const relativeURL of [
        '/\\evil.example/',
        '/%09/evil.example/',
        '//evil.example',
        'https://evil.example',
      ]) {
        await page.goto(`${portalUrl()}/api/rest/auth/sso/wedia-id?relativeURL=${relativeURL}`);
        const back = page.getByRole('link', { name: 'Back to the portal' });
        const href = await back.evaluate((link) => (link as HTMLAnchorElement).href);
        expect(new URL(href).host, `back link for relativeURL=${relativeURL}`).toBe(portal.host);
      }
      await page.getByRole('link', { name: 'Back to the portal' }).click();
      await page.waitForURL((url) => url.host === portal.host && !url.pathname.startsWith('/api/'));
      await page.getByRole('button', { name: 'Sign out' }).waitFor();
    },
  );
});
