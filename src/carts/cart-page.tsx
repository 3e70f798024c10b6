import { useEffect, useId, useState } from 'react';
import { CartComments } from './cart-comments';
import { Link, useLocation, useParams } from 'wouter';
import { cartOpened, contentFilterChanged, contentModeChosen } from '../../streams/carts/content-events';
import { selectSelectionAmong, selectionList } from '../../streams/selection/selectors';
import { deleteRequested, editRequested, unsubscribeRequested } from '../../streams/carts/edit-events';
import { contentModeSchema, fulltextModeSchema } from '../../streams/carts/model';
import { UNKNOWN_CART } from '../../streams/carts/list-rules';
import {
  canChangeItems,
  type ShownItem,
  selectCart,
  selectContent,
  selectContentMode,
  selectItemGroups,
  selectMutation,
  selectVariation,
  variationUrl,
} from '../../streams/carts/selectors';
import { selectIsUser, selectUserId } from '../../streams/session/selectors';
import { DownloadDialog } from '../downloads/download-dialog';
import { selectApiPath } from '../../streams/app/selectors';
import { selectCachedCart, selectCartFreshness } from '../../streams/cache/selectors';
import { config } from '../../streams/core/config';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { useTranslate } from '../i18n/use-translate';
import { ErrorMessage } from '../ui/error-message';
import { ModalDialog } from '../ui/modal-dialog';
import { showToast } from '../ui/toasts';
import { CartFormDialog } from './cart-form-dialog';
import { itemName } from './cart-item-tile';
import { CartItems } from './cart-items';
import { CartsSignIn, RollbackNotice } from './carts-page';
import { CollaboratorsDialog } from './collaborators-dialog';
import { ItemPlayer } from './item-player';
import { KeptCart } from './kept-cart';
import { ShareDialog } from './share-dialog';
import { useRemoveWithUndo } from './remove-with-undo';
import type { SerializedError } from '../../streams/core/errors';
import './carts.css';
import { CartHeading } from './cart-heading';
import { ApplySearch } from './apply-search';
import './messages';

type Open = 'share' | 'download' | 'collaborators' | 'edit' | 'delete' | 'unsubscribe' | null;

