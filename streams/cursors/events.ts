import * as z from 'zod/mini';
import { optionalFields } from '../core/optional-fields';
import { serializedErrorSchema } from '../core/errors';
import { defineAnswer, defineEvent, defineFact, defineFailure, defineIntent } from '../core/event';
import { constraintSchema } from '../core/query/operators';
import { cursorOptionsSchema, groupSchema, pageKindSchema, rowSchema } from './model';

/** A result row as the answers carry it: what other domains keep of a page (the cache) is validated with it. */
export { rowSchema };

/**
 * Cursors: named paged list queries (seed 002 §3 Cursor, §4, §5; protocol §8).
 *
 * Public API (events to dispatch)
 * - `cursors/registrationRequested` {name, path, ...options}: options are those of
 *   `cursorOptionsSchema` (max, orderby[], fulltext, fulltextMode, props[], group, groupMax,
 *   withAggregates, aggregatesFields[], customParams, staticQuery, security[], withRights, ...)
 *   plus `constraints` / `staticConstraints` (key -> constraint) and `namespaces` for the query of
 *   the same name. The schema of `path` is resolved at once: registering -> registered ->
 *   resolving -> resolved. `cursors/registered` carries the max and static query the list runs
 *   with (the configured defaults when the registration left them out). Refusals ('Cannot register a cursor without a name or without path',
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
 * - `cursors/resolveRequested` {name}: resolves the cursor's schema again ('Cannot resolve a
 *   cursor without a name', 'Cannot resolve unknown cursor').
 * - `cursors/applyToRequested` {name, target}: the target list searches what `name` searches
 *   besides its own: it keeps its constraints, gains `name`'s user constraints under
 *   `__applied_{key}` and `name`'s fulltext beside its own (`cursors/applied`); applied again, the
 *   new search replaces the one before. Onto itself: 'cannot use applyTO on same cursor'.
 * - `cursors/applyToCleared` {name}: the list searches only its own again.
 * - `cursors/aggregateFilterRequested` {name, monitoredCursorName, monitoredField}: the list keeps
 *   only the ids the monitored list's inline aggregate of that field names (constraint
 *   `__aggregates__filter_{cursor}_{field}`, protocol §8.4); checked first (seed 002 §5).
 * A change, resolve, applyTo or filter of a list that is not registered is refused ('Cursor {name}
 * is unknown'; `~` names silently) as `cursors/requestRefused`. A fetch of a list whose path is or
 * holds `/undefined` is refused and logged; a non-temporary one loads once its path is defined.
 * Rows without an id are left out and logged as strange data (`cursors/strangeDataSkipped`).
 * Constraints are set on the query of the same name: see `streams/queries/events.ts`.
 * When who-am-I names another user, every fetched list is marked not fetched
 * (`cursors/identityChanged`): the screen that shows one asks it again (the search follows it at
 * once on its screen, else on arrival); nothing is asked for a list no screen shows.
 *
 * Selectors (`streams/cursors/selectors.ts`): selectCursor, selectCursorStatus, selectCursorTotal,
 * selectCursorIds (row keys in order), selectCursorKeys (by position), selectCursorRow(key),
 * selectCursorRowAt(index), selectCursorRows (memoised array), selectCursorRowIds, selectCursorHasMore,
 * selectCursorError, selectCursorAggregates (inline, per field), selectCursorScope (path, fulltext
 * sent, static query: what requests over the same list need).
 */

const name = z.string();
const refusal = { name, message: z.string() };

export const registrationRequested = defineIntent('cursors/registrationRequested', {
  ...optionalFields(cursorOptionsSchema.shape),
  name,
  path: z.string(),
  constraints: z.optional(z.record(z.string(), constraintSchema)),
  staticConstraints: z.optional(z.record(z.string(), constraintSchema)),
  namespaces: z.optional(z.record(z.string(), z.enum(['and', 'or']))),
  excludedPaths: z.optional(z.array(z.string())),
});

/**
 * The registration is accepted. `max` and `staticQuery` are those asked, else the configured
 * defaults: a replay folds them whatever the config is today (absent: kept as registered).
 */
export const registered = defineFact('cursors/registered', 'system', {
  name,
  max: z.optional(cursorOptionsSchema.shape.max),
  staticQuery: z.optional(cursorOptionsSchema.shape.staticQuery),
});

export const registrationRefused = defineEvent('cursors/registrationRefused', z.object(refusal), {
  source: 'system',
  redact: [],
  failure: true,
});

export const removed = defineIntent('cursors/removed', { name });

export const resolving = defineFact('cursors/resolving', 'system', { name });
export const resolved = defineFact('cursors/resolved', 'system', { name });
export const resolveFailed = defineEvent(
  'cursors/resolveFailed',
  z.object({ name, error: serializedErrorSchema }),
  { source: 'system', redact: [], failure: true },
);

