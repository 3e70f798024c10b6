import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import type { Download, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { createShares } from '../../mocks/db/carts';
import { seriousViolations, showAs } from './helpers/axe';
import { journey, mockControl, portalUrl } from './helpers/portal';
import { apiAuthorization, openSignedIn } from './helpers/session';

/** The seeded shares: 0 open (Brand kit), 1 with a password (Trade fair Lyon), 2 expired (Moodboard). */
const SEEDED = createShares();

interface LoggedRequest {
  method: string;
  path: string;
  body?: unknown;
}

/** Alice shares one of her carts through the API, with a password, allowing `actions`. */
async function aliceShares(cartId: string, actions: string[]): Promise<{ uuid: string; password: string }> {
  const authorization = await apiAuthorization('alice');
  const response = await fetch(`${portalUrl()}/api/wedia/cart/shareCart/${cartId}`, {
    method: 'POST',
    headers: { Authorization: authorization, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      actions,
      askForPassword: true,
      url: `${portalUrl()}/share/{uuid}`,
      collaborators: [],
    }),
  });
  return (await response.json()) as { uuid: string; password: string };
}

async function zipEntries(download: Download): Promise<string[]> {
  return Object.keys(unzipSync(new Uint8Array(readFileSync(await download.path())))).filter((name) =>
    name.endsWith('.svg'),
  );
}

/** The accessible name of the element that has the focus. */
const focusedName = (page: Page) =>
  page.evaluate(
    () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent,
  );

const tiles = (page: Page) =>
  page.getByRole('list', { name: /shared items|éléments partagés/i }).getByRole('button');

