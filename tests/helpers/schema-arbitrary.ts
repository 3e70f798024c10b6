import fc from 'fast-check';
import type * as zc from 'zod/v4/core';
import { safeParse } from 'zod/v4/core';

/**
 * Fast-check arbitraries derived from zod 4 schemas (classic `zod` and `zod/mini` alike: both
 * are read through the shared `_zod.def` core), so property tests follow the schemas instead of
 * repeating them by hand.
 *
 * The values are made to meet each other in a fold: strings come from a small pool so that ids
 * collide, numbers are small, arrays and records hold at most three entries, objects never have a
 * null prototype (a log read back from JSON never does). Where a value must follow a rule the
 * schema cannot say, an override by object key name replaces what would be derived.
 */

/** Arbitraries that replace the derived one for every object key of that name, at any depth. */
export type Overrides = Readonly<Record<string, fc.Arbitrary<unknown>>>;

export interface DeriveOptions {
  /** how the root is named in error messages (`payload` by default) */
  root?: string;
}

/**
 * What `arbitraryOf` throws when a schema holds something it cannot derive. The path reads
 * `payload.items[].id`: `[]` any element, `{}` any record value, `|1` the union's second option.
 */
export class SchemaArbitraryError extends Error {
  constructor(
    readonly path: string,
    reason: string,
  ) {
    super(`arbitraryOf: ${reason} at ${path}`);
    this.name = 'SchemaArbitraryError';
  }
}

/** Strings drawn where the checks allow: ids collide, and a glob or a regex character is met too. */
export const STRING_POOL: readonly string[] = ['1', '2', 'a', '', 'b c', 'x*('];
const INTEGER_POOL = [0, 1, 2, 3, -1];
const NUMBER_POOL = [0, 1, 2, 0.5, -1];
const BIGINT_POOL = [0n, 1n, 2n, -1n];
const DATE_POOL = [0, 86_400_000, 1_767_225_600_000].map((time) => new Date(time));
/** Keys a loose object may carry beyond its shape. */
const EXTRA_KEYS = ['x', 'extra'];
const MAX_ITEMS = 3;
/** How many times a path may enter one recursive schema before only finite values are drawn. */
const MAX_DEPTH = 2;
const SAMPLE = { numRuns: 60, seed: 42 };
/** String formats zod checks by code rather than by a pattern that could be drawn from. */
const FORMATS: Readonly<Record<string, fc.Arbitrary<string>>> = {
  url: fc.webUrl(),
  ipv4: fc.ipV4(),
  ipv6: fc.ipV6(),
};

const json: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { maxDepth: 2, depthIdentifier: 'json' },
    fc.constantFrom(null, true, false, 0, 1, -1, ...STRING_POOL.slice(0, 4)),
    fc.array(tie('value'), { maxLength: MAX_ITEMS, depthIdentifier: 'json' }),
    fc.dictionary(fc.constantFrom(...STRING_POOL.slice(0, 3)), tie('value'), {
      maxKeys: MAX_ITEMS,
      noNullPrototype: true,
      depthIdentifier: 'json',
    }),
  ),
})).value;

interface Context {
  overrides: Overrides;
  /** times each object or lazy schema was entered on the current path */
  entered: Map<zc.$ZodType, number>;
  /** past the recursion depth: draw the smallest values only, so recursion ends */
  finite: boolean;
}

/**
 * An arbitrary of values `schema` accepts. Throws a `SchemaArbitraryError` naming the path of
 * the first part it cannot derive (a custom type, a bare transform, a function...). Through a
 * pipe or a transform the values are the schema's inputs: the output cannot be drawn.
 */
export function arbitraryOf<S extends zc.$ZodType>(
  schema: S,
  overrides: Overrides = {},
  options: DeriveOptions = {},
): fc.Arbitrary<zc.input<S>> {
  const context: Context = { overrides, entered: new Map(), finite: false };
  return derive(schema, options.root ?? 'payload', context) as fc.Arbitrary<zc.input<S>>;
}

function accepts(schema: zc.$ZodType): (value: unknown) => boolean {
  return (value) => safeParse(schema, value).success;
}