export const fetchRequested = defineIntent('cursors/fetchRequested', { name });

/** Who-am-I named another user: these lists were fetched for the one before (issue 12 item 16). */
export const identityChanged = defineFact('cursors/identityChanged', 'system', { names: z.array(name) });
export const nextPageRequested = defineIntent('cursors/nextPageRequested', { name });
export const nextGroupsRequested = defineIntent('cursors/nextGroupsRequested', { name });
export const groupNextRequested = defineIntent('cursors/groupNextRequested', { name, groupKey: z.string() });

/** A search typed or cleared (free text, or tokens kept as `(t1) (t2)`). */
export const fulltextChanged = defineIntent('cursors/fulltextChanged', {
  name,
  fulltext: z.string(),
  mode: z.optional(z.nullable(z.enum(['should', 'must']))),
  tokens: z.optional(z.array(z.string())),
});

export const optionsChanged = defineIntent('cursors/optionsChanged', {
  name,
  options: z.object(optionalFields(cursorOptionsSchema.shape)),
});

/** A fetch, refused: unknown cursor, no nextGroups token, no group or no group token. */
export const fetchRefused = defineEvent('cursors/fetchRefused', z.object(refusal), {
  source: 'system',
  redact: [],
  failure: true,
});

/** The request leaves: status initial / fetching / next; `signature` is the `state` sent. */
export const fetchStarted = defineFact('cursors/fetchStarted', 'system', {
  name,
  page: pageKindSchema,
  signature: z.string(),
  groupKey: z.optional(z.string()),
});

export const pageLoaded = defineAnswer('cursors/pageLoaded', {
  name,
  page: pageKindSchema,
  signature: z.string(),
  resource: z.string(),
  rows: z.array(rowSchema),
  total: z.number(),
  count: z.number(),
  nextResultsToken: z.nullable(z.string()),
  aggregates: z.nullable(z.record(z.string(), z.unknown())),
  groups: z.optional(z.array(groupSchema)),
  nextGroups: z.optional(z.nullable(z.string())),
  groupKey: z.optional(z.string()),
});

/** The answer's `state` is not the current signature: the list is asked again (protocol §8.4). */
export const pageInvalidated = defineAnswer('cursors/pageInvalidated', {
  name,
  page: pageKindSchema,
  sent: z.string(),
  received: z.nullable(z.string()),
});

export const fetchFailed = defineFailure('cursors/fetchFailed', { name, page: pageKindSchema });

/** Rows of an answer without an id: left out, and logged as strange data (seed 001 §8, protocol §8.1). */
export const strangeDataSkipped = defineFailure('cursors/strangeDataSkipped', { name, rows: z.int() });

export const resolveRequested = defineIntent('cursors/resolveRequested', { name });

export const applyToRequested = defineIntent('cursors/applyToRequested', { name, target: name });

/** The checks passed: `name` searches, beside its own, the fulltext `from` sends (its constraints come as `__applied_{key}`). */
export const applied = defineFact('cursors/applied', 'system', { name, from: name, fulltext: z.string() });

/** The user took back the search applied onto `name`: it searches only its own again. */
export const applyToCleared = defineIntent('cursors/applyToCleared', { name });

export const aggregateFilterRequested = defineIntent('cursors/aggregateFilterRequested', {
  name,
  monitoredCursorName: z.string(),
  monitoredField: z.string(),
});

/**
 * A resolve, change, applyTo or aggregate filter refused (unknown cursor, failed checks); an
 * aggregate filter's refusal names its reason in `code` (`error.cursors.aggregateFilter.*`).
 */
export const requestRefused = defineEvent(
  'cursors/requestRefused',
  z.object({ ...refusal, code: z.optional(z.string()) }),
  {
    source: 'system',
    redact: [],
    failure: true,
  },
);

/** A value a row holds in a field, as counts by value name it: `{id, name}` (`-1`: no value, protocol §9.1). */
const fieldValueSchema = z.object({ id: z.union([z.string(), z.number(), z.boolean()]), name: z.string() });
export type FieldValue = z.infer<typeof fieldValueSchema>;

/**
 * An entity read after a write (an update, a workflow step) replaces its row in a list holding it:
 * the results show the new values without the list being asked again (issue 26). `changes` names,
 * for each field whose values changed, the values the row lost and gained, so that the counts by
 * value (the facets) follow.
 */
export const rowRefreshed = defineFact('cursors/rowRefreshed', 'system', {
  name,
  key: z.string(),
  row: rowSchema,
  changes: z.record(
    z.string(),
    z.object({ removed: z.array(fieldValueSchema), added: z.array(fieldValueSchema) }),
  ),
});
