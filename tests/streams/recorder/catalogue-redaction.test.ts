import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { eventCatalogue } from '../../../streams/core/event';
import { serializeLog } from '../../../streams/recorder/log-file';
import { createRecorder } from '../../../streams/recorder/recorder';
import type { RootState } from '../../../streams/root';
import { rootStoreWithoutEpics } from '../../helpers/store-without-epics';

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

function sample(schema: JsonSchema): unknown {
  if ('const' in schema) return schema.const;
  if (schema.enum) return schema.enum[0];
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return sample(options.find((option) => option.type !== 'null') ?? options[0] ?? {});
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      return schema.format ? (FORMATS[schema.format] ?? SECRET_TEXT) : SECRET_TEXT;
    case 'number':
    case 'integer':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array':
      return schema.prefixItems ? schema.prefixItems.map(sample) : [sample(schema.items ?? {})];
    case 'object': {
      const known = Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, inner]) => [key, sample(inner)]),
      );
      // a record (or an open object) takes any key: plant secret-named ones
      const open = schema.additionalProperties !== false && schema.additionalProperties !== undefined;
      return open || !schema.properties ? { ...SECRET_KEYS, ...known } : known;
    }
    default:
      return SECRET_TEXT;
  }
}

function payloadFor(schema: z.ZodType): unknown {
  return sample(z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' }) as JsonSchema);
}

const definitions = [...eventCatalogue().values()];

describe('every event type of the catalogue', () => {
  it('has a payload the generator can build (extend sample() for new schema shapes)', () => {
    const unbuildable = definitions
      .filter((definition) => !definition.schema.safeParse(payloadFor(definition.schema)).success)
      .map((definition) => definition.type);
    expect(unbuildable).toEqual([]);
  });

  it('leaves none of the planted secrets in an export, neither in events nor in snapshots', () => {
    const recorder = createRecorder<RootState>({
      capacity: definitions.length,
      snapshotEvery: 1,
      app: { version: '0', commit: 'x' },
    });
    const store = rootStoreWithoutEpics({ recorder });
    // twice round, so that the buffer wraps and the export starts from a snapshot of the full state
    for (let round = 0; round < 2; round += 1) {
      for (const definition of definitions) {
        const payload = definition.schema.parse(payloadFor(definition.schema));
        store.dispatch(definition(payload));
      }
    }
    const log = recorder.export();
    expect(log.snapshot).not.toBeNull();
    const text = serializeLog(log);
    for (const secret of PLANTED) expect(text, secret).not.toContain(secret);
  });
});
