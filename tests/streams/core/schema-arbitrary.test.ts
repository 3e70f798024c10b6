import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import * as zm from 'zod/mini';
import type * as zc from 'zod/v4/core';
import { arbitraryOf, SchemaArbitraryError, STRING_POOL } from '../../helpers/schema-arbitrary';

/** Classic and mini schemas both have `safeParse`. */
type Cases = Record<string, zc.$ZodType & { safeParse(value: unknown): { success: boolean } }>;

/** Every supported kind, written with the classic API. */
function classicCases(): Cases {
  interface Category {
    name: string;
    children: Category[];
  }
  const Category: z.ZodType<Category> = z.object({
    name: z.string(),
    get children() {
      return z.array(Category);
    },
  });
  const Node: z.ZodType = z.lazy(() => z.union([z.number(), z.array(Node).max(2)]));
  return {
    string: z.string(),
    'string min/max length': z.string().min(2).max(4),
    'string exact length': z.string().length(7),
    'string regex': z.string().regex(/^[A-Z]{2}-\d{3}$/),
    'string startsWith/endsWith/includes': z.string().startsWith('dam/').endsWith('.jpg').includes('x'),
    'string lowercase': z.string().toLowerCase().lowercase(),
    email: z.email(),
    uuid: z.string().uuid(),
    url: z.url(),
    'iso datetime': z.iso.datetime(),
    number: z.number(),
    int: z.int(),
    'number int gte/lte': z.number().int().gte(10).lte(12),
    'number gt/lt': z.number().gt(1000).lt(1001),
    'number positive': z.number().positive(),
    'number multipleOf': z.number().multipleOf(7).min(20),
    bigint: z.bigint().min(1n),
    boolean: z.boolean(),
    literal: z.literal(['a', 3, true]),
    enum: z.enum(['draft', 'done']),
    null: z.null(),
    undefined: z.undefined(),
    unknown: z.unknown(),
    any: z.any(),
    date: z.date().min(new Date(1)),
    object: z.object({ id: z.string(), n: z.number().int(), note: z.string().optional() }),
    looseObject: z.looseObject({ id: z.string() }),
    strictObject: z.strictObject({ id: z.string() }),
    'object catchall': z.object({ id: z.string() }).catchall(z.number()),
    union: z.union([z.string().min(3), z.number()]),
    'discriminated union': z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('a'), a: z.string() }),
      z.object({ kind: z.literal('b'), b: z.number() }),
    ]),
    array: z.array(z.string()),
    'array min/max': z.array(z.number()).min(2).max(5),
    'array exact length': z.array(z.boolean()).length(4),
    record: z.record(z.string(), z.number()),
    'record with enum keys (exhaustive)': z.record(z.enum(['x', 'y']), z.boolean()),
    partialRecord: z.partialRecord(z.enum(['x', 'y']), z.boolean()),
    tuple: z.tuple([z.string(), z.number()]),
    'tuple with rest': z.tuple([z.string()], z.number()),
    optional: z.string().optional(),
    nullable: z.string().nullable(),
    nullish: z.object({ value: z.number().nullish() }),
    default: z.object({ page: z.number().default(1) }),
    readonly: z.object({ id: z.string() }).readonly(),
    catch: z.number().catch(0),
    'transform (input side)': z.union([z.string(), z.number()]).transform(String),
    pipe: z.string().pipe(z.string().min(2)),
    preprocess: z.preprocess((value) => value, z.number().int()),
    refine: z.string().refine((value) => value.length === 1),
    'template literal': z.templateLiteral(['asset/', z.number().int()]),
    'lazy (recursive)': Node,
    'getter (recursive)': Category,
  };
}

/** The same kinds with zod/mini, which shares the `_zod.def` core. */
function miniCases(): Cases {
  const Node: zm.ZodMiniType = zm.lazy(() => zm.union([zm.number(), zm.array(Node).check(zm.maxLength(2))]));
  return {
    string: zm.string(),
    'string min/max length': zm.string().check(zm.minLength(2), zm.maxLength(4)),
    'string exact length': zm.string().check(zm.length(7)),
    'string regex': zm.string().check(zm.regex(/^[A-Z]{2}-\d{3}$/)),
    'string startsWith/endsWith': zm.string().check(zm.startsWith('dam/'), zm.endsWith('.jpg')),
    email: zm.email(),
    uuid: zm.uuid(),
    number: zm.number(),
    int: zm.int(),
    'number gte/lte': zm.number().check(zm.gte(10), zm.lte(12)),
    'number gt/lt': zm.number().check(zm.gt(1000), zm.lt(1001)),
    boolean: zm.boolean(),
    literal: zm.literal('a'),
    enum: zm.enum(['draft', 'done']),
    null: zm.null(),
    undefined: zm.undefined(),
    unknown: zm.unknown(),
    date: zm.date(),
    object: zm.object({ id: zm.string(), n: zm.int(), note: zm.optional(zm.string()) }),
    looseObject: zm.looseObject({ id: zm.string() }),
    strictObject: zm.strictObject({ id: zm.string() }),
    union: zm.union([zm.string().check(zm.minLength(3)), zm.number()]),
    'discriminated union': zm.discriminatedUnion('kind', [
      zm.object({ kind: zm.literal('a'), a: zm.string() }),
      zm.object({ kind: zm.literal('b'), b: zm.number() }),
    ]),
    array: zm.array(zm.string()),
    'array min/max': zm.array(zm.number()).check(zm.minLength(2), zm.maxLength(5)),
    record: zm.record(zm.string(), zm.number()),
    'record with enum keys (exhaustive)': zm.record(zm.enum(['x', 'y']), zm.boolean()),
    tuple: zm.tuple([zm.string(), zm.number()]),
    optional: zm.optional(zm.string()),
    nullable: zm.nullable(zm.string()),
    nullish: zm.object({ value: zm.nullish(zm.number()) }),
    default: zm.object({ page: zm._default(zm.number(), 1) }),
    'pipe into a transform (input side)': zm.pipe(
      zm.union([zm.string(), zm.number()]),
      zm.transform((value: string | number) => String(value)),
    ),
    refine: zm.string().check(zm.refine((value) => value.length === 1)),
    'lazy (recursive)': Node,
  };
}

