import type { MessageKey } from '../i18n/messages-en';

interface NavigationLink {
  href: string;
  /** the accessible name fixed by UI-CONTRACT.md, translated */
  label: MessageKey;
  /** shown to signed-in users only */
  requiresUser?: boolean;
}

/**
 * The screens of UI-CONTRACT.md "Routes" that work today, in the contract's order. A screen's
 * link is added here in the same change that makes the screen work.
 */
export const NAVIGATION: readonly NavigationLink[] = [
  { href: '/search', label: 'nav.search' },
  { href: '/carts', label: 'nav.carts', requiresUser: true },
  { href: '/downloads', label: 'nav.downloads' },
  { href: '/imports', label: 'nav.imports', requiresUser: true },
  { href: '/saved-searches', label: 'nav.savedSearches', requiresUser: true },
  { href: '/analytics', label: 'nav.analytics', requiresUser: true },
  // reads of pages are open to every caller (protocol §14): the link is for visitors too
  { href: '/pages', label: 'nav.pages' },
  { href: '/notifications', label: 'nav.notifications', requiresUser: true },
  { href: '/account', label: 'nav.account' },
];
