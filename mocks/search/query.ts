import type { Field } from './collections';
import {
  allMask,
  and,
  type CollectionIndex,
  EMPTY_KEY,
  type Mask,
  maskOf,
  not,
  or,
  sortValue,
  valueKey,
} from './indexes';
import { fold } from './text';

/** A request the engine refuses: answered with the protocol error body and this status. */
export class SearchError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

type Operator = 'eq' | 'gt' | 'gte' | 'lt' | 'lte' | 'in' | 'sw' | 'ew' | 'ct' | 'dof' | 'empty';

/** Every operator name of protocol §8.3: the operator it tests and whether it negates it. */
export const OPERATORS: Readonly<Record<string, readonly [Operator, boolean]>> = {
  eq: ['eq', false],
  e: ['eq', false],
  equals: ['eq', false],
  neq: ['eq', true],
  ne: ['eq', true],
  notequals: ['eq', true],
  gt: ['gt', false],
  greaterthan: ['gt', false],
  gte: ['gte', false],
  greaterorequals: ['gte', false],
  lt: ['lt', false],
  lesserthan: ['lt', false],
  lte: ['lte', false],
  lesserorequals: ['lte', false],
  in: ['in', false],
  nin: ['in', true],
  notin: ['in', true],
  sw: ['sw', false],
  startswith: ['sw', false],
  nsw: ['sw', true],
  notstartswith: ['sw', true],
  ew: ['ew', false],
  endswith: ['ew', false],
  new: ['ew', true],
  notendswith: ['ew', true],
  ct: ['ct', false],
  contains: ['ct', false],
  nct: ['ct', true],
  notcontains: ['ct', true],
  dof: ['dof', false],
  descendantof: ['dof', false],
  ndof: ['dof', true],
  notdescendantof: ['dof', true],
  empty: ['empty', false],
  notempty: ['empty', true],
};

/** One test of a field: `{"keywords":{"in":[3]}}`, `{"res1,res2@name":{"sw":"a"}}`, `{"assetnature":{"dof_code":["video"]}}`. */
export interface Test {
  kind: 'test';
  field: string;
  /** `res1,res2@field`: the test applies to these resources only */
  resources?: string[];
  operator: Operator;
  negate: boolean;
  value: unknown;
  /** `{op}_{sub}`: the test is made on the related rows' field `sub` */
  sub?: string;
}

export type QueryNode =
  | { kind: 'all' }
  | { kind: 'and'; nodes: QueryNode[] }
  | { kind: 'or'; nodes: QueryNode[] }
  | { kind: 'not'; node: QueryNode }
  | Test;

const ALL: QueryNode = { kind: 'all' };

function combine(kind: 'and' | 'or', nodes: QueryNode[]): QueryNode {
  return nodes.length === 1 ? (nodes[0] as QueryNode) : { kind, nodes };
}

function parseOperator(field: string, resources: string[] | undefined, key: string, value: unknown): Test {
  const known = OPERATORS[key];
  if (known) return { kind: 'test', field, resources, operator: known[0], negate: known[1], value };
  const split = key.indexOf('_');
  const withSub = split > 0 ? OPERATORS[key.slice(0, split)] : undefined;
  if (!withSub) throw new SearchError(400, `Unknown operator "${key}" on field ${field}`);
  return {
    kind: 'test',
    field,
    resources,
    operator: withSub[0],
    negate: withSub[1],
    value,
    sub: key.slice(split + 1),
  };
}

function parseField(key: string, value: unknown): QueryNode {
  const at = key.indexOf('@');
  const field = at < 0 ? key : key.slice(at + 1);
  const resources = at < 0 ? undefined : key.slice(0, at).split(',');
  const test = (operator: string, operand: unknown) => parseOperator(field, resources, operator, operand);
  if (value === null) return test('empty', true);
  if (Array.isArray(value)) return test('in', value);
  if (typeof value !== 'object') return test('eq', value);
  const tests = Object.entries(value as Record<string, unknown>).map(([operator, operand]) =>
    test(operator, operand),
  );
  return tests.length === 0 ? ALL : combine('and', tests);
}

/** The constraint tree of a `query` JSON (protocol §8.3): and/or groups, fields, operators. */
export function parseQuery(json: unknown): QueryNode {
  if (json === null || json === undefined) return ALL;
  if (Array.isArray(json)) return json.length === 0 ? ALL : combine('and', json.map(parseQuery));
  if (typeof json !== 'object') throw new SearchError(400, `Invalid query ${JSON.stringify(json)}`);
  const nodes = Object.entries(json as Record<string, unknown>).map(([key, value]): QueryNode => {
    if (key === 'and' || key === 'or') {
      if (!Array.isArray(value)) throw new SearchError(400, `"${key}" expects an array of constraints`);
      return value.length === 0 ? ALL : combine(key, value.map(parseQuery));
    }
    if (key === 'not') return { kind: 'not', node: parseQuery(value) };
    return parseField(key, value);
  });
  return nodes.length === 0 ? ALL : combine('and', nodes);
}

/** Parses the JSON text of a `query` parameter; an absent or empty one matches everything. */
export function parseQueryText(text: string | null | undefined): QueryNode {
  if (!text) return ALL;
  try {
    return parseQuery(JSON.parse(text));
  } catch (error) {
    if (error instanceof SearchError) throw error;
    throw new SearchError(400, `The query is not valid JSON: ${text}`);
  }
}

const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);

