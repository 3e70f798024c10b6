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
  selectCartProfile,
  selectCartSections,
  selectFilter,
  selectListStatus,
  selectMakePublicBoard,
  selectNotices,
  selectSort,
} from '../../streams/carts/selectors';
import { selectIsUser, selectUserId } from '../../streams/session/selectors';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import type { MessageKey } from '../i18n/messages-en';
import { useTranslate } from '../i18n/use-translate';
import { ErrorMessage } from '../ui/error-message';
import { CartFormDialog } from './cart-form-dialog';
import './carts.css';
import './messages';
import { SignInLink } from '../session/sign-in-link';

/** "Sign in" for views that need a user (session contract): a link, no automatic redirect. */
export function SignInNeeded() {
  const t = useTranslate();
  return (
    <section className="carts-page">
      <h1>{t('carts.title')}</h1>
      <p>{t('carts.signIn')}</p>
      <SignInLink>{t('carts.signInLink')}</SignInLink>
    </section>
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
      <ErrorMessage
        key={requestId}
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
    );
  });
}

/** The cart profile could not be read: only private carts are offered; say so, with a retry. */
export function CartProfileProblem() {
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

function CartRow({ cart }: { cart: Cart }) {
  const t = useTranslate();
  return (
    <li className="carts-row">
      <Link href={`/carts/${encodeURIComponent(cart.id)}`} className="carts-row__name">
        {cart.name}
      </Link>
      <span>{t('carts.items', { count: cart.total })}</span>
      <span>{cart.isPrivate ? t('carts.private') : t('carts.public')}</span>
      {!cart.isMine && cart.ownerName && <span>{t('carts.owner', { name: cart.ownerName })}</span>}
      {cart.modified !== null && (
        <span>{t('carts.modified', { date: new Date(cart.modified).toLocaleDateString() })}</span>
      )}
    </li>
  );
}

function Section({ title, carts, empty }: { title: string; carts: Cart[]; empty: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="carts-section">
      <h2 id={headingId}>{title}</h2>
      {carts.length === 0 ? (
        <p className="carts-empty">{empty}</p>
      ) : (
        <ul>
          {carts.map((cart) => (
            <CartRow key={cart.id} cart={cart} />
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

  useEffect(() => {
    if (userId) dispatch(listOpened({}));
  }, [dispatch, userId]);

  if (!isUser) return <SignInNeeded />;

  const emptyShared = filter && sections.count > 0 ? t('carts.noMatch', { filter }) : t('carts.emptyShared');
  return (
    <section className="carts-page">
      <div className="carts-page__header">
        <h1>{t('carts.title')}</h1>
        <button type="button" onClick={() => setCreating(true)}>
          {t('carts.new')}
        </button>
      </div>
      <div className="carts-toolbar">
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
        <button type="button" onClick={() => dispatch(listOpened({}))} disabled={list.status === 'fetching'}>
          {t('carts.reload')}
        </button>
      </div>
      <RollbackNotice />
      {list.status === 'error' && list.error && (
        <ErrorMessage
          lead={t('carts.loadFailed')}
          error={list.error}
          onRetry={() => dispatch(listOpened({}))}
          retryLabel={t('carts.retry')}
        />
      )}
      <CartProfileProblem />
      {(list.status === 'initial' || list.status === 'fetching') && <p role="status">{t('carts.loading')}</p>}
      {list.status !== 'initial' && (
        <>
          <Section
            title={t('carts.mine')}
            carts={sections.mine}
            empty={filter && sections.count > 0 ? t('carts.noMatch', { filter }) : t('carts.emptyMine')}
          />
          <Section title={t('carts.sharedPrivate')} carts={sections.sharedPrivate} empty={emptyShared} />
          <Section title={t('carts.sharedPublic')} carts={sections.sharedPublic} empty={emptyShared} />
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
