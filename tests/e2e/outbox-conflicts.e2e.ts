import { describe, expect } from 'vitest';
import { journey, mockControl, portalUrl } from './helpers/portal';
import { apiAuthorization, signIn } from './helpers/session';
import { shown, saveTitleKept } from './helpers/asset-metadata';

interface LoggedRequest {
  method: string;
  path: string;
}

interface WireCart {
  name: string;
  description?: string;
  private?: boolean;
}

const cartPath = (verb: string, cartId: string) => `/api/wedia/cart/${verb}/${cartId}`;

/** One of alice's carts as the server holds it, read through the API (not through the page). */
async function serverCart(authorization: string, cartId: string): Promise<WireCart> {
  const response = await fetch(`${portalUrl()}${cartPath('listCartItems', cartId)}?output=list`, {
    headers: { Authorization: authorization },
  });
  return (await response.json()) as WireCart;
}

/** Demo asset 1 (mocks/db/assets.ts): its address on the API, its metadata on the asset page. */
const ASSET_PATH = '/api/rest/dam/data/asset/1';

/** Asset 1's title set through the API, as another device of alice's would (override PATCH, protocol §12.1). */
async function setTitleElsewhere(authorization: string, title: string): Promise<void> {
  const response = await fetch(`${portalUrl()}${ASSET_PATH}`, {
    method: 'POST',
    headers: {
      Authorization: authorization,
      'Content-Type': 'application/json',
      'X-HTTP-Method-Override': 'PATCH',
    },
    body: JSON.stringify({ title }),
  });
  expect(response.ok).toBe(true);
}

describe('nothing lost offline: a conflict is shown with both versions (issue 25)', () => {
  journey(
    'renamed offline while renamed elsewhere: the conflict shows both names, "Keep mine" saves mine once',
    async ({ page, browser }) => {
      await signIn(page, 'alice');
      await page.goto(`${portalUrl()}/carts/7`);
      await page.getByRole('heading', { level: 1, name: 'Moodboard' }).waitFor();

      await browser.setOffline(true);
      await page.getByRole('button', { name: 'Edit' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit cart' });
      await edit.getByRole('textbox', { name: 'Name' }).fill('Moodboard of alice');
      await edit.getByRole('button', { name: 'Save' }).click();
      await edit.getByRole('status').filter({ hasText: 'Will be saved when you are back online.' }).waitFor();
      await edit.getByRole('button', { name: 'Cancel' }).click();

      // meanwhile, alice on another device renames it otherwise
      const elsewhere = await apiAuthorization('alice');
      const before = await serverCart(elsewhere, '7');
      const renamed = await fetch(`${portalUrl()}${cartPath('editCart', '7')}?output=list`, {
        method: 'POST',
        headers: { Authorization: elsewhere, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          name: 'Moodboard elsewhere',
          description: before.description ?? '',
          private: before.private ?? true,
        }),
      });
      expect(renamed.ok).toBe(true);

      // back online: the kept rename is read first, found renamed meanwhile, and not sent
      await browser.setOffline(false);
      await page.getByRole('button', { name: 'Pending changes' }).click();
      const pending = page.getByRole('dialog', { name: 'Pending changes' });
      await pending.getByText('Changed on the server since you made this change.').waitFor();
      const versions = pending.locator('dl');
      await versions.getByText(/“Moodboard of alice”/).waitFor();
      await versions.getByText(/“Moodboard elsewhere”/).waitFor();
      expect((await serverCart(elsewhere, '7')).name).toBe('Moodboard elsewhere');

      await pending.getByRole('button', { name: 'Keep mine' }).click();
      // saved: nothing waits any more, the dialog is gone with the last entry
      await pending.waitFor({ state: 'detached' });
      await page.getByRole('heading', { level: 1, name: 'Moodboard of alice' }).waitFor();
      expect((await serverCart(elsewhere, '7')).name).toBe('Moodboard of alice');
      const edits = ((await mockControl('requests')) as LoggedRequest[]).filter((request) =>
        request.path.endsWith(cartPath('editCart', '7')),
      );
      // the rename made elsewhere, and alice's, once
      expect(edits).toHaveLength(2);
    },
  );

  journey(
    'metadata saved offline while changed elsewhere: both titles shown, "Keep theirs" drops mine unsent',
    async ({ page, browser }) => {
      await signIn(page, 'alice');
      await page.goto(`${portalUrl()}/assets/asset/1`);
      await shown(page, 'Title').waitFor();
      const name = await page.getByRole('heading', { level: 1 }).textContent();

      await browser.setOffline(true);
      await saveTitleKept(page, 'Title of alice');
      await setTitleElsewhere(await apiAuthorization('alice'), 'Title elsewhere');

      // back online: read first, found changed meanwhile, not sent
      await browser.setOffline(false);
      await page.getByRole('button', { name: 'Pending changes' }).click();
      const pending = page.getByRole('dialog', { name: 'Pending changes' });
      await pending.getByText('Changed on the server since you made this change.').waitFor();
      const versions = pending.locator('dl');
      // both versions named as the asset was named when the save was kept
      await versions.getByText(`“${name}” — Title: Title of alice`).waitFor();
      await versions.getByText(`“${name}” — Title: Title elsewhere`).waitFor();

      await pending.getByRole('button', { name: 'Keep theirs' }).click();
      await pending.waitFor({ state: 'detached' });
      await shown(page, 'Title').filter({ hasText: 'Title elsewhere' }).waitFor();
      const saves = ((await mockControl('requests')) as LoggedRequest[]).filter(
        (request) => request.method === 'POST' && request.path.endsWith(ASSET_PATH),
      );
      // the change made elsewhere only: alice's never went
      expect(saves).toHaveLength(1);
    },
  );
});
