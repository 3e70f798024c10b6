import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { DownloadDialog } from '../../../src/downloads/download-dialog';
import { DownloadsPage } from '../../../src/downloads/downloads-page';
import {
  buildStalled,
  built,
  failed,
  pendingRestored,
  profilesLoaded,
  readinessCheckFailed,
  requested,
  sizeTested,
  split,
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
    ).toEqual(['Originals', 'HD']);
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
    expect(within(spring).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
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

  it('lists the items a split left out, and the parts in order', () => {
    renderWithStore(<DownloadsPage />, [
      appStarted(),
      requested({ cartId: '7', downloadName: 'Videos', shared: false, ...options }),
      split({
        downloadId: ID,
        parts: [
          { selection: { asset: ['1'] }, size: 10 },
          { selection: { asset: ['2'] }, size: 10 },
        ],
        skipped: [{ resource: 'asset', id: '3', size: 600 * 1024 * 1024 }],
      }),
    ]);
    expect(
      screen
        .getAllByRole('listitem', { name: /Videos \d of 2/ })
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual(['Videos 1 of 2', 'Videos 2 of 2']);
    expect(screen.getByText('asset 3 (600 MB)')).toBeTruthy();
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
});
