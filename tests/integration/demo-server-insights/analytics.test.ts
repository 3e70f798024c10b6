/** Analytics of protocol §18 (and the demo's daily trend) against the demo handlers. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loggedAnalyticsEvents } from '../../../mocks/handlers/analytics';
import { server } from '../../../mocks/node';
import { reset, runtime } from '../../../mocks/runtime';
import { as, call, type Json, multipart } from '../demo-server-entities/helpers';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => reset());
afterAll(() => server.close());

type Entry = { key: string; count: number };

/** Usage figures are for signed-in users (issue 27): calls go as alice unless told otherwise. */
const signedIn = () => as('alice');

async function top(
  name: string,
  fields: Record<string, string | string[]> = {},
  headers?: Record<string, string>,
): Promise<Entry[]> {
  const { status, body } = await call(`/wedia/analytics/${name}`, {
    method: 'POST',
    headers: headers ?? (await signedIn()),
    body: multipart({ object: 'asset', ...fields }),
  });
  expect(status).toBe(200);
  return body.list;
}

const sum = (list: Entry[]): number => list.reduce((total, entry) => total + entry.count, 0);
const log = (id: number, actionId: string, headers: Record<string, string>) =>
  call('/wedia/analytics/log/objectdata', {
    method: 'POST',
    headers,
    body: multipart({ object: 'asset', id: String(id), actionId }),
  });

