import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CartsPage, RollbackNotice } from '../../../src/carts/carts-page';
import { ShareDialog } from '../../../src/carts/share-dialog';
import { ErrorMessage } from '../../../src/ui/error-message';
import { editFailed, editRequested } from '../../../streams/carts/edit-events';
import { listLoaded, profileLoadFailed } from '../../../streams/carts/events';
import { shareActionsLoaded, sharesListFailed, shareFailed } from '../../../streams/carts/share-events';
import { profilesLoaded } from '../../../streams/downloads/events';
import type { AppEvent } from '../../../streams/core/event';
import { whoAmILoaded } from '../../../streams/session/events';
import { renderWithStore } from '../../helpers/render';
import { aCart } from '../../streams/carts/fixtures';

const alice = whoAmILoaded({ me: { id: 1, login: 'alice', isUser: true } });
/** `fold` stamps the n-th event with the id `e<n>`: the origin of an answer to it. */
const nth = (n: number) => ({ meta: { id: `e${n}` } }) as Pick<AppEvent, 'meta'>;
const network = { code: 'error.network', message: 'Failed to fetch' };

describe('ErrorMessage: one way to put a failure into words (issue 12 item 12)', () => {
  it('says what the code means in the user’s language, with the raw message and code behind "Details"', () => {
    renderWithStore(<ErrorMessage lead="The carts could not be loaded." error={network} />);
    const alert = screen.getByRole('alert');
    const text = alert.querySelector('.error-message__text')?.textContent ?? '';
    expect(text).toBe(
      'The carts could not be loaded. The server could not be reached. Check your connection and try again.',
    );
    expect(text).not.toContain('Failed to fetch');
    const details = alert.querySelector('details');
    expect(details?.open).toBe(false);
    expect(within(alert).getByText('Details').tagName).toBe('SUMMARY');
    expect(details?.textContent).toContain('Failed to fetch');
    expect(details?.textContent).toContain('error.network');
  });

  it('a rolled-back change says so in words, offers the same request again, and keeps "Unknown cart 6" in the details', () => {
    const { dispatched } = renderWithStore(<RollbackNotice />, [
      alice,
      listLoaded({ carts: [aCart({ id: '6', name: 'Six' })] }),
      editRequested({ cartId: '6', name: 'Renamed', description: '', isPrivate: true }),
      editFailed(
        { cartId: '6', error: { code: 'error.http.404', message: 'Unknown cart 6', status: 404 } },
        nth(3),
      ),
    ]);
    const alert = screen.getByRole('alert');
    expect(alert.querySelector('.error-message__text')?.textContent).toBe(
      'The change was undone. The server does not know what was asked for.',
    );
    expect(alert.querySelector('details')?.textContent).toContain('Unknown cart 6');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(dispatched.map((event) => [event.type, event.payload])).toEqual([
      ['carts/noticeDismissed', { requestId: 'e3' }],
      ['carts/editRequested', { cartId: '6', name: 'Renamed', description: '', isPrivate: true }],
    ]);
  });

  it('a failed cart profile is no longer silent: a notice with a retry', () => {
    const { dispatched } = renderWithStore(<CartsPage />, [
      alice,
      listLoaded({ carts: [] }),
      profileLoadFailed({ error: { code: 'error.http.500', message: 'Fault injected on /x', status: 500 } }),
    ]);
    const notice = screen
      .getAllByRole('status')
      .find((element) => element.textContent?.includes('cart permissions could not be read'));
    expect(notice).toBeTruthy();
    fireEvent.click(within(notice!).getByRole('button', { name: 'Try again' }));
    expect(dispatched.some((event) => event.type === 'carts/profileReloadRequested')).toBe(true);
  });

  it('"Links of this cart" stays when its list fails, with the failure and a retry', () => {
    const { dispatched, store } = renderWithStore(<ShareDialog cartId="6" onClose={() => undefined} />, [
      alice,
      listLoaded({ carts: [aCart({ id: '6' })] }),
    ]);
    const asked = dispatched.find((event) => event.type === 'carts/sharesListRequested')!;
    act(() => {
      store.dispatch(sharesListFailed({ cartId: '6', error: network }, asked));
    });
    const heading = screen.getByRole('heading', { name: 'Links of this cart' });
    const section = heading.closest('section')!;
    expect(section.textContent).toContain('The links of this cart could not be loaded.');
    const before = dispatched.length;
    fireEvent.click(within(section).getByRole('button', { name: 'Try again' }));
    expect(dispatched.slice(before).map((event) => event.type)).toContain('carts/sharesListRequested');
  });

  it('a share whose answer was lost says its password cannot be shown and offers a new link', () => {
    renderWithStore(<ShareDialog cartId="6" onClose={() => undefined} />, [
      alice,
      listLoaded({ carts: [aCart({ id: '6' })] }),
      shareFailed({ cartId: '6', error: network }),
    ]);
    // the dialog's own requests (options, links) reset nothing: the failure is folded after them
    const alert = screen
      .getAllByRole('alert')
      .find((element) => element.textContent?.includes('answer was lost'));
    expect(alert?.textContent).toContain('password never reached the portal');
    expect(screen.getByRole('button', { name: 'Create a new link' })).toBeTruthy();
  });

  it('in French, share actions and zip profiles are named from their codes, not from the server’s English', () => {
    renderWithStore(<ShareDialog cartId="6" onClose={() => undefined} />, [
      whoAmILoaded({ me: { id: 1, login: 'alice', isUser: true, locale: 'fr' } }),
      listLoaded({ carts: [aCart({ id: '6' })] }),
      shareActionsLoaded({
        actions: [
          { code: 'view', label: 'View' },
          { code: 'download', label: 'Download' },
          { code: 'annotate', label: 'Annotate' },
        ],
      }),
      profilesLoaded({ profiles: [{ code: 'hd', label: 'HD' }] }),
    ]);
    expect(screen.getByRole('checkbox', { name: 'Consulter' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Télécharger' })).toBeTruthy();
    // a code the portal does not know keeps the server's label
    expect(screen.getByRole('checkbox', { name: 'Annotate' })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /zip/i }));
    expect(screen.getByRole('option', { name: 'Haute définition' })).toBeTruthy();
  });
});
