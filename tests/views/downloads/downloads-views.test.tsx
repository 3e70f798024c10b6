import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { DownloadDialog } from '../../../src/downloads/download-dialog';
import { DownloadsPage } from '../../../src/downloads/downloads-page';
import { DownloadsTray } from '../../../src/downloads/downloads-tray';
import {
  buildStalled,
  built,
  failed,
  pendingRestored,
  profilesLoaded,
  readinessCheckFailed,
  requested,
  fetchProgressed,
  fileSaved,
  sizeTested,
  split,
  splitConfirmed,
  zipReady,
} from '../../../streams/downloads/events';
import { appStarted } from '../../helpers/app-started';
import { renderWithStore } from '../../helpers/render';

afterEach(cleanup);

const options = {
  profile: 'originals',
  withContactSheet: true,
  withAssetsDescriptions: true,
  sendLinkByEmail: false,
  selection: {},
};
const ID = '7-0-e2';
const ok = { size: 2048, maxSize: 10_000, refused: false, warnSize: 5000, warn: false };

describe('Download dialog (UI-CONTRACT "Download dialog")', () => {
  it('offers the server profiles and the seed defaults, and starts the download with them', async () => {
    const { dispatched } = renderWithStore(
      <DownloadDialog cartId="7" cartName="Spring" onClose={() => {}} />,
      [
        appStarted(),
        profilesLoaded({
          profiles: [
            { code: 'originals', label: 'Originals' },
            { code: 'hd', label: 'HD' },
            { code: 'print', label: 'Print (CMYK)' },
          ],
        }),
      ],
    );
    const dialog = screen.getByRole('dialog', { name: 'Download' });
    const profile = within(dialog).getByRole('combobox', { name: 'Profile' }) as HTMLSelectElement;
    expect(profile.value).toBe('originals');
    expect(
      within(dialog)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Originals', 'High definition', 'Print (CMYK)']);
    expect(
      (within(dialog).getByRole('checkbox', { name: 'Contact sheet' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(
      (within(dialog).getByRole('checkbox', { name: 'Asset descriptions' }) as HTMLInputElement).checked,
    ).toBe(true);
    const email = within(dialog).getByRole('checkbox', { name: 'Send link by e-mail' }) as HTMLInputElement;
    expect(email.checked).toBe(false);
    await userEvent.selectOptions(profile, 'hd');
    await userEvent.click(email);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start download' }));
    const start = dispatched.find((event) => event.type === 'downloads/requested');
    expect(start?.payload).toEqual({
      cartId: '7',
      shared: false,
      downloadName: 'Spring',
      ...options,
      profile: 'hd',
      sendLinkByEmail: true,
    });
    // the dialog then follows the download it started
    expect(within(dialog).getByRole('listitem', { name: 'Spring' })).toBeTruthy();
  });

  it('starts a shared cart download on the share uuid, without its password', async () => {
    const { dispatched } = renderWithStore(
      <DownloadDialog cartId="3" cartName="Lyon" shareUuid="uuid-3" onClose={() => {}} />,
      [appStarted()],
    );
    await userEvent.click(screen.getByRole('button', { name: 'Start download' }));
    const start = dispatched.find((event) => event.type === 'downloads/requested');
    expect(start?.payload).toMatchObject({ cartId: 'uuid-3', shared: true });
    expect(JSON.stringify(start)).not.toContain('password');
  });

  it('downloads only the items it is given (a selection), by the cart', async () => {
    const { dispatched } = renderWithStore(
      <DownloadDialog cartId="7" cartName="Spring" selection={{ asset: ['1', '2'] }} onClose={() => {}} />,
      [appStarted()],
    );
    await userEvent.click(screen.getByRole('button', { name: 'Start download' }));
    const start = dispatched.find((event) => event.type === 'downloads/requested');
    expect(start?.payload).toMatchObject({ cartId: '7', selection: { asset: ['1', '2'] } });
  });

  it('asks for profiles when it opens', () => {
    const { dispatched } = renderWithStore(<DownloadDialog cartId="7" cartName="S" onClose={() => {}} />, [
      appStarted(),
    ]);
    expect(dispatched.map((event) => event.type)).toContain('downloads/profilesRequested');
  });
});

describe('/downloads page', () => {
  it('shows each download with its status in words, a progress bar, its size, and its error with a retry', async () => {
    const start = requested({ cartId: '7', downloadName: 'Spring', shared: false, ...options });
    const { dispatched } = renderWithStore(<DownloadsPage />, [
      appStarted(),
      start,
      sizeTested({ downloadId: ID, infos: ok }),
      built({ downloadId: ID, zipUuid: 'z1' }),
      requested({ cartId: '8', downloadName: 'Broken', shared: false, ...options }),
      failed({ downloadId: '8-0-e5', error: { code: 'error.http.500', message: 'boom' } }),
    ]);
    const spring = screen.getByRole('listitem', { name: 'Spring' });
    expect(within(spring).getByText('Building the zip')).toBeTruthy();
    // the server does not say how far it is: an indeterminate bar, no made-up percentage
    const bar = within(spring).getByRole('progressbar', { name: 'Progress of Spring' });
    expect(bar.hasAttribute('aria-valuenow')).toBe(false);
    expect(bar.getAttribute('aria-valuetext')).toBe('Preparing on the server…');
    expect(within(spring).getByText('Preparing on the server…')).toBeTruthy();
    expect(within(spring).getByText(/2 KB/)).toBeTruthy();
    const broken = screen.getByRole('listitem', { name: 'Broken' });
    expect(within(broken).getByRole('alert').textContent).toContain('boom');
    await userEvent.click(within(broken).getByRole('button', { name: 'Retry' }));
    await userEvent.click(within(spring).getByRole('button', { name: 'Cancel' }));
    expect(dispatched.slice(-2).map((event) => [event.type, event.payload])).toEqual([
      ['downloads/retried', { downloadId: '8-0-e5' }],
      ['downloads/canceled', { downloadId: ID }],
    ]);
  });

  it.each([
    [
      'en',
      /trying again \(attempt 2 of 3\)/,
      'Still building after 10 min. You can wait or cancel it.',
      'Cancel',
    ],
    [
      'fr',
      /nouvel essai \(2 sur 3\)/,
      'Toujours en préparation après 10 min. Vous pouvez attendre ou l’annuler.',
      'Annuler',
    ],
  ] as const)(
    'says (%s) when a readiness check is asked again, and when the zip is still building after N min, with Cancel (issue 12 item 9)',
    async (locale, retrying, stalled, cancel) => {
      const { dispatched } = renderWithStore(<DownloadsPage />, [
        appStarted({ locale }),
        requested({ cartId: '7', downloadName: 'Spring', shared: false, ...options }),
        sizeTested({ downloadId: ID, infos: ok }),
        built({ downloadId: ID, zipUuid: 'z1' }),
        readinessCheckFailed({
          downloadId: ID,
          attempt: 2,
          retryInMs: 4000,
          error: { code: 'error.network', message: 'x' },
        }),
        buildStalled({ downloadId: ID, afterMs: 10 * 60_000 }),
      ]);
      const spring = screen.getByRole('listitem', { name: 'Spring' });
      expect(within(spring).getByText(retrying)).toBeTruthy();
      expect(within(spring).getByText(stalled).getAttribute('role')).toBe('status');
      await userEvent.click(within(spring).getByRole('button', { name: cancel }));
      expect(dispatched.at(-1)?.type).toBe('downloads/canceled');
    },
  );

  it.each([
    [
      'en',
      'Videos is too large for one zip',
      'It would come as 2 parts, 20 B in all. Download all parts?',
      'Download all parts',
      'Clip.mov',
      'video 4 (name not known)',
      '600 MB',
      'Part 1 of 2',
    ],
    [
      'fr',
      'Videos est trop volumineux pour un seul zip',
      'Il arriverait en 2 parties, 20 o au total. Télécharger toutes les parties ?',
      'Télécharger toutes les parties',
      'Clip.mov',
      'video 4 (nom inconnu)',
      '600 Mo',
      'Partie 1 sur 2',
    ],
  ] as const)(
    'asks once (%s) for the whole split, lists the items left out by name (or by id, saying so), and the parts in order',
    async (locale, title, question, confirm, named, unnamed, size, partBadge) => {
      const { dispatched } = renderWithStore(<DownloadsPage />, [
        appStarted({ locale }),
        requested({ cartId: '7', downloadName: 'Videos', shared: false, ...options }),
        split({
          downloadId: ID,
          parts: [
            { selection: { asset: ['1'] }, size: 10 },
            { selection: { asset: ['2'] }, size: 10 },
          ],
          skipped: [
            { resource: 'video', id: '3', size: 600 * 1024 * 1024, name: 'Clip.mov' },
            { resource: 'video', id: '4', size: 600 * 1024 * 1024 },
          ],
        }),
      ]);
      expect(
        screen
          .getAllByRole('listitem', { name: /Videos \d of 2/ })
          .map((item) => item.getAttribute('aria-label')),
      ).toEqual(['Videos 1 of 2', 'Videos 2 of 2']);
      const ask = screen.getByRole('region', { name: title });
      expect(within(ask).getByText(question)).toBeTruthy();
      const skipped = within(ask).getAllByRole('listitem');
      expect(skipped.map((item) => item.textContent)).toEqual([`${named} ${size}`, `${unnamed} ${size}`]);
      const first = screen.getByRole('listitem', { name: 'Videos 1 of 2' });
      expect(within(first).getByText(partBadge)).toBeTruthy();
      // a part waiting for the answer shows no progress and offers nothing of its own
      expect(within(first).queryByRole('progressbar')).toBeNull();
      expect(within(first).queryByRole('button')).toBeNull();
      await userEvent.click(within(ask).getByRole('button', { name: confirm }));
      expect(dispatched.at(-1)).toMatchObject({
        type: 'downloads/splitConfirmed',
        payload: { downloadId: ID },
      });
      // the question is gone; focus is on the parts, not lost
      expect(screen.queryByRole('region', { name: title })).toBeNull();
      expect(document.activeElement).toBe(first.closest('ul'));
    },
  );

  it('after the answer, the notice keeps the items left out; a page fetch shows real bytes, one left to the browser says so', () => {
    renderWithStore(<DownloadsPage />, [
      appStarted(),
      requested({ cartId: '7', downloadName: 'Videos', shared: false, ...options }),
      split({
        downloadId: ID,
        parts: [
          { selection: { asset: ['1'] }, size: 10 },
          { selection: { asset: ['2'] }, size: 10 },
        ],
        skipped: [{ resource: 'video', id: '3', size: 600 * 1024 * 1024, name: 'Clip.mov' }],
      }),
      splitConfirmed({ downloadId: ID }),
      sizeTested({ downloadId: `${ID}-1`, infos: ok }),
      built({ downloadId: `${ID}-1`, zipUuid: 'z1' }),
      zipReady({ downloadId: `${ID}-1`, url: '/z1' }),
      fetchProgressed({ downloadId: `${ID}-1`, loaded: 1024, total: 4096 }),
      sizeTested({ downloadId: `${ID}-2`, infos: ok }),
      built({ downloadId: `${ID}-2`, zipUuid: 'z2' }),
      zipReady({ downloadId: `${ID}-2`, url: '/z2' }),
    ]);
    const notice = screen.getByRole('status', { name: '' });
    expect(notice.textContent).toContain('Videos was too large for one zip and comes as 2 parts.');
    expect(within(notice).getByRole('listitem').textContent).toBe('Clip.mov 600 MB');
    const first = screen.getByRole('listitem', { name: 'Videos 1 of 2' });
    const bytes = within(first).getByRole('progressbar', { name: 'Progress of Videos 1 of 2' });
    expect(bytes.getAttribute('aria-valuenow')).toBe('25');
    expect(bytes.getAttribute('aria-valuetext')).toBe('1 KB of 4 KB (25%)');
    const second = screen.getByRole('listitem', { name: 'Videos 2 of 2' });
    const browser = within(second).getByRole('progressbar', { name: 'Progress of Videos 2 of 2' });
    expect(browser.hasAttribute('aria-valuenow')).toBe(false);
    expect(browser.getAttribute('aria-valuetext')).toMatch(/^Downloading in your browser/);
  });

  it('says what was saved, under which name', () => {
    renderWithStore(<DownloadsPage />, [
      appStarted({ locale: 'fr' }),
      requested({ cartId: '7', downloadName: 'Spring', shared: false, ...options }),
      sizeTested({ downloadId: ID, infos: ok }),
      built({ downloadId: ID, zipUuid: 'z1' }),
      zipReady({ downloadId: ID, url: '/z1' }),
      fetchProgressed({ downloadId: ID, loaded: 0, total: -1 }),
      fileSaved({ downloadId: ID, fileName: 'Spring.zip', bytes: 2048 }),
    ]);
    const spring = screen.getByRole('listitem', { name: 'Spring' });
    expect(within(spring).getByText('Enregistré sous « Spring.zip » (2 Ko)')).toBeTruthy();
    expect(within(spring).queryByRole('progressbar')).toBeNull();
    // saved by the page: saved again by the page, under the same name (not the server's link)
    expect(within(spring).queryByRole('link', { name: 'Enregistrer à nouveau le zip' })).toBeNull();
    expect(within(spring).getByRole('button', { name: 'Enregistrer à nouveau le zip' })).toBeTruthy();
  });

  it('shows an empty state with a way to the carts', () => {
    renderWithStore(<DownloadsPage />, [appStarted()]);
    expect(screen.getByText('No downloads yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to carts' }).getAttribute('href')).toBe('/carts');
  });

  it('shows restored downloads', () => {
    renderWithStore(<DownloadsPage />, [
      appStarted(),
      pendingRestored({
        records: [
          {
            ...options,
            downloadId: 'd1',
            downloadName: 'Kept',
            cartId: '7',
            shared: false,
            url: '/api/wedia/cart/downloadCart/z1',
            zipUuid: 'z1',
            time: 0,
            size: 10,
            status: 'downloaded',
            error: null,
            infos: ok,
            part: null,
            checks: 1,
          },
        ],
      }),
    ]);
    const kept = screen.getByRole('listitem', { name: 'Kept' });
    expect(within(kept).getByText('Downloaded')).toBeTruthy();
    expect(within(kept).getByRole('link', { name: 'Save the zip again' }).getAttribute('href')).toBe(
      '/api/wedia/cart/downloadCart/z1',
    );
  });

  it('the tray counts the zips on their way, says a split waits for an answer, and shows their honest bars', async () => {
    renderWithStore(<DownloadsTray />, [
      appStarted(),
      requested({ cartId: '7', downloadName: 'Spring', shared: false, ...options }),
      requested({ cartId: '8', downloadName: 'Videos', shared: false, ...options }),
      split({
        downloadId: '8-0-e3',
        parts: [
          { selection: { asset: ['1'] }, size: 10 },
          { selection: { asset: ['2'] }, size: 10 },
        ],
        skipped: [],
      }),
    ]);
    const toggle = screen.getByRole('button', { name: /^Transfers \(1\)/ });
    await userEvent.click(toggle);
    expect(screen.getByText('A split waits for your answer on the transfers page.')).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: 'Progress of Spring' });
    expect(bar.hasAttribute('aria-valuenow')).toBe(false);
  });
});