/** The checks of a schema, the schema's own definition first (`z.int()`, `z.email()` are checks too). */
function checksOf(schema: zc.$ZodType): zc.$ZodChecks['_zod']['def'][] {
  const def = schema._zod.def as zc.$ZodTypeDef & { check?: string };
  const own = def.check ? [def as unknown as zc.$ZodChecks['_zod']['def']] : [];
  return [...own, ...(def.checks ?? []).map((check) => (check as zc.$ZodChecks)._zod.def)];
}

/** Checks a walk of the definition cannot honour (`refine`, `superRefine`...): values get filtered. */
function hasOpaqueChecks(schema: zc.$ZodType): boolean {
  return (schema._zod.def.checks ?? []).some((check) => check._zod.def.check === 'custom');
}

/** A small fixed pool of the values `arbitrary` draws that `ok` accepts; throws when it draws none. */
function poolOf<T>(arbitrary: fc.Arbitrary<T>, ok: (value: T) => boolean, path: string, what: string) {
  const found = [...new Set(fc.sample(arbitrary, SAMPLE).filter(ok))].slice(0, 4);
  if (found.length === 0)
    throw new SchemaArbitraryError(path, `no value drawn for ${what} passes its checks`);
  return fc.constantFrom(...found);
}

/** `arbitrary` filtered by `ok`, after a sample shows that the filter lets values through. */
function filtered<T>(arbitrary: fc.Arbitrary<T>, ok: (value: T) => boolean, path: string, what: string) {
  if (!fc.sample(arbitrary, SAMPLE).some(ok))
    throw new SchemaArbitraryError(path, `no value drawn for ${what} passes its checks`);
  return arbitrary.filter(ok);
}

function derive(schema: zc.$ZodType, path: string, context: Context): fc.Arbitrary<unknown> {
  const arbitrary = deriveKind(schema, path, context);
  return hasOpaqueChecks(schema) ? filtered(arbitrary, accepts(schema), path, 'a refined schema') : arbitrary;
}

function deriveKind(schema: zc.$ZodType, path: string, context: Context): fc.Arbitrary<unknown> {
  const typed = schema as zc.$ZodTypes;
  const def = typed._zod.def;
  switch (def.type) {
    case 'string':
      return stringOf(schema, path);
    case 'number':
      return numberOf(schema, path);
    case 'bigint':
      return poolOf(fc.constantFrom(...BIGINT_POOL), accepts(schema), path, 'a bigint');
    case 'boolean':
      return fc.boolean();
    case 'date':
      return poolOf(fc.constantFrom(...DATE_POOL), accepts(schema), path, 'a date');
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
      return fc.constant(undefined);
    case 'nan':
      return fc.constant(Number.NaN);
    case 'unknown':
    case 'any':
      return json;
    case 'literal':
      return fc.constantFrom(...def.values);
    case 'enum':
      return poolOf(fc.constantFrom(...Object.values(def.entries)), accepts(schema), path, 'an enum');
    case 'template_literal':
      return poolOf(
        fc.stringMatching((typed as zc.$ZodTemplateLiteral)._zod.pattern),
        accepts(schema),
        path,
        'a template literal',
      );
    case 'object':
      return recursing(schema, path, context, () => objectOf(def, path, context));
    case 'array': {
      const { min, max } = lengthBounds(schema, path);
      if (context.finite && min === 0) return fc.constant([]);
      const element = derive(def.element, `${path}[]`, context);
      const maxLength = context.finite ? min : Math.min(max, Math.max(min, MAX_ITEMS));
      return fc.array(element, { minLength: min, maxLength });
    }
    case 'tuple': {
      const items = def.items.map((item, index) => derive(item, `${path}[${index}]`, context));
      if (!def.rest || context.finite) return fc.tuple(...items);
      const rest = fc.array(derive(def.rest, `${path}[]`, context), { maxLength: 2 });
      return fc.tuple(fc.tuple(...items), rest).map(([head, tail]) => [...head, ...tail]);
    }
    case 'record':
      return recordOf(def, path, context);
    case 'union': {
      const options = unionOptions(def.options, path, context);
      return options.length === 1 ? options[0]! : fc.oneof(...options);
    }
    case 'optional':
      return context.finite
        ? fc.constant(undefined)
        : fc.option(derive(def.innerType, path, context), { nil: undefined });
    case 'nullable':
      return context.finite
        ? fc.constant(null)
        : fc.option(derive(def.innerType, path, context), { nil: null });
    // the inner value, never the missing one: what the fold sees after the default applies
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
      return derive(def.innerType, path, context);
    case 'nonoptional':
      return derive(def.innerType, path, context).filter((value) => value !== undefined);
    case 'pipe':
      return pipeOf(schema, def, path, context);
    case 'lazy':
      return recursing(schema, path, context, () => derive(def.getter(), path, context));
    case 'transform':
      throw new SchemaArbitraryError(
        path,
        'a bare transform has no input schema to draw from (give an override)',
      );
    default:
      throw new SchemaArbitraryError(path, `cannot derive a "${def.type}" schema (give an override)`);
  }
}

