import type { Status } from '../core/status';
import { andOf, fieldTarget, NOTHING, orOf, type WireQuery, wireConstraint } from '../core/query/operators';
import type { ConstraintEntry, QueriesState, QueryState } from './state';

export type { ConstraintEntry, QueriesState, QueryState } from './state';
export type WithQueries = { queries: QueriesState };

export const selectQuery = (state: WithQueries, name: string): QueryState | undefined =>
  state.queries.byName[name];

export const selectConstraint = (
  state: WithQueries,
  name: string,
  key: string,
): ConstraintEntry | undefined => state.queries.byName[name]?.constraints[key];

function allEntries(query: QueryState): ConstraintEntry[] {
  return [...Object.values(query.staticConstraints), ...Object.values(query.constraints)];
}

/** seed 002 §4: a query's status derives from its constraints' statuses. */
function queryStatusOf(query: QueryState | undefined): Status {
  if (!query) return 'unknown';
  const entries = allEntries(query);
  if (entries.some((entry) => entry.status === 'resolving')) return 'resolving';
  if (entries.some((entry) => entry.status === 'error')) return 'error';
  return 'resolved';
}

export const selectQueryStatus = (state: WithQueries, name: string): Status =>
  queryStatusOf(state.queries.byName[name]);

/** For meta-schemas: the resource a `query_{resource}` is built for, and the fields it knows. */
interface QueryTarget {
  resource: string;
  path: string;
  fields: ReadonlySet<string>;
}

/** One constraint on the wire, for the whole path or for one resource of a meta-schema. */
function wireOf(entry: ConstraintEntry, target: QueryTarget | undefined): WireQuery | null {
  if (!entry.resolved) return null;
  const { name, resources } = fieldTarget(entry.constraint.field);
  if (!target) return wireConstraint(entry.constraint.field, entry.resolved.operator, entry.resolved.value);
  // `res1,res2@field` limits the constraint to those resources (protocol §8.3)
  if (resources && !resources.includes(target.resource)) return null;
  // a field the resource does not have can match nothing there
  if (name !== 'id' && !target.fields.has(name)) return NOTHING;
  return wireConstraint(name, entry.resolved.operator, entry.resolved.value);
}

/**
 * protocol §8.3: the query sent is the and of every resolved constraint (namespaced ones joined
 * as their namespace says) plus the static query. Constraints still resolving or failed are not
 * sent. For a meta-schema resource, excluded paths give `{"id":0}`.
 */
export function wireQueryOf(query: QueryState, target?: QueryTarget): WireQuery {
  if (target && query.excludedPaths.includes(target.path)) return NOTHING;
  const plain: WireQuery[] = [];
  const grouped = new Map<string, WireQuery[]>();
  for (const entry of allEntries(query)) {
    const wire = wireOf(entry, target);
    if (!wire) continue;
    const namespace = entry.constraint.namespace;
    if (namespace === undefined) plain.push(wire);
    else grouped.set(namespace, [...(grouped.get(namespace) ?? []), wire]);
  }
  const namespaced = [...grouped].map(([namespace, parts]) =>
    query.namespaces[namespace] === 'or' ? orOf(parts) : andOf(parts),
  );
  return andOf([...plain, ...namespaced, query.staticQuery ?? {}]);
}

export function selectWireQuery(state: WithQueries, name: string, target?: QueryTarget): WireQuery {
  const query = state.queries.byName[name];
  return query ? wireQueryOf(query, target) : {};
}
