import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { selectAppInfo } from '../../streams/app/selectors';
import { selectOutboxCount } from '../../streams/outbox/count-selectors';
import { selectEffectiveLocale, selectIsUser } from '../../streams/session/selectors';
import { selectIsDomainOn } from '../../streams/system/selectors';
import { useAppState } from '../hooks/use-app-state';
import { useTranslate } from '../i18n/use-translate';
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

// the unread count is a user's: its code comes with the portal's, on its way from the start
const NotificationsBadge = lazy(() =>
  import('../notifications/notifications-badge').then((m) => ({ default: m.NotificationsBadge })),
);

// the outbox's count and dialog load once it holds a write
const OutboxStatus = lazy(() => import('../outbox/outbox-status').then((m) => ({ default: m.OutboxStatus })));

function OutboxStatusWhenHeld() {
  const held = useAppState(selectOutboxCount) > 0;
  return held ? (
    <Suspense fallback={null}>
      <OutboxStatus />
    </Suspense>
  ) : null;
}

/**
 * The header: "Skip to content" first, the application's wordmark, the navigation (behind a
 * "Menu" disclosure on phones), the unread count on "Notifications", the downloads tray and the
 * account corner. The document's title is the route table's (document-title.tsx).
 */
export function Header() {
  const t = useTranslate();
  const [location] = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const { appName, appLogoHeaderUrlForDarkBG, appFaviconUrl } = useAppState(selectAppInfo).data;

  const locale = useAppState(selectEffectiveLocale);
  const isUser = useAppState(selectIsUser);
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  // the document's icon follows the application's own (protocol §19)
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
      {/* biome-ignore lint/a11y/useValidAnchor: a skip link is a link (it works without script too); the script keeps the address the router's */}
      <a
        className="skip-link"
        href="#main"
        onClick={(event) => {
          // focus moves to the content without touching the address (the router owns it)
          event.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        {t('app.skipToContent')}
      </a>
      <button
        type="button"
        className="header__menu-button"
        aria-expanded={menuOpen}
        aria-controls="main-nav"
        onClick={() => setMenuOpen(!menuOpen)}
      >
        {t('nav.menu')}
      </button>
      <Link href="/" className="header__brand">
        {/* the header logo is the application's wordmark: it carries the name */}
        {appLogoHeaderUrlForDarkBG ? (
          <img src={appLogoHeaderUrlForDarkBG} alt={appName ?? 'DAM'} className="header__logo" />
        ) : (
          <span>{appName ?? 'DAM'}</span>
        )}
      </Link>
      <nav
        id="main-nav"
        aria-label={t('nav.label')}
        className={menuOpen ? 'header__nav header__nav--open' : 'header__nav'}
      >
        <ul>
          {NAVIGATION.filter((link) => isUser || !link.requiresUser).map((link) => (
            <li key={link.href}>
              <Link
                href={link.href}
                aria-current={location.startsWith(link.href) ? 'page' : undefined}
                onClick={() => setMenuOpen(false)}
              >
                {t(link.label)}
              </Link>
              {/* the unread count sits on its link, a live region of its own beside the link's name */}
              {link.href === '/notifications' && isUser && (
                <Suspense fallback={null}>
                  <NotificationsBadge />
                </Suspense>
              )}
            </li>
          ))}
        </ul>
      </nav>
      <div className="header__actions">
        {/* writes that could not reach the server: their count and the dialog to review them */}
        <OutboxStatusWhenHeld />
        <DownloadsTrayWhenOn />
        <AccountMenu />
      </div>
    </header>
  );
}
