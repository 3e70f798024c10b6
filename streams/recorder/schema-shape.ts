import type * as z from 'zod/mini';

interface Def {
  type: string;
  [key: string]: unknown;
}

function defOf(schema: unknown): Def | undefined {
  return (schema as { _zod?: { def?: Def } })?._zod?.def;
}

/**
 * A compact text of a payload schema's structure (kinds, keys, enum values, nesting), read from
 * zod's core definition. Enough to tell that a recorded payload may no longer fit, without
 * shipping zod's JSON Schema converter in the initial bundle.
 */
export function schemaShape(schema: z.ZodMiniType | unknown, depth = 0): string {
  const def = defOf(schema);
  if (!def || depth > 12) return '?';
  const inner = (child: unknown) => schemaShape(child, depth + 1);
  switch (def.type) {
    case 'object': {
      const shape = (def.shape ?? {}) as Record<string, unknown>;
      const keys = Object.keys(shape).sort();
      return `{${keys.map((key) => `${key}:${inner(shape[key])}`).join(',')}}`;
    }
    case 'array':
      return `${inner(def.element)}[]`;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return `${def.type}(${inner(def.innerType)})`;
    case 'union':
      return `(${(def.options as unknown[]).map(inner).join('|')})`;
    case 'record':
      return `record(${inner(def.keyType)},${inner(def.valueType)})`;
    case 'enum':
      return `enum(${Object.values(def.entries as Record<string, string>)
        .sort()
        .join(',')})`;
    case 'literal':
      return `literal(${JSON.stringify(def.values)})`;
    case 'pipe':
      return `pipe(${inner(def.in)})`;
    default:
      return def.type;
  }
}
