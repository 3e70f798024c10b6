import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { type EventDefinition, eventCatalogue } from '../../../streams/core/event';
import { isSecretKey } from '../../../streams/core/secrets';
import { serializeLog } from '../../../streams/recorder/log-file';
import { createRecorder } from '../../../streams/recorder/recorder';
import type { RootState } from '../../../streams/root';
import { rootStoreWithoutEpics } from '../../helpers/store-without-epics';
import type { ZodMiniType } from 'zod/mini';

/**
 * ARCHITECTURE.md "Recording and replay": secret-looking values pushed through every event type
 * of the catalogue must not survive an export. Payloads are generated from each type's schema:
 * every free string carries secret-shaped text, every free-form object secret-named keys.
 */
const SECRET_TEXT =
  'Bearer abc.def.ghi https://dam.example/p?token=tok-123456&x=1 eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln password=hunter2';
const SECRET_KEYS = {
  password: 'pw-plain-1',
  secret: 'sec-plain-2',
  accessToken: 'tok-plain-3',
  authorization: 'auth-plain-4',
};
const PLANTED = [
  'abc.def.ghi',
  'tok-123456',
  'eyJhbGciOiJIUzI1NiJ9',
  'hunter2',
  ...Object.values(SECRET_KEYS),
];

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minimum?: number;
};

const FORMATS: Record<string, string> = {
  email: 'user@example.com',
  uri: 'https://dam.example/p?token=tok-123456',
  url: 'https://dam.example/p?token=tok-123456',
  uuid: '3f2b8c1e-1d2a-4c3b-9e8f-0a1b2c3d4e5f',
  'date-time': '2026-01-05T09:30:00.000Z',
  date: '2026-01-05',
};

/**
 * Where a value is planted: its path in the `redact` notation (`user.email`, `items[].email`)
 * and the paths its event type declared. A declared path gets a personal e-mail, a
 * secret-named field a plain secret, any other text secret-shaped text.
 */
interface Planting {
  path: string;
  declared: readonly string[];
}

const planted = new Set<string>(PLANTED);

function plantedText(schema: JsonSchema, { path, declared }: Planting): string {
  if (declared.includes(path)) {
    const email = `personal.${planted.size}@example.com`;
    planted.add(email);
    return email;
  }
  const key = path.split('.').pop()!.replace('[]', '');
  // a field named `key` is mostly an identifier (a constraint's key), which state may use as a key
  if (isSecretKey(key) && key !== 'key') {
    const secret = `Plain-Secret-${planted.size}`;
    planted.add(secret);
    return secret;
  }
  return schema.format ? (FORMATS[schema.format] ?? SECRET_TEXT) : SECRET_TEXT;
}

function sample(schema: JsonSchema, at: Planting): unknown {
  if ('const' in schema) return schema.const;
  if (schema.enum) return schema.enum[0];
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return sample(options.find((option) => option.type !== 'null') ?? options[0] ?? {}, at);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  const item = { ...at, path: `${at.path}[]` };
  switch (type) {
    case 'string':
      return plantedText(schema, at);
    case 'number':
    case 'integer':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array':
      return schema.prefixItems
        ? schema.prefixItems.map((inner) => sample(inner, item))
        : [sample(schema.items ?? {}, item)];
    case 'object': {
      const field = (key: string, inner: JsonSchema) => [
        key,
        sample(inner, { ...at, path: at.path ? `${at.path}.${key}` : key }),
      ];
      const known = Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, inner]) => field(key, inner)),
      );
      // a record (or an open object) takes any key: plant secret-named ones, of the values' type
      const { additionalProperties: values } = schema;
      if (typeof values === 'object') {
        return { ...Object.fromEntries(Object.keys(SECRET_KEYS).map((key) => field(key, values))), ...known };
      }
      return values === true || !schema.properties ? { ...SECRET_KEYS, ...known } : known;
    }
    default:
      return SECRET_TEXT;
  }
}

function payloadFor(definition: EventDefinition<string, ZodMiniType>): unknown {
  const declared = Array.isArray(definition.redacts) ? definition.redacts : [];
  const json = z.toJSONSchema(definition.schema, { unrepresentable: 'any', io: 'input' }) as JsonSchema;
  return sample(json, { path: '', declared });
}

/**
 * The events tests define for themselves: test files share their modules in a worker (`isolate:
 * false`), so the catalogue may hold them when this file runs; they are not the portal's.
 */
const TEST_ONLY_TYPE = /^(test|resimTest|counter|hashTest)\//;
const definitions = [...eventCatalogue().values()].filter(
  (definition) => !TEST_ONLY_TYPE.test(definition.type),
);

describe('every event type of the catalogue', () => {
  it('declares what it redacts: paths to mask, [] for nothing sensitive, or a function', () => {
    const undeclared = definitions.filter((definition) => definition.redacts === null).map((d) => d.type);
    // add `redact: [...]` to the defineEvent options of each type listed here
    expect(undeclared).toEqual([]);
  });

  it('has a payload the generator can build (extend sample() for new schema shapes)', () => {
    const unbuildable = definitions
      .filter((definition) => !definition.schema.safeParse(payloadFor(definition)).success)
      .map((definition) => definition.type);
    expect(unbuildable).toEqual([]);
  });

  // a snapshot after every event of the catalogue: 4.7 s alone at a load of 29, over the 5 s default
  // in two full runs at that load: the timeout is room for a busy machine, not a measure of speed
  it('leaves none of the planted secrets in an export, neither in events nor in snapshots', {
    timeout: 60_000,
  }, () => {
    const recorder = createRecorder<RootState>({
      capacity: definitions.length,
      snapshotEvery: 1,
      app: { version: '0', commit: 'x' },
    });
    const store = rootStoreWithoutEpics({ recorder });
    // twice round, so that the buffer wraps and the export starts from a snapshot of the full state
    for (let round = 0; round < 2; round += 1) {
      for (const definition of definitions) {
        const payload = definition.schema.parse(payloadFor(definition));
        store.dispatch(definition(payload));
      }
    }
    const log = recorder.export();
    expect(log.snapshot).not.toBeNull();
    const text = serializeLog(log);
    expect(planted.size).toBeGreaterThan(PLANTED.length);
    for (const secret of planted) {
      const at = text.indexOf(secret);
      expect(text, `${secret}: ${text.slice(Math.max(0, at - 200), at + 60)}`).not.toContain(secret);
    }
  });
});
