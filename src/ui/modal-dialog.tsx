import { type ReactNode, useEffect, useId, useRef } from 'react';
import './modal-dialog.css';

/**
 * A modal `<dialog>` named by its heading (UI-CONTRACT: dialogs are named by their heading).
 * Escape and the backdrop's close ask the owner to close it; the owner decides.
 */
export function ModalDialog({
  title,
  onClose,
  children,
  className,
}: {
  title: string;
  onClose(): void;
  children: ReactNode;
  className?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  useEffect(() => {
    const dialog = ref.current;
    // happy-dom and old browsers lack showModal: the dialog then shows in place
    if (dialog && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    return () => dialog?.close?.();
  }, []);
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
      <h2 id={headingId}>{title}</h2>
      {children}
    </dialog>
  );
}
