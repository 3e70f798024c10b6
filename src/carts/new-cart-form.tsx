import { useEffect, useId, useState } from 'react';
import { useLocation } from 'wouter';
import { createRequested } from '../../streams/carts/edit-events';
import { selectMutation } from '../../streams/carts/selectors';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { useTranslate } from '../i18n/use-translate';
import { PendingWrite } from '../outbox/pending-write';
import { ErrorMessage } from '../ui/error-message';
import './add-to-cart.css';
import './messages';

/**
 * "New cart…": the name (the filter's text to begin with), then one request creates the cart and
 * adds the items (`addItems`: the asset of "Add to cart", or a selection's); the created cart
 * opens, as Immich opens an album made from "Add to album". The outbox keeps the creation as it
 * keeps every cart write.
 */
export function NewCartForm({
  items,
  initialName,
  onBack,
  onOpened,
}: {
  /** ids by resource, e.g. `{ asset: ['12', '13'] }` */
  items: Record<string, string[]>;
  initialName: string;
  onBack(): void;
  onOpened(): void;
}) {
  const t = useTranslate();
  const dispatch = useDispatch();
  const [, navigate] = useLocation();
  const [name, setName] = useState(initialName);
  const [requestId, setRequestId] = useState<string | null>(null);
  const outcome = useAppState(selectMutation, requestId);
  const cartId = outcome?.status === 'loaded' ? outcome.cartId : null;
  const nameId = useId();

  // the new cart opens once it exists; the asset's addition, sent by the carts' epics right after
  // the creation, lands on the cart's page (waiting for it here could miss it: a list read sent
  // before the addition may answer after it and show the cart without the asset for a moment)
  useEffect(() => {
    if (!cartId) return;
    onOpened();
    navigate(`/carts/${encodeURIComponent(cartId)}`);
  }, [cartId, navigate, onOpened]);

  const busy =
    outcome !== null && (outcome.status === 'fetching' || outcome.status === 'resolving' || cartId !== null);
  return (
    <form
      className="cart-menu__form stack"
      onSubmit={(event) => {
        event.preventDefault();
        const request = dispatch(
          createRequested({
            name,
            description: '',
            isPrivate: true,
            collaborators: [],
            addItems: items,
          }),
        );
        setRequestId(request?.meta.id ?? null);
      }}
    >
      <label htmlFor={nameId}>{t('collect.cartName')}</label>
      {/* biome-ignore lint/a11y/noAutofocus: the form replaces the menu item that opened it */}
      <input id={nameId} value={name} autoFocus onChange={(event) => setName(event.target.value)} />
      {outcome?.status === 'invalid' && <p role="alert">{outcome.message}</p>}
      {busy && <p role="status">{t('collect.creating')}</p>}
      {outcome?.status === 'error' && (
        <PendingWrite requestId={requestId}>
          <ErrorMessage
            lead={t('collect.createFailed')}
            error={outcome.error ?? { code: 'error', message: outcome.message ?? '' }}
          />
        </PendingWrite>
      )}
      <div className="toolbar">
        <button type="submit" className="btn-primary" disabled={busy}>
          {t('collect.createAndAdd')}
        </button>
        <button type="button" onClick={onBack} disabled={busy}>
          {t('collect.backToMenu')}
        </button>
      </div>
    </form>
  );
}