function everyValueFits(cases: Cases) {
  for (const [kind, schema] of Object.entries(cases)) {
    it(`draws values ${kind} accepts`, () => {
      fc.assert(
        fc.property(arbitraryOf(schema), (value) => schema.safeParse(value).success),
        { numRuns: 100 },
      );
    });
  }
}

describe('arbitraryOf', () => {
  describe('with classic zod schemas', () => {
    everyValueFits(classicCases());

    it('agrees with safeParse for the catalogue-like payload shape', () => {
      const schema = z.object({
        cartId: z.string(),
        items: z.array(z.object({ id: z.string(), size: z.number().int().nonnegative() })),
        error: z.object({ code: z.string(), message: z.string(), status: z.number().int().optional() }),
      });
      for (const value of fc.sample(arbitraryOf(schema), 100))
        expect(schema.safeParse(value).success).toBe(true);
    });
  });

  describe('with zod/mini schemas', () => {
    everyValueFits(miniCases());

    it('agrees with safeParse', () => {
      const schema = zm.object({ id: zm.string(), tags: zm.array(zm.enum(['a', 'b'])) });
      for (const value of fc.sample(arbitraryOf(schema), 100))
        expect(schema.safeParse(value).success).toBe(true);
    });
  });

  it('draws strings from a small pool and keeps arrays short, so that values meet in a fold', () => {
    const values = fc.sample(arbitraryOf(z.object({ ids: z.array(z.string()) })), 200);
    expect(values.every(({ ids }) => ids.length <= 3)).toBe(true);
    expect(new Set(values.flatMap(({ ids }) => ids))).toEqual(new Set(STRING_POOL));
    const numbers = new Set(fc.sample(arbitraryOf(z.number().int()), 200));
    expect([...numbers].every((n) => Math.abs(n) <= 3)).toBe(true);
  });

  it('ends recursive schemas', () => {
    const Tree: z.ZodType = z.object({ name: z.string(), children: z.array(z.lazy(() => Tree)) });
    const depthOf = (tree: { children: unknown[] }): number =>
      1 + Math.max(0, ...tree.children.map((child) => depthOf(child as { children: unknown[] })));
    for (const tree of fc.sample(arbitraryOf(Tree), 100))
      expect(depthOf(tree as { children: [] })).toBeLessThanOrEqual(4);
  });

  it('lets an override win over the derived arbitrary, at any depth, keeping the key optional if it was', () => {
    const schema = z.object({
      status: z.string(),
      nested: z.array(z.object({ hash: z.string().optional(), other: z.string() })),
    });
    const values = fc.sample(
      arbitraryOf(schema, { status: fc.constant('loaded'), hash: fc.constantFrom('h1', 'h2') }),
      100,
    );
    expect(values.every((value) => value.status === 'loaded')).toBe(true);
    const hashes = values.flatMap((value) => value.nested.map((item) => item.hash));
    expect(new Set(hashes)).toEqual(new Set(['h1', 'h2', undefined]));
  });

  it.each([
    [
      'a custom type',
      z.object({ items: z.array(z.object({ when: z.custom<symbol>() })) }),
      'payload.items[].when',
    ],
    ['a function', z.object({ callback: z.function() }), 'payload.callback'],
    ['a bare transform', zm.object({ raw: zm.transform((value: unknown) => String(value)) }), 'payload.raw'],
    ['never', z.object({ gone: z.never() }), 'payload.gone'],
    ['a map', z.object({ byId: z.map(z.string(), z.number()) }), 'payload.byId'],
    ['checks no value passes', z.object({ code: z.string().min(3).max(2) }), 'payload.code'],
    ['an endless recursion', z.lazy((): z.ZodType => z.object({ next: endless })), 'payload.next.next.next'],
  ])('throws on %s, naming the path', (_kind, schema, path) => {
    const error = catchFrom(() => arbitraryOf(schema as zc.$ZodType));
    expect(error).toBeInstanceOf(SchemaArbitraryError);
    expect((error as SchemaArbitraryError).message).toContain(` at ${path}`);
  });

  it('names the root as asked', () => {
    expect(() => arbitraryOf(z.object({ f: z.never() }), {}, { root: 'carts/created payload' })).toThrow(
      /at carts\/created payload\.f$/,
    );
  });
});

const endless: z.ZodType = z.lazy(() => z.object({ next: endless }));

function catchFrom(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('did not throw');
}
