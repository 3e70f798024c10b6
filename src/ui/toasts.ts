/**
 * The toasts on screen: a tiny store outside the event log (a toast is a view's word about what
 * just happened, not a fact of the domain). `showToast` from any view; `<Toaster/>` shows them.
 * @example showToast({ message: removedText, action: { label: undoText, run: undo } })
 */
interface ToastAction {
  label: string;
  run(): void;
}

export interface Toast {
  id: number;
  message: string;
  action?: ToastAction;
  /** how long it stays when not hovered nor focused; 6 s by default */
  durationMs?: number;
}

/** How long a toast stays, unless it says otherwise. */
export const TOAST_DURATION_MS = 6000;

let toasts: readonly Toast[] = [];
let lastId = 0;
const listeners = new Set<() => void>();

function replace(next: readonly Toast[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

/** Shows a toast; returns its id (for `dismissToast`). */
export function showToast(toast: Omit<Toast, 'id'>): number {
  const id = ++lastId;
  replace([...toasts, { ...toast, id }]);
  return id;
}

export function dismissToast(id: number): void {
  if (toasts.some((toast) => toast.id === id)) replace(toasts.filter((toast) => toast.id !== id));
}

export function getToasts(): readonly Toast[] {
  return toasts;
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
