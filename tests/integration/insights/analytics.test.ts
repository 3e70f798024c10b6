/** Every analytics call of protocol §18 through the analytics epics against the demo handlers. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loggedAnalyticsEvents } from '../../../mocks/handlers/analytics';
import { server } from '../../../mocks/node';
import { findAsset } from '../../../mocks/db/assets';
import { reset, runtime } from '../../../mocks/runtime';
import { analyticsDomain } from '../../../streams/analytics/domain';
import {
  assetEventsRequested,
  broadcastRequested,
  eventLogRequested,
  genericTopRequested,
  objectDownloaded,
  objectViewed,
  topRequested,
  trendRequested,
} from '../../../streams/analytics/events';
import {
  selectAssetEventCount,
  selectBroadcast,
  selectGenericTop,
  selectTop,
  selectTrend,
} from '../../../streams/analytics/selectors';
import { shareCreated } from '../../../streams/carts/share-events';
import { domainEpics } from '../../../streams/core/epic';
import { fulltextChanged } from '../../../streams/cursors/events';
import { entitiesDomain } from '../../../streams/entities/domain';
import { namesRequested } from '../../../streams/entities/events';
import { selectNames } from '../../../streams/entities/selectors';
import type { RootState } from '../../../streams/root';
import { portalAs } from '../../helpers/demo-portal';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => reset());
afterAll(() => server.close());

const epics = domainEpics<RootState>(analyticsDomain, entitiesDomain);

/** Waits (up to 5 s) until the portal has seen `count` events of these types. */
async function seen(events: { type: string }[], types: string[], count: number): Promise<void> {
  for (let waited = 0; waited < 4000; waited += 20) {
    if (events.filter((event) => types.includes(event.type)).length >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(
    `never saw ${count} of ${types.join(', ')}: ${JSON.stringify(events.map((event) => event.type))}`,
  );
}
const total = (state: RootState, name: string) =>
  selectTop(state, name).data.reduce((sum, line) => sum + line.count, 0);

describe('tops against the demo server (protocol §18)', () => {
  it('topDamView and topDamDownload: loaded with ts, lines split into resource and id, at most 24', async () => {
    const portal = await portalAs('alice', epics);
    portal.store.dispatch(topRequested({ name: 'topDamView', nbrDays: 30 }));
    portal.store.dispatch(topRequested({ name: 'topDamDownload', nbrDays: 30 }));
    const state = await portal.until(
      (s) =>
        selectTop(s, 'topDamView').status === 'loaded' && selectTop(s, 'topDamDownload').status === 'loaded',
    );
    for (const name of ['topDamView', 'topDamDownload']) {
      const top = selectTop(state, name);
      expect(top.ts).toEqual(expect.any(Number));
      expect(top.data.length).toBeGreaterThan(0);
      expect(top.data.length).toBeLessThanOrEqual(24);
      for (const line of top.data) {
        expect(line.resource).toBe('asset');
        expect(line.key).toBe(`asset_${line.id}`);
      }
    }
  });

  it("the tops' assets are named by one list request, id in [...] (issue 26)", async () => {
    const portal = await portalAs('alice', epics);
    portal.store.dispatch(topRequested({ name: 'topDamView', nbrDays: 30 }));
    let state = await portal.until((s) => selectTop(s, 'topDamView').status === 'loaded');
    const ids = selectTop(state, 'topDamView').data.map((line) => line.id);
    const sent: URL[] = [];
    const record = ({ request }: { request: Request }) => {
      sent.push(new URL(request.url));
    };
    server.events.on('request:start', record);
    portal.store.dispatch(namesRequested({ path: 'dam/data/asset', ids }));
    state = await portal.until((s) => ids.every((id) => selectNames(s, 'dam/data/asset')[id] !== undefined));
    server.events.removeListener('request:start', record);
    expect(sent.map((url) => url.pathname)).toEqual(['/api/rest/dam/data/asset']);
    expect(JSON.parse(sent[0]?.searchParams.get('query') ?? '')).toEqual({ id: { in: ids.map(Number) } });
    for (const id of ids)
      expect(selectNames(state, 'dam/data/asset')[id]).toBe(findAsset(runtime.db.assets, id)?.name);
  });

  it('a period and Only mine change the figures; asked again the top goes fetching then loaded', async () => {
    const portal = await portalAs('alice', epics);
    portal.store.dispatch(topRequested({ name: 'topDamView', nbrDays: 7 }));
    portal.store.dispatch(topRequested({ name: 'topDamViewUser', nbrDays: 7 }));
    let state = await portal.until(
      (s) =>
        selectTop(s, 'topDamView').status === 'loaded' && selectTop(s, 'topDamViewUser').status === 'loaded',
    );
    const week = total(state, 'topDamView');
    expect(total(state, 'topDamViewUser')).toBeLessThan(week);
    portal.store.dispatch(topRequested({ name: 'topDamView', nbrDays: -1 }));
    expect(selectTop(portal.store.state$.value, 'topDamView').status).toBe('fetching');
    state = await portal.until(
      (s) => selectTop(s, 'topDamView').status === 'loaded' && selectTop(s, 'topDamView').nbrDays === -1,
    );
    expect(total(state, 'topDamView')).toBeGreaterThan(week);
  });

  it('the generic top, broadcast data by uuid and the daily trend', async () => {
    const portal = await portalAs('alice', epics);
    const uuid = runtime.db.assets[11]!.$uuid;
    portal.store.dispatch(
      genericTopRequested({
        id: 'by-user',
        configurationName: 'view',
        aggregationFieldname: 'user',
        nbrDays: 30,
      }),
    );
    portal.store.dispatch(broadcastRequested({ uuid }));
    portal.store.dispatch(trendRequested({ nbrDays: 30, onlyCurrentUser: false }));
    const state = await portal.until(
      (s) =>
        selectGenericTop(s, 'by-user').status === 'loaded' &&
        selectBroadcast(s, uuid).status === 'loaded' &&
        selectTrend(s, 30, false).status === 'loaded',
    );
    expect(selectGenericTop(state, 'by-user').data).toMatchObject({ list: expect.any(Array) });
    expect(selectBroadcast(state, uuid).data).toMatchObject({ uuid, list: expect.any(Array) });
    const days = selectTrend(state, 30, false).days;
    expect(days).toHaveLength(30);
    expect(days[0]).toEqual({
      day: expect.any(String),
      views: expect.any(Number),
      downloads: expect.any(Number),
    });
  });

  it('broadcast data of an unknown uuid is an error', async () => {
    const portal = await portalAs('alice', epics);
    portal.store.dispatch(broadcastRequested({ uuid: 'no-such-uuid' }));
    const state = await portal.until((s) => selectBroadcast(s, 'no-such-uuid').status === 'error');
    expect(selectBroadcast(state, 'no-such-uuid').error?.status).toBe(404);
  });

  it('a view and a download logged count in the asset events (sent multipart, §18)', async () => {
    const portal = await portalAs('alice', epics);
    const id = String(runtime.db.assets[11]!.id);
    const types: string[] = [];
    const record = ({ request }: { request: Request }) => {
      if (request.url.includes('/assetEvents')) types.push(request.headers.get('content-type') ?? '');
    };
    server.events.on('request:start', record);
    portal.store.dispatch(assetEventsRequested({ resource: 'asset', id }));
    const before = await portal.until((s) => s.analytics.assetEvents[`asset|${id}`]?.status === 'loaded');
    server.events.removeListener('request:start', record);
    expect(types).toEqual([expect.stringMatching(/^multipart\/form-data; boundary=/)]);
    const views = selectAssetEventCount(before, 'asset', id, 'view');
    portal.store.dispatch(objectViewed({ resource: 'asset', id }));
    portal.store.dispatch(objectDownloaded({ resource: 'asset', id }));
    await seen(portal.events, ['analytics/objectLogged'], 2);
    portal.store.dispatch(assetEventsRequested({ resource: 'asset', id }));
    await seen(portal.events, ['analytics/assetEventsLoaded'], 2);
    expect(selectAssetEventCount(portal.store.state$.value, 'asset', id, 'view')).toBe(views + 1);
  });

  it('log/event: a search, a cart share and an event of the caller are logged', async () => {
    const portal = await portalAs('alice', epics);
    portal.store.dispatch(fulltextChanged({ name: 'search', fulltext: 'sunset' }));
    portal.store.dispatch(
      shareCreated({
        cartId: '7',
        share: {
          uuid: 's-1',
          mode: 'link',
          url: 'http://x/s-1',
          description: '',
          expires: null,
          actions: [],
          hasPassword: false,
        },
      }),
    );
    portal.store.dispatch(eventLogRequested({ configuration: 'custom', params: '{"a":1}' }));
    await seen(portal.events, ['analytics/eventLogged', 'analytics/eventLogFailed'], 3);
    expect(portal.events.filter((event) => event.type === 'analytics/eventLogFailed')).toEqual([]);
    expect(loggedAnalyticsEvents().map(({ configuration, params }) => [configuration, params])).toEqual([
      ['search', '{"fulltext":"sunset","mode":null}'],
      ['share', '{"object":"cart","id":"7"}'],
      ['custom', '{"a":1}'],
    ]);
  });
});
