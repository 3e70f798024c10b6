import fc from 'fast-check';
import * as cursors from '../../../streams/cursors/events';
import { type PayloadGenerators, serializedError } from '../../helpers/arbitraries';
import { constraint, listName } from '../queries/payloads';

const page = fc.constantFrom('first', 'next', 'nextGroups', 'group') as fc.Arbitrary<
  'first' | 'next' | 'nextGroups' | 'group'
>;
const row = fc.record(
  {
    id: fc.integer({ min: 1, max: 20 }),
    $uuid: fc.constantFrom('u1', 'u2', 'u3'),
    name: fc.string({ maxLength: 5 }),
  },
  { requiredKeys: ['id'] },
);
const token = fc.option(fc.constantFrom('NRT1', 'NRT2'), { nil: null });
const options = fc.record(
  {
    max: fc.integer({ min: 0, max: 50 }),
    orderby: fc.array(fc.constantFrom('name asc', 'created desc', 'nowhere asc'), { maxLength: 2 }),
    fulltext: fc.string({ maxLength: 6 }),
    fulltextMode: fc.constantFrom('should', 'must', null),
    group: fc.constantFrom('assetnature', null),
    withAggregates: fc.boolean(),
    aggregatesFields: fc.array(fc.constantFrom('keywords', 'categories'), { maxLength: 2 }),
    customParams: fc.dictionary(fc.constantFrom('a', 'b'), fc.string({ maxLength: 3 })),
  },
  { requiredKeys: [] },
) as fc.Arbitrary<Record<string, unknown>>;
const group = fc.record({
  key: fc.constantFrom('g1', 'g2'),
  label: fc.string({ maxLength: 5 }),
  total: fc.nat(10),
  data: fc.array(row, { maxLength: 3 }),
  nextToken: token,
});

export const cursorsPayloads: PayloadGenerators = {
  [cursors.registrationRequested.type]: fc
    .record({
      name: fc.constantFrom('search', 'source', '~lookup', ''),
      path: fc.constantFrom('dam/data/asset', 'dam/data/asset,keyword', ''),
      constraints: fc.dictionary(fc.constantFrom('k1', 'k2'), constraint, { maxKeys: 2 }),
    })
    .chain((base) => options.map((extra) => ({ ...extra, ...base }))),
  [cursors.registered.type]: fc.record({ name: listName }),
  [cursors.registrationRefused.type]: fc.record({ name: listName, message: fc.string({ maxLength: 8 }) }),
  [cursors.removed.type]: fc.record({ name: listName }),
  [cursors.resolving.type]: fc.record({ name: listName }),
  [cursors.resolved.type]: fc.record({ name: listName }),
  [cursors.resolveFailed.type]: fc.record({ name: listName, error: serializedError }),
  [cursors.fetchRequested.type]: fc.record({ name: listName }),
  [cursors.nextPageRequested.type]: fc.record({ name: listName }),
  [cursors.nextGroupsRequested.type]: fc.record({ name: listName }),
  [cursors.groupNextRequested.type]: fc.record({ name: listName, groupKey: fc.constantFrom('g1', 'g2') }),
  [cursors.fulltextChanged.type]: fc.record(
    {
      name: listName,
      fulltext: fc.string({ maxLength: 6 }),
      mode: fc.constantFrom('should', 'must', null),
      tokens: fc.array(fc.string({ maxLength: 4 }), { maxLength: 2 }),
    },
    { requiredKeys: ['name', 'fulltext'] },
  ),
  [cursors.optionsChanged.type]: fc.record({ name: listName, options }),
  [cursors.fetchRefused.type]: fc.record({ name: listName, message: fc.string({ maxLength: 8 }) }),
  [cursors.fetchStarted.type]: fc.record({ name: listName, page, signature: fc.constantFrom('1', '-2') }),
  [cursors.pageLoaded.type]: fc.record(
    {
      name: listName,
      page,
      signature: fc.constantFrom('1', '-2'),
      resource: fc.constantFrom('asset', 'keyword'),
      rows: fc.array(row, { maxLength: 5 }),
      total: fc.nat(100),
      count: fc.nat(24),
      nextResultsToken: token,
      aggregates: fc.option(fc.record({ keywords: fc.constant([]) }), { nil: null }),
      groups: fc.array(group, { maxLength: 2 }),
      nextGroups: token,
      groupKey: fc.constantFrom('g1', 'g2'),
    },
    {
      requiredKeys: [
        'name',
        'page',
        'signature',
        'resource',
        'rows',
        'total',
        'count',
        'nextResultsToken',
        'aggregates',
      ],
    },
  ),
  [cursors.pageInvalidated.type]: fc.record({
    name: listName,
    page,
    sent: fc.constantFrom('1', '-2'),
    received: fc.option(fc.constantFrom('1', 'x'), { nil: null }),
  }),
  [cursors.fetchFailed.type]: fc.record({ name: listName, page, error: serializedError }),
};
