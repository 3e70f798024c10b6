/**
 * What an allowed caller gets where the answer, not the status, carries the right (issue 27): per-user
 * figures, the page list, widget queries that name no page, and the ticketed file addresses.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../mocks/node';
import { reset, runtime } from '../../../mocks/runtime';
import { call, file, type Json, jpegBytes, MI, multipart, upload } from '../demo-server-imports/helpers';
import { headersOfRoles, type Role } from './roles';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(async () => {
  reset();
  runtime.settings['imports.analyzeMs'] = 0;
  headers = await headersOfRoles();
});
afterAll(() => server.close());

let headers: Record<Role, Record<string, string>>;

const byUser = async (role: Role) => {
  const { status, body } = await call('/wedia/analytics/top', {
    method: 'POST',
    headers: headers[role],
    body: multipart({ configurationName: 'view', aggregationFieldname: 'user', nbrDays: '0', max: '0' }),
  });
  expect(status).toBe(200);
  return body as { list: { key: string; count: number }[]; total: number };
};

describe('per-user figures', () => {
  it('the asset manager sees every user; bob and carol their own row only, with their own total', async () => {
    const everyone = await byUser('alice');
    expect(everyone.list.length).toBeGreaterThan(2);
    for (const [role, id] of [
      ['bob', 2],
      ['carol', 3],
    ] as const) {
      const own = await byUser(role);
      expect(own.list).toEqual([everyone.list.find((entry) => entry.key === String(id))]);
      expect(own.total).toBe(own.list[0]?.count);
    }
  });
});

describe('pages', () => {
  const ids = (body: Json) =>
    body.response.data.map((row: { id: number }) => row.id).sort((a: number, b: number) => a - b);

  it('the page list leaves drafts, work copies and status-less pages out for those who may not edit them', async () => {
    const alice = await call('/rest/data/page', { headers: headers.alice });
    expect(ids(alice.body)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    for (const role of ['anonymous', 'application', 'bob', 'carol'] as const) {
      const { status, body } = await call('/rest/data/page', { headers: headers[role] });
      expect(status).toBe(200);
      expect(ids(body)).toEqual([1, 2, 3, 4, 6, 8]);
    }
  });

  it('a widget query that names no page leaves out the widgets of pages the caller may not read', async () => {
    const draftWidgets = runtime.db.pageWidgets.filter((widget) =>
      /^clubwedpagedesc_(5|7|9)(_|$)/.test(widget.parent),
    );
    expect(draftWidgets.length).toBeGreaterThan(0);
    const all = { headers: headers.anonymous };
    const { status, body } = await call('/rest/data/pagewidget?max=1000', all);
    expect(status).toBe(200);
    const seen = new Set(body.response.data.map((row: { id: number }) => row.id));
    for (const widget of draftWidgets) expect(seen.has(widget.id)).toBe(false);
    const alices = await call('/rest/data/pagewidget?max=1000', { headers: headers.alice });
    expect(alices.body.response.total).toBe(runtime.db.pageWidgets.length);
  });
});

describe('ticketed file addresses', () => {
  it('stay the same from one answer to the next (the grid keeps its images), and die with their item', async () => {
    const sent = await upload(1, file(jpegBytes(32, 32), 'a.jpg', 'image/jpeg'), headers.alice);
    const item = sent.body.response.data;
    const again = (
      await call(`${MI}/job/1/item?max=200&orderby=id desc`, { headers: headers.alice })
    ).body.response.data.find((row: Json) => row.id === item.id);
    expect(again.thumbnail).toBe(item.thumbnail);
    expect(again.original).toBe(item.original);
    expect((await call(item.original)).status).toBe(200);
    const removed = await call(`${MI}/data/item/${item.id}`, { method: 'DELETE', headers: headers.alice });
    expect(removed.status).toBe(200);
    // the item is gone, and its tickets with it: the address is an anonymous request again
    expect((await call(item.thumbnail)).status).toBe(401);
    expect((await call(item.thumbnail, { headers: headers.alice })).status).toBe(404);
  });

  it('files are served with nosniff and a sandboxing CSP', async () => {
    const item = (await upload(1, file(jpegBytes(32, 32), 'a.jpg', 'image/jpeg'), headers.alice)).body
      .response.data;
    for (const address of [item.thumbnail, item.original]) {
      const { response } = await call(address);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-security-policy')).toMatch(/^sandbox/);
    }
  });
});
