import { readFileSync } from 'node:fs';
import { describe, expect } from 'vitest';
import { importLog } from '../../streams/recorder/log-file';
import { replayLog } from '../../streams/recorder/replay';
import { initialRootState, rootReducer } from '../../streams/root';
import { journey, logAndState, mockControl, portalUrl } from './helpers/portal';

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
      await page.clock.runFor(10_500);
      await expect
        .poll(async () => JSON.stringify(await mockControl('logs')), { timeout: 5000 })
        .toContain('app/infoLoadFailed');
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
});
