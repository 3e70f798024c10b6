import { useCallback } from 'react';
import { itemsAddRequested, itemsRemoveRequested } from '../../streams/carts/edit-events';
import { itemMapOf } from '../../streams/carts/model';
import { useDispatch } from '../hooks/use-dispatch';
import { useTranslate } from '../i18n/use-translate';
import { showToast } from '../ui/toasts';
import './messages';

/**
 * "Remove from cart" that can be undone for the toast's few seconds (issue 13). The removal is
 * sent at once (the page, the server and a reload agree from the start, and a closed tab loses
 * nothing); "Undo" adds the items back with the protocol's add (protocol §6.1), so an item that
 * comes back comes back at the end of the cart. A removal the server refuses is rolled back and
 * said by the page's notice, as before.
 */
export function useRemoveWithUndo(cartId: string): (keys: string[], name: string) => void {
  const t = useTranslate();
  const dispatch = useDispatch();
  return useCallback(
    (keys: string[], name: string) => {
      if (keys.length === 0) return;
      dispatch(itemsRemoveRequested({ cartId, keys }));
      showToast({
        message:
          keys.length === 1
            ? t('carts.itemRemoved', { name })
            : t('collect.removedMany', { count: keys.length }),
        action: {
          label: t('carts.undo'),
          run: () => dispatch(itemsAddRequested({ cartId, items: itemMapOf(keys) })),
        },
      });
    },
    [cartId, dispatch, t],
  );
}
