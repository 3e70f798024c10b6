import { sameOriginPath } from '../../streams/core/safe-url';
import { isSignInPath, RETURN_PARAM } from './sign-in-link';

/**
 * The path a sign-in comes back to, read from the sign-in page's query (`SignInLink` wrote it):
 * only a same-origin path (streams/core/safe-url.ts), never the sign-in page itself; null when
 * there is none or it is unsafe.
 */
export function returnPathOf(search: string): string | null {
  const path = sameOriginPath(new URLSearchParams(search).get(RETURN_PARAM));
  return path && !isSignInPath(path) ? path : null;
}
