import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { checkEverywhere } from './helpers/axe';
import { journey, openBrowser, portalUrl } from './helpers/portal';
import { openSignedIn, signIn } from './helpers/session';

/**
 * CMS pages (issue 16) over the demo server's seeded pages (mocks/db/pages.ts): `home` (live
 * version 1, its work copy 5 is what alice edits): a level-1 heading, rich text, an image, an
 * asset list, columns (rich text, image, call to action), an asset player and an unknown type.
 */
const article = (page: Page): Locator => page.locator('article.cms-page');

async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(`${portalUrl()}/pages/${path}`);
  await article(page).getByRole('heading', { level: 1 }).waitFor();
}

/** The page's markup without the ids React makes up per render (useId), for comparisons. */
async function renderedHtml(page: Page): Promise<string> {
  const html = await article(page).innerHTML();
  return html.replace(/ (id|for|aria-labelledby|aria-describedby)="[^"]*"/g, '');
}

/** The page's own blocks in edit mode (the draft's main slot), in order. */
const topBlocks = (page: Page): Locator =>
  page.locator('.cms-page__pane--draft .cms-page__blocks > .page-slot > .page-block');
const topNames = (page: Page) =>
  topBlocks(page).evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label')));
/** What the keyboard "Move" mode last said (its live region). */
const moveSaid = (page: Page) => page.locator('p.visually-hidden[aria-live="polite"]').textContent();

/** A drag by the block's "Move block" handle (named `handleName`), dropped over the middle of `target`. */
async function drag(page: Page, block: Locator, handleName: string, target: Locator): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  await block.hover();
  const handle = block.getByRole('button', { name: handleName, exact: true }).first();
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  // past the few pixels that tell a drag from a click, then over the target step by step
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 12, { steps: 3 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 15 });
  await page.mouse.up();
}

/** The links of the asset-list block named `title` (its thumbnails), once listed. */
async function assetLinks(page: Page, title: string): Promise<Locator> {
  const list = page.getByRole('region', { name: title });
  await list.getByRole('link').first().waitFor();
  return list.getByRole('link');
}

