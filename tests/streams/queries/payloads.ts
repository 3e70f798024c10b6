import fc from 'fast-check';
import * as queries from '../../../streams/queries/events';
import { type PayloadGenerators, serializedError } from '../../helpers/arbitraries';

export const listName = fc.constantFrom('search', 'source', '~lookup');

export const constraint = fc.record(
  {
    field: fc.constantFrom('keywords', 'name', 'asset@name', 'id'),
    operator: fc.constantFrom(
      'eq',
      'in',
      'nin',
      'sw',
      'gte',
      'empty',
      'in_cursordata',
      'in_name',
      'contains',
    ),
    value: fc.oneof(fc.integer(), fc.string({ maxLength: 5 }), fc.array(fc.integer(), { maxLength: 3 })),
    namespace: fc.constantFrom('facets', 'filters'),
  },
  { requiredKeys: ['field', 'operator', 'value'] },
);

const constraints = fc.dictionary(
  fc.constantFrom('k1', 'k2', 'keywords'),
  fc.option(constraint, { nil: null }),
  {
    maxKeys: 3,
  },
);

export const queriesPayloads: PayloadGenerators = {
  [queries.constraintsRequested.type]: fc.record(
    { name: listName, constraints, replace: fc.boolean() },
    { requiredKeys: ['name', 'constraints'] },
  ),
  [queries.constraintsSet.type]: fc.record(
    { name: listName, constraints, replace: fc.boolean() },
    { requiredKeys: ['name', 'constraints'] },
  ),
  [queries.constraintsRefused.type]: fc.record({ name: listName, message: fc.string({ maxLength: 8 }) }),
  [queries.constraintResolved.type]: fc.record({
    name: listName,
    key: fc.constantFrom('k1', 'k2', 'keywords'),
    operator: fc.constantFrom('in', 'eq'),
    value: fc.array(fc.integer(), { maxLength: 3 }),
  }),
  [queries.constraintFailed.type]: fc.record({
    name: listName,
    key: fc.constantFrom('k1', 'k2', 'keywords'),
    error: serializedError,
  }),
};
