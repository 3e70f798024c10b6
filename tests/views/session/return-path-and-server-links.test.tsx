import { act, fireEvent, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { Route, Router } from 'wouter';
import { useStoreLocation, useStoreSearch } from '../../../src/hooks/use-store-location';
import { AccountMenu } from '../../../src/session/account-menu';
import { SignInPage } from '../../../src/session/sign-in-page';
import { ServerLink } from '../../../src/ui/server-link';
import { navigated } from '../../../streams/router/events';
import { ssoConfigLoaded, whoAmILoaded } from '../../../streams/session/events';
import { appStarted } from '../../helpers/app-started';
import { renderWithStore } from '../../helpers/render';

const routed = (ui: ReactElement) => (
  <Router hook={useStoreLocation} searchHook={useStoreSearch}>
    {ui}
  </Router>
);

const at = (path: string, search = '') => navigated({ path, search, via: 'link' });

/** Signs in on the rendered sign-in page: the form is sent, then who-am-I names a user. */
function signInThere(store: ReturnType<typeof renderWithStore>['store']) {
  fireEvent.change(screen.getByRole('textbox', { name: 'Login' }), { target: { value: 'alice' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'alice' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  act(() => void store.dispatch(whoAmILoaded({ me: { id: 1, login: 'alice', isUser: true } })));
}

describe('sign-in comes back where the user was (issue 12, item 4)', () => {
  it('the header\'s "Sign in" carries the page on screen', () => {
    renderWithStore(routed(<AccountMenu />), [appStarted(), at('/search', '?q=sea&page=2')]);
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      `/signin?relativeURL=${encodeURIComponent('/search?q=sea&page=2')}`,
    );
  });

  it('after signing in, goes back to a safe relativeURL, and asks the providers for links that do', () => {
    const { store, dispatched } = renderWithStore(routed(<Route path="/signin" component={SignInPage} />), [
      appStarted(),
      at('/signin', `?relativeURL=${encodeURIComponent('/carts/5?tab=items')}`),
    ]);
    const sso = dispatched.find((event) => event.type === 'session/ssoConfigRequested');
    expect(sso?.payload).toEqual({ relativeURL: '/carts/5?tab=items' });
    signInThere(store);
    expect(store.getState().router).toMatchObject({ path: '/carts/5', search: '?tab=items' });
  });

  it.each(['/\\evil.example/', '/\t/evil.example/', '//evil.example', 'https://evil.example', '/signin'])(
    'ignores the unsafe relativeURL %j: providers asked without it, the sign-in goes home',
    (relativeURL) => {
      const { store, dispatched } = renderWithStore(routed(<Route path="/signin" component={SignInPage} />), [
        appStarted(),
        at('/signin', `?relativeURL=${encodeURIComponent(relativeURL)}`),
      ]);
      const sso = dispatched.find((event) => event.type === 'session/ssoConfigRequested');
      expect(sso?.payload).toEqual({});
      signInThere(store);
      expect(store.getState().router).toMatchObject({ path: '/', search: '' });
    },
  );
});

describe('server URLs become links only when http(s) or same-origin (issue 12, item 5)', () => {
  it('an SSO provider with a javascript: url is named as text, never a link', () => {
    renderWithStore(routed(<Route path="/signin" component={SignInPage} />), [
      appStarted(),
      at('/signin'),
      ssoConfigLoaded({
        providers: [
          { id: 'bad', name: 'Hostile SSO', url: 'javascript:alert(document.domain)' },
          { id: 'case', name: 'Cased SSO', url: ' JavaScript:alert(1)' },
          { id: 'good', name: 'Wedia ID', url: 'https://sso.example/login?relativeURL=%2F' },
        ],
      }),
    ]);
    expect(screen.queryByRole('link', { name: 'Sign in with Hostile SSO' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Sign in with Cased SSO' })).toBeNull();
    expect(screen.getByText('Hostile SSO')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in with Wedia ID' }).getAttribute('href')).toBe(
      'https://sso.example/login?relativeURL=%2F',
    );
    expect(document.querySelector('a[href^="javascript:" i], a[href*="script:" i]')).toBeNull();
  });

  it.each([
    ['javascript:alert(1)', null],
    ['data:text/html,<script>alert(1)</script>', null],
    ['https://dam.example/share/abc', 'https://dam.example/share/abc'],
    ['/carts/13', '/carts/13'],
  ])('ServerLink %j links to %j', (href, expected) => {
    renderWithStore(routed(<ServerLink href={href}>the link</ServerLink>), [appStarted()]);
    const link = screen.queryByRole('link', { name: 'the link' });
    expect(link?.getAttribute('href') ?? null).toBe(expected);
    expect(screen.getByText('the link')).toBeTruthy();
  });
});
