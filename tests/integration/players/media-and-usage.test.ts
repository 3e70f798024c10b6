import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../mocks/node';
import { reset, runtime } from '../../../mocks/runtime';
import { analyticsDomain } from '../../../streams/analytics/domain';
import { assetEventsRequested, objectDownloaded, objectViewed } from '../../../streams/analytics/events';
import { selectAssetEventCount, selectAssetEvents } from '../../../streams/analytics/selectors';
import { batchesDomain } from '../../../streams/batches/domain';
import { batchRequested } from '../../../streams/batches/events';
import { selectBatch } from '../../../streams/batches/selectors';
import { domainEpics } from '../../../streams/core/epic';
import { entitiesDomain } from '../../../streams/entities/domain';
import { playersDomain } from '../../../streams/players/domain';
import {
  descriptionRequested,
  embedRequested,
  freePlayerRequested,
  playerRequested,
} from '../../../streams/players/events';
import {
  imageByPath,
  imageByQuery,
  playerFrameUrl,
  selectEmbed,
  selectFreePlayer,
  selectMediaDescription,
  selectPlayer,
  unsecuredImage,
  viewerVariation,
} from '../../../streams/players/selectors';
import type { RootState } from '../../../streams/root';
import { ORIGIN, portalAs } from '../../helpers/demo-portal';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => reset());
afterAll(() => server.close());

const epics = domainEpics<RootState>(playersDomain, analyticsDomain, batchesDomain, entitiesDomain);

const assetOfNature = (nature: string): string => {
  const asset = runtime.db.assets.find((one) => one.assetnature.code === nature);
  if (!asset) throw new Error(`no ${nature} asset in the demo db`);
  return String(asset.id);
};

