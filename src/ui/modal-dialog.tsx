import { type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';
import './modal-dialog.css';

/** Where focus goes when the dialog closes and its opener is gone: an element, or a CSS selector. */
type FocusTarget = RefObject<HTMLElement | null> | string;

function resolve(target: FocusTarget | undefined): HTMLElement | null {
  if (!target) return null;
  if (typeof target === 'string') return document.querySelector<HTMLElement>(target);
  return target.current;
}

/**
 * A modal `<dialog>` named by its heading (UI-CONTRACT: dialogs are named by their heading).
 * The browser traps focus inside and turns Escape into `cancel`; Escape and the owner's buttons
 * ask the owner to close it, the owner decides (it stops rendering the dialog).
 * Closing returns focus to the control that had it when the dialog opened; when that control
 * is gone (the list re-rendered, the menu closed), to `returnFocus` (a ref or a selector).
 * Full-screen below 600 px. `footer` holds the dialog's main actions, under a rule.
 */
export function ModalDialog({
  title,
  onClose,
  children,
  footer,
  className,
  returnFocus,
}: {
  title: string;
  onClose(): void;
  children: ReactNode;
  footer?: ReactNode;
  className?: string;
  returnFocus?: FocusTarget;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  // the opener, taken at the first render: before the dialog moves focus inside
  const [opener] = useState(() => document.activeElement as HTMLElement | null);
  const fallback = useRef(returnFocus);
  fallback.current = returnFocus;
  useEffect(() => {
    const dialog = ref.current;
    // happy-dom and old browsers lack showModal: the dialog then shows in place
    if (dialog && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    return () => {
      dialog?.close?.();
      const target = opener?.isConnected && opener !== document.body ? opener : resolve(fallback.current);
      target?.focus();
    };
  }, [opener]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={headingId}
      className={`modal-dialog${className ? ` ${className}` : ''}`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={headingId} className="modal-dialog__title">
        {title}
      </h2>
      <div className="modal-dialog__body">{children}</div>
      {footer && <footer className="modal-dialog__footer">{footer}</footer>}
    </dialog>
  );
}

/** A dialog form's last row: the button that sends the form, then the one that closes it unsent. */
export function SubmitOrCancel({
  submit,
  cancel,
  onCancel,
  disabled = false,
  primary = false,
  className = 'modal-dialog__actions',
}: {
  submit: ReactNode;
  cancel: string;
  onCancel(): void;
  disabled?: boolean;
  /** the brand colour, where the submit is the dialog's main action among others */
  primary?: boolean;
  className?: string;
}) {
  return (
    <div className={className}>
      <button type="submit" className={primary ? 'btn-primary' : undefined} disabled={disabled}>
        {submit}
      </button>
      <button type="button" onClick={onCancel}>
        {cancel}
      </button>
    </div>
  );
}