function stringOf(schema: zc.$ZodType, path: string): fc.Arbitrary<string> {
  const ok = accepts(schema);
  const checks = checksOf(schema);
  const affixed = (text: string) =>
    checks.reduce((value, check) => {
      if (check.check !== 'string_format') return value;
      const format = check as zc.$ZodCheckStringFormatDef & {
        prefix?: string;
        suffix?: string;
        includes?: string;
      };
      if (format.format === 'starts_with' && !value.startsWith(format.prefix!)) return format.prefix + value;
      if (format.format === 'ends_with' && !value.endsWith(format.suffix!)) return value + format.suffix;
      if (format.format === 'includes' && !value.includes(format.includes!)) return value + format.includes;
      if (format.format === 'lowercase') return value.toLowerCase();
      if (format.format === 'uppercase') return value.toUpperCase();
      return value;
    }, text);
  const pooled = [...new Set([...STRING_POOL, ...STRING_POOL.map(affixed)])].filter(ok);
  if (pooled.length > 0) return fc.constantFrom(...pooled);
  const { min, max } = lengthBounds(schema, path);
  const format = checks.find((check) => check.check === 'string_format' && check.format in FORMATS);
  const pattern = checks.find(
    (check): check is zc.$ZodCheckStringFormatDef => check.check === 'string_format' && !!check.pattern,
  )?.pattern;
  const drawn = format
    ? FORMATS[(format as zc.$ZodCheckStringFormatDef).format]!
    : pattern
      ? fc.stringMatching(pattern)
      : fc.string({ minLength: min, maxLength: Math.min(max, min + 8) }).map(affixed);
  return poolOf(drawn, ok, path, 'a string');
}

function numberOf(schema: zc.$ZodType, path: string): fc.Arbitrary<number> {
  const ok = accepts(schema);
  let low = Number.NEGATIVE_INFINITY;
  let high = Number.POSITIVE_INFINITY;
  let integer = false;
  const steps: number[] = [];
  for (const check of checksOf(schema)) {
    if (check.check === 'greater_than') low = Math.max(low, Number(check.value));
    else if (check.check === 'less_than') high = Math.min(high, Number(check.value));
    else if (check.check === 'number_format')
      integer ||= check.format !== 'float32' && check.format !== 'float64';
    else if (check.check === 'multiple_of') steps.push(Number(check.value));
  }
  const near = [low, low + 1, high, high - 1].filter(Number.isFinite);
  const multiples = steps.flatMap((step) => [0, 1, 2, -1].map((times) => step * times));
  const pooled = [...new Set([...(integer ? INTEGER_POOL : NUMBER_POOL), ...multiples, ...near])].filter(ok);
  if (pooled.length > 0) return fc.constantFrom(...pooled);
  const min = Number.isFinite(low) ? low : Number.isFinite(high) ? high - 10 : -10;
  const max = Number.isFinite(high) ? high : min + 10;
  const drawn = integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.double({ min, max, noNaN: true });
  return poolOf(drawn, ok, path, 'a number');
}

function lengthBounds(schema: zc.$ZodType, path: string): { min: number; max: number } {
  let min = 0;
  let max = Number.POSITIVE_INFINITY;
  for (const check of checksOf(schema)) {
    if (check.check === 'min_length' || check.check === 'min_size') min = Math.max(min, check.minimum);
    else if (check.check === 'max_length' || check.check === 'max_size') max = Math.min(max, check.maximum);
    else if (check.check === 'length_equals') [min, max] = [check.length, check.length];
    else if (check.check === 'size_equals') [min, max] = [check.size, check.size];
  }
  if (min > max) throw new SchemaArbitraryError(path, `no length is at least ${min} and at most ${max}`);
  return { min, max };
}

