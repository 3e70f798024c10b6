import fc from 'fast-check';
import * as saved from '../../../streams/saved-searches/events';
import { emptyPayload, type PayloadGenerators, serializedError, shortText } from '../../helpers/arbitraries';

const id = fc.constantFrom('1', '2', '3');
const userIds = fc.array(fc.constantFrom('1', '2', '3'), { maxLength: 3 });
const operation = fc.constantFrom(...saved.operationSchema.options);
const data = fc.record({
  path: fc.constant('dam/data/asset'),
  fulltextTokens: fc.array(fc.constantFrom('(lake)', '(cat)'), { maxLength: 2 }),
  userConstraints: fc.constantFrom({}, { keywords: { keywords: { in: [3] } } }),
  customParams: fc.constant({}),
  fulltextMode: fc.constantFrom('should', 'must'),
});
const search = fc.record({
  id,
  name: shortText,
  description: shortText,
  ownerId: fc.constantFrom('1', '2'),
  subscriberIds: userIds,
  isPrivate: fc.option(fc.boolean(), { nil: null }),
  created: fc.option(fc.nat(), { nil: null }),
  data,
});
const error = serializedError;

/** A valid payload for every saved-searches event. */
export const savedSearchesPayloads: PayloadGenerators = {
  [saved.listRequested.type]: emptyPayload,
  [saved.listLoaded.type]: fc.record({
    searches: fc.uniqueArray(search, { selector: (item) => item.id, maxLength: 3 }),
  }),
  [saved.listFailed.type]: fc.record({ message: shortText, error }),
  [saved.filterChanged.type]: fc.record({ text: fc.constantFrom('', '*', 'co*', 'LAKE') }),
  [saved.bookmarkRequested.type]: fc.record({
    name: shortText,
    cursorName: fc.constantFrom('search', 'main'),
  }),
  [saved.bookmarkRefused.type]: fc.record({ message: shortText }),
  [saved.added.type]: fc.record({ search }),
  [saved.renameRequested.type]: fc.record({ id, name: shortText }),
  [saved.updateRequested.type]: fc.record({ id, cursorName: fc.constantFrom('search', 'main') }),
  [saved.shareRequested.type]: fc.record({ id, userIds }),
  [saved.collaboratorsAddRequested.type]: fc.record({
    id,
    collaborators: fc.array(fc.constantFrom('bob', 'carol@example.com'), { maxLength: 2 }),
    url: fc.constant('http://localhost/search?q=lake'),
  }),
  [saved.revokeRequested.type]: fc.record({ id, userIds }),
  [saved.privateSwitchRequested.type]: fc.record({ id, isPrivate: fc.boolean() }),
  [saved.unsubscribeRequested.type]: fc.record({ id }),
  [saved.deleteRequested.type]: fc.record({ id }),
  [saved.operationStarted.type]: fc.record({ id: fc.option(id, { nil: null }), operation }),
  [saved.operationFailed.type]: fc.record({
    id: fc.option(id, { nil: null }),
    operation,
    message: shortText,
    error,
  }),
  [saved.renamed.type]: fc.record({ id, name: shortText }),
  [saved.updated.type]: fc.record({ id, data }),
  [saved.shared.type]: fc.record({ id, userIds }),
  [saved.collaboratorsAdded.type]: fc.record({ id }),
  [saved.revoked.type]: fc.record({ id, userIds }),
  [saved.privateSwitched.type]: fc.record({ id, isPrivate: fc.boolean() }),
  [saved.unsubscribed.type]: fc.record({ id }),
  [saved.deleted.type]: fc.record({ id }),
};
