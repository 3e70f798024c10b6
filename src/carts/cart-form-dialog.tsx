import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { selectMakePublicBoard, selectMutation } from '../../streams/carts/selectors';
import type { AnyEvent } from '../../streams/core/event';
import { useAppState } from '../hooks/use-app-state';
import { useTranslate } from '../i18n/use-translate';
import { PendingWrite } from '../outbox/pending-write';
import { ErrorMessage } from '../ui/error-message';
import { ModalDialog, SubmitOrCancel } from '../ui/modal-dialog';
import './messages';

interface CartFormValues {
  name: string;
  description: string;
  isPrivate: boolean;
}

/**
 * The "New cart" and "Edit cart" dialogs: name, description, private. "Private" can be turned
 * off only when the cart profile allows public boards (seed 000 §3). `onSubmit` gives back the
 * request it dispatched: the dialog shows that request's outcome (the name rule's message, the
 * server's refusal) and closes once the server accepted it.
 */
export function CartFormDialog({
  title,
  submitLabel,
  initial,
  onSubmit,
  onClose,
}: {
  title: string;
  submitLabel: string;
  initial: CartFormValues;
  onSubmit(values: CartFormValues): AnyEvent | null;
  onClose(): void;
}) {
  const t = useTranslate();
  const makePublicBoard = useAppState(selectMakePublicBoard);
  const [values, setValues] = useState(initial);
  const [requestId, setRequestId] = useState<string | null>(null);
  const mutation = useAppState(selectMutation, requestId);
  const nameId = useId();
  const descriptionId = useId();
  const hintId = useId();
  const status = mutation?.status;
  const closing = useRef(onClose);
  closing.current = onClose;

  useEffect(() => {
    if (status === 'loaded') closing.current();
  }, [status]);

  function submit(event: FormEvent) {
    event.preventDefault();
    setRequestId(onSubmit(values)?.meta.id ?? null);
  }

  const message = status === 'invalid' || status === 'error' ? (mutation?.message ?? null) : null;
  const privateLocked = !makePublicBoard && values.isPrivate;
  return (
    <ModalDialog title={title} onClose={onClose}>
      <form onSubmit={submit} className="cart-form" noValidate>
        <label htmlFor={nameId}>{t('carts.name')}</label>
        <input
          id={nameId}
          value={values.name}
          aria-invalid={message !== null}
          onChange={(event) => setValues({ ...values, name: event.target.value })}
        />
        <label htmlFor={descriptionId}>{t('carts.description')}</label>
        <textarea
          id={descriptionId}
          value={values.description}
          onChange={(event) => setValues({ ...values, description: event.target.value })}
        />
        <label className="cart-form__check">
          <input
            type="checkbox"
            checked={values.isPrivate}
            disabled={privateLocked}
            aria-describedby={privateLocked ? hintId : undefined}
            onChange={(event) => setValues({ ...values, isPrivate: event.target.checked })}
          />
          {t('carts.private')}
        </label>
        {privateLocked && (
          <p id={hintId} className="cart-form__hint">
            {t('carts.privateHint')}
          </p>
        )}
        {message && status === 'error' && mutation?.error ? (
          <PendingWrite requestId={requestId}>
            <ErrorMessage error={mutation.error} />
          </PendingWrite>
        ) : (
          message && <p role="alert">{message}</p>
        )}
        {status === 'resolving' && <p role="status">{t('carts.checking')}</p>}
        <SubmitOrCancel
          submit={submitLabel}
          cancel={t('carts.cancel')}
          onCancel={onClose}
          disabled={status === 'fetching' || status === 'resolving'}
          primary
          className="toolbar cart-form__buttons"
        />
      </form>
    </ModalDialog>
  );
}
