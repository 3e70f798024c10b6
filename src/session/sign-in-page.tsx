import { type FormEvent, useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { linkableUrl } from '../../streams/core/safe-url';
import { reached } from '../../streams/core/status';
import { signInRequested, ssoConfigRequested } from '../../streams/session/events';
import { selectApplicationName } from '../../streams/app/selectors';
import { selectIsUser, selectMe, selectSession, selectSso } from '../../streams/session/selectors';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { useStoreSearch } from '../hooks/use-store-location';
import { useTranslate } from '../i18n/use-translate';
import { ErrorMessage } from '../ui/error-message';
import { PasswordInput } from '../ui/password-input';
import { ChangePasswordForm } from './change-password-form';
import { displayName } from './display-name';
import { returnPathOf } from './return-path';
import './session.css';
import './sign-in-first/messages';
import './sign-in/messages';

const DEMO_APPLICATION_NAME = 'wedia-demo';

/**
 * `/signin`: login and password, the identity providers, and the forced password change (403/2).
 * `?relativeURL=` names the page to come back to (a same-origin path; anything else is ignored):
 * the sign-in made here returns there, and the providers are asked for links that do.
 */
export function SignInPage() {
  const t = useTranslate();
  const dispatch = useDispatch();
  const [, navigate] = useLocation();
  const session = useAppState(selectSession);
  const isUser = useAppState(selectIsUser);
  const me = useAppState(selectMe);
  // the demo accounts exist only on the demo server, whose application is `wedia-demo`
  const isDemoApplication = useAppState(selectApplicationName) === DEMO_APPLICATION_NAME;
  const [login, setLogin] = useState(session.signIn.login ?? '');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const returnPath = returnPathOf(useStoreSearch());

  useEffect(() => {
    dispatch(ssoConfigRequested(returnPath ? { relativeURL: returnPath } : {}));
  }, [dispatch, returnPath]);

  // once the user is known, the sign-in that was just made leads back where the user came from
  useEffect(() => {
    if (!submitted || !isUser) return;
    setSubmitted(false);
    navigate(returnPath ?? '/');
  }, [submitted, isUser, navigate, returnPath]);

  const { signIn } = session;
  const busy = signIn.status === 'fetching';
  const mustChangePassword = signIn.error?.restCode === '403/2';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    dispatch(signInRequested({ login: login.trim(), password }));
    setPassword('');
  };

  if (mustChangePassword && signIn.login) {
    return (
      <section className="panel session-panel">
        <h1>{t('password.title')}</h1>
        <p role="alert">{t('password.mustChange')}</p>
        <ChangePasswordForm login={signIn.login} />
      </section>
    );
  }

  return (
    <section className="panel session-panel">
      <h1>{t('signIn.title')}</h1>
      {isUser && !submitted && (
        <p role="status">
          {t('signIn.signedInAs', { name: displayName(me, null) })}{' '}
          {returnPath && <Link href={returnPath}>{t('signIn.goBack')}</Link>}
        </p>
      )}
      {session.connectionExpired && <p className="notice">{t('signIn.expired')}</p>}
      <p>{t('signIn.intro')}</p>
      <form className="form" onSubmit={submit}>
        <label className="form__field">
          <span>{t('signIn.login')}</span>
          <input
            name="login"
            autoComplete="username"
            required
            value={login}
            onChange={(event) => setLogin(event.target.value)}
          />
        </label>
        <label className="form__field">
          <span>{t('signIn.password')}</span>
          <PasswordInput
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </label>
        {signIn.status === 'error' && signIn.error && (
          <ErrorMessage className="form__error" lead={t('signIn.failed')} error={signIn.error} />
        )}
        <div className="button-row">
          <button type="submit" className="button btn-primary" disabled={busy}>
            {t('signIn.submit')}
          </button>
          {busy && <span role="status">{t('signIn.busy')}</span>}
        </div>
      </form>
      {isDemoApplication && <p className="session-panel__hint">{t('signIn.demoHint')}</p>}
      <IdentityProviders />
    </section>
  );
}

/** Seed 002 §4: the providers from `/rest/auth/config`, shown only when there are some. */
function IdentityProviders() {
  const t = useTranslate();
  const dispatch = useDispatch();
  const sso = useAppState(selectSso);
  const relativeURL = sso.relativeURL;
  if (sso.status === 'error') {
    return (
      <div className="session-panel__providers">
        <p role="alert">{t('signIn.providersFailed')}</p>
        <button
          type="button"
          className="button"
          onClick={() => dispatch(ssoConfigRequested(relativeURL ? { relativeURL } : {}))}
        >
          {t('signIn.retryProviders')}
        </button>
      </div>
    );
  }
  if (!reached(sso.status, 'loaded') || sso.providers.length === 0) return null;
  return (
    <div className="session-panel__providers">
      <h2>{t('signIn.providers')}</h2>
      <ul>
        {sso.providers.map((provider, index) => {
          const name = provider.label ?? provider.name ?? String(provider.id ?? index + 1);
          // only an http(s) or same-origin address becomes a link; a `javascript:` one stays text
          const href = linkableUrl(provider.url);
          return (
            <li key={String(provider.id ?? index)}>
              {href ? (
                <a className="button" href={href}>
                  {t('signIn.provider', { name })}
                </a>
              ) : (
                <span>{name}</span>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