/** The full-text filter inside the cart: the text and its mode (sent only when should or must). */
function ContentFilter({ cartId }: { cartId: string }) {
  const t = useTranslate();
  const dispatch = useDispatch();
  const { fulltext, mode } = useAppState(selectContent, cartId);
  const textId = useId();
  const modeId = useId();
  return (
    <div className="toolbar carts-toolbar">
      <label htmlFor={textId}>{t('carts.searchIn')}</label>
      <input
        id={textId}
        value={fulltext}
        onChange={(event) => dispatch(contentFilterChanged({ cartId, fulltext: event.target.value, mode }))}
      />
      <label htmlFor={modeId}>{t('carts.match')}</label>
      <select
        id={modeId}
        value={mode}
        onChange={(event) =>
          dispatch(
            contentFilterChanged({ cartId, fulltext, mode: fulltextModeSchema.parse(event.target.value) }),
          )
        }
      >
        {fulltextModeSchema.options.map((option) => (
          <option key={option} value={option}>
            {t(`carts.match.${option}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

function Confirm({
  title,
  text,
  busy,
  danger,
  onConfirm,
  onClose,
}: {
  title: string;
  text: string;
  /** said while the request runs: the dialog stays until the server answered */
  busy?: string | null;
  danger?: boolean;
  onConfirm(): void;
  onClose(): void;
}) {
  const t = useTranslate();
  return (
    <ModalDialog title={title} onClose={onClose}>
      <p>{text}</p>
      {busy && <p role="status">{busy}</p>}
      <div className="toolbar cart-form__buttons">
        <button
          type="button"
          className={danger ? 'btn-danger' : 'btn-primary'}
          onClick={onConfirm}
          disabled={!!busy}
        >
          {t('carts.confirm')}
        </button>
        <button type="button" onClick={onClose} disabled={!!busy}>
          {t('carts.cancel')}
        </button>
      </div>
    </ModalDialog>
  );
}

/** 404: the cart does not exist (or is not shown to me); 403: it is someone else's. */
function accessProblem(error: SerializedError | null): 'missing' | 'forbidden' | null {
  if (error?.status === 404 || error?.code === 'error.http.404') return 'missing';
  if (error?.status === 403 || error?.code === 'error.http.403') return 'forbidden';
  return null;
}

/**
 * A cart that cannot be shown for good says why in words, and leads back to the carts (no Retry);
 * any other failure (an outage, a dropped connection) can be tried again.
 */
function CartUnavailable({
  error,
  lead = 'carts.unknown',
  onRetry,
}: {
  error: SerializedError | null;
  lead?: 'carts.unknown' | 'carts.unreadable';
  onRetry(): void;
}) {
  const t = useTranslate();
  const problem = accessProblem(error);
  if (!problem)
    return (
      <ErrorMessage
        lead={t(lead)}
        error={error ?? { code: 'error', message: '' }}
        onRetry={onRetry}
        retryLabel={t('carts.retry')}
      />
    );
  return (
    <div className="card cart-unavailable stack" role="alert">
      <h1>{problem === 'missing' ? t('collect.missing') : t('collect.forbidden')}</h1>
      <p>{problem === 'missing' ? t('collect.missingText') : t('collect.forbiddenText')}</p>
      <p>
        <Link href="/carts" className="btn-primary">
          {t('collect.backToCarts')}
        </Link>
      </p>
    </div>
  );
}

/**
 * Cursor mode (seed 002 §8): a cart the server does not know (404, or the seed's "Unknown cart"
 * refusal) shows the unknown-cart view; any other failure says the cart could not be read.
 */
function CartFailureInCursorMode({ error, onRetry }: { error: SerializedError | null; onRetry(): void }) {
  const unknown = accessProblem(error) === 'missing' || error?.message.startsWith(UNKNOWN_CART);
  if (!unknown) return <CartUnavailable error={error} lead="carts.unreadable" onRetry={onRetry} />;
  return <CartUnknown onRetry={onRetry} />;
}

/** The unknown-cart view: the cart can be asked again, or left for the carts. */
function CartUnknown({ onRetry }: { onRetry(): void }) {
  const t = useTranslate();
  return (
    <div className="card cart-unavailable stack" role="alert">
      <h1>{t('carts.unknownCart')}</h1>
      <p>{t('carts.unknownCartText')}</p>
      <p className="toolbar">
        <button type="button" onClick={onRetry}>
          {t('carts.retry')}
        </button>
        <Link href="/carts" className="btn-primary">
          {t('collect.backToCarts')}
        </Link>
      </p>
    </div>
  );
}

/**
 * How the cart's content is read (seed 002 §4): the user's choice, over the mount setting. The
 * cart is listed again in the chosen mode.
 */
function ContentModeSelect({ cartId }: { cartId: string }) {
  const t = useTranslate();
  const dispatch = useDispatch();
  const mode = useAppState(selectContentMode);
  const id = useId();
  return (
    <div className="toolbar carts-toolbar carts-content-mode">
      <label htmlFor={id}>{t('carts.contentMode')}</label>
      <select
        id={id}
        value={mode}
        onChange={(event) => {
          dispatch(contentModeChosen({ mode: contentModeSchema.parse(event.target.value) }));
          dispatch(cartOpened({ cartId }));
        }}
      >
        {contentModeSchema.options.map((option) => (
          <option key={option} value={option}>
            {t(`carts.contentMode.${option}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** `/carts/:id`: one cart, its items, and what its owner or a collaborator may do with it. */
export function CartPage() {
  const t = useTranslate();
  const dispatch = useDispatch();
  const [, navigate] = useLocation();
  const cartId = decodeURIComponent(useParams<{ id: string }>().id ?? '');
  const isUser = useAppState(selectIsUser);
  const userId = useAppState(selectUserId);
  const cart = useAppState(selectCart, cartId);
  const content = useAppState(selectContent, cartId);
  const contentMode = useAppState(selectContentMode);
  // the selection of a filtered cart keeps the items the filter hides: "Remove selected" acts on those shown
  const picked = useAppState(selectSelectionAmong, selectionList.cart(cartId), content.keys);
  const groups = useAppState(selectItemGroups, cartId);
  const apiPath = useAppState(selectApiPath);
  const variation = useAppState(selectVariation, config);
  const [open, setOpen] = useState<Open>(null);
  const [preview, setPreview] = useState<ShownItem | null>(null);
  const remove = useRemoveWithUndo(cartId);
  // a delete: the dialog waits for the server; once deleted, the carts list and a toast say so
  const [deleting, setDeleting] = useState<{ requestId: string; name: string } | null>(null);
  const deleteOutcome = useAppState(selectMutation, deleting?.requestId);
  const kept = useAppState(selectCachedCart, cartId);
  const freshness = useAppState(selectCartFreshness, cartId);

  useEffect(() => {
    if (userId) dispatch(cartOpened({ cartId }));
  }, [dispatch, cartId, userId]);

  useEffect(() => {
    if (!deleting || !deleteOutcome) return;
    if (deleteOutcome.status === 'loaded') {
      showToast({ message: t('collect.deleted', { name: deleting.name }) });
      setDeleting(null);
      navigate('/carts');
    } else if (deleteOutcome.status === 'error') {
      // rolled back: the page's notice says why
      setDeleting(null);
      setOpen(null);
    }
  }, [deleting, deleteOutcome, navigate, t]);

  // the cart as the last visit saw it, while this one's answer is on its way or out of reach
  if (kept && (freshness === 'offline' || (freshness === 'stale' && !cart && content.status !== 'error')))
    return <KeptCart kept={kept} freshness={freshness} />;
  if (!isUser) return <CartsSignIn />;

  const close = () => setOpen(null);
  const busy = content.status === 'unknown' || content.status === 'resolving' || content.status === 'initial';
  if (!cart) {
    return (
      <section className="carts-page">
        <Link href="/carts">{t('carts.back')}</Link>
        <RollbackNotice />
        {deleting ? (
          <p role="status">{t('collect.deleting')}</p>
        ) : content.status === 'error' && contentMode === 'cursor' ? (
          <CartFailureInCursorMode error={content.error} onRetry={() => dispatch(cartOpened({ cartId }))} />
        ) : content.status === 'error' ? (
          <CartUnavailable error={content.error} onRetry={() => dispatch(cartOpened({ cartId }))} />
        ) : (
          <p role="status">{t('carts.loadingItems')}</p>
        )}
      </section>
    );
  }

  const canChange = canChangeItems(cart, userId);
  const imageOf = (item: ShownItem) => variationUrl(apiPath, item.resource, item.id, variation);
  const total = groups.reduce((sum, group) => sum + group.items.length, 0);
  return (
    <section className="carts-page">
      <CartHeading cart={cart} />
      <div className="toolbar carts-actions">
        {cart.isMine && (
          <button type="button" onClick={() => setOpen('share')}>
            {t('carts.share')}
          </button>
        )}
        <button type="button" onClick={() => setOpen('download')} disabled={cart.total === 0}>
          {t('carts.download')}
        </button>
        {cart.isMine && (
          <>
            <button type="button" onClick={() => setOpen('collaborators')}>
              {t('carts.collaborators')}
            </button>
            <button type="button" onClick={() => setOpen('edit')}>
              {t('carts.edit')}
            </button>
            <button type="button" className="btn-danger" onClick={() => setOpen('delete')}>
              {t('carts.delete')}
            </button>
          </>
        )}
        {!cart.isMine && (
          <button type="button" onClick={() => setOpen('unsubscribe')}>
            {t('carts.unsubscribe')}
          </button>
        )}
      </div>
      <RollbackNotice />
      <ContentFilter cartId={cartId} />
      <ContentModeSelect cartId={cartId} />
      <ApplySearch cartId={cartId} />
      {canChange && picked.length > 0 && (
        <button type="button" onClick={() => remove([...picked], '')}>
          {t('carts.removeSelected', { count: picked.length })}
        </button>
      )}
      {content.status === 'error' &&
        (contentMode === 'cursor' ? (
          <CartFailureInCursorMode error={content.error} onRetry={() => dispatch(cartOpened({ cartId }))} />
        ) : (
          <CartUnavailable error={content.error} onRetry={() => dispatch(cartOpened({ cartId }))} />
        ))}
      {busy && <p role="status">{t('carts.loadingItems')}</p>}
      {!busy && total === 0 && content.status !== 'error' && (
        <p className="carts-empty">
          {content.filtered && content.fulltext.trim() !== ''
            ? t('carts.emptyFilter', { text: content.fulltext })
            : content.filtered
              ? t('carts.emptySearchApplied')
              : t('carts.emptyCart')}
        </p>
      )}
      <CartItems
        cartId={cartId}
        groups={groups}
        content={content}
        imageOf={imageOf}
        canChange={canChange}
        onPreview={setPreview}
      />
      {cart.isMine && <CartComments cartId={cartId} />}
      {preview && (
        <ModalDialog
          title={t('carts.previewOf', { name: itemName(preview) })}
          onClose={() => setPreview(null)}
        >
          <ItemPlayer cartId={cartId} resource={preview.resource} id={preview.id} name={itemName(preview)} />
          <button type="button" onClick={() => setPreview(null)}>
            {t('carts.close')}
          </button>
        </ModalDialog>
      )}
      {open === 'share' && <ShareDialog cartId={cartId} onClose={close} />}
      {open === 'download' && <DownloadDialog cartId={cartId} cartName={cart.name} onClose={close} />}
      {open === 'collaborators' && <CollaboratorsDialog cart={cart} onClose={close} />}
      {open === 'edit' && (
        <CartFormDialog
          title={t('carts.editTitle')}
          submitLabel={t('carts.save')}
          initial={{ name: cart.name, description: cart.description, isPrivate: cart.isPrivate }}
          onSubmit={(values) => dispatch(editRequested({ cartId, ...values }))}
          onClose={close}
        />
      )}
      {open === 'delete' && (
        <Confirm
          title={t('carts.delete')}
          text={t('carts.deleteConfirm', { name: cart.name })}
          danger
          busy={deleting ? t('collect.deleting') : null}
          onClose={close}
          onConfirm={() => {
            const request = dispatch(deleteRequested({ cartId }));
            if (request) setDeleting({ requestId: request.meta.id, name: cart.name });
          }}
        />
      )}
      {open === 'unsubscribe' && (
        <Confirm
          title={t('carts.unsubscribe')}
          text={t('carts.unsubscribeConfirm', { name: cart.name })}
          onClose={close}
          onConfirm={() => {
            dispatch(unsubscribeRequested({ cartId }));
            navigate('/carts');
          }}
        />
      )}
    </section>
  );
}
