import { describe, expect } from 'vitest';
import { failEvery, noFaults } from './helpers/faults';
import { journey, portalUrl } from './helpers/portal';
import { signIn } from './helpers/session';

/** The elements whose content overflows their box (clipped or cut with an ellipsis); the skip link hidden until focused is not one. */
const overflowing = (elements: Element[]) =>
  elements
    .filter((element) => element.clientWidth > 2 && element.scrollWidth > element.clientWidth + 1)
    .map((element) => `"${element.textContent?.trim()}": ${element.scrollWidth} > ${element.clientWidth}`);

describe('languages (issue 13)', () => {
  journey(
    'bob reads French: at 1024 px the header and navigation hold their labels unclipped; counts and dates in French',
    async ({ page }) => {
      await page.setViewportSize({ width: 1024, height: 768 });
      // bob's profile language is French
      await page.goto(`${portalUrl()}/signin?relativeURL=${encodeURIComponent('/notifications')}`);
      await page.getByRole('textbox', { name: 'Login' }).fill('bob');
      await page.getByRole('textbox', { name: 'Password' }).fill('bob');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('button', { name: 'Se déconnecter' }).waitFor();
      await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');

      // the navigation: every French label whole, the bar not scrolled
      const nav = page.getByRole('navigation', { name: 'Navigation principale' });
      await nav.getByRole('link', { name: 'Recherches enregistrées' }).waitFor();
      expect(await nav.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);
      expect(await page.locator('header a, header button').evaluateAll(overflowing)).toEqual([]);
      for (const name of ['Recherche', 'Paniers', 'Téléchargements', 'Recherches enregistrées', 'Compte']) {
        const box = await nav.getByRole('link', { name, exact: true }).boundingBox();
        expect(box, name).not.toBeNull();
        expect(box!.x + box!.width, name).toBeLessThanOrEqual(1024);
      }

      // dates in French: "24 nov. 2026, 09:15" (day, French month, 24-hour time)
      const time = page.getByRole('list', { name: 'Notifications' }).locator('time').first();
      await time.waitFor();
      expect(await time.textContent()).toMatch(
        /^\d{1,2} (janv|févr|mars|avr|mai|juin|juil|août|sept|oct|nov|déc)\.? \d{4},? (à )?\d{2}:\d{2}$/,
      );

      // counts in French: the search's facet counts group thousands with a (narrow) space
      await page.getByRole('link', { name: 'Recherche', exact: true }).click();
      await page
        .getByRole('status')
        .filter({ hasText: /résultats$/ })
        .waitFor();
      const counts = await page.getByRole('group', { name: 'Nature' }).textContent();
      expect(counts).toMatch(/1[\u202f\u00a0 ]\d{3}/);
      expect(counts).not.toMatch(/1,\d{3}/);
    },
  );

  journey(
    'alice picks French and goes back to the asset page: its metadata labels, groups and variation names follow (issue 28)',
    async ({ page }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await signIn(page, 'alice');
      await page.goto(`${portalUrl()}/assets/asset/5`);
      const metadata = (name: string) => page.getByRole('region', { name, exact: true });
      const variations = (name: string) => page.getByRole('region', { name, exact: true });
      await metadata('Metadata').locator('dt:text-is("Keywords")').waitFor();
      expect(await metadata('Metadata').getByRole('heading', { level: 3 }).allTextContents()).toEqual(
        expect.arrayContaining(['Classification', 'File', 'Rights']),
      );
      await variations('Variations').getByRole('link', { name: 'Large thumbnail' }).waitFor();

      // the language is picked on the account page; back on the asset page without a reload
      await page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: 'Account' })
        .click();
      await page.getByRole('combobox', { name: 'Language', exact: true }).selectOption('fr');
      await page.getByRole('heading', { level: 1, name: 'Votre compte' }).waitFor();
      await page.goBack();
      // the schema is asked again in French: fields and groups as the server names them
      await metadata('Métadonnées').locator('dt:text-is("Mots-clés")').waitFor();
      await metadata('Métadonnées').locator('dt:text-is("Fin des droits")').waitFor();
      expect(await metadata('Métadonnées').getByRole('heading', { level: 3 }).allTextContents()).toEqual(
        expect.arrayContaining(['Classement', 'Fichier', 'Droits']),
      );
      const links = await variations('Déclinaisons').getByRole('link').allTextContents();
      expect(links).toEqual(
        expect.arrayContaining(['Original', 'Aperçu', 'Grande vignette', 'Petite vignette']),
      );
      expect(links.join(' ')).not.toMatch(/thumbnail/i);

      // a reload asks the schema in French at once
      await page.reload();
      await metadata('Métadonnées').locator('dt:text-is("Mots-clés")').waitFor();
    },
  );

  journey(
    'alice picks French: her notifications and the asset types read in French (issue 28)',
    async ({ page }) => {
      await signIn(page, 'alice');
      const nav = page.getByRole('navigation', { name: /^(Main navigation|Navigation principale)$/ });
      await nav.getByRole('link', { name: 'Notifications', exact: true }).click();
      const list = page.getByRole('list', { name: 'Notifications' });
      await list.getByText('Bob added you to a cart').waitFor();

      await nav.getByRole('link', { name: 'Account', exact: true }).click();
      await page.getByRole('combobox', { name: 'Language', exact: true }).selectOption('fr');
      await page.getByRole('heading', { level: 1, name: 'Votre compte' }).waitFor();
      // the same notifications, asked again in French: the texts are the server's French ones
      await nav.getByRole('link', { name: 'Notifications', exact: true }).click();
      await list.getByText('Bob vous a ajouté à un panier').waitFor();
      expect(await list.getByText('Bob added you to a cart').count()).toBe(0);

      // the asset types of the facets and the results in French
      await nav.getByRole('link', { name: 'Recherche', exact: true }).click();
      await page
        .getByRole('group', { name: 'Nature' })
        .getByRole('checkbox', { name: /^Vidéo/ })
        .waitFor();
      const results = page.getByRole('grid', { name: 'Résultats' });
      await results.getByText('Vidéo', { exact: true }).first().waitFor();
      expect(await results.getByText('Video', { exact: true }).count()).toBe(0);
    },
  );

  journey(
    'bob reads French: a write kept offline and an import action kept during an outage say so in French, and are saved on "Réessayer"',
    async ({ page, browser }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await signIn(page, 'bob');
      const waitingFr = page.getByRole('status').filter({ hasText: /^\d+ modifications? en attente$/ });
      const pendingFr = page.getByRole('dialog', { name: 'Modifications en attente' });
      const retryAll = async () => {
        await page.getByRole('button', { name: 'Modifications en attente' }).click();
        const retry = pendingFr.getByRole('button', { name: 'Réessayer' }).first();
        await expect.poll(() => retry.isEnabled().catch(() => true)).toBe(true);
        await retry.click({ timeout: 5_000 }).catch(() => undefined);
        await expect.poll(() => waitingFr.count(), { timeout: 30_000 }).toBe(0);
        await page.keyboard.press('Escape');
      };

      // the asset's metadata saved with the network cut
      await page.goto(`${portalUrl()}/assets/asset/5`);
      const metadata = page.getByRole('region', { name: 'Métadonnées', exact: true });
      await metadata.getByRole('button', { name: 'Modifier', exact: true }).click();
      const name = await page.getByRole('heading', { level: 1 }).textContent();
      await browser.setOffline(true);
      await metadata.getByRole('textbox', { name: 'Titre', exact: true }).fill('Scène du soir');
      await metadata.getByRole('button', { name: 'Enregistrer', exact: true }).click();
      await metadata
        .getByRole('status')
        .filter({ hasText: 'Sera enregistré dès votre retour en ligne.' })
        .waitFor();
      await waitingFr.filter({ hasText: '1 modification en attente' }).waitFor();
      await page.getByRole('button', { name: 'Modifications en attente' }).click();
      await pendingFr.getByText(`Enregistrer les métadonnées de « ${name} »`).waitFor();
      expect(await pendingFr.getByRole('button', { name: 'Abandonner' }).count()).toBe(1);
      expect(await pendingFr.textContent()).not.toMatch(/Will be saved|Retry|Discard/);
      await page.keyboard.press('Escape');
      // back online, the outbox sends it on its own
      await browser.setOffline(false);
      await expect.poll(() => waitingFr.count(), { timeout: 30_000 }).toBe(0);

      // an import action while the server fails: kept, said in French, sent on "Réessayer"
      await page.goto(`${portalUrl()}/imports`);
      await page.getByRole('link', { name: 'Coffee menu pictures' }).click();
      await page.getByRole('heading', { level: 1, name: 'Coffee menu pictures' }).waitFor();
      const ready = page.getByRole('gridcell').filter({ hasText: 'prêt' }).first();
      await ready.getByRole('checkbox', { name: 'Sélectionner' }).check();
      await failEvery('/rest/massimport/job/\\d+$', 500, 'PUT');
      await page.getByRole('button', { name: 'Valider', exact: true }).click();
      await page
        .getByRole('status')
        .filter({
          hasText: 'L’action n’a pas pu atteindre le serveur : elle est gardée et sera envoyée à nouveau.',
        })
        .waitFor();
      await waitingFr.filter({ hasText: '1 modification en attente' }).waitFor();
      await noFaults();
      await retryAll();
    },
  );
});
