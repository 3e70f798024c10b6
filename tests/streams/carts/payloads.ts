import fc from 'fast-check';
import * as content from '../../../streams/carts/content-events';
import * as edits from '../../../streams/carts/edit-events';
import * as list from '../../../streams/carts/events';
import * as shares from '../../../streams/carts/share-events';
import { emptyPayload, type PayloadGenerators, serializedError, shortText } from '../../helpers/arbitraries';

const cartId = fc.constantFrom('1', '2', '9', '12');
const itemId = fc.constantFrom('11', '12', '13', '101');
const key = itemId.map((id) => `asset/${id}`);
const uuid = fc.constantFrom('u-1', 'u-2');
const mode = fc.constantFrom('default', 'should', 'must');
const error = serializedError;
const nullableText = fc.option(shortText, { nil: null });
const nullableNumber = fc.option(fc.nat(5000), { nil: null });

export const cart = fc.record({
  id: cartId,
  name: shortText,
  description: shortText,
  isPrivate: fc.boolean(),
  type: fc.constant(''),
  expires: fc.option(fc.nat(), { nil: null }),
  collaborators: fc.array(fc.constantFrom('2', '3'), { maxLength: 2 }),
  collaboratorNames: fc.dictionary(fc.constantFrom('2', '3'), shortText, { maxKeys: 2 }),
  isMine: fc.boolean(),
  modified: nullableNumber,
  ownerName: shortText,
  items: fc.dictionary(fc.constant('asset'), fc.uniqueArray(itemId, { maxLength: 4 }), { maxKeys: 1 }),
  total: fc.nat(4),
});

const item = fc.record({
  id: itemId,
  resource: fc.constant('asset'),
  name: nullableText,
  title: nullableText,
  mimetype: nullableText,
  nature: nullableText,
  filesize: nullableNumber,
  width: nullableNumber,
  height: nullableNumber,
});
const codeLabel = fc.record({ code: shortText, label: shortText });
const createdShare = fc.record({
  uuid,
  mode: fc.constantFrom('link', 'zip'),
  url: shortText,
  description: shortText,
  expires: fc.option(fc.nat(), { nil: null }),
  actions: fc.array(fc.constantFrom('view', 'download'), { maxLength: 2 }),
  hasPassword: fc.boolean(),
});
const playerTarget = { cartId, resource: fc.constant('asset'), id: itemId, player: fc.constant('fo.player') };
const people = fc.array(fc.constantFrom('bob', 'carol@example.com'), { maxLength: 2 });

