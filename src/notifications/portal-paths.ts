import { matchRoute, useRouter } from 'wouter';
import { sameOriginPath } from '../../streams/core/safe-url';

/**
 * The portal's screens (src/app/routes.tsx, UI-CONTRACT "Routes"): a notification's link that
 * names none of them would land on "Page not found", so it is shown as text, not as a link.
 */
const SCREEN_PATTERNS = [
  '/signin',
  '/search',
  '/carts/:id',
  '/carts',
  '/share/:uuid',
  '/assets/:resource/:id',
  '/downloads',
  '/imports/:id',
  '/imports',
  '/saved-searches',
  '/analytics',
  '/notifications',
  '/account',
  '/pages',
  '/pages/*',
  '/',
];

/** The portal path a server-given address opens, when it is a screen of the portal; else null. */
export function usePortalPath(): (href: string | null | undefined) => string | null {
  const { parser } = useRouter();
  return (href) => {
    const path = sameOriginPath(href);
    if (!path) return null;
    const pathname = path.split(/[?#]/)[0]!;
    return SCREEN_PATTERNS.some((pattern) => matchRoute(parser, pattern, pathname)[0]) ? path : null;
  };
}
