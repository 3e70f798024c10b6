import { useEffect } from 'react';
import { itemPlayerRequested } from '../../streams/carts/content-events';
import { selectPlayer } from '../../streams/carts/selectors';
import { config } from '../../streams/core/config';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { useTranslate } from '../i18n/use-translate';
import './messages';
import { playerDocument } from './player-document';

/**
 * The preview player of one cart item (protocol §6.1 `itemPreview/player`); its status is tracked
 * per (cart, type, id, player). The server's HTML is shown in a sandboxed frame of its own
 * (player-document.ts): whatever it holds, no script of it runs, in the portal's origin or any.
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
    <iframe
      title={t('carts.previewOf', { name })}
      className="cart-player"
      // no allow-scripts, no allow-same-origin: an opaque origin where nothing runs
      sandbox=""
      referrerPolicy="no-referrer"
      srcDoc={playerDocument(player.html)}
    />
  );
}
