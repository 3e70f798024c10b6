import * as z from 'zod';
import { serializedErrorSchema } from '../core/errors';
import { defineEvent } from '../core/event';
import { schemaBodySchema } from './api';

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
 *   (union for meta-schemas), selectCanCreate (create flag AND objectdata/insert), selectTreeField,
 *   selectIsTree, selectRelatedSchema.
 * Statuses: registered -> resolving -> resolved, or error with the error kept.
 */

export const resolveRequested = defineEvent(
  'schemas/resolveRequested',
  z.object({ names: z.array(z.string()), force: z.boolean().optional() }),
  { source: 'system', redact: [] },
);

export const reloadRequested = defineEvent('schemas/reloadRequested', z.object({ name: z.string() }), {
  source: 'ui',
  redact: [],
});

/** A resolve or reload without a name, or a reload of an unknown schema (protocol §11.2 messages). */
export const resolveRefused = defineEvent(
  'schemas/resolveRefused',
  z.object({ name: z.string(), message: z.string() }),
  { source: 'system', redact: [], failure: true },
);

/** One batch of names is asked (protocol §11.1: at most 20 names a call). */
export const batchRequested = defineEvent(
  'schemas/batchRequested',
  z.object({ names: z.array(z.string()) }),
  { source: 'system', redact: [] },
);

export const resolved = defineEvent('schemas/resolved', z.object({ schemas: z.array(schemaBodySchema) }), {
  source: 'server',
  redact: [],
});

export const resolveFailed = defineEvent(
  'schemas/resolveFailed',
  z.object({ names: z.array(z.string()), error: serializedErrorSchema }),
  { source: 'server', redact: [], failure: true },
);

/** Headers that came inline with a list or tree answer asked with `headers=true` (protocol §1.8). */
export const headersReceived = defineEvent(
  'schemas/headersReceived',
  z.object({ schema: schemaBodySchema }),
  { source: 'server', redact: [] },
);