function objectOf(def: zc.$ZodObjectDef, path: string, context: Context): fc.Arbitrary<unknown> {
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  const requiredKeys: string[] = [];
  for (const [key, field] of Object.entries(def.shape)) {
    const optional = field._zod.def.type === 'optional';
    // past the recursion depth an optional key stays out, so a recursive shape ends
    if (optional && context.finite) continue;
    if (!optional) requiredKeys.push(key);
    const override = Object.hasOwn(context.overrides, key) ? context.overrides[key] : undefined;
    const inner = optional ? (field as zc.$ZodOptional)._zod.def.innerType : field;
    model[key] = override ?? derive(inner, `${path}.${key}`, context);
  }
  const record = fc.record(model, { requiredKeys, noNullPrototype: true });
  const catchall = def.catchall;
  const extraKeys = EXTRA_KEYS.filter((key) => !(key in def.shape));
  if (!catchall || catchall._zod.def.type === 'never' || context.finite || extraKeys.length === 0)
    return record;
  const extras = fc.dictionary(fc.constantFrom(...extraKeys), derive(catchall, `${path}.*`, context), {
    maxKeys: 2,
    noNullPrototype: true,
  });
  return fc.tuple(record, extras).map(([known, extra]) => ({ ...extra, ...known }));
}

function recordOf(def: zc.$ZodRecordDef, path: string, context: Context): fc.Arbitrary<unknown> {
  const keys = def.keyType._zod.values;
  // an enum or literal key makes the record exhaustive (z.partialRecord apart): every key is there
  if (keys && !def.partial) {
    const value = derive(def.valueType, `${path}{}`, context);
    const model = Object.fromEntries([...keys].map((key) => [String(key), value]));
    return fc.record(model, { noNullPrototype: true });
  }
  if (context.finite) return fc.constant({});
  const value = derive(def.valueType, `${path}{}`, context);
  const key = derive(def.keyType, `${path}{key}`, context).map(String);
  return fc.dictionary(key, value, { maxKeys: MAX_ITEMS, noNullPrototype: true });
}

function unionOptions(
  options: readonly zc.$ZodType[],
  path: string,
  context: Context,
): fc.Arbitrary<unknown>[] {
  if (!context.finite) return options.map((option, index) => derive(option, `${path}|${index}`, context));
  // past the recursion depth: the options that end without recursing further
  const ending = options.flatMap((option, index) => {
    try {
      return [derive(option, `${path}|${index}`, context)];
    } catch (error) {
      if (error instanceof SchemaArbitraryError) return [];
      throw error;
    }
  });
  if (ending.length === 0) throw new SchemaArbitraryError(path, 'no option of this recursive union ends');
  return ending;
}

function pipeOf(
  schema: zc.$ZodType,
  def: zc.$ZodPipeDef,
  path: string,
  context: Context,
): fc.Arbitrary<unknown> {
  // z.preprocess: its input side is a transform that takes anything, so draw what the output accepts
  const side = def.in._zod.def.type === 'transform' ? def.out : def.in;
  return filtered(derive(side, path, context), accepts(schema), path, 'a pipe');
}

/**
 * Enters a schema that may recur on its path (an object whose shape has a getter, a `z.lazy`):
 * past the depth, only finite values are drawn (empty arrays, missing keys, null...).
 */
function recursing(
  schema: zc.$ZodType,
  path: string,
  context: Context,
  derive: () => fc.Arbitrary<unknown>,
): fc.Arbitrary<unknown> {
  const depth = context.entered.get(schema) ?? 0;
  if (depth > MAX_DEPTH) throw new SchemaArbitraryError(path, 'this recursive schema has no finite value');
  context.entered.set(schema, depth + 1);
  const wasFinite = context.finite;
  context.finite ||= depth === MAX_DEPTH;
  try {
    return derive();
  } finally {
    context.finite = wasFinite;
    context.entered.set(schema, depth);
  }
}
