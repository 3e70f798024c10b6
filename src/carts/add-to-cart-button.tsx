import { useEffect, useState } from 'react';
import { itemsAddRequested } from '../../streams/carts/edit-events';
import { listOpened } from '../../streams/carts/events';
import { itemKey, itemKeys } from '../../streams/carts/model';
import { selectListStatus, selectMutation, selectWritableCarts } from '../../streams/carts/selectors';
import { ERROR_CODES } from '../../streams/core/errors';
import { selectIsUser } from '../../streams/session/selectors';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { useTranslate } from '../i18n/use-translate';
import { ErrorMessage } from '../ui/error-message';
import { ModalDialog } from '../ui/modal-dialog';
import './messages';

export interface AddToCartButtonProps {
  /** the asset's resource type, e.g. `asset` */
  resource: string;
  id: string | number;
  /** the asset's name, shown in the chooser */
  name: string;
}

/**
 * "Add to cart" for any asset (UI-CONTRACT: search results): opens a chooser of the carts the
 * user may change, and adds the asset to the one picked (`carts/itemsAddRequested`).
 */
export function AddToCartButton({ resource, id, name }: AddToCartButtonProps) {
  const t = useTranslate();
  const isUser = useAppState(selectIsUser);
  const [open, setOpen] = useState(false);
  if (!isUser) return null;
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        {t('carts.addToCart')}
      </button>
      {open && <CartChooser resource={resource} id={String(id)} name={name} onClose={() => setOpen(false)} />}
    </>
  );
}

function CartChooser({
  resource,
  id,
  name,
  onClose,
}: AddToCartButtonProps & { id: string; onClose(): void }) {
  const t = useTranslate();
  const dispatch = useDispatch();
  const carts = useAppState(selectWritableCarts);
  const list = useAppState(selectListStatus);
  const [picked, setPicked] = useState<{ cartId: string; requestId: string | null } | null>(null);
  const outcome = useAppState(selectMutation, picked?.requestId);
  const key = itemKey(resource, id);

  useEffect(() => {
    dispatch(listOpened({ reuseFresh: true }));
  }, [dispatch]);

  const add = (cartId: string) => {
    const request = dispatch(itemsAddRequested({ cartId, items: { [resource]: [id] } }));
    setPicked({ cartId, requestId: request?.meta.id ?? null });
  };

  const pickedName = carts.find((cart) => cart.id === picked?.cartId)?.name ?? '';
  return (
    <ModalDialog title={t('carts.addToCartTitle', { name })} onClose={onClose}>
      {list.status === 'initial' && <p role="status">{t('carts.loading')}</p>}
      {list.status === 'error' && list.error && (
        <ErrorMessage
          lead={t('carts.loadFailed')}
          error={list.error}
          onRetry={() => dispatch(listOpened({}))}
          retryLabel={t('carts.retry')}
        />
      )}
      {list.status !== 'initial' && carts.length === 0 && <p>{t('carts.noWritableCart')}</p>}
      <ul className="cart-chooser">
        {carts.map((cart) => {
          const inside = itemKeys(cart.items).includes(key);
          return (
            <li key={cart.id}>
              <button type="button" disabled={inside} onClick={() => add(cart.id)}>
                {t('carts.chooseCart', { name: cart.name })}
              </button>{' '}
              {inside && <span>({t('carts.inCart')})</span>}
            </li>
          );
        })}
      </ul>
      {outcome?.status === 'loaded' && <p role="status">{t('carts.added', { name: pickedName })}</p>}
      {outcome?.status === 'resolving' && <p role="status">{t('carts.checking')}</p>}
      {outcome?.status === 'error' && (
        <ErrorMessage
          lead={t('carts.addFailed')}
          error={outcome.error ?? { code: 'error', message: outcome.message ?? '' }}
          // an addition nobody could confirm may be saved: it is not offered again
          {...(picked && outcome.error?.code !== ERROR_CODES.unconfirmed
            ? { onRetry: () => add(picked.cartId), retryLabel: t('carts.retry') }
            : {})}
        />
      )}
      <button type="button" onClick={onClose}>
        {t('carts.close')}
      </button>
    </ModalDialog>
  );
}
