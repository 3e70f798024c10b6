import type { Route } from 'playwright-core';
import { describe, expect } from 'vitest';
import type { LoggedRequest } from '../../mocks/runtime';
import { journey, mockControl, portalUrl } from './helpers/portal';
import { apiAuthorization, signIn } from './helpers/session';
import { cellName } from './helpers/cell-name';
import { metadata, shown, saveTitleKept } from './helpers/asset-metadata';
import { failEvery, noFaults, received, waiting } from './helpers/faults';
import { newImport } from './helpers/imports';

const requestsTo = async (verb: string, cartId: string) =>
  ((await mockControl('requests')) as LoggedRequest[]).filter((request) =>
    request.path.endsWith(`/cart/${verb}/${cartId}`),
  ).length;

/** What the demo server holds of one of alice's carts, read through the API (not through the page). */
async function serverCart(cartId: string): Promise<{ name: string; items: { id: string; type: string }[] }> {
  const response = await fetch(`${portalUrl()}/api/wedia/cart/listCartItems/${cartId}?output=list`, {
    headers: { Authorization: await apiAuthorization('alice') },
  });
  return (await response.json()) as { name: string; items: { id: string; type: string }[] };
}

/** Demo asset 1 (mocks/db/assets.ts): its address on the API, its metadata on the asset page. */
const ASSET_PATH = '/rest/dam/data/asset/1';
const ASSET_URL = new RegExp(`/api${ASSET_PATH}(\\?|$)`);

/** The saves of asset 1 that reached the demo server (a faces preview, `simu`, writes nothing). */
const assetSaves = async () =>
  ((await mockControl('requests')) as LoggedRequest[]).filter(
    (request) =>
      request.method === 'POST' && request.path.endsWith(ASSET_PATH) && request.query.simu !== 'true',
  ).length;

/** Asset 1's title as the demo server holds it, read through the API (not through the page). */
async function serverTitle(): Promise<unknown> {
  const response = await fetch(`${portalUrl()}/api${ASSET_PATH}`, {
    headers: { Authorization: await apiAuthorization('alice') },
  });
  return ((await response.json()) as { response: { data: { title: unknown } } }).response.data.title;
}

/** The preference writes that reached the demo server (a bookmark is one: protocol §17.2). */
const preferenceWrites = async () =>
  ((await mockControl('requests')) as LoggedRequest[]).filter(
    (request) => request.method === 'POST' && request.path.endsWith('/json/userpref'),
  );

/** Every write of the preferences aborted as if the connection were cut; the rest of the page loads. */
const cutPreferenceWrites = (route: Route) =>
  route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.fallback();
const PREFERENCES_URL = /\/api\/json\/userpref(\?|$)/;

