import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { PortalProvider } from '../../../src/app/store-context';
import { SharedCartPage } from '../../../src/share/shared-cart-page';
import type { CartItem } from '../../../streams/carts/model';
import {
  sharedCartFailed,
  sharedCartLoaded,
  sharedCartOpened,
  shareCopied,
} from '../../../streams/carts/share-events';
import type { AnyEvent, UnstampedEvent } from '../../../streams/core/event';
import { SessionVault } from '../../../streams/core/session-vault';
import { initialRootState } from '../../../streams/root';
import { whoAmILoaded } from '../../../streams/session/events';
import { fold } from '../../helpers/marbles';
import { rootStoreWithoutEpics } from '../../helpers/store-without-epics';
import { aCart } from '../../streams/carts/fixtures';
import { allDomains } from '../../helpers/all-domains';

const uuid = 'u-1';
const KEY = `dam-portal.share-password.${uuid}`;

/** The page at /share/u-1 over a store folded from `events`, with a vault (a fresh one is a reload). */
function openPage(events: UnstampedEvent[] = [], session = new SessionVault()) {
  const store = rootStoreWithoutEpics({ initialState: fold(events, initialRootState) });
  const dispatched: AnyEvent[] = [];
  store.event$.subscribe((event) => dispatched.push(event));
  const view = render(
    <PortalProvider value={{ store, domains: allDomains, exportEventLog: async () => '', session }}>
      <Router hook={memoryLocation({ path: `/share/${uuid}` }).hook}>
        <Route path="/share/:uuid" component={SharedCartPage} />
      </Router>
    </PortalProvider>,
  );
  const opens = () =>
    dispatched.filter((event) => sharedCartOpened.match(event)).map((event) => event.payload);
  return { ...view, store, dispatched, session, opens };
}

const refused = (withPassword: boolean) =>
  sharedCartFailed(
    { uuid, withPassword, error: { code: 'error.http.401', message: 'password required', status: 401 } },
    { meta: { id: 'open-1', seq: 1, at: 0, source: 'ui' } },
  );

const item = (id: string, name: string): CartItem => ({
  id,
  resource: 'asset',
  name,
  title: null,
  mimetype: 'image/jpeg',
  nature: 'image',
  filesize: 1000,
  width: 800,
  height: 600,
});

const loaded = (actions: string[]) =>
  sharedCartLoaded(
    {
      uuid,
      cart: aCart({ id: uuid, name: 'Moodboard', items: { asset: ['1', '2', '3'] }, total: 3 }),
      details: [item('1', 'beach.jpg'), item('2', 'dune.jpg'), item('3', 'sea.png')],
      share: { uuid, actions, hasPassword: true, description: 'For the agency' },
    },
    { meta: { id: 'open-1', seq: 1, at: 0, source: 'ui' } },
  );

beforeEach(() => sessionStorage.clear());
afterEach(() => sessionStorage.clear());

