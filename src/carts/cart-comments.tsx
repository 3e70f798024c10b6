import { useId } from 'react';
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
 * reach the owner as notifications (protocol §20), so the list is the notifications' list: shown
 * at once when the notifications' poll has it, else asked by "Show comments" (issue 26: opening a
 * cart asks the cart only, as the reference).
 */
export function CartComments({ cartId }: { cartId: string }) {
  const t = useTranslate();
  const locale = useLocale();
  const dispatch = useDispatch();
  const headingId = useId();
  const comments = useAppState(selectCartComments, cartId);
  const { error, listing, items } = useAppState(selectNotifications);
  const loaded = items !== null;

  return (
    <section className="cart-comments" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('carts.comments')}</h2>
      {!loaded && !error ? (
        // once asked, the notifications' poll keeps the list: the next carts show their comments
        <button
          type="button"
          onClick={() => dispatch(listRequested({}))}
          disabled={listing}
          aria-busy={listing}
        >
          {t('carts.showComments')}
        </button>
      ) : comments === null && error && !listing ? (
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
