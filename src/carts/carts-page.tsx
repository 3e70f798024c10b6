import { useEffect, useId, useState } from 'react';
import { Link } from 'wouter';
import { createRequested, retryRequestOf } from '../../streams/carts/edit-events';
import {
  filterChanged,
  listOpened,
  noticeDismissed,
  profileReloadRequested,
  sortChanged,
} from '../../streams/carts/events';
import type { Cart, SortField } from '../../streams/carts/model';
import { sortFieldSchema } from '../../streams/carts/model';
import {
  coverItems,
  isExpired,
  isShared,
  selectCartProfile,
  selectCartSections,
  selectSectionsOf,
  selectFilter,
  selectListStatus,
  selectMakePublicBoard,
  selectNotices,
  selectSort,
  selectVariation,
  variationUrl,
} from '../../streams/carts/selectors';
import { selectApiPath } from '../../streams/app/selectors';
import { selectCachedCarts, selectCartsFreshness } from '../../streams/cache/selectors';
import { config } from '../../streams/core/config';
import { formatDate, formatNumber, plural } from '../i18n/format';
import { EmptyState } from '../ui/empty-state';
import { selectEffectiveLocale, selectIsUser, selectUserId } from '../../streams/session/selectors';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import type { MessageKey } from '../i18n/messages-en';
import { useTranslate } from '../i18n/use-translate';
import { PendingWrite } from '../outbox/pending-write';
import { CachedNotice } from '../ui/cached-notice';
import { ErrorMessage } from '../ui/error-message';
import { CartFormDialog } from './cart-form-dialog';
import './carts.css';
import './messages';
import { SignInNeeded } from '../session/sign-in-needed';

/** "Sign in" for the carts' views, which need a user. */
export function CartsSignIn() {
  const t = useTranslate();
  return (
    <SignInNeeded
      className="carts-page"
      title={t('carts.title')}
      text={t('carts.signIn')}
      link={t('carts.signInLink')}
    />
  );
}

/** Each rolled-back change, said out loud until dismissed (concurrent ones each keep theirs). */
export function RollbackNotice() {
  const t = useTranslate();
  const dispatch = useDispatch();
  const notices = useAppState(selectNotices);
  return notices.map(({ requestId, kind, message, error, retry }) => {
    const again = retryRequestOf(kind, retry ?? null);
    return (
      <PendingWrite key={requestId} requestId={requestId}>
        <ErrorMessage
          className="carts-notice"
          lead={t('carts.rolledBack')}
          error={error ?? { code: 'error', message }}
          onRetry={
            again
              ? () => {
                  dispatch(noticeDismissed({ requestId }));
                  dispatch(again);
                }
              : undefined
          }
        >
          <button type="button" onClick={() => dispatch(noticeDismissed({ requestId }))}>
            {t('carts.dismiss')}
          </button>
        </ErrorMessage>
      </PendingWrite>
    );
  });
}

/** The cart profile could not be read: only private carts are offered; say so, with a retry. */
function CartProfileProblem() {
  const t = useTranslate();
  const dispatch = useDispatch();
  const profile = useAppState(selectCartProfile);
  if (profile.status !== 'error' || !profile.error) return null;
  return (
    <ErrorMessage
      role="status"
      className="carts-notice"
      lead={t('carts.profileFailed')}
      error={profile.error}
      onRetry={() => dispatch(profileReloadRequested({}))}
    />
  );
}

/** "3 items" / "1 élément": the count in the user's locale, its plural through Intl.PluralRules. */
export function useItemCount(): (count: number) => string {
  const t = useTranslate();
  const locale = useAppState(selectEffectiveLocale);
  return (count: number) =>
    plural(locale, count, {
      one: t('collect.itemsOne', { count: formatNumber(locale, count) }),
      other: t('collect.itemsOther', { count: formatNumber(locale, count) }),
    });
}

const COVER_ITEMS = 4;

