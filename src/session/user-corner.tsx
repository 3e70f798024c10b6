import { signOutRequested } from '../../streams/session/events';
import { selectMe, selectSession } from '../../streams/session/selectors';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { useTranslate } from '../i18n/use-translate';
import { SignOutGuard } from '../outbox/sign-out-guard';
import { ErrorMessage } from '../ui/error-message';
import { AccountMoreMenu } from './account-more-menu';
import { displayName } from './display-name';

/** A user's corner of the header: who is signed in (the account menu) and "Sign out". */
export function UserCorner() {
  const t = useTranslate();
  const dispatch = useDispatch();
  const me = useAppState(selectMe);
  const { signIn, signOut, identityKept } = useAppState(selectSession);
  return (
    <section className="account-menu" aria-label={t('account.menu')}>
      <AccountMoreMenu>
        <span className="visually-hidden">{t('account.signedInAs')} </span>
        {displayName(me, signIn.login)}
      </AccountMoreMenu>
      {/* shown as the last visit knew them: the server could not be reached to confirm it (issue 25) */}
      {identityKept && (
        <span role="status" className="account-menu__offline">
          {t('account.offline')}
        </span>
      )}
      {signOut.status === 'error' && signOut.error && (
        <ErrorMessage
          className="account-menu__problem"
          lead={t('account.signOutFailed')}
          error={signOut.error}
          onRetry={() => dispatch(signOutRequested({}))}
        />
      )}
      {/* on a phone the button keeps its name but shows an icon, so the header holds on one row */}
      <SignOutGuard className="button account-menu__sign-out" signOut={() => dispatch(signOutRequested({}))}>
        <svg
          className="account-menu__sign-out-icon"
          viewBox="0 0 16 16"
          width="16"
          height="16"
          aria-hidden="true"
        >
          <path
            d="M6 2H3v12h3M10 4.5 13.5 8 10 11.5M13.5 8H6"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <span className="account-menu__sign-out-label visually-hidden-on-phone">{t('account.signOut')}</span>
      </SignOutGuard>
    </section>
  );
}
