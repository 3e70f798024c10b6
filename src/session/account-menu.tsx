import { signOutRequested, whoAmIRetryRequested } from '../../streams/session/events';
import { selectIsUser, selectMe, selectSession, selectWhoAmIFailure } from '../../streams/session/selectors';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { useTranslate } from '../i18n/use-translate';
import { SignOutGuard } from '../outbox/sign-out-guard';
import { ErrorMessage } from '../ui/error-message';
import { displayName } from './display-name';
import { AccountMoreMenu } from './account-more-menu';
import './session.css';
import { SignInLink } from './sign-in-link';

/**
 * The header's corner: who the portal is for right now, which opens the account menu ("Report a
 * problem", for both: peers keep it there rather than in every screen's header), "Sign in" for a
 * visitor and "Sign out" for a user (kept visible: UI-CONTRACT names it a button, not a menu item).
 */
export function AccountMenu() {
  const t = useTranslate();
  const dispatch = useDispatch();
  const isUser = useAppState(selectIsUser);
  const me = useAppState(selectMe);
  const { signIn, signOut, provider, connectionExpired } = useAppState(selectSession);
  const whoAmIFailure = useAppState(selectWhoAmIFailure);

  if (!isUser) {
    return (
      <div className="account-menu">
        {provider.status === 'error' && provider.error && (
          <ErrorMessage
            className="account-menu__problem"
            lead={t('account.startFailed')}
            error={provider.error}
          />
        )}
        {whoAmIFailure && (
          <ErrorMessage
            role="status"
            className="account-menu__problem"
            lead={t('account.whoAmIFailed')}
            error={whoAmIFailure}
            onRetry={() => dispatch(whoAmIRetryRequested({}))}
          />
        )}
        {/* a user whose session ran out: "Sign in" beside it comes back to this page */}
        {connectionExpired && (
          <span role="status" className="account-menu__expired">
            {t('account.expired')}
          </span>
        )}
        <AccountMoreMenu>{t('account.visitor')}</AccountMoreMenu>
        <SignInLink className="button button--primary">{t('nav.signIn')}</SignInLink>
      </div>
    );
  }
  return (
    <section className="account-menu" aria-label={t('account.menu')}>
      <AccountMoreMenu>
        <span className="visually-hidden">{t('account.signedInAs')} </span>
        {displayName(me, signIn.login)}
      </AccountMoreMenu>
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
        <span className="account-menu__sign-out-label">{t('account.signOut')}</span>
      </SignOutGuard>
    </section>
  );
}
