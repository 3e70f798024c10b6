import { selectIsUser, selectMe } from '../../streams/session/selectors';
import { selectContributionLocales, selectIsWatermarked } from '../../streams/session/identity-selectors';
import { useAppState } from '../hooks/use-app-state';
import { useTranslate } from '../i18n/use-translate';
import { ChangePasswordForm } from '../session/change-password-form';
import { LanguageSelect } from './language-select';
import { PreferencesForm } from './preferences-form';
import { ProfileForm } from './profile-form';
import './account.css';
import './messages';
import { SignInLink } from '../session/sign-in-link';

/** `/account`: the language for everyone; profile, password and preferences for a user. */
export function AccountPage() {
  const t = useTranslate();
  const isUser = useAppState(selectIsUser);
  const me = useAppState(selectMe);
  const contributionLocales = useAppState((state) => selectContributionLocales(state).join(', '));
  const watermarked = useAppState(selectIsWatermarked);

  return (
    <section className="panel account-page" aria-labelledby="account-page-title">
      <h1 id="account-page-title">{t('accountPage.title')}</h1>
      <section aria-labelledby="account-language">
        <h2 id="account-language">{t('accountPage.languageTitle')}</h2>
        <LanguageSelect />
      </section>
      {isUser ? (
        <>
          <section aria-labelledby="account-profile">
            <h2 id="account-profile">{t('accountPage.profileTitle')}</h2>
            <ProfileForm />
            <p>{t('accountPage.contributionLocales', { locales: contributionLocales })}</p>
            {watermarked && <p className="notice">{t('accountPage.watermarked')}</p>}
          </section>
          <section aria-labelledby="account-password">
            <h2 id="account-password">{t('accountPage.passwordTitle')}</h2>
            <ChangePasswordForm login={me?.login ?? ''} />
          </section>
          <section aria-labelledby="account-preferences">
            <h2 id="account-preferences">{t('accountPage.preferencesTitle')}</h2>
            <PreferencesForm />
          </section>
        </>
      ) : (
        <p>
          {t('accountPage.visitor')} <SignInLink>{t('accountPage.signInLink')}</SignInLink>
        </p>
      )}
    </section>
  );
}
