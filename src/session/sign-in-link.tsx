import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { selectLocation } from '../../streams/router/selectors';
import { useAppState } from '../hooks/use-app-state';

/** The sign-in page's parameter naming where to come back to, named as protocol §3.1 names it for SSO. */
export const RETURN_PARAM = 'relativeURL';

export const isSignInPath = (path: string): boolean => /^\/signin(?:[/?#]|$)/.test(path);

/**
 * The address of the sign-in page that comes back to `path` and `search` (the page the user is on)
 * once signed in: `/signin?relativeURL=%2Fcarts%2F5`. Reading it back is the sign-in page's
 * (`return-path.ts`), which loads with that page.
 */
function signInHref(path: string, search: string): string {
  if (isSignInPath(path)) return `/signin${search}`;
  return `/signin?${RETURN_PARAM}=${encodeURIComponent(`${path}${search}`)}`;
}

/** A "Sign in" link that comes back to the page on screen once the user is signed in. */
export function SignInLink({ className, children }: { className?: string; children: ReactNode }) {
  const { path, search } = useAppState(selectLocation);
  return (
    <Link href={signInHref(path, search)} className={className}>
      {children}
    </Link>
  );
}
