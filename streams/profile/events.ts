import * as z from 'zod/mini';
import { defineAnswer, defineEvent, defineFact, defineFailure, defineIntent } from '../core/event';
import { whoAmILoaded } from '../session/events';
import { profileHeadersSchema, profileSchema } from './api';

/**
 * Names and e-mail are personal data: the requests' copies are masked in exported logs. The
 * answers' copies are not: the profile they carry lives in the state, whose exported snapshots
 * only get the recorder's safety net (masking them there needs a state redactor).
 */
const personal = (at: string) => ['firstname', 'lastname', 'email'].map((name) => `${at}.${name}`);

const fieldsSchema = z.record(z.string(), z.unknown());

/** Opens the profile; `force` asks for the schema headers again (protocol §23.21). */
export const loadRequested = defineIntent('profile/loadRequested', { force: z.optional(z.boolean()) });
export const loaded = defineAnswer('profile/loaded', {
  profile: profileSchema,
  headers: z.nullable(profileHeadersSchema),
});
export const loadFailed = defineFailure('profile/loadFailed');

/** The changed fields of my profile (protocol §4.1). */
export const patchRequested = defineIntent(
  'profile/patchRequested',
  { changes: fieldsSchema },
  personal('changes'),
);
/** A patch carrying `password` is refused locally (protocol §4.2): nothing is sent. */
export const patchRefused = defineEvent('profile/patchRefused', z.object({ message: z.string() }), {
  source: 'system',
  failure: true,
  redact: [],
});
export const patched = defineAnswer('profile/patched', { profile: profileSchema });
export const patchFailed = defineFailure('profile/patchFailed');

/**
 * Creates a profile: POST /rest/profil, or /rest/data/{type} when a type is given (protocol §4.1).
 * Without a type, or with `user`, the answer is my profile: it replaces mine and who-am-I is asked
 * again; another type's answer is only reported (`type` in `profile/created`).
 */
export const createRequested = defineIntent(
  'profile/createRequested',
  { fields: fieldsSchema, type: z.optional(z.string()) },
  personal('fields'),
);
export const created = defineAnswer('profile/created', {
  profile: profileSchema,
  type: z.optional(z.string()),
});
export const createFailed = defineFailure('profile/createFailed');

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
