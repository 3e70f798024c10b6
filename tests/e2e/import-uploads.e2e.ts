import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { describe, expect } from 'vitest';
import { seriousViolations } from './helpers/axe';
import { shownAfterPolls } from './helpers/imports';
import { journey, mockControl, portalUrl } from './helpers/portal';

/** A small real PNG of the given size, a gradient so that its pixels are its own. */
function png(width: number, height: number): Buffer {
  const image = new PNG({ width, height });
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1)
      image.data.set([(x * 255) / width, 90, (y * 255) / height, 255], (y * width + x) * 4);
  return PNG.sync.write(image);
}

const cell = (page: Page, name: string) =>
  page.getByRole('grid', { name: 'Éléments' }).getByRole('gridcell', { name, exact: true });

/** The natural size of a loaded picture, once the browser has decoded it. */
async function naturalSize(locator: ReturnType<Page['getByRole']>) {
  await expect
    .poll(() => locator.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
    .toBe(true);
  return locator.evaluate((image: HTMLImageElement) => [image.naturalWidth, image.naturalHeight]);
}

describe('uploads that belong to the portal (issues 28 and 27)', () => {
  journey(
    'bob in French adds two photos, a fake .jpg and a file too large: thumbnails at once, each refusal in French, then his photo in search with its own name and pixels',
    async ({ page }) => {
      // files up to 200 KB: the padded picture below is refused by its size (413/1)
      await mockControl('settings', {
        body: { 'imports.analyzeMs': 300, 'imports.commandMs': 300, 'imports.maxFileSize': 200_000 },
      });
      // the page's timers on a clock the journey moves on: the import's polls are not waited out
      await page.clock.install();
      // bob reads the portal in French: the sign-in helper waits for the English "Sign out"
      await page.goto(`${portalUrl()}/signin`);
      await page.getByRole('textbox', { name: 'Login' }).fill('bob');
      await page.getByRole('textbox', { name: 'Password' }).fill('bob');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('button', { name: 'Se déconnecter' }).waitFor();

      const stamp = Date.now().toString(36);
      const jobName = `Plages ${stamp}`;
      await page.goto(`${portalUrl()}/imports`);
      await page.getByRole('button', { name: 'Nouvel import' }).click();
      const dialog = page.getByRole('dialog', { name: 'Nouvel import' });
      await dialog.getByRole('textbox', { name: 'Nom' }).fill(jobName);
      await dialog.getByRole('button', { name: 'Créer' }).click();
      await page.getByRole('heading', { level: 1, name: jobName }).waitFor();

      // the drop zone: two buttons, the browser's own file inputs out of sight
      await page.getByRole('button', { name: 'Ajouter des fichiers' }).waitFor();
      await page.getByRole('button', { name: 'Ajouter un dossier' }).waitFor();
      expect(await page.getByText(/Choose Files|No file chosen|Aucun fichier/).count()).toBe(0);

      // the uploads are held at the server's door until the thumbnails have been seen
      const gate: { open?: () => void } = {};
      const held = new Promise<void>((resolve) => {
        gate.open = resolve;
      });
      await page.route(/\/rest\/massimport\/item(\?.*)?$/, async (route) => {
        if (route.request().method() !== 'POST') return route.fallback();
        await held;
        await route.continue();
      });

      const dune = `dune-${stamp}.png`;
      const cove = `crique-${stamp}.png`;
      const fake = `faux-${stamp}.jpg`;
      const heavy = `lourd-${stamp}.png`;
      await page.getByLabel('Ajouter des fichiers', { exact: true }).setInputFiles([
        { name: dune, mimeType: 'image/png', buffer: png(40, 30) },
        { name: cove, mimeType: 'image/png', buffer: png(36, 24) },
        { name: fake, mimeType: 'image/jpeg', buffer: Buffer.from('du texte, pas une photo') },
        { name: heavy, mimeType: 'image/png', buffer: Buffer.concat([png(20, 20), Buffer.alloc(300_000)]) },
      ]);
      for (const [name, size] of [
        [dune, [40, 30]],
        [cove, [36, 24]],
      ] as const) {
        const row = page.getByRole('listitem', { name, exact: true });
        expect(await naturalSize(row.getByRole('img', { name: `Aperçu de ${name}` }))).toEqual(size);
      }
      // the fake picture does not decode: its row shows the icon of its type
      await page.getByRole('listitem', { name: fake, exact: true }).locator('.imports-file-icon').waitFor();
      expect(await seriousViolations(page, 'import page, files chosen')).toEqual([]);
      // let them through (the route stays: an upload after this goes straight on)
      gate.open?.();

      // the fake .jpg is refused, in French, next to its name
      const refusal = page.getByRole('listitem', { name: fake, exact: true }).getByRole('alert');
      await refusal.filter({ hasText: 'Ce type de fichier n’est pas accepté dans cet import.' }).waitFor();
      expect(await refusal.textContent()).toContain(`${fake}:`);
      // the file over the import's size is refused by the server in French too; the queue goes on
      await page
        .getByRole('listitem', { name: heavy, exact: true })
        .getByRole('alert')
        .filter({ hasText: 'Ce fichier est plus gros que ce qu’accepte cet import.' })
        .waitFor();

      // the two photos are analysed, then validated
      for (const name of [dune, cove]) {
        await shownAfterPolls(page, cell(page, name).filter({ hasText: 'prêt' }));
        await cell(page, name).getByRole('checkbox', { name: 'Sélectionner' }).check();
      }
      await page.getByRole('button', { name: 'Valider', exact: true }).click();
      for (const name of [dune, cove])
        await shownAfterPolls(page, cell(page, name).filter({ hasText: 'validé' }));
      expect(await seriousViolations(page, 'import page, validated')).toEqual([]);

      // the library shows the photo under its own file name, with its own pixels
      await page.getByRole('link', { name: 'Recherche', exact: true }).click();
      const box = page.getByRole('combobox', { name: 'Rechercher' });
      await box.fill(`dune-${stamp}`);
      await box.press('Enter');
      const result = page.getByRole('link', { name: dune, exact: true });
      await result.first().waitFor();
      await result.first().click();
      await page.getByRole('heading', { level: 1, name: dune }).waitFor();
      const preview = page.getByRole('img', { name: dune, exact: true }).first();
      expect(await naturalSize(preview)).toEqual([40, 30]);
    },
  );
});
