import * as z from 'zod';
import { serializedErrorSchema } from '../core/errors';
import { defineEvent } from '../core/event';
import { REDACTED } from '../core/redact';
import { profileHeadersSchema, profileSchema } from './api';

/** Names and e-mail are personal data: exported logs keep only that they were there. */
const PERSONAL_FIELDS = ['firstname', 'lastname', 'email'];

function maskPersonal<T extends Record<string, unknown>>(fields: T): T {
  const out: Record<string, unknown> = { ...fields };
  for (const name of PERSONAL_FIELDS) if (typeof out[name] === 'string') out[name] = REDACTED;
  return out as T;
}

const fieldsSchema = z.record(z.string(), z.unknown());

/** Opens the profile; `force` asks for the schema headers again (protocol §23.21). */
export const loadRequested = defineEvent(
  'profile/loadRequested',
  z.object({ force: z.boolean().optional() }),
  { source: 'ui' },
);
export const loaded = defineEvent(
  'profile/loaded',
  z.object({ profile: profileSchema, headers: profileHeadersSchema.nullable() }),
  { source: 'server', redact: (payload) => ({ ...payload, profile: maskPersonal(payload.profile) }) },
);
export const loadFailed = defineEvent('profile/loadFailed', z.object({ error: serializedErrorSchema }), {
  source: 'server',
  failure: true,
});

/** The changed fields of my profile (protocol §4.1). */
export const patchRequested = defineEvent('profile/patchRequested', z.object({ changes: fieldsSchema }), {
  source: 'ui',
  redact: (payload) => ({ changes: maskPersonal(payload.changes) }),
});
/** A patch carrying `password` is refused locally (protocol §4.2): nothing is sent. */
export const patchRefused = defineEvent('profile/patchRefused', z.object({ message: z.string() }), {
  source: 'system',
  failure: true,
});
export const patched = defineEvent('profile/patched', z.object({ profile: profileSchema }), {
  source: 'server',
  redact: (payload) => ({ profile: maskPersonal(payload.profile) }),
});
export const patchFailed = defineEvent('profile/patchFailed', z.object({ error: serializedErrorSchema }), {
  source: 'server',
  failure: true,
});

/** Creates (fills in) my profile: POST /rest/profil (protocol §4.1). */
export const createRequested = defineEvent('profile/createRequested', z.object({ fields: fieldsSchema }), {
  source: 'ui',
  redact: (payload) => ({ fields: maskPersonal(payload.fields) }),
});
export const created = defineEvent('profile/created', z.object({ profile: profileSchema }), {
  source: 'server',
  redact: (payload) => ({ profile: maskPersonal(payload.profile) }),
});
export const createFailed = defineEvent('profile/createFailed', z.object({ error: serializedErrorSchema }), {
  source: 'server',
  failure: true,
});

/**
 * The language picker. A user's choice is saved in the profile (`bolang`), after which who-am-I
 * gives the new locale; a visitor's stays in this browser. The UI follows at once either way.
 */
export const localeChangeRequested = defineEvent(
  'profile/localeChangeRequested',
  z.object({ locale: z.string() }),
  { source: 'ui' },
);
export const localeChanged = defineEvent('profile/localeChanged', z.object({ locale: z.string() }), {
  source: 'server',
});
export const localeChangeFailed = defineEvent(
  'profile/localeChangeFailed',
  z.object({ locale: z.string(), error: serializedErrorSchema }),
  { source: 'server', failure: true },
);
export const visitorLocaleChosen = defineEvent(
  'profile/visitorLocaleChosen',
  z.object({ locale: z.string() }),
  { source: 'system' },
);
/** The visitor's earlier choice, read from local storage at start. */
export const visitorLocaleRestored = defineEvent(
  'profile/visitorLocaleRestored',
  z.object({ locale: z.string() }),
  { source: 'storage' },
);
