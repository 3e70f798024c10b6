import { infoRetried } from '../../streams/app/events';
import { selectAppInfo } from '../../streams/app/selectors';
import { reached } from '../../streams/core/status';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { SearchScreen } from '../app/search-screen';
import { creditText } from '../i18n/credit';
import { useTranslate } from '../i18n/use-translate';

/**
 * The landing page: the application's own name, logo, background and credit (protocol §19) above
 * the search (UI-CONTRACT: `/` is the search screen too).
 */
export function HomePage() {
  const t = useTranslate();
  const dispatch = useDispatch();
  const info = useAppState(selectAppInfo);
  const { appName, appBGUrl, appBGCredit, appLogoUrlForDarkBG } = info.data;

  if (info.status === 'error') {
    return (
      <section className="panel panel--centered">
        <p role="alert">{t('home.infoUnavailable')}</p>
        <button type="button" className="button btn-primary" onClick={() => dispatch(infoRetried({}))}>
          {t('home.retry')}
        </button>
      </section>
    );
  }
  if (!reached(info.status, 'resolved')) {
    return (
      <section className="hero hero--loading" aria-busy="true">
        <p role="status">{t('app.loading')}</p>
      </section>
    );
  }
  return (
    <>
      <section
        className="hero hero--compact"
        style={appBGUrl ? { backgroundImage: `url("${appBGUrl}")` } : undefined}
      >
        <div className="hero__content">
          {appLogoUrlForDarkBG && <img className="hero__logo" src={appLogoUrlForDarkBG} alt="" />}
          <h1>{t('home.welcome', { name: appName ?? 'DAM' })}</h1>
          <p>{t('home.intro')}</p>
        </div>
        {appBGCredit && <p className="hero__credit">{creditText(t, appBGCredit)}</p>}
      </section>
      <SearchScreen />
    </>
  );
}
