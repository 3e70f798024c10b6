import { type FormEvent, useId, useState } from 'react';
import { collaboratorsAddRequested, collaboratorsRemoveRequested } from '../../streams/carts/edit-events';
import type { Cart } from '../../streams/carts/model';
import { selectMutation } from '../../streams/carts/selectors';
import type { UnstampedEvent } from '../../streams/core/event';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { useTranslate } from '../i18n/use-translate';
import { ErrorMessage } from '../ui/error-message';
import { ModalDialog } from '../ui/modal-dialog';
import './messages';

/** The page a collaborator's invitation opens (protocol §6.1 `url`). */
function cartPageUrl(cartId: string): string {
  return `${window.location.origin}/carts/${encodeURIComponent(cartId)}`;
}

/** The owner adds collaborators by login or e-mail, and removes them. */
export function CollaboratorsDialog({ cart, onClose }: { cart: Cart; onClose(): void }) {
  const t = useTranslate();
  const dispatch = useDispatch();
  const [requestId, setRequestId] = useState<string | null>(null);
  const mutation = useAppState(selectMutation, requestId);
  const [who, setWho] = useState('');
  const inputId = useId();
  const failed = mutation?.status === 'error';
  // the dialog follows its latest change: an earlier one's outcome is no longer shown
  const change = (event: UnstampedEvent) => setRequestId(dispatch(event)?.meta.id ?? null);

  function add(event: FormEvent) {
    event.preventDefault();
    const collaborators = who
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    if (collaborators.length === 0) return;
    change(collaboratorsAddRequested({ cartId: cart.id, collaborators, url: cartPageUrl(cart.id) }));
    setWho('');
  }

  return (
    <ModalDialog title={t('carts.collaborators')} onClose={onClose}>
      {cart.collaborators.length === 0 ? (
        <p>{t('carts.collaboratorsEmpty')}</p>
      ) : (
        <ul className="carts-collaborators">
          {cart.collaborators.map((id) => {
            const name = cart.collaboratorNames[id] ?? id;
            return (
              <li key={id}>
                {name}{' '}
                <button
                  type="button"
                  aria-label={t('carts.remove', { name })}
                  onClick={() =>
                    change(collaboratorsRemoveRequested({ cartId: cart.id, collaborators: [id] }))
                  }
                >
                  ×
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <form onSubmit={add} className="cart-form">
        <label htmlFor={inputId}>{t('carts.collaboratorAdd')}</label>
        <input id={inputId} value={who} onChange={(event) => setWho(event.target.value)} />
        <div className="toolbar cart-form__buttons">
          <button type="submit" className="btn-primary" disabled={mutation?.status === 'fetching'}>
            {t('carts.add')}
          </button>
          <button type="button" onClick={onClose}>
            {t('carts.close')}
          </button>
        </div>
        {failed && (
          <ErrorMessage error={mutation.error ?? { code: 'error', message: mutation.message ?? '' }} />
        )}
      </form>
    </ModalDialog>
  );
}