describe('tops (protocol §18)', () => {
  it('list {key: "asset_{id}", count}, biggest first, 24 by default, at most max', async () => {
    const list = await top('topDamView', { nbrDays: '30' });
    expect(list).toHaveLength(24);
    for (const entry of list) expect(entry.key).toMatch(/^asset_\d+$/);
    expect(list.map((entry) => entry.count)).toEqual(
      [...list.map((entry) => entry.count)].sort((a, b) => b - a),
    );
    expect(await top('topDamView', { nbrDays: '30', max: '5' })).toEqual(list.slice(0, 5));
    // form-urlencoded too
    const { body } = await call('/wedia/analytics/topDamView', {
      method: 'POST',
      headers: await signedIn(),
      body: new URLSearchParams({ nbrDays: '30', max: '5', object: 'asset' }),
    });
    expect(body.list).toEqual(list.slice(0, 5));
  });

  it('each period (7, 30, 90, 365 days, all) gives bigger figures than the shorter one', async () => {
    const totals: number[] = [];
    for (const days of ['7', '30', '90', '365', '0']) {
      const list = await top('topDamView', { nbrDays: days, max: '0' });
      expect(list.length).toBeGreaterThan(0);
      totals.push(sum(list));
    }
    for (let index = 1; index < totals.length; index++)
      expect(totals[index]).toBeGreaterThan(totals[index - 1] as number);
    const downloads = await top('topDamDownload', { nbrDays: '0', max: '0' });
    expect(sum(downloads)).toBeGreaterThan(0);
    expect(sum(downloads)).toBeLessThan(totals[4] as number);
  });

  it('onlyCurrentUser counts the caller’s own events: a part of everyone’s, different per user', async () => {
    const alice = await as('alice');
    const bob = await as('bob');
    const everyone = await top('topDamView', { nbrDays: '90', max: '0' }, alice);
    const mine = await top('topDamView', { nbrDays: '90', max: '0', onlyCurrentUser: 'true' }, alice);
    const bobs = await top('topDamView', { nbrDays: '90', max: '0', onlyCurrentUser: 'true' }, bob);
    expect(sum(mine)).toBeGreaterThan(0);
    expect(sum(mine)).toBeLessThan(sum(everyone));
    expect(mine).not.toEqual(bobs);
    const all = new Map(everyone.map((entry) => [entry.key, entry.count]));
    for (const entry of mine) expect(entry.count).toBeLessThanOrEqual(all.get(entry.key) ?? 0);
    // an anonymous caller sees no figures at all (issue 27)
    const anonymous = await call('/wedia/analytics/topDamView', {
      method: 'POST',
      body: multipart({ object: 'asset', nbrDays: '90', onlyCurrentUser: 'true' }),
    });
    expect(anonymous.status).toBe(401);
  });

  it('live logs count today: they change the 7-day top, everyone’s and the logger’s own only', async () => {
    const bob = await as('bob');
    const carol = await as('carol');
    const id = 1999;
    const views = await Promise.all(Array.from({ length: 100 }, () => log(id, 'view', bob)));
    expect(views.every((answer) => answer.status === 200)).toBe(true);
    await Promise.all(Array.from({ length: 60 }, () => log(id, 'download', bob)));
    expect((await top('topDamView', { nbrDays: '7' }))[0]).toEqual({
      key: `asset_${id}`,
      count: expect.any(Number),
    });
    expect((await top('topDamView', { nbrDays: '7' }))[0]?.count).toBeGreaterThanOrEqual(100);
    expect((await top('topDamDownload', { nbrDays: '7', onlyCurrentUser: 'true' }, bob))[0]?.key).toBe(
      `asset_${id}`,
    );
    const carols = await top('topDamView', { nbrDays: '7', max: '0', onlyCurrentUser: 'true' }, carol);
    expect(carols.find((entry) => entry.key === `asset_${id}`)?.count ?? 0).toBeLessThan(100);
  });

  it('agrees with the asset events of the same period', async () => {
    const [first] = await top('topDamDownload', { nbrDays: '90' });
    const id = Number(first?.key.split('_')[1]);
    const { body } = await call('/wedia/analytics/assetEvents', {
      method: 'POST',
      body: multipart({ object: 'asset', id: String(id), nbrDays: '90' }),
    });
    expect(body.list.find((entry: Json) => entry.key === 'download').count).toBe(first?.count);
    // the reference sends multipart (§18); form-urlencoded is still accepted
    const encoded = await call('/wedia/analytics/assetEvents', {
      method: 'POST',
      body: new URLSearchParams({ object: 'asset', id: String(id), nbrDays: '90' }),
    });
    expect(encoded.body.list).toEqual(body.list);
  });

  it('another resource has no entries; an unknown top is a 404 "Unknown top {name}"', async () => {
    expect(await top('topDamView', { object: 'keyword' })).toEqual([]);
    const { status, body } = await call('/wedia/analytics/topDamShare', {
      method: 'POST',
      body: multipart({}),
    });
    expect(status).toBe(404);
    expect(body.message).toBe('Unknown top topDamShare');
    const bad = await call('/wedia/analytics/topDamView', {
      method: 'POST',
      headers: await signedIn(),
      body: multipart({ max: 'many' }),
    });
    expect(bad.status).toBe(400);
  });

  it('the same figures after a reset: the history is seeded', async () => {
    const before = await top('topDamView', { nbrDays: '365' });
    reset();
    expect(await top('topDamView', { nbrDays: '365' })).toEqual(before);
  });
});

