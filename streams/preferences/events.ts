import * as z from 'zod/mini';
import { defineAnswer, defineEvent, defineFact, defineFailure, defineIntent } from '../core/event';
import { whoAmILoaded } from '../session/events';
import { writtenBookmarkSchema } from './bookmarks';

/** A preference is named by its namespace and its key on the wire, `name` here (see api.ts). */
const preferenceId = { namespace: z.string(), name: z.string() };
/** A value as the portal uses it: the stored JSON text, parsed. */
const value = z.unknown();

/**
 * The setter (protocol §4.2): `input` is whatever the caller gave (an array of entries, an object
 * with exactly key and value, or an object of key/values); the epic checks its form.
 */
export const setRequested = defineIntent('preferences/setRequested', { input: z.unknown() });
/** The input had none of the three forms: 'Invalid parameter', nothing sent. */
export const setRefused = defineEvent('preferences/setRefused', z.object({ message: z.string() }), {
  source: 'system',
  failure: true,
  redact: [],
});
/** The entries being written, namespaces resolved: each one is `fetching` until its answer. */
export const saveStarted = defineFact('preferences/saveStarted', 'system', {
  entries: z.array(z.object({ ...preferenceId, value })),
});
export const saved = defineAnswer('preferences/saved', { ...preferenceId, value });
/** protocol §4.2: a failed write leaves the preference in `error` with the value `null`. */
export const saveFailed = defineFailure('preferences/saveFailed', preferenceId);

/**
 * A search bookmarked in the preference bookmarks (protocol §17.2): `bookmark` written after the
 * list it is added to (`onto`: the list the tab knew, or the server's when the outbox sends it
 * again), answered as a save of `we-bookmarkedCursors` (`saved` or `saveFailed`).
 */
export const bookmarkAddRequested = defineIntent('preferences/bookmarkAddRequested', {
  bookmark: writtenBookmarkSchema,
  onto: z.array(writtenBookmarkSchema),
});

/**
 * The portal's own preferences are about to be read for a user: the namespace they live in (the
 * configured default at the time) travels here, so the page size and density read the same on replay.
 */
export const portalRequested = defineFact('preferences/portalRequested', 'system', { namespace: z.string() });
/** A read; without a namespace the configured default is used. Skipped while the preference is fetching. */
export const getRequested = defineFact('preferences/getRequested', 'system', {
  namespace: z.optional(z.string()),
  name: z.string(),
});
export const fetchStarted = defineFact('preferences/fetchStarted', 'system', preferenceId);
export const loaded = defineAnswer('preferences/loaded', { ...preferenceId, value });
/** No `value` in the answer, or HTTP 404. */
export const notFound = defineAnswer('preferences/notFound', preferenceId);
export const loadFailed = defineFailure('preferences/loadFailed', preferenceId);
/** The user asks for a preference again after its read failed; without a namespace the configured default. */
export const reloadRequested = defineIntent('preferences/reloadRequested', {
  namespace: z.optional(z.string()),
  name: z.string(),
});

export const removeRequested = defineIntent('preferences/removeRequested', {
  namespace: z.optional(z.string()),
  name: z.string(),
});
export const removed = defineAnswer('preferences/removed', preferenceId);
export const removeFailed = defineFailure('preferences/removeFailed', preferenceId);

/**
 * The preferences started after the identity was known (they load with the portal's code): they take it
 * as they would have taken `session/whoAmILoaded`.
 */
export const identityAdopted = defineFact('preferences/identityAdopted', 'system', {
  me: whoAmILoaded.schema.shape.me,
});
