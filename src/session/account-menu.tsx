import { lazy, Suspense } from 'react';
import { whoAmIRetryRequested } from '../../streams/session/events';
import { selectIsUser, selectSession, selectWhoAmIFailure } from '../../streams/session/selectors';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { useTranslate } from '../i18n/use-translate';
import { ErrorMessage } from '../ui/error-message';
import './session.css';
import { SignInLink } from './sign-in-link';

// a user's corner (the name, "Sign out" and its guard over kept writes) comes with the portal's
// code, which is on its way from the start: who-am-I answers no sooner (issue 22)
const UserCorner = lazy(() => import('./user-corner').then((m) => ({ default: m.UserCorner })));

// so does the visitor's menu ("Report a problem"): until it is in, its name shows as text
const AccountMoreMenu = lazy(() =>
  import('./account-more-menu').then((m) => ({ default: m.AccountMoreMenu })),
);

/**
 * The header's corner: who the portal is for right now, which opens the account menu ("Report a
 * problem", for both: peers keep it there rather than in every screen's header), "Sign in" for a
 * visitor and "Sign out" for a user (kept visible: UI-CONTRACT names it a button, not a menu item).
 */
export function AccountMenu() {
  const t = useTranslate();
  const dispatch = useDispatch();
  const isUser = useAppState(selectIsUser);
  const { provider, connectionExpired } = useAppState(selectSession);
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
        <Suspense fallback={<span className="account-menu__who">{t('account.visitor')}</span>}>
          <AccountMoreMenu>{t('account.visitor')}</AccountMoreMenu>
        </Suspense>
        <SignInLink className="button btn-primary">{t('nav.signIn')}</SignInLink>
      </div>
    );
  }
  return (
    <Suspense fallback={null}>
      <UserCorner />
    </Suspense>
  );
}
