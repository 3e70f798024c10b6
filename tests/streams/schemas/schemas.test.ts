import { describe, expect, it } from 'vitest';
import {
  batchesOf,
  type FieldHeader,
  metaParts,
  metaSchemasOf,
  NO_SECTION,
  readHeadersAnswer,
  schemaBatchHeaders,
  TOO_MANY_SECTIONS,
} from '../../../streams/schemas/api';
import { resolved, resolveRequested } from '../../../streams/schemas/events';
import { assetResources } from '../../../streams/analytics/endpoints';
import {
  selectCanCreate,
  selectSchemaBodies,
  selectSchemaFields,
  selectSchemaStatus,
  selectTreeField,
} from '../../../streams/schemas/selectors';
import { fold } from '../../helpers/marbles';

const body = (resource: string, create: boolean, insert: boolean, fields: Record<string, FieldHeader>) => ({
  name: `dam/data/${resource}`,
  resource,
  label: resource,
  description: '',
  create,
  tree: null,
  treefield: null,
  security: { 'objectdata/insert': insert },
  fields,
});

describe('schemas (protocol §11)', () => {
  it('asks names in batches of 20 of one base, data/ asked as search/ (protocol §11.1)', () => {
    const names = Array.from({ length: 45 }, (_, index) => `dam/data/r${index}`);
    const batches = batchesOf([...names, 'profil'], 20);
    expect(batches.map((batch) => batch.length)).toEqual([20, 20, 5, 1]);
    expect(schemaBatchHeaders(['dam/data/asset', 'dam/data/keyword']).path).toBe(
      '/rest/dam/search/asset,keyword/headers',
    );
    expect(schemaBatchHeaders(['dam/data/asset']).path).toBe('/rest/dam/data/asset/headers');
    expect(schemaBatchHeaders(['dam/data/asset']).query).toEqual({ rscSecurity: 'insert' });
  });

  it("refuses an answer with both sections or neither, with the spec's messages (protocol §11.2)", () => {
    expect(() => readHeadersAnswer(['dam/data/asset'], { resource: 'asset', resources: [] })).toThrow(
      TOO_MANY_SECTIONS,
    );
    expect(() => readHeadersAnswer(['dam/data/asset'], {})).toThrow(NO_SECTION);
    const many = readHeadersAnswer(['dam/data/asset', 'dam/data/keyword'], {
      resources: [{ resource: 'asset' }, { resource: 'keyword' }],
      headers: { asset: { name: {} }, keyword: { label: {} } },
    });
    expect(many.map((schema) => [schema.name, Object.keys(schema.fields)])).toEqual([
      ['dam/data/asset', ['name']],
      ['dam/data/keyword', ['label']],
    ]);
  });

  it('resolves a meta-schema with its parts: union of fields, create right when any part grants it (protocol §11.2)', () => {
    expect(metaParts('dam/data/asset,keyword')).toEqual(['dam/data/asset', 'dam/data/keyword']);
    const state = fold([
      resolveRequested({ names: ['dam/data/asset,keyword'] }),
      resolved({
        schemas: [
          body('asset', true, false, { name: { type: 'string' } }),
          body('keyword', true, true, { label: { type: 'string' }, parent: { type: 'object', tree: true } }),
        ],
      }),
    ]);
    expect(selectSchemaStatus(state, 'dam/data/asset,keyword')).toBe('resolved');
    expect(Object.keys(selectSchemaFields(state, 'dam/data/asset,keyword')).sort()).toEqual([
      'label',
      'name',
      'parent',
    ]);
    expect(selectCanCreate(state, 'dam/data/asset')).toBe(false);
    expect(selectCanCreate(state, 'dam/data/asset,keyword')).toBe(true);
    expect(selectTreeField(state, 'dam/data/keyword')).toBe('parent');
  });

  it('dam/asset answered with its sub-schemas (resources) is their meta-schema; a top counts their resources (protocol §11.1, §18)', () => {
    const answer = {
      resources: [
        { resource: 'asset', name: 'Asset' },
        { resource: 'video', name: 'Video' },
      ],
      headers: { asset: { name: { type: 'string' } }, video: { duration: { type: 'number' } } },
    };
    const schemas = readHeadersAnswer(['dam/asset'], answer);
    expect(schemas.map((schema) => schema.name)).toEqual(['dam/data/asset', 'dam/data/video']);
    const metas = metaSchemasOf(['dam/asset'], schemas);
    expect(metas).toEqual([{ name: 'dam/asset', schemas: ['dam/data/asset', 'dam/data/video'] }]);
    // a batch, or a name answered as itself, is no meta-schema
    expect(metaSchemasOf(['dam/data/asset', 'dam/data/video'], schemas)).toEqual([]);
    expect(metaSchemasOf(['dam/data/asset'], schemas.slice(0, 1))).toEqual([]);
    const state = fold([resolveRequested({ names: ['dam/asset'] }), resolved({ schemas, metas })]);
    expect(selectSchemaStatus(state, 'dam/asset')).toBe('resolved');
    expect(selectSchemaBodies(state, 'dam/asset').map((schema) => schema.resource)).toEqual([
      'asset',
      'video',
    ]);
    expect(Object.keys(selectSchemaFields(state, 'dam/asset')).sort()).toEqual(['duration', 'name']);
    expect(assetResources(state)).toEqual(['asset', 'video']);
  });
});
