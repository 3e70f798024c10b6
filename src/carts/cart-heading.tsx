import { Link } from 'wouter';
import { useTranslate } from '../i18n/use-translate';
import { useItemCount } from './carts-page';
import './messages';

interface HeadedCart {
  name: string;
  isPrivate: boolean;
  total: number;
  description?: string | null;
}

/** The top of a cart's page, live or kept: back to the carts, its name, privacy, item count and description. */
export function CartHeading({ cart }: { cart: HeadedCart }) {
  const t = useTranslate();
  const itemCount = useItemCount();
  return (
    <>
      <Link href="/carts">{t('carts.back')}</Link>
      <div className="carts-page__header">
        <h1>{cart.name}</h1>
        <span className="badge">{cart.isPrivate ? t('carts.private') : t('carts.public')}</span>
        <span className="badge badge-info">{itemCount(cart.total)}</span>
      </div>
      {cart.description && <p className="carts-page__description">{cart.description}</p>}
    </>
  );
}