describe('CMS pages (issue 16)', () => {
  journey('a reader opens a page; its log replayed in /devtools renders the same page', async ({ page }) => {
    await openPage(page, 'home');
    expect(await article(page).getByRole('heading', { level: 1 }).textContent()).toBe(
      'Welcome to the Wedia demo',
    );
    await article(page).locator('.page-rich-text', { hasText: 'Search, collect and share' }).waitFor();
    expect(await article(page).locator('.page-rich-text strong').first().textContent()).toBe('share');
    const links = await assetLinks(page, 'Latest assets');
    expect(await links.count()).toBe(6);
    expect(await links.first().getAttribute('href')).toMatch(/^\/assets\/asset\/\d+$/);
    // the columns' rich text
    await article(page).getByRole('heading', { level: 2, name: 'Carts' }).waitFor();
    expect(
      await article(page).getByRole('link', { name: 'Read the brand guidelines' }).getAttribute('href'),
    ).toBe('/pages/brand-guidelines');
    // an unknown block type shows nothing to readers, and readers get no page builder
    expect(
      await article(page)
        .getByText(/Unknown block type/)
        .count(),
    ).toBe(0);
    expect(await page.getByRole('button', { name: 'Edit page' }).count()).toBe(0);
    await article(page).locator('.page-player').waitFor();
    // the server's player answer changes the block (its switch button): captured after it, so the
    // live page and the log exported next hold the same moment
    await article(page).getByRole('button', { name: "Use the server's player" }).waitFor();
    const live = await renderedHtml(page);

    // export the session's log, replay it in another browser, and look at the page it shows
    await page.getByRole('link', { name: 'Devtools' }).click();
    await page.getByRole('heading', { name: 'Devtools', level: 1 }).waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const file = await (await download).path();

    const other = await openBrowser();
    try {
      const replay = await other.newPage();
      await replay.goto(`${portalUrl()}/devtools`);
      await replay.getByLabel('Import event log').setInputFiles(file);
      await replay.getByRole('status').filter({ hasText: 'Verdict for' }).getByText('Fine').waitFor();
      await replay.getByRole('button', { name: 'Time travel' }).click();
      const slider = replay
        .getByRole('region', { name: 'Time travel' })
        .getByRole('slider', { name: 'Timeline' });
      await slider.waitFor();
      await slider.focus();
      await replay.keyboard.press('End');
      // back from the end, event by event (each step rendered before looking), to the last moment
      // the page was on screen: the state the live page was captured in
      for (let step = 0; step < 60; step++) {
        await replay.waitForTimeout(150);
        if ((await article(replay).count()) > 0) break;
        await replay.keyboard.press('ArrowLeft');
      }
      await article(replay)
        .getByRole('region', { name: 'Latest assets' })
        .getByRole('link')
        .first()
        .waitFor();
      expect(await renderedHtml(replay)).toBe(live);
    } finally {
      await other.close();
    }
  });

  journey(
    'alice edits a text, adds an asset list, sets its JSON, moves it, saves and publishes: live after a reload',
    async ({ page }) => {
      await signIn(page, 'alice');
      await openPage(page, 'home');
      await page.getByRole('button', { name: 'Edit page' }).click();
      await page.getByRole('button', { name: 'Stop editing' }).waitFor();

      // the unknown block type is a visible placeholder for editors
      await article(page)
        .getByText('Unknown block type “legacy-carousel”: it is not shown to readers.')
        .waitFor();
      // an inline text (the page's title heading)
      const title = article(page).getByRole('textbox', { name: 'Text of “Title”' });
      await title.fill('Welcome, edited by alice');
      await title.press('Enter');
      await page.getByText(/^Unsaved changes: 1$/).waitFor();

      // the rich text, in the rich-text editor (loaded now, not with the page)
      const welcome = article(page).getByRole('group', { name: 'Rich text: Welcome' });
      await welcome.getByRole('button', { name: 'Edit block' }).click();
      const richText = page.getByRole('dialog', { name: 'Edit block' });
      const box = richText.getByRole('textbox', { name: 'Rich text' });
      await box.click();
      await page.keyboard.press('Control+End');
      await page.keyboard.type(' Edited in the editor.');
      await richText.getByRole('button', { name: 'Apply' }).click();
      await richText.waitFor({ state: 'detached' });
      await welcome.getByText(/Edited in the editor\.$/).waitFor();
      await page.getByText(/^Unsaved changes: 2$/).waitFor();

      // a new asset list at the end of the page
      const blocks = article(page).locator('.page-block');
      const before = await blocks.count();
      await article(page).getByRole('button', { name: 'Add block' }).last().click();
      const add = page.getByRole('dialog', { name: 'Add block' });
      await add.getByRole('button', { name: 'Asset list' }).click();
      await expect.poll(() => blocks.count()).toBe(before + 1);
      const added = article(page)
        .getByRole('group', { name: /^Asset list:/ })
        .last();

      // its JSON settings: a broken JSON is refused with a message, a good one is kept
      await added.getByRole('button', { name: 'Edit block' }).click();
      const editor = page.getByRole('dialog', { name: 'Edit block' });
      const settings = editor.getByRole('textbox', { name: 'Block settings (JSON)' });
      await settings.fill('{"title": "Our picks", "max": 3');
      await editor.getByRole('button', { name: 'Apply' }).click();
      expect(await editor.getByRole('alert').textContent()).toMatch(/^The settings are not valid JSON: /);
      await settings.fill('{"title": "Our picks", "max": 3}');
      await editor.getByRole('button', { name: 'Apply' }).click();
      await editor.waitFor({ state: 'detached' });
      expect(await (await assetLinks(page, 'Our picks')).count()).toBe(3);

      // moved up two places: before the unknown block, then before the asset player
      const picks = article(page)
        .getByRole('group', { name: /^Asset list:/ })
        .last();
      const uid = await picks.getAttribute('data-uid');
      const top = topBlocks(page);
      const index = async () =>
        (await top.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-uid')))).indexOf(uid);
      const from = await index();
      await picks.getByRole('button', { name: 'Move up' }).click();
      await expect.poll(index).toBe(from - 1);
      await picks.getByRole('button', { name: 'Move up' }).click();
      await expect.poll(index).toBe(from - 2);

      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('status').filter({ hasText: 'The changes are saved.' }).waitFor();
      await page.getByRole('button', { name: 'Publish' }).click();
      await page.getByRole('status').filter({ hasText: 'The page is published.' }).waitFor();

      await page.reload();
      await article(page).getByRole('heading', { level: 1, name: 'Welcome, edited by alice' }).waitFor();
      await article(page).locator('.page-rich-text', { hasText: 'Edited in the editor.' }).waitFor();
      expect(await article(page).locator('.page-rich-text strong').first().textContent()).toBe('share');
      expect(await (await assetLinks(page, 'Our picks')).count()).toBe(3);
      expect(await page.getByRole('button', { name: 'Stop editing' }).count()).toBe(0);
      // the published block sits where it was moved: between the columns and the asset player
      await article(page).locator('.page-player').waitFor();
      const order = await article(page)
        .locator('.cms-page__blocks > *')
        .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label') ?? node.className));
      expect(order.slice(-3)).toEqual(['page-columns', 'Our picks', 'page-player']);
    },
  );

  journey('bob (in French) may read a page but not edit it', async ({ page }) => {
    // bob reads the portal in French: the sign-in helper waits for the English "Sign out"
    await page.goto(`${portalUrl()}/signin`);
    await page.getByRole('textbox', { name: 'Login' }).fill('bob');
    await page.getByRole('textbox', { name: 'Password' }).fill('bob');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Se déconnecter' }).waitFor();
    await openPage(page, 'home');
    await article(page).locator('.page-rich-text', { hasText: 'Search, collect and share' }).waitFor();
    expect(await page.getByRole('button', { name: 'Modifier la page' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Edit page' }).count()).toBe(0);
  });

  journey('an unknown path shows the error view with code 404', async ({ page }) => {
    await page.goto(`${portalUrl()}/pages/no-such-page`);
    await page.getByRole('heading', { level: 1, name: 'An error occured!' }).waitFor();
    expect(await page.locator('.error-view code').textContent()).toContain('404');
    await page
      .locator('.error-view dd')
      .filter({ hasText: /^Unknown page of path no-such-page\. Cannot fetch it$/ })
      .waitFor();
  });

  journey(
    'the page builder replaces an attached file in place, from the block’s toolbar',
    async ({ page }) => {
      await signIn(page, 'alice');
      // a file replaced in place, from the block's toolbar
      await openPage(page, 'brand-guidelines');
      await page.getByRole('button', { name: 'Edit page' }).click();
      const download = article(page).getByRole('group', { name: 'Call to action: Download' });
      await download.hover();
      await download.getByRole('button', { name: 'Replace file' }).waitFor();
      await download.locator('input[type="file"]').setInputFiles({
        name: 'brand-guidelines-2027.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4 guidelines'),
      });
      await page.getByRole('status').filter({ hasText: 'The file is replaced.' }).waitFor();
      // the block names its file (a link for readers, the file's name for editors)
      await download.locator('.page-cta__href', { hasText: 'brand-guidelines-2027.pdf' }).waitFor();
    },
  );

  journey(
    'the page builder: status and version, the published page beside the draft, toolbars, moves by keyboard and by drag, an insertion point',
    async ({ page }) => {
      await page.setViewportSize({ width: 1440, height: 2000 });
      await signIn(page, 'alice');
      await openPage(page, 'home');
      await page.getByText(/^Published · version 1$/).waitFor();
      await page.getByRole('button', { name: 'Edit page' }).click();
      await page.getByText(/^Draft · version 2$/).waitFor();
      // the published page beside the draft, read-only
      const draft = page.getByRole('region', { name: 'Draft' });
      const published = page.getByRole('region', { name: 'Published page' });
      await published.getByRole('heading', { level: 1, name: 'Welcome to the Wedia demo' }).waitFor();
      expect(await published.getByRole('button', { name: 'Remove block' }).count()).toBe(0);
      expect((await published.boundingBox())!.x).toBeGreaterThan((await draft.boundingBox())!.x + 400);

      // toolbars show on hover, the innermost block's only
      const columns = article(page).getByRole('group', { name: 'Columns: Two columns' });
      const left = columns.getByRole('group', { name: 'Rich text: Left' });
      const opacity = (block: Locator) =>
        block.locator(':scope > .page-block__tools').evaluate((node) => getComputedStyle(node).opacity);
      await left.hover();
      await expect.poll(() => opacity(left)).toBe('1');
      expect(await opacity(columns)).toBe('0');

      // the keyboard "Move" mode: Enter, two arrows down, Enter
      expect((await topNames(page)).slice(0, 3)).toEqual([
        'Heading: Title',
        'Rich text: Welcome',
        'Image: Banner',
      ]);
      const title = article(page).getByRole('group', { name: 'Heading: Title' });
      await title.getByRole('button', { name: 'Move block', exact: true }).focus();
      await page.keyboard.press('Enter');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      expect(await moveSaid(page)).toBe('“Title”: position 3 of 7 in Home.');
      await page.keyboard.press('Enter');
      await expect.poll(async () => (await topNames(page)).indexOf('Heading: Title')).toBe(2);
      expect(await moveSaid(page)).toBe('“Title” dropped at position 3 of 7 in Home.');

      // a drag within the page: the film over the asset list takes its place
      const film = article(page).getByRole('group', { name: 'Asset player: Brand film' });
      await drag(
        page,
        film,
        'Move block',
        article(page).getByRole('group', { name: 'Asset list: Latest assets' }),
      );
      await expect.poll(async () => (await topNames(page)).indexOf('Asset player: Brand film')).toBe(3);
      // a drag into the left column, over its rich text: the asset list goes first there
      const latest = article(page).getByRole('group', { name: 'Asset list: Latest assets' });
      await drag(page, latest, 'Move block', left);
      await columns.getByRole('group', { name: 'Asset list: Latest assets' }).waitFor();
      expect(await topNames(page)).not.toContain('Asset list: Latest assets');
      const leftColumn = columns.locator('.page-slot[data-slot="left"] > .page-block');
      expect(
        await leftColumn.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label'))),
      ).toEqual(['Asset list: Latest assets', 'Rich text: Left']);

      // an insertion point: "Add block" between the first two blocks
      const before = (await topNames(page)).length;
      const point = page
        .locator('.cms-page__pane--draft .cms-page__blocks > .page-slot > .page-insert')
        .nth(1);
      await point.getByRole('button', { name: 'Add block' }).click();
      await page.getByRole('dialog', { name: 'Add block' }).getByRole('button', { name: 'Heading' }).click();
      await expect.poll(async () => (await topNames(page)).length).toBe(before + 1);
      expect((await topNames(page))[1]).toMatch(/^Heading: /);
    },
  );

  journey(
    'the page builder passes axe in both themes at both sizes; a narrow window shows the panes in turns',
    async ({ page }) => {
      await signIn(page, 'alice');
      await openPage(page, 'home');
      await page.getByRole('button', { name: 'Edit page' }).click();
      const draft = page.getByRole('region', { name: 'Draft' });
      const published = page.getByRole('region', { name: 'Published page' });
      await published.getByRole('heading', { level: 1 }).waitFor();
      await article(page).getByRole('group', { name: 'Rich text: Welcome' }).hover();
      expect(await checkEverywhere(page, 'page builder')).toEqual([]);
      // a narrow window shows the draft and the published page in turns
      await page.setViewportSize({ width: 1000, height: 900 });
      await page.getByRole('button', { name: 'Show published' }).click();
      await published.waitFor();
      expect(await draft.isVisible()).toBe(false);
      await page.getByRole('button', { name: 'Show draft' }).click();
      await draft.waitFor();
      expect(await published.isVisible()).toBe(false);
    },
  );

  journey(
    'le constructeur de pages en français : déplacements au clavier et par glisser',
    async ({ page }) => {
      await page.setViewportSize({ width: 1440, height: 2000 });
      await openSignedIn(page, 'alice', '/account');
      await page.getByRole('combobox', { name: 'Language', exact: true }).selectOption('fr');
      await page.getByRole('heading', { name: 'Votre compte' }).waitFor();
      await page.goto(`${portalUrl()}/pages/home`);
      await article(page).getByRole('heading', { level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Modifier la page' }).click();
      await page.getByText(/^Brouillon · version 2$/).waitFor();
      await page.getByRole('region', { name: 'Page publiée' }).waitFor();

      const welcome = article(page).getByRole('group', { name: 'Texte enrichi: Welcome' });
      await welcome.getByRole('button', { name: 'Déplacer le bloc' }).focus();
      await page.keyboard.press('Enter');
      expect(await moveSaid(page)).toMatch(/^Déplacement de « Welcome », position 2 sur 7\./);
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('Enter');
      await expect.poll(async () => (await topNames(page)).indexOf('Texte enrichi: Welcome')).toBe(0);
      expect(await moveSaid(page)).toBe('« Welcome » déposé en position 1 sur 7 dans Home.');

      const carousel = article(page).getByRole('group', { name: /: Old carousel$/ });
      const film = article(page).getByRole('group', { name: /: Brand film$/ });
      await drag(page, carousel, 'Déplacer le bloc', film);
      await expect
        .poll(async () => (await topNames(page)).findIndex((name) => name?.endsWith('Old carousel')))
        .toBe(5);
      for (const name of ['Modifier le bloc', 'Supprimer le bloc', 'Monter', 'Descendre']) {
        expect(await welcome.getByRole('button', { name, exact: true }).getAttribute('title')).toBe(name);
      }
      await page.setViewportSize({ width: 1000, height: 900 });
      await page.getByRole('button', { name: 'Voir la version publiée' }).click();
      await page.getByRole('button', { name: 'Voir le brouillon' }).waitFor();
    },
  );
});
