import { sameOriginPath } from '../../streams/core/safe-url';
import { selectLocation } from '../../streams/router/selectors';
import { useAppState } from '../hooks/use-app-state';

/** The sign-in page's parameter naming where to come back to, named as protocol §3.1 names it for SSO. */
const RETURN_PARAM = 'relativeURL';

const isSignInPath = (path: string): boolean => /^\/signin(?:[/?#]|$)/.test(path);

/**
 * The address of the sign-in page that comes back to `path` and `search` (the page the user is on)
 * once signed in: `/signin?relativeURL=%2Fcarts%2F5`.
 */
function signInHref(path: string, search: string): string {
  if (isSignInPath(path)) return `/signin${search}`;
  return `/signin?${RETURN_PARAM}=${encodeURIComponent(`${path}${search}`)}`;
}

/**
 * The path a sign-in comes back to, read from the sign-in page's query: only a same-origin path
 * (streams/core/safe-url.ts), never the sign-in page itself; null when there is none or it is unsafe.
 */
export function returnPathOf(search: string): string | null {
  const path = sameOriginPath(new URLSearchParams(search).get(RETURN_PARAM));
  return path && !isSignInPath(path) ? path : null;
}

/** The "Sign in" link of the page on screen: it comes back here. */
export function useSignInHref(): string {
  const { path, search } = useAppState(selectLocation);
  return signInHref(path, search);
}
