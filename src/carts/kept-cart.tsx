import { Link } from 'wouter';
import { selectApiPath } from '../../streams/app/selectors';
import type { CachedCart } from '../../streams/cache/events';
import type { Freshness } from '../../streams/cache/state';
import { selectVariation, variationUrl } from '../../streams/carts/selectors';
import { config } from '../../streams/core/config';
import { useAppState } from '../hooks/use-app-state';
import { CachedNotice } from '../ui/cached-notice';
import './carts.css';
import { CartHeading } from './cart-heading';
import './messages';

/**
 * A cart as the last visit showed it (issue 25, offline reading), read only: its name, its items
 * by name with their pictures (the browser holds them) and links to their asset pages.
 */
export function KeptCart({ kept, freshness }: { kept: CachedCart; freshness: Freshness | null }) {
  const apiPath = useAppState(selectApiPath);
  const variation = useAppState(selectVariation, config);
  const { cart, items } = kept;
  return (
    <section className="carts-page" aria-busy={freshness === 'stale'}>
      <CartHeading cart={cart} />
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
