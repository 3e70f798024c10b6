import fc from 'fast-check';
import * as schemas from '../../../streams/schemas/events';
import { type PayloadGenerators, serializedError } from '../../helpers/arbitraries';

export const schemaName = fc.constantFrom(
  'dam/data/asset',
  'dam/data/keyword',
  'dam/data/asset,keyword',
  'dam/data/category',
);

export const schemaBody = fc.record({
  name: fc.constantFrom('dam/data/asset', 'dam/data/keyword', 'dam/data/category'),
  resource: fc.constantFrom('asset', 'keyword', 'category'),
  label: fc.string({ maxLength: 8 }),
  description: fc.string({ maxLength: 8 }),
  create: fc.boolean(),
  tree: fc.option(fc.boolean(), { nil: null }),
  treefield: fc.option(fc.constantFrom('parent'), { nil: null }),
  security: fc.record({ 'objectdata/insert': fc.boolean() }),
  fields: fc.dictionary(
    fc.constantFrom('name', 'parent', 'keywords'),
    fc.record({ type: fc.constantFrom('string', 'object') }),
  ),
});

export const schemasPayloads: PayloadGenerators = {
  [schemas.resolveRequested.type]: fc.record(
    { names: fc.array(schemaName, { maxLength: 3 }), force: fc.boolean() },
    { requiredKeys: ['names'] },
  ),
  [schemas.reloadRequested.type]: fc.record({ name: schemaName }),
  [schemas.resolveRefused.type]: fc.record({ name: schemaName, message: fc.string({ maxLength: 8 }) }),
  [schemas.batchRequested.type]: fc.record({ names: fc.array(schemaName, { maxLength: 3 }) }),
  [schemas.resolved.type]: fc.record({ schemas: fc.array(schemaBody, { maxLength: 2 }) }),
  [schemas.resolveFailed.type]: fc.record({
    names: fc.array(schemaName, { maxLength: 2 }),
    error: serializedError,
  }),
  [schemas.headersReceived.type]: fc.record({ schema: schemaBody }),
};
