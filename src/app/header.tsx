import { lazy, Suspense, useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { selectAppInfo } from '../../streams/app/selectors';
import { selectEffectiveLocale, selectIsUser } from '../../streams/session/selectors';
import { selectIsDomainOn } from '../../streams/system/selectors';
import { useAppState } from '../hooks/use-app-state';
import { useTranslate } from '../i18n/use-translate';
import { NotificationsBadge } from '../notifications/notifications-badge';
import { AccountMenu } from '../session/account-menu';
import { NAVIGATION } from './navigation';

// the tray shows zips on their way, so it loads with the downloads' code
const DownloadsTray = lazy(() =>
  import('../downloads/downloads-tray').then((m) => ({ default: m.DownloadsTray })),
);

function DownloadsTrayWhenOn() {
  const on = useAppState(selectIsDomainOn, 'downloads');
  return on ? (
    <Suspense fallback={null}>
      <DownloadsTray />
    </Suspense>
  ) : null;
}

export function Header() {
  const t = useTranslate();
  const [location] = useLocation();
  const { appName, appLogoHeaderUrlForDarkBG, appFaviconUrl } = useAppState(selectAppInfo).data;

  const locale = useAppState(selectEffectiveLocale);
  const isUser = useAppState(selectIsUser);
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  // the document's title and icon follow the application's own (protocol §19)
  useEffect(() => {
    if (appName) document.title = appName;
  }, [appName]);
  useEffect(() => {
    if (!appFaviconUrl) return;
    let icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!icon) {
      icon = document.createElement('link');
      icon.rel = 'icon';
      document.head.append(icon);
    }
    icon.href = appFaviconUrl;
  }, [appFaviconUrl]);

  return (
    <header className="header">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <Link href="/" className="header__brand">
        {/* the header logo is the application's wordmark: it carries the name */}
        {appLogoHeaderUrlForDarkBG ? (
          <img src={appLogoHeaderUrlForDarkBG} alt={appName ?? 'DAM'} className="header__logo" />
        ) : (
          <span>{appName ?? 'DAM'}</span>
        )}
      </Link>
      {NAVIGATION.length > 0 && (
        <nav aria-label={t('nav.label')} className="header__nav">
          <ul>
            {NAVIGATION.filter((link) => isUser || !link.requiresUser).map((link) => (
              <li key={link.href}>
                <Link href={link.href} aria-current={location.startsWith(link.href) ? 'page' : undefined}>
                  {t(link.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <NotificationsBadge />
      <DownloadsTrayWhenOn />
      <AccountMenu />
    </header>
  );
}