describe('generic top, events, broadcasts and trend', () => {
  it('the generic top counts by id, user or day with a query, and gives the total', async () => {
    const alice = await as('alice');
    const [first, second] = await top('topDamDownload', { nbrDays: '365' });
    const ids = [first, second].map((entry) => Number(entry?.key.split('_')[1]));
    const { status, body } = await call('/wedia/analytics/top', {
      method: 'POST',
      headers: alice,
      body: multipart({
        configurationName: 'download',
        aggregationFieldname: 'id',
        nbrDays: '365',
        max: '24',
        query: JSON.stringify({ id: ids }),
        onlyCurrentUser: 'false',
      }),
    });
    expect(status).toBe(200);
    expect(body.list).toEqual([first, second]);
    expect(body.total).toBe((first?.count ?? 0) + (second?.count ?? 0));
    const byUser = await call('/wedia/analytics/top', {
      method: 'POST',
      headers: alice,
      body: multipart({ configurationName: 'view', aggregationFieldname: 'user', nbrDays: '30' }),
    });
    expect(byUser.body.list.length).toBeGreaterThan(1);
    const bad = await call('/wedia/analytics/top', {
      method: 'POST',
      headers: alice,
      body: multipart({ aggregationFieldname: 'colour' }),
    });
    expect(bad.status).toBe(400);
  });

  it('log/event keeps the configuration and params; without configuration it is a 400', async () => {
    const alice = await as('alice');
    const params = JSON.stringify({ fulltext: 'coast' });
    const { status } = await call('/wedia/analytics/log/event', {
      method: 'POST',
      headers: alice,
      body: multipart({ configuration: 'search', params, sessionType: 'portal' }),
    });
    expect(status).toBe(200);
    expect(loggedAnalyticsEvents()).toEqual([
      { configuration: 'search', params, sessionType: 'portal', user: 1, at: expect.any(Number) },
    ]);
    const bad = await call('/wedia/analytics/log/event', { method: 'POST', body: multipart({ params }) });
    expect(bad.status).toBe(400);
    reset();
    expect(loggedAnalyticsEvents()).toEqual([]);
  });

  it('whereDamBroadcasted is the same for the same asset, fewer for fewer days, 404 for an unknown uuid', async () => {
    const broadcasts = async (uuid: string, fields: Record<string, string> = {}) =>
      call('/wedia/analytics/whereDamBroadcasted?lang=fr', {
        method: 'POST',
        body: multipart({ max: '24', nbDays: '-1', uuid, ...fields }),
      });
    const withChannels = runtime.db.assets.slice(0, 50).map((asset) => asset.$uuid);
    const answers = await Promise.all(withChannels.map((uuid) => broadcasts(uuid)));
    const rich = answers.find((answer) => answer.body.list.length >= 2);
    expect(rich).toBeDefined();
    const uuid = rich?.body.uuid as string;
    expect((await broadcasts(uuid)).body).toEqual(rich?.body);
    expect(rich?.body.list[0]).toEqual({
      key: expect.any(String),
      caption: expect.any(String),
      count: expect.any(Number),
      lastDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    const lastMonth = (await broadcasts(uuid, { nbDays: '30' })).body.list;
    expect(lastMonth.reduce((total: number, entry: Json) => total + entry.count, 0)).toBeLessThan(
      rich?.body.list.reduce((total: number, entry: Json) => total + entry.count, 0),
    );
    expect((await broadcasts(uuid, { max: '1' })).body.list).toHaveLength(1);
    expect((await broadcasts('no-such-uuid')).status).toBe(404);
  });

  it('the daily trend (demo convention) ends today and adds up to the tops of the same period', async () => {
    const trend = async (fields: Record<string, string>, headers?: Record<string, string>) => {
      const { status, body } = await call('/wedia/analytics/trend', {
        method: 'POST',
        headers: headers ?? (await signedIn()),
        body: multipart(fields),
      });
      expect(status).toBe(200);
      return body.days as { date: string; view: number; download: number }[];
    };
    const days = await trend({ nbrDays: '30' });
    expect(days).toHaveLength(30);
    expect(days.at(-1)?.date).toBe(new Date().toISOString().slice(0, 10));
    expect((days[0]?.date ?? '') < (days[1]?.date ?? '')).toBe(true);
    const views = days.reduce((total, day) => total + day.view, 0);
    const downloads = days.reduce((total, day) => total + day.download, 0);
    expect(views).toBe(sum(await top('topDamView', { nbrDays: '30', max: '0' })));
    expect(downloads).toBe(sum(await top('topDamDownload', { nbrDays: '30', max: '0' })));
    const alice = await as('alice');
    const mine = await trend({ nbrDays: '30', onlyCurrentUser: 'true' }, alice);
    expect(mine.reduce((total, day) => total + day.view, 0)).toBeLessThan(views);
    expect(await trend({ nbrDays: '0' })).toHaveLength(401);
    await log(5, 'view', alice);
    expect((await trend({ nbrDays: '7' })).at(-1)?.view).toBe((days.at(-1)?.view ?? 0) + 1);
  });
});
