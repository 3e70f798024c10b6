import * as z from 'zod';
import { serializedErrorSchema } from '../core/errors';
import { defineEvent } from '../core/event';
import { profileHeadersSchema, profileSchema } from './api';

/**
 * Names and e-mail are personal data: the requests' copies are masked in exported logs. The
 * answers' copies are not: the profile they carry lives in the state, whose exported snapshots
 * only get the recorder's safety net (masking them there needs a state redactor).
 */
const personal = (at: string) => ['firstname', 'lastname', 'email'].map((name) => `${at}.${name}`);

const fieldsSchema = z.record(z.string(), z.unknown());

/** Opens the profile; `force` asks for the schema headers again (protocol §23.21). */
export const loadRequested = defineEvent(
  'profile/loadRequested',
  z.object({ force: z.boolean().optional() }),
  { source: 'ui', redact: [] },
);
export const loaded = defineEvent(
  'profile/loaded',
  z.object({ profile: profileSchema, headers: profileHeadersSchema.nullable() }),
  { source: 'server', redact: [] },
);
export const loadFailed = defineEvent('profile/loadFailed', z.object({ error: serializedErrorSchema }), {
  source: 'server',
  failure: true,
  redact: [],
});

/** The changed fields of my profile (protocol §4.1). */
export const patchRequested = defineEvent('profile/patchRequested', z.object({ changes: fieldsSchema }), {
  source: 'ui',
  redact: personal('changes'),
});
/** A patch carrying `password` is refused locally (protocol §4.2): nothing is sent. */
export const patchRefused = defineEvent('profile/patchRefused', z.object({ message: z.string() }), {
  source: 'system',
  failure: true,
  redact: [],
});
export const patched = defineEvent('profile/patched', z.object({ profile: profileSchema }), {
  source: 'server',
  redact: [],
});
export const patchFailed = defineEvent('profile/patchFailed', z.object({ error: serializedErrorSchema }), {
  source: 'server',
  failure: true,
  redact: [],
});

/** Creates (fills in) my profile: POST /rest/profil (protocol §4.1). */
export const createRequested = defineEvent('profile/createRequested', z.object({ fields: fieldsSchema }), {
  source: 'ui',
  redact: personal('fields'),
});
export const created = defineEvent('profile/created', z.object({ profile: profileSchema }), {
  source: 'server',
  redact: [],
});
export const createFailed = defineEvent('profile/createFailed', z.object({ error: serializedErrorSchema }), {
  source: 'server',
  failure: true,
  redact: [],
});

/**
 * The language picker. A user's choice is saved in the profile (`bolang`), after which who-am-I
 * gives the new locale; a visitor's stays in this browser. The UI follows at once either way.
 */
export const localeChangeRequested = defineEvent(
  'profile/localeChangeRequested',
  z.object({ locale: z.string() }),
  { source: 'ui', redact: [] },
);
export const localeChanged = defineEvent('profile/localeChanged', z.object({ locale: z.string() }), {
  source: 'server',
  redact: [],
});
export const localeChangeFailed = defineEvent(
  'profile/localeChangeFailed',
  z.object({ locale: z.string(), error: serializedErrorSchema }),
  { source: 'server', failure: true, redact: [] },
);
export const visitorLocaleChosen = defineEvent(
  'profile/visitorLocaleChosen',
  z.object({ locale: z.string() }),
  { source: 'system', redact: [] },
);
/** The visitor's earlier choice, read from local storage at start. */
export const visitorLocaleRestored = defineEvent(
  'profile/visitorLocaleRestored',
  z.object({ locale: z.string() }),
  { source: 'storage', redact: [] },
);
