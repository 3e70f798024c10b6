import { Link } from 'wouter';
import { selectApiPath } from '../../streams/app/selectors';
import type { CachedCart } from '../../streams/cache/events';
import type { Freshness } from '../../streams/cache/state';
import { selectVariation, variationUrl } from '../../streams/carts/selectors';
import { config } from '../../streams/core/config';
import { useAppState } from '../hooks/use-app-state';
import { useTranslate } from '../i18n/use-translate';
import { CachedNotice } from '../ui/cached-notice';
import { useItemCount } from './carts-page';
import './carts.css';
import './messages';

/**
 * A cart as the last visit showed it (issue 25, offline reading), read only: its name, its items
 * by name with their pictures (the browser holds them) and links to their asset pages.
 */
export function KeptCart({ kept, freshness }: { kept: CachedCart; freshness: Freshness | null }) {
  const t = useTranslate();
  const itemCount = useItemCount();
  const apiPath = useAppState(selectApiPath);
  const variation = useAppState(selectVariation, config);
  const { cart, items } = kept;
  return (
    <section className="carts-page" aria-busy={freshness === 'stale'}>
      <Link href="/carts">{t('carts.back')}</Link>
      <div className="carts-page__header">
        <h1>{cart.name}</h1>
        <span className="badge">{cart.isPrivate ? t('carts.private') : t('carts.public')}</span>
        <span className="badge badge-info">{itemCount(cart.total)}</span>
      </div>
      {cart.description && <p className="carts-page__description">{cart.description}</p>}
      <CachedNotice freshness={freshness} />
      <ul className="kept-cart">
        {items.map((item) => {
          const name = item.name || item.title || `${item.resource} ${item.id}`;
          return (
            <li key={`${item.resource}/${item.id}`} aria-label={name} className="kept-cart__item">
              <img
                className="kept-cart__picture"
                src={variationUrl(apiPath, item.resource, item.id, variation)}
                alt=""
                loading="lazy"
              />
              <Link
                href={`/assets/${encodeURIComponent(item.resource)}/${encodeURIComponent(item.id)}?from=cart-${encodeURIComponent(cart.id)}`}
              >
                {name}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
