import { useEffect, useRef } from 'react';

/** A click that would take the portal to another of its addresses (a plain left click on a link). */
function inAppTarget(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = (event.target as Element | null)?.closest?.('a[href]');
  if (!(anchor instanceof HTMLAnchorElement)) return null;
  if (anchor.target && anchor.target !== '_self') return null;
  if (anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  if (url.pathname === window.location.pathname && url.search === window.location.search) return null;
  return anchor;
}

/**
 * While `active`, leaving asks first: the browser's own question when the tab is closed or
 * reloaded (`beforeunload`), and `message` in a confirmation before a link of the portal is
 * followed (caught before the router sees the click). Answering no stays on the page.
 */
export function useLeaveGuard(active: boolean, message: string): void {
  const text = useRef(message);
  text.current = message;
  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // older browsers show the question only when returnValue is set
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      if (!inAppTarget(event)) return;
      if (window.confirm(text.current)) return;
      event.preventDefault();
      event.stopPropagation();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [active]);
}
