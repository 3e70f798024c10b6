import * as z from 'zod';
import { serializedErrorSchema } from '../core/errors';
import { defineEvent } from '../core/event';

/** A preference is named by its namespace and its key on the wire, `name` here (see api.ts). */
const preferenceId = { namespace: z.string(), name: z.string() };
/** A value as the portal uses it: the stored JSON text, parsed. */
const value = z.unknown();

/**
 * The setter (protocol §4.2): `input` is whatever the caller gave (an array of entries, an object
 * with exactly key and value, or an object of key/values); the epic checks its form.
 */
export const setRequested = defineEvent('preferences/setRequested', z.object({ input: z.unknown() }), {
  source: 'ui',
  redact: [],
});
/** The input had none of the three forms: 'Invalid parameter', nothing sent. */
export const setRefused = defineEvent('preferences/setRefused', z.object({ message: z.string() }), {
  source: 'system',
  failure: true,
  redact: [],
});
/** The entries being written, namespaces resolved: each one is `fetching` until its answer. */
export const saveStarted = defineEvent(
  'preferences/saveStarted',
  z.object({ entries: z.array(z.object({ ...preferenceId, value })) }),
  { source: 'system', redact: [] },
);
export const saved = defineEvent('preferences/saved', z.object({ ...preferenceId, value }), {
  source: 'server',
  redact: [],
});
/** protocol §4.2: a failed write leaves the preference in `error` with the value `null`. */
export const saveFailed = defineEvent(
  'preferences/saveFailed',
  z.object({ ...preferenceId, error: serializedErrorSchema }),
  { source: 'server', failure: true, redact: [] },
);

/** A read; without a namespace the configured default is used. Skipped while the preference is fetching. */
export const getRequested = defineEvent(
  'preferences/getRequested',
  z.object({ namespace: z.string().optional(), name: z.string() }),
  { source: 'system', redact: [] },
);
export const fetchStarted = defineEvent('preferences/fetchStarted', z.object(preferenceId), {
  source: 'system',
  redact: [],
});
export const loaded = defineEvent('preferences/loaded', z.object({ ...preferenceId, value }), {
  source: 'server',
  redact: [],
});
/** No `value` in the answer, or HTTP 404. */
export const notFound = defineEvent('preferences/notFound', z.object(preferenceId), {
  source: 'server',
  redact: [],
});
export const loadFailed = defineEvent(
  'preferences/loadFailed',
  z.object({ ...preferenceId, error: serializedErrorSchema }),
  { source: 'server', failure: true, redact: [] },
);

export const removeRequested = defineEvent(
  'preferences/removeRequested',
  z.object({ namespace: z.string().optional(), name: z.string() }),
  { source: 'ui', redact: [] },
);
export const removed = defineEvent('preferences/removed', z.object(preferenceId), {
  source: 'server',
  redact: [],
});
export const removeFailed = defineEvent(
  'preferences/removeFailed',
  z.object({ ...preferenceId, error: serializedErrorSchema }),
  { source: 'server', failure: true, redact: [] },
);
