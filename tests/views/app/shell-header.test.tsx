import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '../../../src/app/app';
import { infoLoaded } from '../../../streams/app/events';
import { unreadCounted } from '../../../streams/notifications/events';
import { navigated } from '../../../streams/router/events';
import { whoAmILoaded } from '../../../streams/session/events';
import { appStarted } from '../../helpers/app-started';
import { renderWithStore } from '../../helpers/render';

const signedIn = [
  appStarted(),
  infoLoaded({ infos: { appName: 'Demo' } }),
  whoAmILoaded({ me: { id: 1, login: 'alice', isUser: true } }),
];

describe('the header', () => {
  it('"Skip to content" comes first and puts the focus in the main', () => {
    renderWithStore(<App />, signedIn);
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(document.querySelector('header a, header button')).toBe(skip);
    fireEvent.click(skip);
    expect(document.activeElement).toBe(document.getElementById('main'));
  });

  it('"Menu" discloses the navigation, and following a link folds it', () => {
    renderWithStore(<App />, signedIn);
    const menu = screen.getByRole('button', { name: 'Menu' });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(menu.getAttribute('aria-controls')).toBe(nav.id);
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    expect(nav.className).toContain('header__nav--open');
    fireEvent.click(screen.getByRole('link', { name: 'Carts' }));
    expect(menu.getAttribute('aria-expanded')).toBe('false');
  });

  it('the unread count sits in the Notifications item, beside a link named "Notifications"', async () => {
    const { store } = renderWithStore(<App />, signedIn);
    act(() => void store.dispatch(unreadCounted({ count: 3 })));
    const link = screen.getByRole('link', { name: 'Notifications' });
    expect(link.textContent).toBe('Notifications');
    // the badge comes with the portal's code (a lazy view)
    await waitFor(() =>
      expect(link.parentElement?.querySelector('.notifications-badge')?.textContent).toContain('3'),
    );
  });
});

describe('document titles', () => {
  it('"<screen> · <application name>" per route, the name alone on the landing page, in the user\'s language', async () => {
    const { store } = renderWithStore(<App />, signedIn);
    expect(document.title).toBe('Demo');
    act(() => void store.dispatch(navigated({ path: '/carts', search: '', via: 'link' })));
    expect(document.title).toBe('Carts · Demo');
    act(() => void store.dispatch(navigated({ path: '/imports/12', search: '', via: 'link' })));
    expect(document.title).toBe('Import · Demo');
    // the screen's code in before leaving it: a busy machine may resolve it after the next route
    await waitFor(() => expect(screen.queryByText('Loading the portal…')).toBeNull(), { timeout: 10_000 });
    act(() => void store.dispatch(navigated({ path: '/nowhere', search: '', via: 'link' })));
    await screen.findByRole('heading', { name: 'Page not found' });
    expect(document.title).toBe('Page not found · Demo');
  });

  it('speaks French', () => {
    const { store } = renderWithStore(<App />, [
      appStarted({ locale: 'fr' }),
      infoLoaded({ infos: { appName: 'Démo' } }),
    ]);
    act(() => void store.dispatch(navigated({ path: '/downloads', search: '', via: 'link' })));
    expect(document.title).toBe('Téléchargements · Démo');
  });
});
