import { useEffect, useId } from 'react';
import { listRequested } from '../../streams/notifications/events';
import { selectCartComments, selectNotifications } from '../../streams/notifications/selectors';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { formatDateTime } from '../i18n/format';
import { useLocale } from '../i18n/use-locale';
import { useTranslate } from '../i18n/use-translate';
import { ErrorMessage } from '../ui/error-message';
import './messages';

/**
 * "Comments" on the owner's cart page (issue 28): what recipients wrote on the cart's links. They
 * reach the owner as notifications (protocol §20), so the list is the notifications' list, asked
 * when a cart page opens before it was loaded.
 */
export function CartComments({ cartId }: { cartId: string }) {
  const t = useTranslate();
  const locale = useLocale();
  const dispatch = useDispatch();
  const headingId = useId();
  const comments = useAppState(selectCartComments, cartId);
  const { error, listing, items } = useAppState(selectNotifications);
  const loaded = items !== null;

  // once here, the list is asked again with each timed unread count (the notifications' poll):
  // only a first cart page of the session asks for it
  useEffect(() => {
    if (!loaded) dispatch(listRequested({}));
  }, [dispatch, loaded]);

  return (
    <section className="cart-comments" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('carts.comments')}</h2>
      {comments === null && error && !listing ? (
        <ErrorMessage
          role="status"
          lead={t('carts.commentsFailed')}
          error={error}
          onRetry={() => dispatch(listRequested({}))}
        />
      ) : comments !== null && comments.length === 0 ? (
        <p>{t('carts.noComments')}</p>
      ) : (
        <ul>
          {(comments ?? []).map((comment) => (
            <li key={comment.id}>
              <p className="cart-comments__byline">
                <strong>{comment.author ?? t('carts.commentVisitor')}</strong>
                {comment.date && <time dateTime={comment.date}>{formatDateTime(locale, comment.date)}</time>}
              </p>
              <p className="cart-comments__text">{comment.text}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
