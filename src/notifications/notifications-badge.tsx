import { unreadCountRequested } from '../../streams/notifications/events';
import { selectUnreadCount, selectUnreadCountFailure } from '../../streams/notifications/selectors';
import { selectEffectiveLocale, selectIsUser } from '../../streams/session/selectors';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { useTranslate } from '../i18n/use-translate';
import { ErrorMessage } from '../ui/error-message';
import './notifications.css';

/**
 * The header's unread count, for users once the server answered. A polite live region: the
 * count is announced when it changes; its name says what the number counts. A failed count is a
 * small notice with a retry (the last count, if any, stays).
 */
export function NotificationsBadge() {
  const t = useTranslate();
  const dispatch = useDispatch();
  const isUser = useAppState(selectIsUser);
  const locale = useAppState(selectEffectiveLocale);
  const count = useAppState(selectUnreadCount);
  const failure = useAppState(selectUnreadCountFailure);
  if (!isUser) return null;
  const notice = failure && (
    <ErrorMessage
      role="status"
      className="notifications-badge__problem"
      lead={t('notifications.unreadFailed')}
      error={failure}
      onRetry={() => dispatch(unreadCountRequested({}))}
    />
  );
  if (count === null) return notice || null;
  // plurals through Intl.PluralRules ("1 notification non lue"), inline: the shell does not load src/i18n/format.ts
  const one = new Intl.PluralRules(locale).select(count) === 'one';
  const label =
    count === 0
      ? t('notifications.badgeNone')
      : t(one ? 'notifications.badgeOne' : 'notifications.badge', { count });
  return (
    <>
      <span
        role="status"
        aria-label={label}
        title={label}
        className="badge notifications-badge"
        data-count={count}
      >
        {count > 0 ? count : ''}
      </span>
      {notice}
    </>
  );
}
