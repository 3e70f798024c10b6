import type { AnyEvent, AppEvent } from './event';

/**
 * A fact the other tabs of this browser are told (issue 25, "tabs in step"). Each domain names its
 * own in its manifest (`shares`); a store's domains (`streams/root.ts`) hand the tabs' epics those
 * whose code the store has (`deps.sharedFact`), and the tabs domain posts and accepts exactly these.
 */
export interface SharedFact {
  type: string;
  /**
   * told whoever the other tab's user is: the session's facts, since a sign-out or a sign-in
   * changes the user of every tab (the tokens live in this browser's storage)
   */
  anyUser: boolean;
  /** which of the type's events cross; all when absent */
  when?: (event: AnyEvent) => boolean;
}

/**
 * Declares that a domain's fact crosses to the other tabs.
 * @example share(edited) — share(tokenReceived, { anyUser: true, when: (e) => e.payload.surfer === 'user' })
 */
export function share<T extends string, P>(
  definition: { type: T; match(event: { type: string }): event is AppEvent<T, P> },
  options: { anyUser?: boolean; when?: (payload: P) => boolean } = {},
): SharedFact {
  const { when } = options;
  return {
    type: definition.type,
    anyUser: options.anyUser ?? false,
    ...(when && { when: (event: AnyEvent) => definition.match(event) && when(event.payload) }),
  };
}
