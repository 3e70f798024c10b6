import fc from 'fast-check';
import * as aggregates from '../../../streams/aggregates/events';
import { type PayloadGenerators, serializedError } from '../../helpers/arbitraries';

const cursor = fc.constantFrom('search', 'other');
const key = fc.constantFrom('keywords', 'categories');
const id = fc.constantFrom('kw', 'kw-small');
const bucket = fc.record(
  {
    count: fc.nat(10),
    total: fc.nat(10),
    data: fc.option(fc.record({ id: fc.integer({ min: 1, max: 5 }), name: fc.string({ maxLength: 4 }) }), {
      nil: null,
    }),
  },
  { requiredKeys: ['count', 'data'] },
);

export const aggregatesPayloads: PayloadGenerators = {
  [aggregates.constraintRegistered.type]: fc.record(
    {
      cursor,
      key,
      field: key,
      operator: fc.constantFrom('in', 'eq', 'dof'),
      showEmptyAggregate: fc.boolean(),
    },
    { requiredKeys: ['cursor', 'key', 'field', 'operator'] },
  ),
  [aggregates.constraintRefused.type]: fc.record({ cursor, key, message: fc.string({ maxLength: 8 }) }),
  [aggregates.idsWanted.type]: fc.record({
    cursor,
    key,
    ids: fc.array(fc.constantFrom('1', '2', '-1'), { maxLength: 3 }),
  }),
  [aggregates.fetchStarted.type]: fc.record({
    cursor,
    reset: fc.boolean(),
    signature: fc.constantFrom('1', '2'),
  }),
  [aggregates.loaded.type]: fc.record({
    cursor,
    signature: fc.constantFrom('1', '2'),
    total: fc.nat(50),
    aggregates: fc.dictionary(key, fc.array(bucket, { maxLength: 3 })),
  }),
  [aggregates.invalidated.type]: fc.record({
    cursor,
    sent: fc.constantFrom('1'),
    received: fc.option(fc.constantFrom('2'), { nil: null }),
  }),
  [aggregates.fetchFailed.type]: fc.record({ cursor, error: serializedError }),
  [aggregates.fetchRefused.type]: fc.record({ cursor, message: fc.string({ maxLength: 8 }) }),
  [aggregates.fieldRegistered.type]: fc.record({ cursor, field: key }),
  [aggregates.sortedRegistered.type]: fc.record(
    { id, cursor, field: key, max: fc.integer({ min: 1, max: 30 }), mode: fc.constantFrom('auto') },
    { requiredKeys: ['id', 'cursor', 'field'] },
  ),
  [aggregates.sortedFilterChanged.type]: fc.record({ id, filter: fc.string({ maxLength: 4 }) }),
  [aggregates.sortedFetchStarted.type]: fc.record({ id, signature: fc.constantFrom('1', '2') }),
  [aggregates.sortedLoaded.type]: fc.record({
    id,
    signature: fc.constantFrom('1', '2'),
    values: fc.array(bucket, { maxLength: 3 }),
  }),
  [aggregates.sortedFailed.type]: fc.record({ id, error: serializedError }),
};