describe('the share password, kept for the tab', () => {
  it('asks in a card (textbox "Password", button "Open"), keeps the password for the tab and opens with it', () => {
    const { store, session, opens } = openPage();
    expect(opens()).toEqual([{ uuid, withPassword: false }]);
    act(() => void store.dispatch(refused(false)));
    expect(screen.getByRole('heading', { level: 1, name: 'Password required' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'lyon-2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(opens().at(-1)).toEqual({ uuid, withPassword: true });
    expect(session.sharePassword(uuid)).toBe('lyon-2026');
    expect(sessionStorage.getItem(KEY)).toBe('lyon-2026');
  });

  it('a reload opens with the kept password at once, without asking', () => {
    sessionStorage.setItem(KEY, 'lyon-2026');
    const { opens, session } = openPage();
    expect(opens()).toEqual([{ uuid, withPassword: true }]);
    expect(session.sharePassword(uuid)).toBe('lyon-2026');
    expect(screen.queryByLabelText('Password')).toBeNull();
  });

  it('a refused password (wrong, or changed since) is forgotten and asked again with a clear message', () => {
    sessionStorage.setItem(KEY, 'old');
    const { store, session } = openPage();
    act(() => void store.dispatch(refused(true)));
    expect(screen.getByRole('alert').textContent).toContain('Wrong password, or it has changed');
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(sessionStorage.getItem(KEY)).toBeNull();
    expect(session.sharePassword(uuid)).toBeUndefined();
  });
});

describe('the shared items and the share actions', () => {
  it('shows the items as a grid of one tab stop; downloads all under the cart name', () => {
    const { dispatched } = openPage([loaded(['view', 'download'])]);
    expect(screen.getByRole('heading', { level: 1, name: 'Moodboard' })).toBeTruthy();
    expect(screen.getByText('3 items')).toBeTruthy();
    const tiles = screen.getAllByRole('button', { name: /\.(jpg|png)$/ });
    expect(tiles.map((tile) => tile.getAttribute('aria-label'))).toEqual([
      'beach.jpg',
      'dune.jpg',
      'sea.png',
    ]);
    expect(tiles.map((tile) => tile.tabIndex)).toEqual([0, -1, -1]);
    fireEvent.click(screen.getByRole('button', { name: 'Download all' }));
    const download = dispatched.find((event) => event.type === 'carts/shareDownloadRequested');
    expect(download?.payload).toEqual({ uuid, item: null, fileName: 'Moodboard.zip' });
    // what the share does not allow is not offered
    expect(screen.queryByRole('button', { name: 'Copy to my carts' })).toBeNull();
    expect(screen.queryByLabelText('Your comment')).toBeNull();
  });

  it('the lightbox: arrows step through, Download takes the item shown, Escape closes and the focus goes to its tile', () => {
    const { dispatched } = openPage([loaded(['view', 'download'])]);
    fireEvent.click(screen.getByRole('button', { name: 'beach.jpg' }));
    expect(screen.getByRole('dialog', { name: 'beach.jpg' })).toBeTruthy();
    expect(screen.getByText('1 of 3')).toBeTruthy();
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(screen.getByRole('dialog', { name: 'dune.jpg' })).toBeTruthy();
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(screen.getByRole('dialog', { name: 'sea.png' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    const download = dispatched.find((event) => event.type === 'carts/shareDownloadRequested');
    expect(download?.payload).toEqual({ uuid, item: { resource: 'asset', id: '3' }, fileName: 'sea.zip' });
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('sea.png');
  });

  it('an empty share says so, and offers nothing to download', () => {
    openPage([
      sharedCartLoaded(
        {
          uuid,
          cart: aCart({ id: uuid, name: 'Nothing yet' }),
          details: [],
          share: { uuid, actions: ['view', 'download'], hasPassword: false, description: '' },
        },
        { meta: { id: 'open-1', seq: 1, at: 0, source: 'ui' } },
      ),
    ]);
    expect(screen.getByText('This shared cart is empty.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Download all' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a comment is posted with its text', () => {
    const { dispatched } = openPage([loaded(['view', 'comment'])]);
    const send = screen.getByRole('button', { name: 'Send comment' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Your comment'), { target: { value: '  We take the beach.  ' } });
    fireEvent.click(send);
    const posted = dispatched.find((event) => event.type === 'carts/shareActionRequested');
    expect(posted?.payload).toEqual({ uuid, action: 'comment', items: null, comment: 'We take the beach.' });
  });

  it('"Copy to my carts": a visitor is offered sign-in first; a user copies the items', () => {
    const visitor = openPage([loaded(['view', 'copy'])]);
    fireEvent.click(screen.getByRole('button', { name: 'Copy to my carts' }));
    expect(screen.getByRole('dialog', { name: 'Sign in first' })).toBeTruthy();
    // it comes back to the page on screen (the router's location; the e2e journey checks the round trip)
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toMatch(
      /^\/signin\?relativeURL=/,
    );
    expect(visitor.dispatched.some((event) => event.type === 'carts/shareCopyRequested')).toBe(false);
    visitor.unmount();

    const user = openPage([
      whoAmILoaded({ me: { id: 2, login: 'bob', isUser: true } }),
      loaded(['view', 'copy']),
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Copy to my carts' }));
    const copy = user.dispatched.find((event) => event.type === 'carts/shareCopyRequested');
    expect(copy?.payload).toEqual({
      uuid,
      name: 'Moodboard',
      description: 'For the agency',
      items: { asset: ['1', '2', '3'] },
    });
    // once copied, the notice opens the new cart, not the list of carts (issue 28)
    act(() => void user.store.dispatch(shareCopied({ uuid, cartId: '77' }, copy!)));
    expect(screen.getByRole('status').textContent).toContain('“Moodboard”');
    expect(screen.getByRole('link', { name: 'Open the new cart' }).getAttribute('href')).toBe('/carts/77');
  });
});
