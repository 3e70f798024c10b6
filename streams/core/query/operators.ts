import * as z from 'zod/mini';
import { minLength } from '../bounds';

/**
 * Constraints and their wire form (protocol §8.3, §9.2; seed 001 §5). A constraint is one test of
 * one field; a query is the and of its constraints plus the static query.
 */

/** Every operator name of protocol §8.3, aliases included. */
export const OPERATORS = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'e',
  'ne',
  'in',
  'nin',
  'notin',
  'sw',
  'nsw',
  'ew',
  'new',
  'ct',
  'nct',
  'dof',
  'ndof',
  'descendantof',
  'notdescendantof',
  'equals',
  'notequals',
  'greaterthan',
  'greaterorequals',
  'lesserthan',
  'lesserorequals',
  'empty',
  'notempty',
  'startswith',
  'notstartswith',
  'endswith',
  'notendswith',
  'contains',
  'notcontains',
] as const;

type Operator = (typeof OPERATORS)[number];

function isOperator(name: string): name is Operator {
  return (OPERATORS as readonly string[]).includes(name);
}

/** Operators that name sets of values (seed 001 §5): every other one is exclusive. */
const INCLUSIVE = new Set<string>(['in', 'nin', 'notin', 'dof', 'descendantof', 'ndof', 'notdescendantof']);
/** `contains` and `ct` are treated as `in` (seed 001 §5, protocol §9.2). */
const AS_IN = new Set<string>(['contains', 'ct']);

export type ConstraintMode = 'inclusive' | 'exclusive';

export function modeOf(operator: string): ConstraintMode {
  return INCLUSIVE.has(operator) || AS_IN.has(operator) ? 'inclusive' : 'exclusive';
}

/** The operator an aggregate ask carries: `contains` and `ct` are sent as `in`. */
export function aggregateOperator(operator: string): string {
  return AS_IN.has(operator) ? 'in' : operator;
}

/** The message of protocol §9.2 when a key changes mode. */
export function modeChangeMessage(key: string, current: ConstraintMode, operator: string): string {
  return `constraint ${key} is already registered with a different mode: "${current}", but operator "${operator}" implies "${modeOf(operator)}"`;
}

/**
 * A constraint as the portal holds it.
 * - `field` may be `res1,res2@field`: the test then applies to those resources only.
 * - `operator` is one of OPERATORS, or `{op}_{sub}`: `{op}_cursordata` takes the ids of the list
 *   named by `value`; `{op}_{field}` turns the names in `value` into ids through a related-entity
 *   lookup on that field of the related schema (protocol §8.1, §8.3).
 * - `namespace` groups constraints; the query's namespaces say how a group is joined (and / or).
 */
export const constraintSchema = z.object({
  field: z.string().check(minLength(1)),
  operator: z.string().check(minLength(1)),
  value: z.unknown(),
  namespace: z.optional(z.string()),
});
export type Constraint = z.infer<typeof constraintSchema>;

export const SUBQUERY_CURSORDATA = 'cursordata';

/** `in_cursordata` -> `{ operator: 'in', sub: 'cursordata' }`; a plain operator has no sub. */
export function splitOperator(operator: string): { operator: string; sub: string | null } {
  if (isOperator(operator)) return { operator, sub: null };
  const split = operator.indexOf('_');
  if (split <= 0) return { operator, sub: null };
  return { operator: operator.slice(0, split), sub: operator.slice(split + 1) };
}

/** The field name without its `res1,res2@` limit, and the resources it is limited to. */
export function fieldTarget(field: string): { name: string; resources: string[] | null } {
  const at = field.indexOf('@');
  if (at < 0) return { name: field, resources: null };
  return { name: field.slice(at + 1), resources: field.slice(0, at).split(',') };
}

export type WireQuery = Record<string, unknown>;

/** One constraint on the wire: `{"keywords":{"in":[3,4]}}`, `{"asset@name":{"sw":"a"}}`. */
export function wireConstraint(field: string, operator: string, value: unknown): WireQuery {
  return { [field]: { [operator]: value } };
}

/** Why a constraint cannot be used as given, or null (protocol §8.3 messages). */
export function operatorProblem(constraint: Constraint): string | null {
  const { operator, sub } = splitOperator(constraint.operator);
  if (!isOperator(operator)) return `Unknown operator ${constraint.operator}`;
  if (sub === '') return 'Unknown subquery operator: ';
  return null;
}

/**
 * protocol §8.3: no part gives `{}`, one part is itself, several are `{"and":[…]}`. Empty parts
 * (`{}`) are left out so that an unconstrained static query adds nothing.
 */
export function andOf(parts: readonly WireQuery[]): WireQuery {
  const kept = parts.filter((part) => Object.keys(part).length > 0);
  if (kept.length === 0) return {};
  if (kept.length === 1) return kept[0] as WireQuery;
  return { and: kept };
}

export function orOf(parts: readonly WireQuery[]): WireQuery {
  const kept = parts.filter((part) => Object.keys(part).length > 0);
  if (kept.length <= 1) return kept[0] ?? {};
  return { or: kept };
}

/** The query never constrains anything: meta resources without the field (protocol §8.3). */
export const NOTHING: WireQuery = { id: 0 };

/** Fulltext tokens are kept as `(t1) (t2)` (protocol §8.3). */
export function fulltextOfTokens(tokens: readonly string[]): string {
  return tokens
    .map((token) => token.trim())
    .filter(Boolean)
    .map((token) => `(${token})`)
    .join(' ');
}

/** protocol §1.6: applied to `fulltext` on list, tree and aggregate calls, never on suggestions. */
export function adaptFulltext(text: string): string {
  let out = text;
  if (out.includes('"')) out = out.replace(/[()]/g, '');
  out = out.replace(/\s+$/, '');
  if (/["()]/.test(out)) out = out.replace(/\*+$/, '');
  return out;
}
