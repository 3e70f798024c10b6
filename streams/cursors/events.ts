import * as z from 'zod';
import { serializedErrorSchema } from '../core/errors';
import { defineEvent } from '../core/event';
import { constraintSchema } from '../core/query/operators';
import { cursorOptionsSchema, groupSchema, pageKindSchema, rowSchema } from './model';

/**
 * Cursors: named paged list queries (seed 002 §3 Cursor, §4, §5; protocol §8).
 *
 * Public API (events to dispatch)
 * - `cursors/registrationRequested` {name, path, ...options}: options are those of
 *   `cursorOptionsSchema` (max, orderby[], fulltext, fulltextMode, props[], group, groupMax,
 *   withAggregates, aggregatesFields[], customParams, staticQuery, security[], withRights, ...)
 *   plus `constraints` / `staticConstraints` (key -> constraint) and `namespaces` for the query of
 *   the same name. The schema of `path` is resolved at once: registering -> registered ->
 *   resolving -> resolved. Refusals ('Cannot register a cursor without a name or without path',
 *   'Cursor {name} already exists') come as `cursors/registrationRefused`.
 * - `cursors/removed` {name}: forgets the cursor and its query (a screen leaving).
 * - `cursors/fetchRequested` {name}: loads the first page, 50 ms after the last such request;
 *   it waits for the cursor and its query to be resolved, and is skipped while the cursor is
 *   resolving, initial, fetching or next. Unknown names: `~` names are skipped silently,
 *   others give `cursors/fetchRefused` ('Cannot fetch data on unknown cursor').
 * - `cursors/nextPageRequested` {name}: appends the page after `nextResultsToken`.
 * - `cursors/fulltextChanged` {name, fulltext, mode?, tokens?}: tokens win over the text and are
 *   sent as `(t1) (t2)`; a cursor already fetched loads again.
 * - `cursors/optionsChanged` {name, options}: any option above (orderby, max, group...); a cursor
 *   already fetched loads again.
 * - `cursors/nextGroupsRequested` {name}, `cursors/groupNextRequested` {name, groupKey}: grouped
 *   lists (protocol §23 item 23).
 * Constraints are set on the query of the same name: see `streams/queries/events.ts`.
 * Identity changes (`session/whoAmILoaded`) load every fetched cursor again.
 *
 * Selectors (`streams/cursors/selectors.ts`): selectCursor, selectCursorStatus, selectCursorTotal,
 * selectCursorIds (row keys in order), selectCursorRow(key), selectCursorRowAt(index),
 * selectCursorRows (memoised array), selectCursorHasMore, selectCursorError, selectCursorGroups,
 * selectCursorAggregates (inline, per field), selectLastCursorRefusal.
 */

export const registrationRequested = defineEvent(
  'cursors/registrationRequested',
  cursorOptionsSchema.partial().extend({
    name: z.string(),
    path: z.string(),
    constraints: z.record(z.string(), constraintSchema).optional(),
    staticConstraints: z.record(z.string(), constraintSchema).optional(),
    namespaces: z.record(z.string(), z.enum(['and', 'or'])).optional(),
    excludedPaths: z.array(z.string()).optional(),
  }),
  { source: 'ui', redact: [] },
);

export const registered = defineEvent('cursors/registered', z.object({ name: z.string() }), {
  source: 'system',
  redact: [],
});

export const registrationRefused = defineEvent(
  'cursors/registrationRefused',
  z.object({ name: z.string(), message: z.string() }),
  { source: 'system', redact: [], failure: true },
);

export const removed = defineEvent('cursors/removed', z.object({ name: z.string() }), {
  source: 'ui',
  redact: [],
});

export const resolving = defineEvent('cursors/resolving', z.object({ name: z.string() }), {
  source: 'system',
  redact: [],
});
export const resolved = defineEvent('cursors/resolved', z.object({ name: z.string() }), {
  source: 'system',
  redact: [],
});
export const resolveFailed = defineEvent(
  'cursors/resolveFailed',
  z.object({ name: z.string(), error: serializedErrorSchema }),
  { source: 'system', redact: [], failure: true },
);

export const fetchRequested = defineEvent('cursors/fetchRequested', z.object({ name: z.string() }), {
  source: 'ui',
  redact: [],
});
export const nextPageRequested = defineEvent('cursors/nextPageRequested', z.object({ name: z.string() }), {
  source: 'ui',
  redact: [],
});
export const nextGroupsRequested = defineEvent(
  'cursors/nextGroupsRequested',
  z.object({ name: z.string() }),
  { source: 'ui', redact: [] },
);
export const groupNextRequested = defineEvent(
  'cursors/groupNextRequested',
  z.object({ name: z.string(), groupKey: z.string() }),
  { source: 'ui', redact: [] },
);

/** A search typed or cleared (free text, or tokens kept as `(t1) (t2)`). */
export const fulltextChanged = defineEvent(
  'cursors/fulltextChanged',
  z.object({
    name: z.string(),
    fulltext: z.string(),
    mode: z.enum(['should', 'must']).nullable().optional(),
    tokens: z.array(z.string()).optional(),
  }),
  { source: 'ui', redact: [] },
);

export const optionsChanged = defineEvent(
  'cursors/optionsChanged',
  z.object({ name: z.string(), options: cursorOptionsSchema.partial() }),
  { source: 'ui', redact: [] },
);

/** A fetch, refused: unknown cursor, no nextGroups token, no group or no group token. */
export const fetchRefused = defineEvent(
  'cursors/fetchRefused',
  z.object({ name: z.string(), message: z.string() }),
  { source: 'system', redact: [], failure: true },
);

/** The request leaves: status initial / fetching / next; `signature` is the `state` sent. */
export const fetchStarted = defineEvent(
  'cursors/fetchStarted',
  z.object({
    name: z.string(),
    page: pageKindSchema,
    signature: z.string(),
    groupKey: z.string().optional(),
  }),
  { source: 'system', redact: [] },
);

export const pageLoaded = defineEvent(
  'cursors/pageLoaded',
  z.object({
    name: z.string(),
    page: pageKindSchema,
    signature: z.string(),
    resource: z.string(),
    rows: z.array(rowSchema),
    total: z.number(),
    count: z.number(),
    nextResultsToken: z.string().nullable(),
    aggregates: z.record(z.string(), z.unknown()).nullable(),
    groups: z.array(groupSchema).optional(),
    nextGroups: z.string().nullable().optional(),
    groupKey: z.string().optional(),
  }),
  { source: 'server', redact: [] },
);

/** The answer's `state` is not the current signature: the list is asked again (protocol §8.4). */
export const pageInvalidated = defineEvent(
  'cursors/pageInvalidated',
  z.object({ name: z.string(), page: pageKindSchema, sent: z.string(), received: z.string().nullable() }),
  { source: 'server', redact: [] },
);

export const fetchFailed = defineEvent(
  'cursors/fetchFailed',
  z.object({ name: z.string(), page: pageKindSchema, error: serializedErrorSchema }),
  { source: 'server', redact: [], failure: true },
);
