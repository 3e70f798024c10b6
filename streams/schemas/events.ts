import * as z from 'zod/mini';
import {
  type AppEvent,
  defineAnswer,
  defineEvent,
  defineFact,
  defineFailure,
  defineIntent,
} from '../core/event';
import { readInlineHeaders, schemaBodySchema } from './api';

/**
 * Schemas (seed 002 §3 Schema, §4, §5; protocol §11): field headers of a path, resolved in batches.
 *
 * Public API
 * - dispatch `schemas/resolveRequested` {names, force?}: resolves each name that is neither
 *   resolved nor resolving (force: asks again even when resolved). A meta-schema name
 *   `dam/data/asset,keyword` resolves its parts and is resolved when they all are. Cursors and
 *   trees ask for their path themselves.
 * - dispatch `schemas/reloadRequested` {name}: asks a known schema again ('Cannot translate an
 *   unknown schema : {name}' otherwise).
 * - read with `streams/schemas/selectors.ts`: selectSchema, selectSchemaStatus, selectSchemaFields
 *   (union for meta-schemas), selectSchemaBodies, selectCanCreate (create flag AND objectdata/insert),
 *   selectTreeField, selectRelatedSchema.
 * - a list or tree answer asked with `headers=true` tells its headers with `inlineHeadersReceived`.
 * - requests wait until who the portal is is known (`selectIdentitySettled`); when who-am-I names
 *   another user, resolved schemas go back to registered (`schemas/identityChanged`) and the next
 *   resolve asks them again with the new user's rights.
 * - the server names fields and groups in the request's language: when the user picks another
 *   language, resolved schemas go back to registered (`schemas/languageChanged`) and the next
 *   resolve asks them again in it.
 * - dispatch `schemas/domainRequested` {domain}: every schema of a domain in one call
 *   (`GET /rest/{domain}?headers=true&rscSecurity=insert`), each resolved as
 *   `{domain}/data/{resource}`; read with selectSchemaDomain. Refusals: 'Cannot register a schema
 *   domain without a name'; an entry without a resource 'Cannot register a schema without a name'.
 * - dispatch `schemas/updateFieldsRequested` {name}: the fields an update form may send
 *   (`GET /json/update/{dotted}.update/headers`, `inputs.properties`); a failure is 'error
 *   fetching update fields'. Read with selectUpdateFields.
 * - fieldEditable / fieldRequired: a field is editable when `cud.create` or `cud.update` is set,
 *   required when `cud.mandatoryStructure` is (protocol §11.2).
 * Statuses: registered -> resolving -> resolved, or error with the error kept.
 */

export const resolveRequested = defineFact('schemas/resolveRequested', 'system', {
  names: z.array(z.string()),
  force: z.optional(z.boolean()),
});

export const reloadRequested = defineIntent('schemas/reloadRequested', { name: z.string() });

/** A resolve or reload without a name, or a reload of an unknown schema (protocol §11.2 messages). */
export const resolveRefused = defineEvent(
  'schemas/resolveRefused',
  z.object({ name: z.string(), message: z.string() }),
  { source: 'system', redact: [], failure: true },
);

/**
 * Who-am-I named another user: these schemas hold the rights of the one before. They are set
 * back to registered and asked again by the next request for them (the screen that shows them),
 * not at once for screens nobody sees (issue 12 items 15 and 16).
 */
export const identityChanged = defineFact('schemas/identityChanged', 'system', {
  names: z.array(z.string()),
});

/**
 * The user picked another language: the server names fields and groups in the request's
 * (protocol §1.4), so these schemas are set back to registered and asked again, in the new
 * language, by the next request for them (the screen that shows them), as after
 * `identityChanged`: nothing is asked for screens nobody sees.
 */
export const languageChanged = defineFact('schemas/languageChanged', 'system', {
  names: z.array(z.string()),
});

/** One batch of names is asked (protocol §11.1: at most 20 names a call). */
export const batchRequested = defineFact('schemas/batchRequested', 'system', { names: z.array(z.string()) });

export const resolved = defineAnswer('schemas/resolved', {
  schemas: z.array(schemaBodySchema),
  /** names asked alone that answered with other schemas: meta-schemas of those (api.metaSchemasOf) */
  metas: z.optional(z.array(z.object({ name: z.string(), schemas: z.array(z.string()) }))),
});

export const resolveFailed = defineFailure('schemas/resolveFailed', { names: z.array(z.string()) });

/** Headers that came inline with a list or tree answer asked with `headers=true` (protocol §1.8). */
export const headersReceived = defineAnswer('schemas/headersReceived', { schema: schemaBodySchema });

/**
 * Headers this user's last visit saw, kept by the cache (issue 22): their fields name what a
 * screen shows until the schema is resolved again, and offline. They grant no right.
 */
export const headersRestored = defineFact('schemas/headersRestored', 'system', {
  schemas: z.array(schemaBodySchema),
});

/** The `schemas/headersReceived` of a list or tree answer's inline headers; null when they are not field headers. */
export function inlineHeadersReceived(
  name: string,
  resource: string,
  headers: unknown,
  origin: Pick<AppEvent, 'meta'>,
): ReturnType<typeof headersReceived> | null {
  const schema = readInlineHeaders(name, resource, headers);
  return schema ? headersReceived({ schema }, origin) : null;
}

export const domainRequested = defineIntent('schemas/domainRequested', { domain: z.string() });
export const domainLoaded = defineAnswer('schemas/domainLoaded', {
  domain: z.string(),
  schemas: z.array(schemaBodySchema),
});
export const domainFailed = defineFailure('schemas/domainFailed', { domain: z.string() });

export const updateFieldsRequested = defineIntent('schemas/updateFieldsRequested', { name: z.string() });
export const updateFieldsLoaded = defineAnswer('schemas/updateFieldsLoaded', {
  name: z.string(),
  fields: z.record(z.string(), z.unknown()),
});
export const updateFieldsFailed = defineFailure('schemas/updateFieldsFailed', { name: z.string() });