/** A valid payload for each event type of the carts domain. */
export const cartsPayloads: PayloadGenerators = {
  [list.profileRequested.type]: emptyPayload,
  [list.profileLoaded.type]: fc.record({ makePublicBoard: fc.boolean() }),
  [list.profileLoadFailed.type]: fc.record({ error }),
  [list.listOpened.type]: emptyPayload,
  [list.listFetchStarted.type]: emptyPayload,
  [list.listLoaded.type]: fc.record({ carts: fc.array(cart, { maxLength: 3 }) }),
  [list.listLoadFailed.type]: fc.record({ error }),
  [list.filterChanged.type]: fc.record({ text: fc.constantFrom('', 'spr*', 'kit', shortText) }),
  [list.sortChanged.type]: fc.record({
    field: fc.constantFrom('id', 'total', 'name', 'modified'),
    ascending: fc.boolean(),
  }),
  [list.noticeDismissed.type]: emptyPayload,
  [content.cartOpened.type]: fc.record({ cartId }),
  [content.itemsListStarted.type]: fc.record({ cartId }),
  [content.itemsListed.type]: fc.record({ cart, huge: fc.boolean() }),
  [content.itemsListFailed.type]: fc.record({ cartId, error }),
  [content.viewStarted.type]: fc.record({ cartId, fulltext: shortText, mode }),
  [content.viewLoaded.type]: fc.record({
    cart,
    details: fc.array(item, { maxLength: 3 }),
    filtered: fc.boolean(),
  }),
  [content.viewLoadFailed.type]: fc.record({ cartId, error }),
  [content.contentFilterChanged.type]: fc.record({ cartId, fulltext: shortText, mode }),
  [content.visibleRangeChanged.type]: fc.record({ cartId, first: fc.nat(50), last: fc.nat(200) }),
  [content.windowMoved.type]: fc.record({
    cartId,
    chunks: fc.array(fc.nat(3), { maxLength: 3 }),
    dropped: fc.array(key, { maxLength: 3 }),
  }),
  [content.chunkRequested.type]: fc.record({ cartId, index: fc.nat(3) }),
  [content.chunkLoaded.type]: fc.record({
    cartId,
    index: fc.nat(3),
    details: fc.array(item, { maxLength: 3 }),
  }),
  [content.chunkLoadFailed.type]: fc.record({ cartId, index: fc.nat(3), error }),
  [content.itemPlayerRequested.type]: fc.record(playerTarget),
  [content.itemPlayerStarted.type]: fc.record(playerTarget),
  [content.itemPlayerLoaded.type]: fc.record({
    ...playerTarget,
    html: shortText,
    javascriptUrls: fc.array(shortText, { maxLength: 2 }),
  }),
  [content.itemPlayerFailed.type]: fc.record({ ...playerTarget, error }),
  [content.selectionChanged.type]: fc.record({ cartId, keys: fc.array(key, { maxLength: 3 }) }),
  [edits.createRequested.type]: fc.record(
    { name: shortText, description: shortText, isPrivate: fc.boolean(), collaborators: people },
    { requiredKeys: ['description', 'isPrivate', 'collaborators'] },
  ),
  [edits.createRefused.type]: fc.record({
    message: fc.constantFrom('A cart requires a name', 'A cart requires a non empty name'),
  }),
  [edits.created.type]: fc.record({ cart }),
  [edits.createFailed.type]: fc.record({ error }),
  [edits.editRequested.type]: fc.record(
    {
      cartId,
      name: fc.constantFrom('', 'Renamed', shortText),
      description: shortText,
      isPrivate: fc.boolean(),
    },
    { requiredKeys: ['cartId', 'description', 'isPrivate'] },
  ),
  [edits.editRefused.type]: fc.record({ cartId, message: shortText }),
  [edits.edited.type]: fc.record({ cart }),
  [edits.editFailed.type]: fc.record({ cartId, error }),
  [edits.deleteRequested.type]: fc.record({ cartId }),
  [edits.deleted.type]: fc.record({ cartId }),
  [edits.deleteFailed.type]: fc.record({ cartId, error }),
  [edits.itemsAddRequested.type]: fc.record({
    cartId,
    items: fc.dictionary(fc.constant('asset'), fc.array(itemId, { maxLength: 2 }), { maxKeys: 1 }),
  }),
  [edits.itemsAdded.type]: fc.record({ cart }),
  [edits.itemsAddFailed.type]: fc.record({ cartId, error }),
  [edits.itemsRemoveRequested.type]: fc.record({ cartId, keys: fc.array(key, { maxLength: 3 }) }),
  [edits.itemsRemoved.type]: fc.record({ cart }),
  [edits.itemsRemoveFailed.type]: fc.record({ cartId, error }),
  [edits.collaboratorsAddRequested.type]: fc.record({ cartId, collaborators: people, url: shortText }),
  [edits.collaboratorsRemoveRequested.type]: fc.record({
    cartId,
    collaborators: fc.array(fc.constantFrom('2', '3'), { maxLength: 2 }),
  }),
  [edits.collaboratorsChanged.type]: fc.record({ cart }),
  [edits.collaboratorsChangeFailed.type]: fc.record({ cartId, error }),
  [edits.unsubscribeRequested.type]: fc.record({ cartId }),
  [edits.unsubscribed.type]: fc.record({ cartId }),
  [edits.unsubscribeFailed.type]: fc.record({ cartId, error }),
  [shares.shareOptionsRequested.type]: emptyPayload,
  [shares.shareActionsStarted.type]: emptyPayload,
  [shares.shareActionsLoaded.type]: fc.record({ actions: fc.array(codeLabel, { maxLength: 3 }) }),
  [shares.shareActionsLoadFailed.type]: fc.record({ error }),
  [shares.profilesStarted.type]: emptyPayload,
  [shares.profilesLoaded.type]: fc.record({ profiles: fc.array(codeLabel, { maxLength: 3 }) }),
  [shares.profilesLoadFailed.type]: fc.record({ error }),
  [shares.shareRequested.type]: fc.record({
    cartId,
    mode: fc.constantFrom('link', 'zip'),
    description: shortText,
    expires: fc.option(fc.nat(), { nil: null }),
    actions: fc.array(fc.constantFrom('view', 'download'), { maxLength: 2 }),
    collaborators: people,
    askForPassword: fc.boolean(),
    withAssetsDescriptions: fc.boolean(),
    profile: fc.option(fc.constantFrom('originals', 'web'), { nil: null }),
    url: shortText,
  }),
  [shares.shareCreated.type]: fc.record({ cartId, share: createdShare }),
  [shares.shareFailed.type]: fc.record({ cartId, error }),
  [shares.shareDialogReset.type]: fc.record({ cartId }),
  [shares.sharesListRequested.type]: fc.record({ cartId, link: shortText }),
  [shares.sharesListed.type]: fc.record({ cartId, shares: fc.array(createdShare, { maxLength: 2 }) }),
  [shares.sharesListFailed.type]: fc.record({ cartId, error }),
  [shares.sharedCartOpened.type]: fc.record({ uuid, withPassword: fc.boolean() }),
  [shares.sharedCartStarted.type]: fc.record({ uuid, withPassword: fc.boolean() }),
  [shares.sharedCartLoaded.type]: fc.record({
    uuid,
    cart,
    details: fc.array(item, { maxLength: 3 }),
    share: fc.record({
      uuid,
      actions: fc.array(fc.constantFrom('view', 'download'), { maxLength: 2 }),
      hasPassword: fc.boolean(),
      description: shortText,
    }),
  }),
  [shares.sharedCartFailed.type]: fc.record({ uuid, withPassword: fc.boolean(), error }),
  [shares.shareActionRequested.type]: fc.record({
    uuid,
    action: fc.constantFrom('copy', 'comment'),
    items: fc.constant(null),
  }),
  [shares.shareActionDone.type]: fc.record({ uuid, action: shortText }),
  [shares.shareActionFailed.type]: fc.record({ uuid, action: shortText, error }),
};
