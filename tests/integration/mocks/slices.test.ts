/**
 * The demo server's long work in slices (issue 27): bounded work side by side, and a long JSON
 * answer serialised a slice at a time as it is read.
 */
import { describe, expect, it } from 'vitest';
import { jsonInSlices, mapBounded } from '../../../mocks/handlers/slices';

const settle = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('mapBounded', () => {
  it('runs at most `limit` at once and answers in the order of the items', async () => {
    let running = 0;
    let most = 0;
    const answers = await mapBounded([5, 1, 4, 2, 3, 0], 2, async (value, index) => {
      running++;
      most = Math.max(most, running);
      // later items finish first: the answers still come in the items' order
      for (let turn = 0; turn < value; turn++) await settle();
      running--;
      return `${index}:${value}`;
    });
    expect(answers).toEqual(['0:5', '1:1', '2:4', '3:2', '4:3', '5:0']);
    expect(most).toBe(2);
  });

  it('starts nothing more after a failure, and rejects once the work running has settled', async () => {
    const started: number[] = [];
    let settled = 0;
    const run = mapBounded([0, 1, 2, 3, 4, 5], 2, async (value) => {
      started.push(value);
      await settle();
      settled++;
      if (value === 1) throw new Error('item 1 fails');
      return value;
    });
    await expect(run).rejects.toThrow('item 1 fails');
    expect(started.length).toBeLessThan(6);
    expect(settled).toBe(started.length);
  });
});

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

describe('jsonInSlices', () => {
  it('gives the document with its list in place, item by item as toJson turns them', async () => {
    const items = Array.from({ length: 250 }, (_, id) => ({ id, name: `"file" ${id}\u2028` }));
    const document = { resource: 'item', response: { data: 'replaced', total: 250, skipped: ['a.txt'] } };
    const text = await readAll(
      jsonInSlices(document, ['response', 'data'], items, (item) => ({ ...item, wire: true })),
    );
    expect(JSON.parse(text)).toEqual({
      resource: 'item',
      response: { data: items.map((item) => ({ ...item, wire: true })), total: 250, skipped: ['a.txt'] },
    });
  });

  it('turns the items into JSON only as the answer is read, a slice at a time', async () => {
    let turned = 0;
    const stream = jsonInSlices({ data: [] }, ['data'], Array.from({ length: 1_000 }), () => ++turned);
    const reader = stream.getReader();
    await reader.read();
    await reader.read();
    expect(turned).toBeGreaterThan(0);
    expect(turned).toBeLessThan(1_000);
    for (let part = await reader.read(); !part.done; part = await reader.read());
    expect(turned).toBe(1_000);
  });

  it('gives an empty list as []', async () => {
    expect(JSON.parse(await readAll(jsonInSlices({ data: null, n: 0 }, ['data'], [], () => 1)))).toEqual({
      data: [],
      n: 0,
    });
  });
});