describe('the shared-cart page (/share/:uuid) for recipients', () => {
  journey(
    'desktop, a visitor: the password is asked once per tab, the lightbox by keyboard, one item and all downloaded, a comment posted, sign-in offered before copying, then copied as bob',
    async ({ page }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      const { uuid, password } = await aliceShares('7', ['view', 'download', 'comment', 'copy']);

      // the prompt: a compact centred card; a wrong password is refused in words
      await page.goto(`${portalUrl()}/share/${uuid}`);
      const field = page.getByRole('textbox', { name: 'Password' });
      await field.fill('not-it');
      await page.getByRole('button', { name: 'Open' }).click();
      await page.getByRole('alert').filter({ hasText: 'Wrong password' }).waitFor();
      const card = await page.locator('.share-gate__card').boundingBox();
      expect(card!.width).toBeLessThan(420);
      expect(Math.abs(card!.x + card!.width / 2 - 720)).toBeLessThan(40);
      await field.fill(password);
      await page.getByRole('button', { name: 'Open' }).click();
      await page.getByRole('heading', { level: 1, name: 'Moodboard' }).waitFor();
      await expect.poll(() => tiles(page).count()).toBe(8);

      // a reload does not ask again: the tab remembers the password
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Moodboard' }).waitFor();
      expect(await page.getByRole('textbox', { name: 'Password' }).count()).toBe(0);
      // several previews per row, each fetched through the share's route
      await tiles(page).first().locator('img').waitFor();
      const [first, second] = await Promise.all([
        tiles(page).nth(0).boundingBox(),
        tiles(page).nth(1).boundingBox(),
      ]);
      expect(second!.y).toBe(first!.y);

      // the grid is one tab stop, the arrows move in it; Enter opens the lightbox
      const names = await tiles(page).evaluateAll((buttons) =>
        buttons.map((button) => button.getAttribute('aria-label')),
      );
      await tiles(page).first().focus();
      await page.keyboard.press('ArrowRight');
      expect(await focusedName(page)).toBe(names[1]);
      await page.keyboard.press('Enter');
      const lightbox = page.getByRole('dialog');
      await lightbox.getByRole('heading', { name: names[1]! }).waitFor();
      await lightbox.getByText('2 of 8').waitFor();
      await page.keyboard.press('ArrowRight');
      await lightbox.getByRole('heading', { name: names[2]! }).waitFor();
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      await lightbox.getByRole('heading', { name: names[0]! }).waitFor();
      await lightbox.getByRole('img', { name: names[0]! }).waitFor();
      // the large pictures come through the share's own preview route
      await expect
        .poll(async () =>
          ((await mockControl('requests')) as LoggedRequest[]).some((request) =>
            request.path.includes(`/itemPreview/variation/preview/${uuid}/`),
          ),
        )
        .toBe(true);
      // axe with the lightbox open, both themes: nothing serious in this page's own parts
      const found: string[] = [];
      for (const theme of ['light', 'dark'] as const) {
        await showAs(page, 'desktop', theme);
        found.push(...(await seriousViolations(page, `lightbox [${theme}]`)));
      }
      await showAs(page, 'desktop', 'light');
      expect(found.filter((line) => /share|dialog/.test(line))).toEqual([]);
      // one item downloaded from the lightbox, named after it
      const one = page.waitForEvent('download');
      await lightbox.getByRole('button', { name: 'Download' }).click();
      const single = await one;
      expect(single.suggestedFilename()).toBe(`${names[0]!.replace(/\.[a-z0-9]+$/i, '')}.zip`);
      expect(await zipEntries(single)).toHaveLength(1);
      await page.keyboard.press('Escape');
      await lightbox.waitFor({ state: 'detached' });
      expect(await focusedName(page)).toBe(names[0]);

      // all of it, named after the cart
      const all = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download all' }).click();
      const whole = await all;
      expect(whole.suggestedFilename()).toBe('Moodboard.zip');
      expect(await zipEntries(whole)).toHaveLength(8);
      await page.getByRole('status').filter({ hasText: '“Moodboard.zip” is saved' }).waitFor();

      // a comment is posted with its text
      await page.getByRole('textbox', { name: 'Your comment' }).fill('Lovely colours, we take 3 of them.');
      await page.getByRole('button', { name: 'Send comment' }).click();
      await page.getByRole('status').filter({ hasText: 'Your comment was sent.' }).waitFor();
      expect(await page.getByRole('textbox', { name: 'Your comment' }).inputValue()).toBe('');
      const posted = ((await mockControl('requests')) as LoggedRequest[]).filter((request) =>
        request.path.endsWith(`/withShare/${uuid}/comment`),
      );
      expect(posted.map((request) => request.body)).toEqual([
        { comment: 'Lovely colours, we take 3 of them.' },
      ]);

      // a visitor is offered sign-in first; bob signs in and comes back here, not asked again
      await page.getByRole('button', { name: 'Copy to my carts' }).click();
      const offer = page.getByRole('dialog', { name: 'Sign in first' });
      await offer.getByRole('link', { name: 'Sign in' }).click();
      await page.getByRole('textbox', { name: 'Login' }).fill('bob');
      await page.getByRole('textbox', { name: 'Password' }).fill('bob');
      await page.getByRole('button', { name: 'Sign in' }).click();
      // bob reads French
      await page.getByRole('heading', { level: 1, name: 'Moodboard' }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/share/${uuid}`);
      await page.getByRole('button', { name: 'Copier dans mes paniers' }).click();
      await page.getByRole('status').filter({ hasText: 'nouveau panier à vous, « Moodboard »' }).waitFor();
      // the notice opens the new cart itself (issue 28): bob's own copy, with the shared items
      await page.getByRole('link', { name: 'Ouvrir le nouveau panier' }).click();
      await page.getByRole('heading', { level: 1, name: 'Moodboard' }).waitFor();
      expect(new URL(page.url()).pathname).toMatch(/^\/carts\/[^/]+$/);
    },
  );

  journey(
    'phone, bob in French: two previews a row, the lightbox full-screen with Précédent/Suivant, an expired and an unknown link said in words',
    async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${portalUrl()}/signin`);
      await page.getByRole('textbox', { name: 'Login' }).fill('bob');
      await page.getByRole('textbox', { name: 'Password' }).fill('bob');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page
        .getByRole('button', { name: /sign out|se déconnecter/i })
        .first()
        .waitFor({ state: 'attached' });

      await page.goto(`${portalUrl()}/share/${SEEDED[0]!.uuid}`);
      await page.getByRole('heading', { level: 1, name: 'Brand kit' }).waitFor();
      await page.getByText('12 éléments').waitFor();
      await tiles(page).first().locator('img').waitFor();
      const [first, second, third] = await Promise.all(
        [0, 1, 2].map((index) => tiles(page).nth(index).boundingBox()),
      );
      expect(second!.y).toBe(first!.y);
      expect(third!.y).toBeGreaterThan(first!.y);
      expect(first!.width).toBeGreaterThan(140);
      // nothing of the page wider than the phone
      const overflowing = await page.evaluate(() =>
        [...document.querySelectorAll('.share-page *')].filter(
          (element) => element.getBoundingClientRect().right > 390,
        ),
      );
      expect(overflowing).toHaveLength(0);
      expect(await page.getByRole('button', { name: 'Tout télécharger' }).count()).toBe(1);
      // the share allows neither comments nor copies: neither is offered
      expect(await page.getByRole('button', { name: 'Copier dans mes paniers' }).count()).toBe(0);
      expect(await page.getByRole('textbox', { name: 'Votre commentaire' }).count()).toBe(0);

      const names = await tiles(page).evaluateAll((buttons) =>
        buttons.map((button) => button.getAttribute('aria-label')),
      );
      await tiles(page).nth(2).click();
      const lightbox = page.getByRole('dialog');
      await lightbox.getByRole('heading', { name: names[2]! }).waitFor();
      const box = await lightbox.boundingBox();
      expect(box!.width).toBeGreaterThan(380);
      await lightbox.getByRole('button', { name: 'Suivant' }).click();
      await lightbox.getByRole('heading', { name: names[3]! }).waitFor();
      await lightbox.getByText('4 sur 12').waitFor();
      await lightbox.getByRole('button', { name: 'Précédent' }).click();
      await lightbox.getByRole('button', { name: 'Précédent' }).click();
      await lightbox.getByRole('heading', { name: names[1]! }).waitFor();
      await lightbox.getByRole('button', { name: 'Fermer' }).click();
      await lightbox.waitFor({ state: 'detached' });
      expect(await focusedName(page)).toBe(names[1]);

      // an expired link and an unknown one say so in words, with a way on
      await page.goto(`${portalUrl()}/share/${SEEDED[2]!.uuid}`);
      await page.getByRole('heading', { level: 1, name: 'Ce lien ne fonctionne pas' }).waitFor();
      await page.getByRole('alert').filter({ hasText: 'n’existe pas ou a expiré' }).waitFor();
      await page.goto(`${portalUrl()}/share/not-a-share`);
      await page.getByRole('heading', { level: 1, name: 'Ce lien ne fonctionne pas' }).waitFor();
      await page.getByRole('link', { name: 'Aller à l’accueil' }).waitFor();
    },
  );

  journey(
    "the owner reads a recipient's comment on her cart and in her notifications, then revokes the link: it no longer opens",
    async ({ page }) => {
      await mockControl('reset', { method: 'POST' });
      const { uuid, password } = await aliceShares('7', ['view', 'comment']);
      // a visitor comments through the link (the form itself is the first journey's)
      const comment = 'Could we have the second one in portrait?';
      const posted = await fetch(`${portalUrl()}/api/wedia/cart/withShare/${uuid}/comment`, {
        method: 'POST',
        headers: { Authorization: `Basic ${btoa(`:${password}`)}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ comment }),
      });
      expect(posted.status).toBe(200);

      await openSignedIn(page, 'alice', '/carts/7');
      const comments = page.getByRole('region', { name: 'Comments' });
      // opening the cart asks the cart only: the comments come when asked (issue 26)
      await comments.getByRole('button', { name: 'Show comments' }).click();
      const item = comments.getByRole('listitem').filter({ hasText: comment });
      await item.waitFor();
      expect(await item.textContent()).toContain('A visitor');
      await item.locator('time').waitFor();

      await page.getByRole('link', { name: 'Notifications' }).first().click();
      await page.getByText('A visitor commented on "Moodboard"').waitFor();

      await page.goto(`${portalUrl()}/carts/7`);
      await page.getByRole('button', { name: 'Share', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Share' });
      const link = dialog.getByRole('listitem').filter({ hasText: uuid });
      await link.getByRole('button', { name: 'Revoke link' }).click();
      await link.waitFor({ state: 'detached' });
      const revoke = (await mockControl('requests')) as LoggedRequest[];
      expect(revoke.filter((request) => request.path === '/api/wedia/cart/shareCart/7').at(-1)?.body).toEqual(
        {
          uuid,
          expires: 0,
        },
      );

      await page.goto(`${portalUrl()}/share/${uuid}`);
      await page.getByRole('heading', { level: 1, name: 'This link does not work' }).waitFor();
    },
  );
});