/** The cart's first items' pictures (the list answer carries the items' ids, protocol §6.2). */
function CartCover({ cart }: { cart: Cart }) {
  const t = useTranslate();
  const apiPath = useAppState(selectApiPath);
  const variation = useAppState(selectVariation, config);
  const items = coverItems(cart, COVER_ITEMS);
  if (items.length === 0)
    return (
      <div className="cart-card__cover cart-card__cover--empty">
        <span>{t('collect.noCover')}</span>
      </div>
    );
  return (
    <div className="cart-card__cover" data-count={Math.min(items.length, COVER_ITEMS)} aria-hidden="true">
      {items.map(({ resource, id }) => (
        <img
          key={`${resource}/${id}`}
          src={variationUrl(apiPath, resource, id, variation)}
          alt=""
          loading="lazy"
          decoding="async"
        />
      ))}
    </div>
  );
}

/** One cart: cover, name (the link), item count, modified date in the locale, badges. */
function CartCard({ cart, now }: { cart: Cart; now: number }) {
  const t = useTranslate();
  const locale = useAppState(selectEffectiveLocale);
  const itemCount = useItemCount();
  const expired = isExpired(cart, now);
  return (
    <li className="cart-card card">
      <CartCover cart={cart} />
      <div className="cart-card__body">
        <Link href={`/carts/${encodeURIComponent(cart.id)}`} className="cart-card__name">
          {cart.name}
        </Link>
        <p className="cart-card__meta">
          <span>{itemCount(cart.total)}</span>
          {cart.modified !== null && (
            <span>{t('collect.modified', { date: formatDate(locale, cart.modified) })}</span>
          )}
        </p>
        <p className="cart-card__badges">
          {expired && <span className="badge badge-warn">{t('collect.expired')}</span>}
          {cart.isMine && isShared(cart) && <span className="badge badge-info">{t('collect.shared')}</span>}
          {!cart.isMine && cart.ownerName && (
            <span className="cart-card__owner">{t('carts.owner', { name: cart.ownerName })}</span>
          )}
        </p>
      </div>
    </li>
  );
}

function Section({ title, carts, empty, now }: { title: string; carts: Cart[]; empty: string; now: number }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="carts-section">
      <h2 id={headingId}>{title}</h2>
      {carts.length === 0 ? (
        <p className="carts-empty">{empty}</p>
      ) : (
        <ul className="cart-cards">
          {carts.map((cart) => (
            <CartCard key={cart.id} cart={cart} now={now} />
          ))}
        </ul>
      )}
    </section>
  );
}

const SORT_LABELS: Record<SortField, MessageKey> = {
  id: 'carts.sort.id',
  total: 'carts.sort.total',
  name: 'carts.sort.name',
  modified: 'carts.sort.modified',
};

const NO_CARTS: Cart[] = [];

