import { useEffect, useId, useMemo, useState } from 'react';
import { itemsAddRequested } from '../../streams/carts/edit-events';
import { listOpened } from '../../streams/carts/events';
import { itemKey, itemKeys } from '../../streams/carts/model';
import { selectListStatus, selectMutation, selectRecentWritableCarts } from '../../streams/carts/selectors';
import { nameMatcher } from '../../streams/core/name-matcher';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { plural } from '../i18n/format';
import { useLocale } from '../i18n/use-locale';
import { useTranslate } from '../i18n/use-translate';
import { NewCartForm } from '../carts/new-cart-form';
import { ErrorMessage } from '../ui/error-message';
import { ModalDialog } from '../ui/modal-dialog';
import './messages';
import './results/messages';
import type { SelectionDialogProps } from './selection-dialog';

/**
 * "Add selection to cart": the carts I may change (recently changed first, with a filter); the
 * one picked gets the selected assets it does not hold yet, in one `carts/itemsAddRequested`.
 * "New cart" creates a cart holding the selection in one go (issue 28), and opens it.
 */
export function SelectionCartDialog({ resource, ids, onClose }: SelectionDialogProps) {
  const t = useTranslate();
  const locale = useLocale();
  const dispatch = useDispatch();
  const carts = useAppState(selectRecentWritableCarts);
  const list = useAppState(selectListStatus);
  const [filter, setFilter] = useState('');
  const [creating, setCreating] = useState(false);
  const [picked, setPicked] = useState<{ cartId: string; requestId: string | null } | null>(null);
  const outcome = useAppState(selectMutation, picked?.requestId);
  const filterId = useId();

  useEffect(() => {
    dispatch(listOpened({ reuseFresh: true }));
  }, [dispatch]);

  const shown = useMemo(() => {
    const matches = nameMatcher(filter);
    return carts.filter((cart) => matches(cart.name));
  }, [carts, filter]);

  const add = (cartId: string, missing: string[]) => {
    const request = dispatch(itemsAddRequested({ cartId, items: { [resource]: missing } }));
    setPicked({ cartId, requestId: request?.meta.id ?? null });
  };

  const pickedName = carts.find((cart) => cart.id === picked?.cartId)?.name ?? '';
  const title = plural(locale, ids.length, {
    one: t('results.addTitleOne', { count: ids.length }),
    other: t('results.addTitleOther', { count: ids.length }),
  });
  if (creating)
    return (
      <ModalDialog title={title} onClose={onClose} className="selection-cart-dialog">
        <NewCartForm
          items={{ [resource]: [...ids] }}
          initialName={filter.trim()}
          onBack={() => setCreating(false)}
          onOpened={onClose}
        />
      </ModalDialog>
    );
  return (
    <ModalDialog title={title} onClose={onClose} className="selection-cart-dialog">
      <label htmlFor={filterId} className="form__field">
        <span>{t('results.filterCarts')}</span>
      </label>
      <input
        id={filterId}
        type="search"
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
        autoComplete="off"
      />
      {list.status === 'initial' && <p role="status">{t('results.loadingCarts')}</p>}
      {list.status === 'error' && list.error && (
        <ErrorMessage
          lead={t('results.addFailed')}
          error={list.error}
          onRetry={() => dispatch(listOpened({}))}
          retryLabel={t('search.retry')}
        />
      )}
      {list.status !== 'initial' && carts.length === 0 && <p>{t('results.noCart')}</p>}
      <ul className="selection-cart-list">
        {shown.map((cart) => {
          const inside = new Set(itemKeys(cart.items));
          const missing = ids.filter((id) => !inside.has(itemKey(resource, id)));
          const already = ids.length - missing.length;
          return (
            <li key={cart.id}>
              <button
                type="button"
                disabled={missing.length === 0 || outcome?.status === 'fetching'}
                onClick={() => add(cart.id, missing)}
              >
                <span>{t('results.chooseCart', { name: cart.name })}</span>
                {already > 0 && (
                  <span className="selection-cart-list__note">
                    {missing.length === 0
                      ? t('results.allInside')
                      : t('results.someInside', { count: already })}
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
      {outcome?.status === 'fetching' && <p role="status">{t('results.adding')}</p>}
      {outcome?.status === 'loaded' && <p role="status">{t('results.added', { name: pickedName })}</p>}
      {outcome?.status === 'error' && (
        <ErrorMessage
          lead={t('results.addFailed')}
          error={outcome.error ?? { code: 'error', message: outcome.message ?? '' }}
        />
      )}
      <div className="modal-dialog__actions">
        <button type="button" onClick={() => setCreating(true)}>
          {t('results.newCart')}
        </button>
        <button type="button" onClick={onClose}>
          {t('results.close')}
        </button>
      </div>
    </ModalDialog>
  );
}
