import { useEffect } from 'react';
import { listRequested, markAllReadRequested, removeRequested } from '../../streams/notifications/events';
import { type Notification, selectNotifications } from '../../streams/notifications/selectors';
import { selectEffectiveLocale, selectIsUser } from '../../streams/session/selectors';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { useTranslate } from '../i18n/use-translate';
import { ErrorMessage } from '../ui/error-message';
import './notifications.css';
import { SignInLink } from '../session/sign-in-link';
import { ServerLink } from '../ui/server-link';

function NotificationItem({ notification }: { notification: Notification }) {
  const t = useTranslate();
  const dispatch = useDispatch();
  const locale = useAppState(selectEffectiveLocale);
  const title = notification.title ?? t('notifications.untitled');
  const date = notification.date ? new Date(notification.date) : null;

  return (
    <li className={`notification${notification.read ? '' : ' notification--unread'}`}>
      <div className="notification__text">
        <strong>
          {notification.link ? <ServerLink href={notification.link}>{title}</ServerLink> : title}
        </strong>
        <span className="notification__state">
          {t(notification.read ? 'notifications.read' : 'notifications.unread')}
        </span>
        {notification.message && <p>{notification.message}</p>}
        {date && !Number.isNaN(date.getTime()) && (
          <time dateTime={notification.date!}>{date.toLocaleString(locale)}</time>
        )}
      </div>
      <button
        type="button"
        className="button"
        aria-label={t('notifications.deleteNamed', { title })}
        onClick={() => dispatch(removeRequested({ id: notification.id }))}
      >
        {t('notifications.delete')}
      </button>
    </li>
  );
}

/** `/notifications`: the user's notifications, read or unread; mark all read, delete each (protocol §20). */
export function NotificationsPage() {
  const t = useTranslate();
  const dispatch = useDispatch();
  const isUser = useAppState(selectIsUser);
  const { items, listing, unreadCount, error } = useAppState(selectNotifications);

  useEffect(() => {
    if (isUser) dispatch(listRequested({}));
  }, [dispatch, isUser]);

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

  const unread = items ? items.filter(({ read }) => !read).length : (unreadCount ?? 0);
  return (
    <section className="panel notifications-page">
      <h1>{t('notifications.title')}</h1>
      <div className="button-row">
        <span>{t('notifications.unreadSummary', { count: unread })}</span>
        <button
          type="button"
          className="button"
          disabled={unread === 0}
          onClick={() => dispatch(markAllReadRequested({}))}
        >
          {t('notifications.markAllRead')}
        </button>
      </div>
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
            <NotificationItem key={notification.id} notification={notification} />
          ))}
        </ul>
      )}
    </section>
  );
}