/** The rows of an index that a constraint tree matches. */
export function evaluate(node: QueryNode, index: CollectionIndex): Mask {
  switch (node.kind) {
    case 'all':
      return allMask(index.size);
    case 'and':
      return node.nodes.map((child) => evaluate(child, index)).reduce(and);
    case 'or':
      return node.nodes.map((child) => evaluate(child, index)).reduce(or);
    case 'not':
      return not(evaluate(node.node, index));
    case 'test': {
      if (node.resources && !node.resources.includes(index.collection.resource)) return allMask(index.size);
      const field = index.field(node.field);
      if (!field) {
        throw new SearchError(400, `Unknown field ${node.field} for resource ${index.collection.resource}`);
      }
      const mask = node.sub ? testRelated(node, field, index) : testField(node, field, index);
      return node.negate ? not(mask) : mask;
    }
  }
}

function postingsOf(index: CollectionIndex, field: Field, keys: Iterable<string>): Mask {
  const facet = index.facet(field);
  const postings: Int32Array[] = [];
  for (const key of keys) {
    const posting = facet.get(key);
    if (posting) postings.push(posting);
  }
  return maskOf(index.size, postings);
}

/** The tree a field points into: its related collection, or the collection itself for `id`. */
function treeOf(field: Field, index: CollectionIndex): CollectionIndex | undefined {
  const target = field.relation ? index.related(field.relation) : field.name === 'id' ? index : undefined;
  return target?.collection.treefield ? target : undefined;
}

/** The ids of the nodes under the given ones, the given ones included. */
export function descendantsOrSelf(tree: CollectionIndex, ids: readonly unknown[]): Set<string> {
  const treefield = tree.collection.treefield as string;
  const children = new Map<string, string[]>();
  for (const row of tree.rows) {
    const parent = row[treefield];
    if (parent === null || parent === undefined) continue;
    const key = String(typeof parent === 'object' ? (parent as { id: number }).id : parent);
    children.set(key, [...(children.get(key) ?? []), String(row.id)]);
  }
  const found = new Set<string>();
  const queue = ids.map((id) =>
    String(typeof id === 'object' && id ? (id as { id: unknown }).id : Number(id)),
  );
  while (queue.length > 0) {
    const id = queue.pop() as string;
    if (found.has(id)) continue;
    found.add(id);
    queue.push(...(children.get(id) ?? []));
  }
  return found;
}

function testField(test: Test, field: Field, index: CollectionIndex): Mask {
  const values = listOf(test.value);
  const relation = field.relation !== undefined || field.name === 'id';
  switch (test.operator) {
    case 'eq':
    case 'in':
      return postingsOf(
        index,
        field,
        values.map((value) => valueKey(value, field)),
      );
    case 'dof': {
      const tree = treeOf(field, index);
      const keys = tree ? descendantsOrSelf(tree, values) : values.map((value) => valueKey(value, field));
      return postingsOf(index, field, keys);
    }
    case 'empty': {
      const wanted =
        test.value === undefined || test.value === true || test.value === 'true' || test.value === 1;
      const mask = postingsOf(index, field, [EMPTY_KEY]);
      return wanted ? mask : not(mask);
    }
    case 'ct':
      if (relation || field.type === 'array') return testField({ ...test, operator: 'in' }, field, index);
      return matchingKeys(index, field, values, (key, value) => key.includes(value));
    case 'sw':
      return matchingKeys(index, field, values, (key, value) => key.startsWith(value));
    case 'ew':
      return matchingKeys(index, field, values, (key, value) => key.endsWith(value));
    default:
      return compare(test, field, index);
  }
}

/** Text operators: on folded values, or on the related rows' names for a relation. */
function matchingKeys(
  index: CollectionIndex,
  field: Field,
  values: unknown[],
  matches: (key: string, value: string) => boolean,
): Mask {
  const wanted = values.map((value) => fold(String(value)));
  const target = field.relation ? index.related(field.relation) : undefined;
  const keys: string[] = [];
  for (const key of index.facet(field).keys()) {
    if (key === EMPTY_KEY) continue;
    const text = target ? fold(String(target.byId(key)?.name ?? '')) : key;
    if (wanted.some((value) => matches(text, value))) keys.push(key);
  }
  return postingsOf(index, field, keys);
}

function compare(test: Test, field: Field, index: CollectionIndex): Mask {
  const bound = sortValue(test.value, field);
  const passes = (value: number | string): boolean => {
    switch (test.operator) {
      case 'gt':
        return value > bound;
      case 'gte':
        return value >= bound;
      case 'lt':
        return value < bound;
      default:
        return value <= bound;
    }
  };
  const postings: Int32Array[] = [];
  const sample = index.facet(field);
  for (const [key, posting] of sample) {
    if (key === EMPTY_KEY) continue;
    const value = field.type === 'date' || field.type === 'number' || field.relation ? Number(key) : key;
    if (passes(value)) postings.push(posting);
  }
  return maskOf(index.size, postings);
}

/** `{op}_{sub}`: finds the related rows whose `sub` passes, then the rows pointing to them. */
function testRelated(test: Test, field: Field, index: CollectionIndex): Mask {
  const target = field.relation ? index.related(field.relation) : undefined;
  if (!target)
    throw new SearchError(400, `Field ${field.name} is not a relation: "${test.sub}" cannot be tested`);
  const targetOperator = test.operator === 'dof' ? 'in' : test.operator;
  const targetMask = evaluate(
    { ...test, field: test.sub as string, sub: undefined, negate: false, operator: targetOperator },
    target,
  );
  const ids = target.rows.filter((_, position) => targetMask[position] === 1).map((row) => row.id);
  return testField(
    { ...test, sub: undefined, value: ids, operator: test.operator === 'dof' ? 'dof' : 'in' },
    field,
    index,
  );
}
