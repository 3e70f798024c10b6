import * as z from 'zod/mini';
import { defineAnswer, defineFact, defineFailure, defineIntent } from '../core/event';
import { whoAmILoaded } from '../session/events';
import { create, load, patch } from './endpoints';

/** My profile's reads and writes: their events are declared with their requests. */
export const { requested: loadRequested, succeeded: loaded, failed: loadFailed } = load;
export const { requested: patchRequested, succeeded: patched, failed: patchFailed } = patch;
export const { requested: createRequested, succeeded: created, failed: createFailed } = create;
export { patchRefused } from './endpoints';

/**
 * The language picker. A user's choice is saved in the profile (`bolang`), after which who-am-I
 * gives the new locale; a visitor's stays in this browser. The UI follows at once either way.
 */
export const localeChangeRequested = defineIntent('profile/localeChangeRequested', { locale: z.string() });
export const localeChanged = defineAnswer('profile/localeChanged', { locale: z.string() });
export const localeChangeFailed = defineFailure('profile/localeChangeFailed', { locale: z.string() });
export const visitorLocaleChosen = defineFact('profile/visitorLocaleChosen', 'system', {
  locale: z.string(),
});
/** The visitor's earlier choice, read from local storage at start. */
export const visitorLocaleRestored = defineFact('profile/visitorLocaleRestored', 'storage', {
  locale: z.string(),
});

/**
 * The profile started after the identity was known (they load with the portal's code): they take it
 * as they would have taken `session/whoAmILoaded`.
 */
export const identityAdopted = defineFact('profile/identityAdopted', 'system', {
  me: whoAmILoaded.schema.shape.me,
});
