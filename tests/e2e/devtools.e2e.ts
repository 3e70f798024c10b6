import { readFileSync } from 'node:fs';
import { describe, expect } from 'vitest';
import { importLog } from '../../streams/recorder/log-file';
import { journey, openBrowser, portalUrl } from './helpers/portal';

describe('devtools', () => {
  journey(
    'a session exported from /devtools, imported in another browser, scrubs back to an earlier page (issue 7)',
    async ({ page }) => {
      await page.goto(`${portalUrl()}/nowhere`);
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      await page.getByRole('link', { name: 'Back to the home page' }).click();
      await page.getByRole('heading', { name: 'Welcome to Wedia Demo Portal' }).waitFor();
      await page.getByRole('link', { name: 'Devtools' }).click();
      await page.getByRole('heading', { name: 'Devtools', level: 1 }).waitFor();
      // the list is windowed: the domains that start with the portal come first, so filter by type
      await page.getByRole('searchbox', { name: 'Type' }).fill('router/navigated');
      await page.getByRole('list', { name: 'Events' }).getByText('router/navigated').first().waitFor();
      await page.getByRole('searchbox', { name: 'Type' }).fill('');

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export', exact: true }).click();
      const file = await (await download).path();
      expect((await download).suggestedFilename()).toMatch(/\.evlog\.json$/);

      const other = await openBrowser();
      try {
        const replay = await other.newPage();
        await replay.goto(`${portalUrl()}/devtools`);
        await replay.getByLabel('Import event log').setInputFiles(file);
        await replay.getByRole('status').filter({ hasText: 'Verdict for' }).getByText('Fine').waitFor();
        await replay.getByRole('button', { name: 'Time travel' }).click();

        // the whole portal shows the replayed state: at its end, the devtools screen
        const bar = replay.getByRole('region', { name: 'Time travel' });
        const slider = bar.getByRole('slider', { name: 'Timeline' });
        await slider.waitFor();
        // back to the start of the log, then one event on: the app started on /nowhere
        await slider.focus();
        await replay.keyboard.press('Home');
        await replay.keyboard.press('ArrowRight');
        // a tab joins the others just before the app starts (issue 25): one step more then
        const joined = bar.getByText('tabs/joined');
        await joined.or(bar.getByText('app/started')).first().waitFor();
        if (await joined.isVisible()) await replay.keyboard.press('ArrowRight');
        await replay.getByRole('heading', { name: 'Page not found' }).waitFor();
        expect(await bar.getByText('app/started').isVisible()).toBe(true);

        // read-only: the link's navigation intent is dropped
        await replay.getByRole('link', { name: 'Back to the home page' }).click();
        await replay.waitForTimeout(200);
        expect(await replay.getByRole('heading', { name: 'Page not found' }).isVisible()).toBe(true);

        await bar.getByRole('button', { name: 'Back to live' }).click();
        await replay.getByRole('heading', { name: 'Devtools', level: 1 }).waitFor();
        expect(await bar.isVisible()).toBe(false);
      } finally {
        await other.close();
      }
    },
  );

  journey('"Report a problem" on the error view saves the log with the note (issue 7)', async ({ page }) => {
    await page.goto(portalUrl());
    await page.getByRole('heading', { name: 'Welcome to Wedia Demo Portal' }).waitFor();
    // out of the header, in the account menu (issue 28)
    const header = page.getByRole('banner');
    const headerReport = header.getByRole('button', { name: 'Report a problem' });
    expect(await headerReport.count()).toBe(0);
    await header.getByRole('button', { name: 'Visitor' }).click();
    await headerReport.waitFor();
    await page.keyboard.press('Escape');
    await headerReport.waitFor({ state: 'detached' });
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('planted failure');
      });
    });
    await page.getByRole('heading', { name: 'An error occured!' }).waitFor();
    await page.locator('#main').getByRole('button', { name: 'Report a problem' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report a problem' });
    await dialog.getByRole('textbox', { name: 'Note' }).fill('It broke after the home page; token=abc123');
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Export event log' }).click();
    const imported = importLog(readFileSync(await (await download).path(), 'utf8'));
    if (imported.verdict === 'Impossible') throw new Error(imported.reasons.join('; '));
    expect(imported.log.note).toBe('It broke after the home page; token=[redacted]');
    expect(imported.log.events.map((event) => event.type)).toContain('system/untrappedErrorCaught');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Dismiss' }).click();
  });
});
