import { readFileSync } from 'node:fs';
import { describe, expect } from 'vitest';
import { config } from '../../streams/core/config';
import { importLog } from '../../streams/recorder/log-file';
import { replayLog } from '../../streams/recorder/replay';
import { initialRootState } from '../../streams/root';
import { rootReducer } from '../helpers/all-domains';
import { doneAfterTimers } from './helpers/clock';
import { journey, logAndState, mockControl, portalUrl } from './helpers/portal';
import { signIn } from './helpers/session';

describe('portal shell against the demo server', () => {
  journey(
    'shows the application name, logo and background from the server (protocol §19)',
    async ({ page }) => {
      await page.goto(portalUrl());
      await page.getByRole('heading', { name: 'Welcome to Wedia Demo Portal' }).waitFor();
      // the header's logo link shows once its image has loaded (its box is empty until then)
      await page.getByRole('link', { name: 'Wedia Demo Portal' }).first().waitFor({ state: 'visible' });
      expect(await page.title()).toBe('Wedia Demo Portal');
      const background = await page
        .locator('.hero')
        .evaluate((element) => getComputedStyle(element).backgroundImage);
      expect(background).toContain('/api/wedia/dam/variation');
    },
  );

  journey(
    'shows the app-not-available message, and Reset asks the server again (seed 002 §2)',
    async ({ page }) => {
      await mockControl('settings', {
        body: { 'app.available': false, 'app.unavailableMessage': 'Back at noon' },
      });
      await page.goto(portalUrl());
      await page.getByRole('heading', { name: 'The portal is not available' }).waitFor();
      expect(await page.getByRole('alert').textContent()).toBe('Back at noon');
      await mockControl('settings', { body: { 'app.available': true } });
      await page.getByRole('button', { name: 'Reset' }).click();
      await page.getByRole('heading', { name: 'Welcome to Wedia Demo Portal' }).waitFor();
    },
  );

  journey(
    'a failed info load shows an alert with a working retry, and the failure reaches the server log 10 s later (seed 000 §9)',
    async ({ page }) => {
      await page.clock.install();
      await mockControl('faults', { body: { match: 'getInfos', rate: 1, status: 500, delayMs: 0 } });
      await page.goto(portalUrl());
      await page.getByRole('alert').filter({ hasText: 'could not be loaded' }).waitFor();
      expect(await mockControl('logs')).toEqual([]);
      // the logs domain loads with the portal chunk, which may land after the alert: its debounce
      // starts when it has the entry, so the clock moves on by the debounce until the line is sent
      const sent = async () => JSON.stringify(await mockControl('logs')).includes('app/infoLoadFailed');
      await doneAfterTimers(page, sent, config.logDebounceMs);
      await mockControl('faults', { method: 'DELETE' });
      await page.getByRole('button', { name: 'Try again' }).click();
      await page.getByRole('heading', { name: 'Welcome to Wedia Demo Portal' }).waitFor();
    },
  );

  journey(
    'an untrapped error shows the error view, whose export is a valid event log (protocol §1.9)',
    async ({ page }) => {
      await page.goto(portalUrl());
      await page.getByRole('heading', { name: 'Welcome to Wedia Demo Portal' }).waitFor();
      await page.evaluate(() => {
        setTimeout(() => {
          throw new Error('planted failure');
        });
      });
      await page.getByRole('heading', { name: 'An error occured!' }).waitFor();
      expect(await page.getByText('error.wedia-vue.untrapped').isVisible()).toBe(true);
      expect(await page.getByText('planted failure', { exact: true }).isVisible()).toBe(true);
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export event log' }).click();
      const file = await (await download).path();
      const verdict = importLog(readFileSync(file, 'utf8'));
      expect(verdict.verdict).toBe('Fine');
      await page.getByRole('button', { name: 'Dismiss' }).click();
      await page.getByRole('heading', { name: 'Welcome to Wedia Demo Portal' }).waitFor();
    },
  );

  journey(
    'a recorded session replays with the reducers to the state the app had (ARCHITECTURE "Recording and replay")',
    async ({ page }) => {
      await page.goto(`${portalUrl()}/nowhere`);
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      await page.getByRole('link', { name: 'Back to the home page' }).click();
      await page.getByRole('heading', { name: 'Welcome to Wedia Demo Portal' }).waitFor();
      await page.goBack();
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      const { log, state: live } = await logAndState(page);
      const imported = importLog(log);
      if (imported.verdict !== 'Fine')
        throw new Error(`the log was graded ${imported.verdict}: ${imported.reasons}`);
      const replayed = replayLog(imported.log, rootReducer, initialRootState);
      expect(replayed).toEqual(live);
      expect(replayed.router.path).toBe('/nowhere');
    },
  );
  journey(
    'every route has its own document title in the user\'s language; "Skip to content" comes first and lands in the content; the unread count sits on "Notifications"',
    async ({ page }) => {
      await signIn(page, 'alice');
      await expect.poll(() => page.title()).toBe('Wedia Demo Portal');
      await page.goto(`${portalUrl()}/carts`);
      await page.getByRole('heading', { name: 'Carts', level: 1 }).waitFor();
      await expect.poll(() => page.title()).toBe('Carts · Wedia Demo Portal');
      // the first Tab reaches the skip link; following it puts the focus in the content
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
      // the link keeps its name; the count beside it is its own status, drawn on the link
      const link = page.getByRole('link', { name: 'Notifications', exact: true });
      const badge = page.locator('.header__nav .notifications-badge');
      await badge.waitFor();
      const [linkBox, badgeBox] = [await link.boundingBox(), await badge.boundingBox()];
      expect(badgeBox!.x).toBeGreaterThan(linkBox!.x);
      expect(badgeBox!.x + badgeBox!.width).toBeLessThanOrEqual(linkBox!.x + linkBox!.width);
      await page.getByRole('link', { name: 'Downloads', exact: true }).click();
      await expect.poll(() => page.title()).toBe('Downloads · Wedia Demo Portal');
      await page.goto(`${portalUrl()}/nowhere`);
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      await expect.poll(() => page.title()).toBe('Page not found · Wedia Demo Portal');

      // bob reads the portal in French: the titles follow, and at 1024 px the navigation holds
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('link', { name: 'Sign in' }).first().waitFor();
      await page.setViewportSize({ width: 1024, height: 768 });
      await page.goto(`${portalUrl()}/signin`);
      await expect.poll(() => page.title()).toBe('Sign in · Wedia Demo Portal');
      await page.getByRole('textbox', { name: 'Login' }).fill('bob');
      await page.getByRole('textbox', { name: 'Password' }).fill('bob');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('button', { name: 'Se déconnecter' }).waitFor();
      await page.goto(`${portalUrl()}/carts`);
      await page.getByRole('heading', { name: 'Paniers', level: 1 }).waitFor();
      await expect.poll(() => page.title()).toBe('Paniers · Wedia Demo Portal');
      await page.goto(`${portalUrl()}/saved-searches`);
      await expect.poll(() => page.title()).toBe('Recherches enregistrées · Wedia Demo Portal');
      const nav = page.getByRole('navigation', { name: 'Navigation principale' });
      // every French label on one line, none clipped, the whole navigation within the window
      const links = await nav.getByRole('link').evaluateAll((elements) =>
        elements.map((element) => {
          const box = element.getBoundingClientRect();
          return {
            text: element.textContent,
            top: box.top,
            right: box.right,
            clipped: element.scrollWidth > element.clientWidth,
          };
        }),
      );
      expect(links.map((link) => link.text)).toContain('Recherches enregistrées');
      expect(new Set(links.map((link) => Math.round(link.top))).size).toBe(1);
      expect(links.every((link) => !link.clipped && link.right <= 1024)).toBe(true);
    },
  );

  journey(
    'on a phone, in the dark theme: the navigation is behind "Menu", a dialog is full-screen and closing it returns the focus to its opener',
    async ({ page }) => {
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.setViewportSize({ width: 390, height: 844 });
      await signIn(page, 'alice');
      const background = await page.evaluate(
        () => getComputedStyle(document.documentElement).backgroundColor,
      );
      expect(background).toBe('rgb(14, 19, 27)');
      const menu = page.getByRole('button', { name: 'Menu', exact: true });
      const carts = page.getByRole('link', { name: 'Carts', exact: true });
      expect(await carts.isVisible()).toBe(false);
      await menu.click();
      expect(await menu.getAttribute('aria-expanded')).toBe('true');
      await carts.click();
      await page.getByRole('heading', { name: 'Carts', level: 1 }).waitFor();
      // following a link folds the menu again
      expect(await menu.getAttribute('aria-expanded')).toBe('false');
      expect(await carts.isVisible()).toBe(false);

      const opener = page.getByRole('button', { name: 'New cart' });
      await opener.click();
      const dialog = page.getByRole('dialog', { name: 'New cart' });
      await dialog.waitFor();
      const box = await dialog.boundingBox();
      expect(box).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await opener.evaluate((element) => element === document.activeElement)).toBe(true);
    },
  );
});