describe('nothing lost offline: the outbox (issue 25)', () => {
  journey(
    'renamed with the network cut, in a tab then closed: the next visit saves it once',
    async ({ page, browser }) => {
      await signIn(page, 'alice');
      // a second tab of the same browser, where the write is made
      const tab = await browser.newPage();
      await tab.goto(`${portalUrl()}/carts/7`);
      await tab.getByRole('heading', { level: 1, name: 'Moodboard' }).waitFor();

      await browser.setOffline(true);
      await tab.getByRole('button', { name: 'Edit' }).click();
      const edit = tab.getByRole('dialog', { name: 'Edit cart' });
      await edit.getByRole('textbox', { name: 'Name' }).fill('Moodboard offline');
      await edit.getByRole('button', { name: 'Save' }).click();
      // not an error: pending, counted in the header, listed in "Pending changes"
      await edit.getByRole('status').filter({ hasText: 'Will be saved when you are back online.' }).waitFor();
      await edit.getByRole('button', { name: 'Cancel' }).click();
      await waiting(tab).filter({ hasText: '1 change waiting' }).waitFor();
      await tab.getByRole('button', { name: 'Pending changes' }).click();
      const pending = tab.getByRole('dialog', { name: 'Pending changes' });
      await pending.getByText('Save the cart “Moodboard offline”').waitFor();
      expect(await pending.getByRole('button', { name: 'Retry' }).count()).toBe(1);
      expect(await pending.getByRole('button', { name: 'Discard' }).count()).toBe(1);
      await tab.close();

      expect((await serverCart('7')).name).toBe('Moodboard');
      expect(await requestsTo('editCart', '7')).toBe(0);
      await browser.setOffline(false);

      // the next visit: the kept rename is read back from IndexedDB and sent, once
      await page.goto(`${portalUrl()}/carts/7`);
      await page.getByRole('heading', { level: 1, name: 'Moodboard offline' }).waitFor();
      await expect.poll(() => waiting(page).count()).toBe(0);
      expect((await serverCart('7')).name).toBe('Moodboard offline');
      expect(await requestsTo('editCart', '7')).toBe(1);
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Moodboard offline' }).waitFor();
      expect(await waiting(page).count()).toBe(0);
    },
  );

  journey(
    'added to a cart while the server fails every time: kept through a reload, saved once on "Retry"',
    async ({ page }) => {
      await signIn(page, 'alice');
      const before = await serverCart('7');
      await mockControl('faults', { body: { match: 'addCartItems', rate: 1, status: 503 } });
      await page.goto(`${portalUrl()}/search`);
      const first = page.getByRole('grid', { name: 'Results' }).getByRole('gridcell').first();
      await first.waitFor();
      const name = await cellName(first);
      await first.getByRole('button', { name: 'Add to cart' }).click();
      const popup = page.getByRole('dialog', { name: `Add "${name}" to a cart` });
      await popup.getByRole('menuitemcheckbox', { name: 'Moodboard' }).click();
      await popup
        .getByRole('status')
        .filter({ hasText: 'Will be saved when you are back online.' })
        .waitFor();
      await waiting(page).filter({ hasText: '1 change waiting' }).waitFor();
      await page.keyboard.press('Escape');

      await page.reload();
      await waiting(page).filter({ hasText: '1 change waiting' }).waitFor();
      await mockControl('faults', { method: 'DELETE' });
      await page.getByRole('button', { name: 'Pending changes' }).click();
      const pending = page.getByRole('dialog', { name: 'Pending changes' });
      const retry = pending.getByRole('button', { name: 'Retry' });
      await retry.waitFor();
      // the outbox may be trying on its own at that moment: the button is enabled again after
      await expect.poll(() => retry.isEnabled()).toBe(true);
      await retry.click().catch(() => undefined);
      // saved: nothing waits any more, the count and its dialog are gone
      await pending.waitFor({ state: 'detached' });
      expect(await waiting(page).count()).toBe(0);

      const after = await serverCart('7');
      const added = after.items.filter((item) => !before.items.some((old) => old.id === item.id));
      expect(added).toHaveLength(1);
    },
  );

  journey(
    'a search bookmarked with the network cut, the page reloaded, back online: its preference bookmark written once',
    async ({ page, browser }) => {
      await signIn(page, 'alice');
      await page.goto(`${portalUrl()}/search?q=lake`);
      await page.getByRole('grid', { name: 'Results' }).getByRole('gridcell').first().waitFor();

      await browser.setOffline(true);
      await page.getByRole('button', { name: 'Bookmark this search' }).click();
      const dialog = page.getByRole('dialog', { name: 'Bookmark this search' });
      await dialog.getByRole('textbox', { name: 'Name' }).fill('Lakes offline');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await waiting(page).filter({ hasText: '1 change waiting' }).waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      // the reload needs the network; the bookmark's own write stays cut (it never reaches the server)
      await page.route(PREFERENCES_URL, cutPreferenceWrites);
      await browser.setOffline(false);
      await page.reload();
      await waiting(page).filter({ hasText: '1 change waiting' }).waitFor();
      await page.getByRole('button', { name: 'Pending changes' }).click();
      const pending = page.getByRole('dialog', { name: 'Pending changes' });
      await pending.getByText('Bookmark the search “lake”').waitFor();
      expect(await preferenceWrites()).toHaveLength(0);

      // back online (the browser says so): the preference read first, then the bookmark written once
      await page.unroute(PREFERENCES_URL, cutPreferenceWrites);
      await browser.setOffline(true);
      await browser.setOffline(false);
      await pending.waitFor({ state: 'detached' });
      const written = await preferenceWrites();
      expect(written).toHaveLength(1);
      expect(JSON.stringify(written[0]?.body)).toContain('we-bookmarkedCursors');
      expect(JSON.stringify(written[0]?.body)).toContain('lake');
    },
  );

  journey(
    'an import started and given a sub-import with the network cut: both kept, then saved once when back',
    async ({ page, browser }) => {
      await signIn(page, 'alice');
      const name = `Kept offline ${Date.now().toString(36)}`;
      await newImport(page, name);
      const jobId = new URL(page.url()).pathname.split('/').at(-1);
      const workflow = new RegExp(`/data/job/${jobId}/workflow$`);
      const patch = new RegExp(`/massimport/job/${jobId}$`);

      await browser.setOffline(true);
      await page.getByRole('button', { name: 'Start workflow' }).click();
      await waiting(page).filter({ hasText: '1 change waiting' }).waitFor();
      await page.getByRole('button', { name: 'Add sub-imports' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add sub-imports' });
      await dialog.getByRole('checkbox').first().check();
      await dialog.getByRole('button', { name: 'Add', exact: true }).click();
      await waiting(page).filter({ hasText: '2 changes waiting' }).waitFor();
      await page.getByRole('button', { name: 'Pending changes' }).click();
      const pending = page.getByRole('dialog', { name: 'Pending changes' });
      await pending.getByText(`Workflow step “start” on the import “${name}”`).waitFor();
      await pending.getByText(`Add 1 sub-import(s) to “${name}”`).waitFor();
      expect(await received('POST', workflow)).toBe(0);

      // back online: the import read first (not started yet), then each write sent once, in order
      await browser.setOffline(false);
      await pending.waitFor({ state: 'detached', timeout: 30_000 });
      expect(await received('POST', workflow)).toBe(1);
      expect(await received('PATCH', patch)).toBe(1);
    },
  );

  journey(
    'collaborators invited to a saved search while the server fails every time: kept, then invited once',
    async ({ page }) => {
      await signIn(page, 'alice');
      await page.goto(`${portalUrl()}/saved-searches`);
      const invitations = /\/addcollaborators\//;
      await failEvery('/addcollaborators/', 500);
      await page.getByRole('button', { name: 'Share Mountains' }).click();
      const dialog = page.getByRole('dialog', { name: 'Share Mountains' });
      await dialog.getByRole('textbox', { name: 'Collaborators' }).fill('bob');
      await dialog.getByRole('button', { name: 'Share', exact: true }).click();
      await page.getByRole('status').filter({ hasText: 'Will be saved when you are back online.' }).waitFor();
      await waiting(page).filter({ hasText: '1 change waiting' }).waitFor();
      await page.getByRole('button', { name: 'Pending changes' }).click();
      const pending = page.getByRole('dialog', { name: 'Pending changes' });
      await pending.getByText('Invite collaborators to the saved search “Mountains”').waitFor();

      // the outbox tries again on its own (each a 500) until the browser goes offline: then it waits
      await page.context().setOffline(true);
      await noFaults();
      const failed = await received('POST', invitations);
      await page.context().setOffline(false);
      // read first (bob is not a subscriber yet), then invited once
      await pending.waitFor({ state: 'detached', timeout: 30_000 });
      expect(await received('POST', invitations)).toBe(failed + 1);
    },
  );

  journey(
    'metadata saved with the network cut, the page reloaded, back online: saved once',
    async ({ page, browser }) => {
      await signIn(page, 'alice');
      await page.goto(`${portalUrl()}/assets/asset/1`);
      await shown(page, 'Title').waitFor();
      const name = await page.getByRole('heading', { level: 1 }).textContent();

      await browser.setOffline(true);
      await saveTitleKept(page, 'A lake kept offline');
      await waiting(page).filter({ hasText: '1 change waiting' }).waitFor();

      // the reload needs the network; the save's own connection stays cut (it never reaches the server)
      const cut = (route: Route) =>
        route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.fallback();
      await page.route(ASSET_URL, cut);
      await browser.setOffline(false);
      await page.reload();
      await waiting(page).filter({ hasText: '1 change waiting' }).waitFor();
      expect(await assetSaves()).toBe(0);

      await page.getByRole('button', { name: 'Pending changes' }).click();
      const pending = page.getByRole('dialog', { name: 'Pending changes' });
      // named as the asset was named when the save was kept, through the reload
      await pending.getByText(`Save the metadata of “${name}”`).waitFor();

      // back online (the browser says so): read first, unchanged on the server, then saved once
      await page.unroute(ASSET_URL, cut);
      await browser.setOffline(true);
      await browser.setOffline(false);
      await pending.waitFor({ state: 'detached' });
      expect(await serverTitle()).toBe('A lake kept offline');
      expect(await assetSaves()).toBe(1);
      // the form the restored draft opened closes on the save, as after a Save clicked here
      await metadata(page).getByText('The changes are saved.').waitFor();
      expect(await metadata(page).getByRole('button', { name: 'Save' }).count()).toBe(0);
      // saved: no draft is left to announce after a reload, the page reads the saved title
      await page.reload();
      await shown(page, 'Title').filter({ hasText: 'A lake kept offline' }).waitFor();
      expect(await page.getByText(/^Unsaved changes from/).count()).toBe(0);
    },
  );
  journey(
    'a CMS block saved with its connection cut, the page reloaded, back online: saved once',
    async ({ page, browser }) => {
      const updates = async () =>
        ((await mockControl('requests')) as LoggedRequest[]).filter((request) =>
          request.path.includes('/json/update/'),
        ).length;
      await signIn(page, 'alice');
      await page.goto(`${portalUrl()}/pages/home`);
      const article = page.locator('article.cms-page');
      await article.getByRole('heading', { level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Edit page' }).click();
      await page.getByRole('button', { name: 'Stop editing' }).waitFor();
      const title = article.getByRole('textbox', { name: 'Text of “Title”' });
      await title.fill('Welcome, kept through a reload');
      await title.press('Enter');
      await page.getByText(/^Unsaved changes: 1$/).waitFor();

      // the save's own connection is cut (it never reaches the server); the reload has the network
      const UPDATE = /\/api\/json\/update\//;
      const cut = (route: Route) => route.abort('internetdisconnected');
      await page.route(UPDATE, cut);
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('status').filter({ hasText: 'Will be saved when you are back online.' }).waitFor();
      await page.reload();
      await waiting(page).filter({ hasText: '1 change waiting' }).waitFor();
      await page.getByRole('button', { name: 'Edit page' }).click();
      await expect.poll(() => title.inputValue(), { timeout: 15_000 }).toBe('Welcome, kept through a reload');
      expect(await updates()).toBe(0);

      await page.unroute(UPDATE, cut);
      await browser.setOffline(true);
      await browser.setOffline(false);
      await expect.poll(() => waiting(page).count(), { timeout: 30_000 }).toBe(0);
      expect(await updates()).toBe(1);
    },
  );
});
