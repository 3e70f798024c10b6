import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../mocks/node';
import { reset, runtime } from '../../../mocks/runtime';
import { as, call, eventually, type Json, MI, put } from './helpers';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  reset();
  runtime.settings['imports.commandMs'] = 150;
  // the server's clock stands still until a test moves it: "running" is then seen on a busy machine too
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(() => vi.useRealTimers());
afterAll(() => server.close());

/** The commands started so far are due: the server's clock moves past their duration. */
const passCommandTime = () => vi.setSystemTime(Date.now() + runtime.settings['imports.commandMs']);

const readyIds = (job: number) =>
  runtime.db.importItems.filter((item) => item.job === job && item.status === 4).map((item) => item.id);
const incompleteIds = (job: number) =>
  runtime.db.importItems.filter((item) => item.job === job && item.status === 3).map((item) => item.id);
const item = (id: number) => runtime.db.importItems.find((candidate) => candidate.id === id);

async function commandStatus(job: number, ids: number[], headers: Record<string, string>) {
  return (await call(`${MI}/job/${job}/changes/${ids.join(',')}`, { headers })).body.response.data as Json[];
}

describe('metadata commands (PUT /rest/massimport/job/{id})', () => {
  it('set metadata answers a command id; changes/{id} says running, then done once, and the values are applied', async () => {
    const alice = await as('alice');
    const ids = incompleteIds(1).slice(0, 2);
    const { status, body } = await put(
      1,
      {
        metadata: {
          ids,
          data: {
            title: 'Harbour at dawn',
            keywords: { $mode: 'add', $values: [1, { id: 2 }] },
            categories: 3,
          },
        },
      },
      alice,
    );
    expect(status).toBe(200);
    const [command] = body.response.$action.commands;
    expect(typeof command).toBe('number');
    expect(body.response.data).toMatchObject({ id: 1 });
    const running = await commandStatus(1, [command], alice);
    expect(running[0]).toMatchObject({
      id: command,
      done: false,
      itemsIds: ids,
      fields: ['title', 'keywords', 'categories'],
    });
    expect(item(ids[0] as number)?.metadata.title).not.toBe('Harbour at dawn');
    passCommandTime();
    const done = await eventually(
      () => commandStatus(1, [command], alice),
      (data) => data[0]?.done === true,
    );
    expect(done[0]?.done).toBe(true);
    for (const id of ids) {
      expect(item(id)?.metadata).toMatchObject({ title: 'Harbour at dawn', categories: [3] });
      expect(item(id)?.metadata.keywords).toEqual(expect.arrayContaining([1, 2]));
      // the mandatory title is there now
      expect(item(id)?.status).toBe(4);
    }
    // a done command is forgotten: asked again, it is still done
    expect((await commandStatus(1, [command], alice))[0]).toEqual({ id: command, done: true });
  });

  it('values other than ids or {$mode,$values} are refused with cannot adapt {json}', async () => {
    const alice = await as('alice');
    const ids = readyIds(1).slice(0, 1);
    const bad = { $values: 'x', $mode: 'add' };
    const { status, body } = await put(1, { metadata: { ids, data: { keywords: bad } } }, alice);
    expect(status).toBe(400);
    expect(body.message).toBe(`cannot adapt ${JSON.stringify(bad)}`);
    expect((await put(1, { metadata: { ids, data: { keywords: ['red'] } } }, alice)).body.message).toBe(
      'cannot adapt ["red"]',
    );
    expect((await put(1, { metadata: { ids, data: { nope: 1 } } }, alice)).status).toBe(400);
    expect((await put(1, { metadata: { ids: [999], data: { title: 'x' } } }, alice)).status).toBe(400);
  });

  it('change collection answers a command; an unknown resource is refused', async () => {
    const alice = await as('alice');
    const ids = readyIds(1).slice(0, 2);
    const { body } = await put(1, { metadata: { ids, type: 'asset' } }, alice);
    expect(body.response.$action.commands).toHaveLength(1);
    expect((await put(1, { metadata: { ids, type: 'spaceship' } }, alice)).status).toBe(400);
  });

  it('validate answers the command and a validationJob; when done, the ready items are assets found by the search', async () => {
    const alice = await as('alice');
    const assetsBefore = runtime.db.assets.length;
    const ids = readyIds(1).slice(0, 3);
    await put(1, { metadata: { ids: [ids[0]], data: { title: 'Zanzibar lighthouse' } } }, alice);
    const { body } = await put(1, { metadata: { ids, validate: true } }, alice);
    const { commands, validationJob } = body.response.$action;
    expect(commands).toHaveLength(1);
    expect(typeof validationJob).toBe('number');
    passCommandTime();
    await eventually(
      () => commandStatus(1, commands, alice),
      (data) => data[0]?.done === true,
    );
    expect(runtime.db.assets.length).toBe(assetsBefore + 3);
    for (const id of ids) expect(item(id)).toMatchObject({ status: 5, asset: expect.any(Number) });
    const found = await call('/rest/dam/data/asset?fulltext=zanzibar&max=10', { headers: alice });
    expect(found.body.response.data.map((row: Json) => row.id)).toEqual([item(ids[0] as number)?.asset]);
    // named by its file, its title as edited
    expect(found.body.response.data[0]).toMatchObject({
      name: item(ids[0] as number)?.filename,
      title: 'Zanzibar lighthouse',
    });
  });

  it('validate leaves items that are not ready (incomplete) as they are', async () => {
    const alice = await as('alice');
    runtime.settings['imports.commandMs'] = 0;
    const ids = incompleteIds(1).slice(0, 2);
    const before = runtime.db.assets.length;
    await put(1, { metadata: { ids, validate: true } }, alice);
    await call(`${MI}/job/1`, { headers: alice });
    expect(runtime.db.assets.length).toBe(before);
    for (const id of ids) expect(item(id)?.status).toBe(3);
  });

  it("bob may not change alice's job; carol may not at all", async () => {
    const ids = readyIds(1).slice(0, 1);
    expect((await put(1, { metadata: { ids, validate: true } }, await as('bob'))).status).toBe(403);
    expect((await put(1, { metadata: { ids, validate: true } }, await as('carol'))).status).toBe(403);
  });
});
