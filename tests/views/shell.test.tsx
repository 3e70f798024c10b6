import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { App } from '../../src/app/app';
import { HomePage } from '../../src/home/home-page';
import { ErrorView } from '../../src/ui/error-view';
import { availabilityChecked, infoLoaded, infoLoadFailed } from '../../streams/app/events';
import { navigated } from '../../streams/router/events';
import { untrappedErrorCaught } from '../../streams/system/events';
import { renderWithStore } from '../helpers/render';
import { appStarted } from '../helpers/app-started';

describe('error view', () => {
  it('shows the heading, code, description, message and stack, and exports the event log (seed 000 §2)', async () => {
    const error = { code: 'error.rest.403/2', message: 'Password expired', stack: 'at sign-in' };
    const { exports } = renderWithStore(<ErrorView error={error} />, [appStarted()]);
    expect(screen.getByRole('heading', { name: 'An error occured!' })).toBeTruthy();
    expect(screen.getByText('error.rest.403/2')).toBeTruthy();
    expect(screen.getByText('You must change your password.')).toBeTruthy();
    expect(screen.getByText('Password expired')).toBeTruthy();
    expect(screen.getByText('at sign-in')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Export event log' }));
    expect(exports).toEqual(['dam-portal-test.evlog.json']);
    expect(screen.getByRole('status').textContent).toContain('dam-portal-test.evlog.json');
  });

  it('falls back to the default code and the nearest known description (protocol §1.9)', () => {
    renderWithStore(<ErrorView error={{ code: '', message: 'x' }} />);
    expect(screen.getByText('NO CODE PROVIDED!')).toBeTruthy();
  });
});

describe('app shell', () => {
  it('shows the application name and welcome once the info is loaded', () => {
    renderWithStore(<App />, [appStarted(), infoLoaded({ infos: { appName: 'Wedia Demo Portal' } })]);
    expect(screen.getByRole('heading', { name: 'Welcome to Wedia Demo Portal' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Wedia Demo Portal' })).toBeTruthy();
  });

  it('offers a retry when the info fails, as a ui event', async () => {
    const { dispatched } = renderWithStore(<HomePage />, [
      appStarted(),
      infoLoadFailed({ error: { code: 'error.network', message: 'offline' } }),
    ]);
    expect(screen.getByRole('alert').textContent).toContain('could not be loaded');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(dispatched.map((event) => [event.type, event.meta.source])).toEqual([['app/infoRetried', 'ui']]);
  });

  it('shows the app-not-available message with a reset button (seed 002 §2)', async () => {
    const { dispatched } = renderWithStore(<App />, [
      appStarted(),
      availabilityChecked({ available: false, message: 'Back at noon' }),
    ]);
    // the page's code loads when needed
    expect(await screen.findByRole('heading', { name: 'The portal is not available' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Back at noon');
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(dispatched.map((event) => event.type)).toContain('app/resetRequested');
  });

  it('routes from the store: a navigation event changes the page (ARCHITECTURE "Views")', async () => {
    const { store } = renderWithStore(<App />, [appStarted()]);
    act(() => store.dispatch(navigated({ path: '/nowhere', search: '', via: 'link' })));
    // the missing page's code loads when needed
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('switches every text to French with the locale', () => {
    renderWithStore(<App />, [appStarted({ locale: 'fr' }), infoLoaded({ infos: { appName: 'Démo' } })]);
    expect(screen.getByRole('heading', { name: 'Bienvenue sur Démo' })).toBeTruthy();
  });

  it('replaces the page with the error view on an untrapped error, and dismissing brings it back', async () => {
    const { store } = renderWithStore(<App />, [appStarted(), infoLoaded({ infos: { appName: 'Demo' } })]);
    act(() =>
      store.dispatch(
        untrappedErrorCaught({
          origin: 'window',
          error: { code: 'error.wedia-vue.untrapped', message: 'x is undefined' },
        }),
      ),
    );
    expect(screen.getByRole('heading', { name: 'An error occured!' })).toBeTruthy();
    expect(screen.getByText('An unexpected error happened in the portal.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.getByRole('heading', { name: 'Welcome to Demo' })).toBeTruthy();
  });
});