describe('image addresses against the demo server (protocol §13.1)', () => {
  it('by query, by path, as a download (original) and unsecured all answer an image', async () => {
    const id = assetOfNature('image');
    const urls = [
      imageByQuery(ORIGIN, 'asset', id, 'thumbnailBig'),
      imageByQuery(ORIGIN, 'asset', id, null, { download: true }),
      imageByPath(ORIGIN, 'asset', id, 'preview'),
      unsecuredImage(ORIGIN, `/asset/${id}/picture.jpg`, 'thumbnailBig')!,
    ];
    for (const url of urls) {
      const response = await fetch(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type'), url).toContain('image');
    }
    const download = await fetch(imageByQuery(ORIGIN, 'asset', id, null, { download: true }));
    expect(download.headers.get('content-disposition')).toContain('original');
  });

  it('a watermarked variation and the player frame page', async () => {
    const video = assetOfNature('video');
    const watermarked = await fetch(
      imageByQuery(ORIGIN, 'asset', video, viewerVariation('thumbnailBig', true)),
    );
    expect(watermarked.status).toBe(200);
    const frame = await fetch(playerFrameUrl(ORIGIN, null, 'asset', video));
    expect(frame.status).toBe(200);
    const page = await frame.text();
    expect(page).toContain('<video');
    expect(page).toContain('listActions');
  });
});

describe('players against the demo server (protocol §13)', () => {
  it('the HTML+JS player of a video: Dom, script and endpoint; a picture has none (error)', async () => {
    const { store, until } = await portalAs('alice', epics);
    const video = assetOfNature('video');
    store.dispatch(
      playerRequested({ resource: 'asset', id: video, width: '100%', height: '100%', canLogView: true }),
    );
    const state = await until((s) => selectPlayer(s, 'asset', video)?.status === 'loaded');
    const data = selectPlayer(state, 'asset', video)!.data!;
    expect(data).toMatchObject({ JSEndpoint: 'WediaEvpPlayer' });
    expect(String(data.JavascriptUrl)).toContain('/api/wedia/evp/player.js');
    expect((data.LauncherOptions as { mediasJson: unknown }).mediasJson).toMatchObject({
      mediaType: 'video',
    });

    const image = assetOfNature('image');
    store.dispatch(playerRequested({ resource: 'asset', id: image, width: 640, height: 360 }));
    const failed = await until((s) => selectPlayer(s, 'asset', image)?.status === 'error');
    expect(selectPlayer(failed, 'asset', image)?.error?.status).toBe(404);
  });

  it('embed, free player, and media descriptions (a picture has none: null)', async () => {
    const { store, until } = await portalAs('bob', epics);
    const video = assetOfNature('video');
    const image = assetOfNature('image');
    store.dispatch(
      embedRequested({ resource: 'asset', id: video, width: 640, height: 360, options: { autoplay: false } }),
    );
    store.dispatch(freePlayerRequested({}));
    store.dispatch(descriptionRequested({ resource: 'asset', id: video }));
    store.dispatch(descriptionRequested({ resource: 'asset', id: image }));
    const state = await until(
      (s) =>
        selectEmbed(s, 'asset', video)?.status === 'loaded' &&
        selectFreePlayer(s)?.status === 'loaded' &&
        selectMediaDescription(s, 'asset', video)?.status === 'loaded' &&
        selectMediaDescription(s, 'asset', image)?.status === 'loaded',
    );
    expect(selectEmbed(state, 'asset', video)?.data).toMatchObject({ Options: { autoplay: false } });
    expect(selectFreePlayer(state)?.data).toMatchObject({ JSEndpoint: 'WediaEvpPlayer' });
    expect(selectMediaDescription(state, 'asset', video)?.data).toMatchObject({
      id: video,
      mediaType: 'video',
    });
    expect(selectMediaDescription(state, 'asset', image)?.data).toBeNull();
  });
});

describe('analytics against the demo server (protocol §18)', () => {
  it('a view and a download logged show in the asset events', async () => {
    const { store, next, until } = await portalAs('alice', epics);
    const id = assetOfNature('image');
    store.dispatch(assetEventsRequested({ resource: 'asset', id }));
    const before = await until((s) => selectAssetEvents(s, 'asset', id).status === 'loaded');
    const views = selectAssetEventCount(before, 'asset', id, 'view');
    const downloads = selectAssetEventCount(before, 'asset', id, 'download');

    const logged = next('analytics/objectLogged', 'analytics/objectLogFailed');
    store.dispatch(objectViewed({ resource: 'asset', id }));
    expect((await logged).type).toBe('analytics/objectLogged');
    const loggedDownload = next('analytics/objectLogged', 'analytics/objectLogFailed');
    store.dispatch(objectDownloaded({ resource: 'asset', id }));
    expect((await loggedDownload).type).toBe('analytics/objectLogged');

    const loaded = next('analytics/assetEventsLoaded');
    store.dispatch(assetEventsRequested({ resource: 'asset', id }));
    await loaded;
    const after = store.getState();
    expect(selectAssetEventCount(after, 'asset', id, 'view')).toBe(views + 1);
    expect(selectAssetEventCount(after, 'asset', id, 'download')).toBe(downloads + 1);
    expect(selectAssetEvents(after, 'asset', id).list.map(({ key }) => key)).toEqual(['view', 'download']);
  });

  it('a log line for an unknown asset fails quietly (a failure event)', async () => {
    const { store, next } = await portalAs('alice', epics);
    const failed = next('analytics/objectLogged', 'analytics/objectLogFailed');
    store.dispatch(objectViewed({ resource: 'asset', id: '999999' }));
    expect((await failed).type).toBe('analytics/objectLogFailed');
  });
});

describe('batches against the demo server (protocol §16)', () => {
  it('a batch of 3 updates runs through the entity writes and ends done with progress 100', async () => {
    const { store, until } = await portalAs('alice', epics);
    const ids = runtime.db.assets.slice(0, 3).map((asset) => asset.id);
    store.dispatch(
      batchRequested({
        label: 'Rename 3',
        actions: ids.map((id) => ({
          kind: 'update' as const,
          path: 'dam/data/asset',
          id,
          values: { name: `Batch ${id}` },
        })),
      }),
    );
    const state = await until((s) => ['done', 'error'].includes(selectBatch(s, '1')?.status ?? ''));
    const batch = selectBatch(state, '1')!;
    expect(batch.actions.map(({ status, error }) => [status, error])).toEqual(
      ids.map(() => ['done', undefined]),
    );
    expect(batch).toMatchObject({ status: 'done', progress: 100 });
    expect(runtime.db.assets.slice(0, 3).map((asset) => asset.name)).toEqual(ids.map((id) => `Batch ${id}`));
  });

  it('an update the server refuses (carol: no right) makes the action and the batch error', async () => {
    const { store, until } = await portalAs('carol', epics);
    const id = runtime.db.assets[0]!.id;
    store.dispatch(
      batchRequested({
        id: 'carol',
        label: 'Refused',
        actions: [{ kind: 'update', path: 'dam/data/asset', id, values: { name: 'Nope' } }],
      }),
    );
    const state = await until((s) => ['done', 'error'].includes(selectBatch(s, 'carol')?.status ?? ''));
    expect(selectBatch(state, 'carol')).toMatchObject({ status: 'error', progress: 95 });
    expect(selectBatch(state, 'carol')?.actions[0]).toMatchObject({
      status: 'error',
      error: 'error updating entity',
    });
  });
});
