import * as z from 'zod/mini';
import { serializedErrorSchema } from '../core/errors';
import { defineEvent, defineFact, defineIntent } from '../core/event';
import { constraintSchema } from '../core/query/operators';

/**
 * Queries and constraints (seed 002 §3 Query, §4, §5; seed 001 §5; protocol §8.3, §9.2).
 *
 * Each cursor has a query of the same name, made when the cursor registers (its `constraints`,
 * `staticConstraints` and `namespaces` options) and removed with it.
 *
 * Public API
 * - dispatch `queries/constraintsRequested` {name, constraints: {key: constraint | null}, replace?}:
 *   sets (or, with null, removes) constraints by key; `replace` drops every other key first, but
 *   for those a standing rule of the cursors keeps (keys starting `__`: the aggregate filter, a
 *   search applied from another list), which the list's own changes leave in place.
 *   A constraint is {field, operator, value, namespace?}: `field` may be `res1,res2@field`;
 *   `operator` is any operator of protocol §8.3 (eq ... empty and aliases), or a sub-query:
 *   `{op}_cursordata` with the name of another cursor as value (its row ids are used, once it has
 *   loaded), or `{op}_{field}` with names as value, turned into ids by a related-entity lookup.
 *   A query not known yet is retried every 200 ms, 10 times ('Failed to retrieve query {name}').
 *   A key cannot change mode (inclusive: in, nin, notin, dof, descendantof, ndof,
 *   notdescendantof, contains, ct; exclusive: the others). Refusals come as
 *   `queries/constraintsRefused` {name, message}.
 * - dispatch `queries/constraintRequested` {name, key, constraint | null}: the single-constraint
 *   setter; a query not known yet is asked for once more after 200 ms (protocol §8.4), then
 *   refused ('Failed to retrieve query {name}').
 * - a cursor registered under a name whose query exists gives `queries/registrationRefused`
 *   ('query {name} already exists', seed 002 §8) beside the cursor's own refusal.
 * - the cursor of the same name loads again once its query is resolved.
 * - read with `streams/queries/selectors.ts`: selectQuery, selectQueryStatus (resolving while a
 *   sub-query or lookup runs), selectConstraint(name, key), selectWireQuery (what is sent).
 */

const name = z.string();

/** A constraint a standing rule keeps (`__aggregates__filter_…`, `__applied_…`), not the list's owner. */
export const isRuleKey = (key: string): boolean => key.startsWith('__');

const change = {
  name,
  constraints: z.record(z.string(), z.nullable(constraintSchema)),
  replace: z.optional(z.boolean()),
};

export const constraintsRequested = defineIntent('queries/constraintsRequested', change);

/** The request passed its checks: the reducer applies it. */
export const constraintsSet = defineFact('queries/constraintsSet', 'system', change);

export const constraintRequested = defineIntent('queries/constraintRequested', {
  name,
  key: z.string(),
  constraint: z.nullable(constraintSchema),
});

export const registrationRefused = defineEvent(
  'queries/registrationRefused',
  z.object({ name, message: z.string() }),
  { source: 'system', redact: [], failure: true },
);

export const constraintsRefused = defineEvent(
  'queries/constraintsRefused',
  z.object({ name, message: z.string() }),
  { source: 'system', redact: [], failure: true },
);

/** A sub-query or a lookup gave its ids: the constraint is sent as `{field: {operator: ids}}`. */
export const constraintResolved = defineFact('queries/constraintResolved', 'system', {
  name,
  key: z.string(),
  operator: z.string(),
  value: z.unknown(),
});

export const constraintFailed = defineEvent(
  'queries/constraintFailed',
  z.object({ name, key: z.string(), error: serializedErrorSchema }),
  { source: 'system', redact: [], failure: true },
);
