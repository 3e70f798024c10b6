import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { useStoreLocation, useStoreSearch } from '../../../src/hooks/use-store-location';
import { AccountMenu } from '../../../src/session/account-menu';
import { SignInPage } from '../../../src/session/sign-in-page';
import { SignInFirst } from '../../../src/session/sign-in-first/sign-in-first';
import { navigated } from '../../../streams/router/events';
import { providerRegistered, sessionExpired } from '../../../streams/session/events';
import { appStarted } from '../../helpers/app-started';
import { aliceKnown, visitorKnown } from '../../helpers/identities';
import { renderWithStore } from '../../helpers/render';

const at = navigated({ path: '/search', search: '?q=sea', via: 'link' });
const back = `/signin?relativeURL=${encodeURIComponent('/search?q=sea')}`;

const ui = (
  <Router hook={useStoreLocation} searchHook={useStoreSearch}>
    <SignInFirst action="Add to cart" className="btn-small">
      <button type="button">Add to cart (real)</button>
    </SignInFirst>
  </Router>
);

describe('a user-only action offers sign-in first', () => {
  it('a user gets the real control', () => {
    renderWithStore(ui, [appStarted(), aliceKnown(), at]);
    expect(screen.getByRole('button', { name: 'Add to cart (real)' })).toBeTruthy();
  });

  it('a visitor gets a dialog whose "Sign in" comes back to this page', () => {
    renderWithStore(ui, [appStarted(), visitorKnown(), at]);
    expect(screen.queryByRole('button', { name: 'Add to cart (real)' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign in first' });
    expect(dialog.textContent).toContain('“Add to cart” is for signed-in users');
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(back);
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('while a stored session is being restored, the offer waits (its button is disabled)', () => {
    renderWithStore(ui, [appStarted(), at, providerRegistered({ locale: 'en' })]);
    expect((screen.getByRole('button', { name: 'Add to cart' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('after a session expiry', () => {
  it('the header says so, and its "Sign in" comes back to the page the user was on', () => {
    renderWithStore(
      <Router hook={useStoreLocation} searchHook={useStoreSearch}>
        <AccountMenu />
      </Router>,
      [
        appStarted(),
        aliceKnown(),
        navigated({ path: '/carts/5', search: '', via: 'link' }),
        sessionExpired({ surfer: 'user', error: { code: 'error.http.401', message: 'expired' } }),
        visitorKnown(),
      ],
    );
    expect(screen.getByRole('status').textContent).toBe('Your session expired.');
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      `/signin?relativeURL=${encodeURIComponent('/carts/5')}`,
    );
  });

  it('a user already signed in on the sign-in page is offered the way back', () => {
    renderWithStore(
      <Router hook={useStoreLocation} searchHook={useStoreSearch}>
        <SignInPage />
      </Router>,
      [
        appStarted(),
        aliceKnown(),
        navigated({ path: '/signin', search: `?relativeURL=${encodeURIComponent('/carts/5')}`, via: 'link' }),
      ],
    );
    expect(screen.getByRole('link', { name: 'Go back to the page you were on' }).getAttribute('href')).toBe(
      '/carts/5',
    );
  });
});
