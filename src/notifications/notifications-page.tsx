import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { linkableUrl, sameOriginPath } from '../../streams/core/safe-url';
import { listRequested, markAllReadRequested, removeRequested } from '../../streams/notifications/events';
import { type Notification, selectNotifications } from '../../streams/notifications/selectors';
import { selectIsUser } from '../../streams/session/selectors';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { formatDateTime } from '../i18n/format';
import { useLocale } from '../i18n/use-locale';
import { useTranslate } from '../i18n/use-translate';
import { ErrorMessage } from '../ui/error-message';
import './notifications.css';
import './page/messages';
import { SignInLink } from '../session/sign-in-link';
import { usePortalPath } from './portal-paths';

/**
 * The title opens what the notification is about: a screen of the portal in the portal, an
 * http(s) address as a plain link; an address that would land nowhere (no such screen, a
 * `javascript:` URL, none at all) stays text.
 */
function NotificationTitle({ notification, title }: { notification: Notification; title: string }) {
  const portalPath = usePortalPath()(notification.link);
  if (portalPath) return <Link href={portalPath}>{title}</Link>;
  const external = sameOriginPath(notification.link) ? null : linkableUrl(notification.link);
  return external ? <a href={external}>{title}</a> : <span>{title}</span>;
}

function NotificationItem({ notification, isNew }: { notification: Notification; isNew: boolean }) {
  const t = useTranslate();
  const dispatch = useDispatch();
  const locale = useLocale();
  const title = notification.title ?? t('notifications.untitled');
  const when = notification.date ? formatDateTime(locale, notification.date) : '';

  return (
    <li className={`notification${isNew ? ' notification--unread' : ''}`}>
      <div className="notification__text">
        <strong>
          <NotificationTitle notification={notification} title={title} />
        </strong>{' '}
        {isNew && <span className="badge badge-info">{t('notifications.new')}</span>}
        {notification.message && <p>{notification.message}</p>}
        {when && <time dateTime={notification.date!}>{when}</time>}
      </div>
      <button
        type="button"
        className="btn-ghost btn-small"
        aria-label={t('notifications.deleteNamed', { title })}
        onClick={() => dispatch(removeRequested({ id: notification.id }))}
      >
        {t('notifications.delete')}
      </button>
    </li>
  );
}

/**
 * `/notifications`: the user's notifications, read or unread; delete each (protocol §20).
 * Opening the page is opening them: protocol §20 has one read call, "mark all read" (no call marks
 * a single notification), so once the list shows unread ones the page sends it and the header's
 * badge drops. The ones that were unread keep a "New" label while the page stays open.
 */
export function NotificationsPage() {
  const t = useTranslate();
  const dispatch = useDispatch();
  const isUser = useAppState(selectIsUser);
  const { items, listing, error } = useAppState(selectNotifications);
  // the ids that were unread when they showed on this page (a view's memory, not the state's)
  const fresh = useRef(new Set<string>());

  useEffect(() => {
    if (isUser) dispatch(listRequested({}));
  }, [dispatch, isUser]);

  const unreadShown = items?.filter(({ read }) => !read) ?? [];
  for (const { id } of unreadShown) fresh.current.add(id);
  const marking = unreadShown.length > 0 && !error;
  useEffect(() => {
    if (marking) dispatch(markAllReadRequested({}));
  }, [dispatch, marking]);

  if (!isUser) {
    return (
      <section className="panel notifications-page">
        <h1>{t('notifications.title')}</h1>
        <p>
          {t('notifications.visitor')} <SignInLink>{t('notifications.signInLink')}</SignInLink>
        </p>
      </section>
    );
  }

  return (
    <section className="panel notifications-page">
      <h1>{t('notifications.title')}</h1>
      <p className="notifications-page__note">{t('notifications.seenNote')}</p>
      {error && (
        <ErrorMessage
          className="form__error"
          lead={t('notifications.failed')}
          error={error}
          onRetry={() => dispatch(listRequested({}))}
          retryLabel={t('notifications.retry')}
        />
      )}
      {items === null && listing && <p role="status">{t('notifications.loading')}</p>}
      {items?.length === 0 && <p>{t('notifications.empty')}</p>}
      {items && items.length > 0 && (
        <ul className="notifications-page__list" aria-label={t('notifications.title')}>
          {items.map((notification) => (
            <NotificationItem
              key={notification.id}
              notification={notification}
              isNew={fresh.current.has(notification.id)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
