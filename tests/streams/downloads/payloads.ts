import fc from 'fast-check';
import * as downloads from '../../../streams/downloads/events';
import { emptyPayload, type PayloadGenerators, serializedError, shortText } from '../../helpers/arbitraries';

// restored records carry these ids, so that later events meet real records
const downloadId = fc.constantFrom('d1', 'd2', 'd1-1', 'd1-2');
const error = serializedError;
const selection = fc.dictionary(fc.constantFrom('asset', 'video'), fc.array(fc.constantFrom('1', '2', '3')), {
  maxKeys: 2,
});
const size = fc.integer({ min: 0, max: 1000 });
const infos = fc.record({
  size,
  maxSize: size,
  refused: fc.boolean(),
  warnSize: size,
  warn: fc.boolean(),
});
const options = {
  profile: fc.constantFrom('originals', 'previews'),
  withContactSheet: fc.boolean(),
  withAssetsDescriptions: fc.boolean(),
  sendLinkByEmail: fc.boolean(),
  selection,
};
const sizedItem = fc.record({ resource: fc.constantFrom('asset'), id: fc.constantFrom('1', '2'), size });
const record = fc.record({
  ...options,
  downloadId: fc.constantFrom('d1', 'd2'),
  downloadName: shortText,
  cartId: fc.constantFrom('7', 'share-uuid'),
  shared: fc.boolean(),
  url: fc.option(fc.constant('http://localhost:80/api/wedia/cart/downloadCart/z1'), { nil: null }),
  zipUuid: fc.option(fc.constant('z1'), { nil: null }),
  time: fc.nat(),
  size: fc.integer({ min: -1, max: 1000 }),
  status: fc.constantFrom(...downloads.downloadStatusSchema.options),
  error: fc.option(error, { nil: null }),
  infos: fc.option(infos, { nil: null }),
  part: fc.option(
    fc.record({ of: fc.constant('d0'), index: fc.integer({ min: 1, max: 3 }), total: fc.constant(3) }),
    { nil: null },
  ),
  checks: fc.nat(5),
});

/** A valid payload for every downloads event. */
export const downloadsPayloads: PayloadGenerators = {
  [downloads.requested.type]: fc.record({
    ...options,
    cartId: fc.constantFrom('7', 'share-uuid'),
    downloadName: shortText,
    shared: fc.boolean(),
  }),
  [downloads.sizeTestStarted.type]: fc.record({ downloadId }),
  [downloads.sizeTested.type]: fc.record({ downloadId, infos }),
  [downloads.warningConfirmed.type]: fc.record({ downloadId }),
  [downloads.buildStarted.type]: fc.record({ downloadId }),
  [downloads.built.type]: fc.record({ downloadId, zipUuid: fc.constantFrom('z1', 'z2') }),
  [downloads.readinessChecked.type]: fc.record({ downloadId, httpStatus: fc.constantFrom(202, 204) }),
  [downloads.zipReady.type]: fc.record({
    downloadId,
    url: fc.constant('http://localhost:80/api/wedia/cart/downloadCart/z1'),
  }),
  [downloads.handedToBrowser.type]: fc.record({ downloadId }),
  [downloads.failed.type]: fc.record({ downloadId, error }),
  [downloads.cartMeasured.type]: fc.record({ downloadId, items: fc.array(sizedItem, { maxLength: 4 }) }),
  [downloads.split.type]: fc.record({
    downloadId,
    parts: fc.array(fc.record({ selection, size }), { minLength: 1, maxLength: 3 }),
    skipped: fc.array(sizedItem, { maxLength: 2 }),
  }),
  [downloads.retried.type]: fc.record({ downloadId }),
  [downloads.canceled.type]: fc.record({ downloadId }),
  [downloads.cleared.type]: fc.record({ downloadIds: fc.array(downloadId, { maxLength: 3 }) }),
  [downloads.splitNoticeDismissed.type]: fc.record({ downloadId }),
  [downloads.pendingRestored.type]: fc.record({ records: fc.array(record, { maxLength: 3 }) }),
  [downloads.resumed.type]: fc.record({ downloadId }),
  [downloads.profilesRequested.type]: emptyPayload,
  [downloads.profilesLoaded.type]: fc.record({
    profiles: fc.array(fc.record({ code: fc.constantFrom('originals', 'previews'), label: shortText }), {
      maxLength: 2,
    }),
  }),
  [downloads.profilesLoadFailed.type]: fc.record({ error }),
};