/** `/carts`: mine, shared with me (private), shared with me (public); filter and sort. */
export function CartsPage() {
  const t = useTranslate();
  const dispatch = useDispatch();
  const isUser = useAppState(selectIsUser);
  const userId = useAppState(selectUserId);
  const list = useAppState(selectListStatus);
  const sections = useAppState(selectCartSections);
  const filter = useAppState(selectFilter);
  const sort = useAppState(selectSort);
  const makePublicBoard = useAppState(selectMakePublicBoard);
  const [creating, setCreating] = useState(false);
  const filterId = useId();
  const hintId = useId();
  const sortId = useId();
  const orderId = useId();

  // the list the last visit saw stands in while this one's is on its way, or out of reach
  const kept = useAppState(selectCachedCarts);
  const freshness = useAppState(selectCartsFreshness);
  const fromCache = kept !== null && (freshness === 'offline' || (freshness === 'stale' && !list.error));
  const keptSections = useAppState(selectSectionsOf, kept ?? NO_CARTS);

  useEffect(() => {
    if (userId) dispatch(listOpened({}));
  }, [dispatch, userId]);

  if (!isUser && !fromCache) return <CartsSignIn />;
  const shown = fromCache ? keptSections : sections;

  const emptyShared = filter && shown.count > 0 ? t('carts.noMatch', { filter }) : t('carts.emptyShared');
  const none = (fromCache || list.status === 'loaded') && shown.count === 0;
  const newCart = (
    <button type="button" className="btn-primary" onClick={() => setCreating(true)}>
      {t('carts.new')}
    </button>
  );
  const now = Date.now();
  return (
    <section className="carts-page">
      <div className="carts-page__header">
        <h1>{t('carts.title')}</h1>
        {!none && newCart}
      </div>
      <div className="toolbar carts-toolbar">
        <label htmlFor={filterId}>{t('carts.filter')}</label>
        <input
          id={filterId}
          value={filter}
          aria-describedby={hintId}
          onChange={(event) => dispatch(filterChanged({ text: event.target.value }))}
        />
        <span id={hintId} className="carts-toolbar__hint">
          {t('carts.filterHint')}
        </span>
        <label htmlFor={sortId}>{t('carts.sortBy')}</label>
        <select
          id={sortId}
          value={sort.field}
          onChange={(event) =>
            dispatch(
              sortChanged({ field: sortFieldSchema.parse(event.target.value), ascending: sort.ascending }),
            )
          }
        >
          {sortFieldSchema.options.map((field) => (
            <option key={field} value={field}>
              {t(SORT_LABELS[field])}
            </option>
          ))}
        </select>
        <label htmlFor={orderId}>{t('carts.order')}</label>
        <select
          id={orderId}
          value={sort.ascending ? 'asc' : 'desc'}
          onChange={(event) =>
            dispatch(sortChanged({ field: sort.field, ascending: event.target.value === 'asc' }))
          }
        >
          <option value="asc">{t('carts.order.ascending')}</option>
          <option value="desc">{t('carts.order.descending')}</option>
        </select>
        <button
          type="button"
          className="btn-ghost"
          onClick={() => dispatch(listOpened({}))}
          disabled={list.status === 'fetching'}
        >
          {t('carts.reload')}
        </button>
      </div>
      <RollbackNotice />
      {fromCache && <CachedNotice freshness={freshness} />}
      {list.status === 'error' && list.error && !fromCache && (
        <ErrorMessage
          lead={t('carts.loadFailed')}
          error={list.error}
          onRetry={() => dispatch(listOpened({}))}
          retryLabel={t('carts.retry')}
        />
      )}
      <CartProfileProblem />
      {!fromCache && (list.status === 'initial' || list.status === 'fetching') && (
        <p role="status">{t('carts.loading')}</p>
      )}
      {none && (
        <EmptyState title={t('collect.emptyTitle')} action={newCart}>
          <p>{t('collect.emptyText')}</p>
        </EmptyState>
      )}
      {(fromCache || list.status !== 'initial') && !none && (
        <>
          <Section
            title={t('carts.mine')}
            carts={shown.mine}
            now={now}
            empty={filter && shown.count > 0 ? t('carts.noMatch', { filter }) : t('carts.emptyMine')}
          />
          <Section
            title={t('carts.sharedPrivate')}
            carts={shown.sharedPrivate}
            now={now}
            empty={emptyShared}
          />
          <Section title={t('carts.sharedPublic')} carts={shown.sharedPublic} now={now} empty={emptyShared} />
        </>
      )}
      {creating && (
        <CartFormDialog
          title={t('carts.new')}
          submitLabel={t('carts.create')}
          initial={{ name: '', description: '', isPrivate: true }}
          onSubmit={(values) =>
            dispatch(
              createRequested({
                ...values,
                isPrivate: values.isPrivate || !makePublicBoard,
                collaborators: [],
              }),
            )
          }
          onClose={() => setCreating(false)}
        />
      )}
    </section>
  );
}
