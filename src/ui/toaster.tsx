import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslate } from '../i18n/use-translate';
import { dismissToast, getToasts, subscribeToasts, TOAST_DURATION_MS, type Toast } from './toasts';
import './messages';

function ToastItem({ toast }: { toast: Toast }) {
  const t = useTranslate();
  // a toast stays while the pointer or the focus is on it, so its action can be reached
  const [held, setHeld] = useState(0);
  const hold = (delta: number) => () => setHeld((count) => Math.max(0, count + delta));
  const box = useRef<HTMLDivElement>(null);
  // a toast closed from its own buttons hands the focus to the content, not to the page's top
  const dismiss = () => {
    if (box.current?.contains(document.activeElement)) document.getElementById('main')?.focus();
    dismissToast(toast.id);
  };
  useEffect(() => {
    if (held) return;
    const timer = setTimeout(() => dismissToast(toast.id), toast.durationMs ?? TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [held, toast]);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hovering or focusing holds the toast; its buttons are the interactive parts
    <div
      ref={box}
      className="toast"
      onMouseEnter={hold(1)}
      onMouseLeave={hold(-1)}
      onFocus={hold(1)}
      onBlur={hold(-1)}
    >
      <p className="toast__message">{toast.message}</p>
      {toast.action && (
        <button
          type="button"
          className="toast__action"
          onClick={() => {
            dismiss();
            toast.action!.run();
          }}
        >
          {toast.action.label}
        </button>
      )}
      <button type="button" className="btn-small" onClick={dismiss} aria-label={t('toast.dismiss')}>
        ×
      </button>
    </div>
  );
}

/** The live region where toasts appear (rendered once, in the layout). */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts);
  return (
    <div className="toaster" role="status">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </div>
  );
}
