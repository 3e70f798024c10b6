import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { AccountPage } from '../../../src/account/account-page';
import { useStoreLocation, useStoreSearch } from '../../../src/hooks/use-store-location';
import { localeReady } from '../../../src/i18n/locales';
import { SignInPage } from '../../../src/session/sign-in-page';
import {
  passwordChangeFailed,
  passwordChangeRequested,
  signInFailed,
  signInRequested,
} from '../../../streams/session/events';
import { REFUSAL_CODES } from '../../../streams/session/refusals';
import { appStarted } from '../../helpers/app-started';
import { aliceKnown } from '../../helpers/identities';
import { renderWithStore } from '../../helpers/render';

const routed = (ui: ReactElement) => (
  <Router hook={useStoreLocation} searchHook={useStoreSearch}>
    {ui}
  </Router>
);

/** The server's refusal of a sign-in, as the session epics re-code it. */
const wrongCredentials = signInFailed({
  surfer: 'user',
  error: { code: REFUSAL_CODES.wrongCredentials, message: 'Wrong login or password', status: 401 },
});
const wrongCurrentPassword = passwordChangeFailed({
  error: {
    code: REFUSAL_CODES.wrongCurrentPassword,
    message: 'The login or the current password is wrong',
    status: 403,
  },
});

describe('a refused sign-in or password change says why (issue 28)', () => {
  it('a wrong password at sign-in says "Incorrect login or password"', () => {
    renderWithStore(routed(<SignInPage />), [
      appStarted({ path: '/signin' }),
      signInRequested({ login: 'alice', password: 'no' }),
      wrongCredentials,
    ]);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Sign-in failed. Incorrect login or password.');
    expect(alert.textContent).not.toContain('refused the request');
  });

  it('a wrong current password in Account says "The current password is wrong"', () => {
    renderWithStore(routed(<AccountPage />), [
      appStarted({ path: '/account' }),
      aliceKnown(),
      passwordChangeRequested({ login: 'alice', currentPassword: 'no', newPassword: 'n3w' }),
      wrongCurrentPassword,
    ]);
    expect(screen.getByRole('alert').textContent).toContain(
      'The password could not be changed. The current password is wrong.',
    );
  });

  it('says both in French', async () => {
    await localeReady('fr');
    const signInPage = renderWithStore(routed(<SignInPage />), [
      appStarted({ path: '/signin', locale: 'fr' }),
      signInRequested({ login: 'alice', password: 'non' }),
      wrongCredentials,
    ]);
    expect(screen.getByRole('alert').textContent).toContain('Identifiant ou mot de passe incorrect.');
    signInPage.unmount();
    renderWithStore(routed(<AccountPage />), [
      appStarted({ path: '/account', locale: 'fr' }),
      aliceKnown('fr'),
      wrongCurrentPassword,
    ]);
    expect(screen.getByRole('alert').textContent).toContain('Le mot de passe actuel est faux.');
  });
});
