import { Link, useRoute } from 'wouter';
import type { ShownItem } from '../../streams/carts/selectors';
import { selectEffectiveLocale } from '../../streams/session/selectors';
import { useAppState } from '../hooks/use-app-state';
import { useTranslate } from '../i18n/use-translate';
import { formatSize } from '../i18n/format';
import './messages';

/** The name an item is known by: its name, else its title, else its id. */
export function itemName(item: ShownItem): string {
  return item.details?.name || item.details?.title || `${item.resource} ${item.id}`;
}

interface CartItemTileProps {
  item: ShownItem;
  /** none while the picture is on its way (a shared cart's, fetched with its credentials) */
  imageUrl: string | undefined;
  selected?: boolean;
  onSelect?(selected: boolean): void;
  onRemove?(): void;
  onPreview?(): void;
}

/** One item of a cart: thumbnail, name, details and its actions. */
export function CartItemTile({ item, imageUrl, selected, onSelect, onRemove, onPreview }: CartItemTileProps) {
  const t = useTranslate();
  const locale = useAppState(selectEffectiveLocale);
  // on a cart's page the name opens the asset page, which steps through this cart (`from=cart-<id>`)
  const [inCart, params] = useRoute<{ id: string }>('/carts/:id');
  const name = itemName(item);
  if (!item.details) {
    return (
      <div className="tile cart-tile cart-tile--placeholder">
        <span>{item.pending ? t('carts.itemLoading') : t('carts.itemUnavailable', { id: item.id })}</span>
        {onRemove && (
          <button type="button" className="cart-tile__remove btn-small" onClick={onRemove}>
            {t('carts.removeFromCart')}
          </button>
        )}
      </div>
    );
  }
  const { mimetype, filesize, width, height } = item.details;
  return (
    <div className="tile cart-tile">
      {imageUrl ? (
        <img className="cart-tile__image" src={imageUrl} alt="" loading="lazy" width={160} height={120} />
      ) : (
        <span className="cart-tile__image cart-tile__image--pending" aria-hidden="true" />
      )}
      <div className="cart-tile__body">
        {onSelect && (
          <input
            type="checkbox"
            aria-label={t('carts.select', { name })}
            checked={selected ?? false}
            onChange={(event) => onSelect(event.target.checked)}
          />
        )}
        {inCart ? (
          <Link
            className="cart-tile__name"
            title={name}
            href={`/assets/${encodeURIComponent(item.resource)}/${encodeURIComponent(item.id)}?from=cart-${encodeURIComponent(params.id)}`}
          >
            {name}
          </Link>
        ) : (
          <span className="cart-tile__name" title={name}>
            {name}
          </span>
        )}
      </div>
      <p className="cart-tile__meta">
        {[
          mimetype,
          filesize !== null ? formatSize(filesize, locale) : null,
          width && height ? `${width}×${height}` : null,
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
      <div className="cart-tile__actions">
        {onPreview && (
          <button type="button" onClick={onPreview}>
            {t('carts.preview')}
          </button>
        )}
        {onRemove && (
          <button type="button" className="cart-tile__remove btn-small" onClick={onRemove}>
            {t('carts.removeFromCart')}
          </button>
        )}
      </div>
    </div>
  );
}
