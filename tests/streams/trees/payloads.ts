import fc from 'fast-check';
import * as trees from '../../../streams/trees/events';
import { type PayloadGenerators, serializedError } from '../../helpers/arbitraries';

const treeName = fc.constantFrom('categories', '~tree', 'other');
const nodeId = fc.constantFrom('1', '2', '3');
const fetch = { nodeId: fc.option(nodeId, { nil: null }), next: fc.boolean() };
const node = fc.record({
  id: nodeId,
  name: fc.string({ maxLength: 5 }),
  parent: fc.option(nodeId, { nil: null }),
  root: fc.boolean(),
  children: fc.option(fc.array(nodeId, { maxLength: 3 }), { nil: null }),
  childrenCount: fc.option(fc.nat(5), { nil: null }),
});

export const treesPayloads: PayloadGenerators = {
  [trees.registrationRequested.type]: fc.record(
    {
      name: fc.constantFrom('categories', '~tree', ''),
      path: fc.constantFrom('dam/data/category', ''),
      depth: fc.nat(3),
      max: fc.integer({ min: 1, max: 30 }),
      fulltext: fc.string({ maxLength: 4 }),
    },
    { requiredKeys: ['name', 'path'] },
  ),
  [trees.registered.type]: fc.record({ name: treeName }),
  [trees.registrationRefused.type]: fc.record({ name: treeName, message: fc.string({ maxLength: 8 }) }),
  [trees.removed.type]: fc.record({ name: treeName }),
  [trees.resolving.type]: fc.record({ name: treeName }),
  [trees.resolved.type]: fc.record({ name: treeName, treefield: fc.constant('parent') }),
  [trees.resolveFailed.type]: fc.record({ name: treeName, error: serializedError }),
  [trees.fetchRequested.type]: fc.record(
    { name: treeName, nodeId: fc.option(nodeId, { nil: null }), next: fc.boolean() },
    { requiredKeys: ['name'] },
  ),
  [trees.fetchRefused.type]: fc.record({ name: treeName, message: fc.string({ maxLength: 8 }) }),
  [trees.fetchPostponed.type]: fc.record({ name: treeName, ...fetch }),
  [trees.fetchStarted.type]: fc.record({ name: treeName, ...fetch, signature: fc.constantFrom('1', '2') }),
  [trees.pageLoaded.type]: fc.record({
    name: treeName,
    ...fetch,
    signature: fc.constantFrom('1', '2'),
    roots: fc.array(nodeId, { maxLength: 3 }),
    nodes: fc.array(node, { maxLength: 4 }),
    total: fc.nat(10),
    hasMoreResults: fc.boolean(),
    nextResultsToken: fc.option(fc.constantFrom('T1'), { nil: null }),
  }),
  [trees.pageInvalidated.type]: fc.record({
    name: treeName,
    ...fetch,
    sent: fc.constantFrom('1'),
    received: fc.option(fc.constantFrom('2'), { nil: null }),
  }),
  [trees.fetchFailed.type]: fc.record({ name: treeName, ...fetch, error: serializedError }),
  [trees.fulltextChanged.type]: fc.record({ name: treeName, fulltext: fc.string({ maxLength: 4 }) }),
  [trees.nodeRevealRequested.type]: fc.record({ name: treeName, nodeId }),
  [trees.ancestorLoaded.type]: fc.record({ name: treeName, nodes: fc.array(node, { maxLength: 3 }) }),
};
