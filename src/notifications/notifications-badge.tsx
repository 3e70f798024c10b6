import { selectUnreadCount } from '../../streams/notifications/selectors';
import { selectIsUser } from '../../streams/session/selectors';
import { useAppState } from '../hooks/use-app-state';
import { useTranslate } from '../i18n/use-translate';
import './notifications.css';

/**
 * The header's unread count, for users once the server answered. A polite live region: the
 * count is announced when it changes; its name says what the number counts.
 */
export function NotificationsBadge() {
  const t = useTranslate();
  const isUser = useAppState(selectIsUser);
  const count = useAppState(selectUnreadCount);
  if (!isUser || count === null) return null;
  const label = count > 0 ? t('notifications.badge', { count }) : t('notifications.badgeNone');
  return (
    <span role="status" aria-label={label} title={label} className="notifications-badge" data-count={count}>
      {count > 0 ? count : ''}
    </span>
  );
}
