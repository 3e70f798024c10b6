import * as z from 'zod/mini';

/**
 * Every field of an object schema's shape made optional: what `z.partial(schema)` gives for an
 * object without checks or catch-all, written out because zod's code is one module that the first
 * download holds with every kind of schema any screen builds, and `z.partial`'s helpers weigh
 * 0.2 KB gz there.
 */
export function optionalFields<Sh extends z.core.$ZodShape>(
  shape: Sh,
): { [K in keyof Sh]: z.ZodMiniOptional<Sh[K]> } {
  return Object.fromEntries(Object.entries(shape).map(([key, schema]) => [key, z.optional(schema)])) as {
    [K in keyof Sh]: z.ZodMiniOptional<Sh[K]>;
  };
}
