import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { selectMakePublicBoard, selectMutation } from '../../streams/carts/selectors';
import { useAppState } from '../hooks/use-app-state';
import { useTranslate } from '../i18n/use-translate';
import { ModalDialog } from '../ui/modal-dialog';

export interface CartFormValues {
  name: string;
  description: string;
  isPrivate: boolean;
}

/**
 * The "New cart" and "Edit cart" dialogs: name, description, private. "Private" can be turned
 * off only when the cart profile allows public boards (seed 000 §3). The name rule's message
 * comes from the state (the epic checks it), and the dialog closes once the server answered.
 */
export function CartFormDialog({
  title,
  submitLabel,
  initial,
  kind,
  onSubmit,
  onClose,
}: {
  title: string;
  submitLabel: string;
  initial: CartFormValues;
  kind: 'create' | 'edit';
  onSubmit(values: CartFormValues): void;
  onClose(): void;
}) {
  const t = useTranslate();
  const makePublicBoard = useAppState(selectMakePublicBoard);
  const mutation = useAppState(selectMutation);
  const [values, setValues] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const nameId = useId();
  const descriptionId = useId();
  const hintId = useId();
  const mine = submitted && mutation.kind === kind;
  const closing = useRef(onClose);
  closing.current = onClose;

  useEffect(() => {
    if (mine && mutation.status === 'loaded') closing.current();
  }, [mine, mutation.status]);

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    onSubmit(values);
  }

  const message =
    mine && (mutation.status === 'invalid' || mutation.status === 'error') ? mutation.message : null;
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
        {message && <p role="alert">{message}</p>}
        <div className="cart-form__buttons">
          <button type="submit" disabled={mine && mutation.status === 'fetching'}>
            {submitLabel}
          </button>
          <button type="button" onClick={onClose}>
            {t('carts.cancel')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
