import { useEffect } from 'react';
import { itemPlayerRequested } from '../../streams/carts/content-events';
import { selectPlayer } from '../../streams/carts/selectors';
import { config } from '../../streams/core/config';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { useTranslate } from '../i18n/use-translate';
import './messages';

/**
 * The preview player of one cart item (protocol §6.1 `itemPreview/player`): the server's HTML,
 * shown as it comes; its status is tracked per (cart, type, id, player).
 */
export function ItemPlayer({
  cartId,
  resource,
  id,
  name,
}: {
  cartId: string;
  resource: string;
  id: string;
  name: string;
}) {
  const t = useTranslate();
  const dispatch = useDispatch();
  const target = { cartId, resource, id, player: config.cartItemPlayer };
  const player = useAppState(selectPlayer, target);
  const status = player?.status ?? 'registered';

  useEffect(() => {
    dispatch(itemPlayerRequested({ cartId, resource, id, player: config.cartItemPlayer }));
  }, [dispatch, cartId, resource, id]);

  if (status === 'error') {
    return (
      <p role="alert">
        {t('carts.previewFailed', { message: player?.error?.message ?? '' })}{' '}
        <button
          type="button"
          onClick={() =>
            dispatch(itemPlayerRequested({ cartId, resource, id, player: config.cartItemPlayer }))
          }
        >
          {t('carts.retry')}
        </button>
      </p>
    );
  }
  if (status !== 'loaded' || !player) {
    return <p role="status">{t('carts.itemLoading')}</p>;
  }
  return (
    <section
      aria-label={t('carts.previewOf', { name })}
      className="cart-player"
      // the player is the server's markup for this item (protocol §6.1)
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the DAM's own player HTML is what must be shown
      dangerouslySetInnerHTML={{ __html: player.html }}
    />
  );
}
