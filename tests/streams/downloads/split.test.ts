import { describe, expect, it } from 'vitest';
import type { SizedItem } from '../../../streams/downloads/api';
import { sizedItems } from '../../../streams/downloads/api';
import { partName, splitDownload } from '../../../streams/downloads/split';

const items = (...sizes: number[]): SizedItem[] =>
  sizes.map((size, index) => ({ resource: 'asset', id: String(11 + index), size }));

const ids = (plan: ReturnType<typeof splitDownload>) => plan.parts.map((part) => part.selection.asset);

describe('splitting a refused download (seed 000 §9, protocol §7.3)', () => {
  it('follows the worked example: 13 skipped, parts [11] and [12, 14]', () => {
    const plan = splitDownload(items(60, 60, 500, 30), 100, 0);
    expect(ids(plan)).toEqual([['11'], ['12', '14']]);
    expect(plan.skipped).toEqual([{ resource: 'asset', id: '13', size: 500 }]);
    expect(plan.parts.map((part) => part.size)).toEqual([60, 90]);
  });

  it('starts a new part when the next item would reach maxSize exactly', () => {
    expect(ids(splitDownload(items(40, 60), 100, 0))).toEqual([['11'], ['12']]);
    expect(ids(splitDownload(items(40, 59), 100, 0))).toEqual([['11', '12']]);
  });

  it('keeps an item of exactly maxSize, alone in its part; skips one byte more', () => {
    const plan = splitDownload(items(100, 101, 10), 100, 0);
    expect(ids(plan)).toEqual([['11'], ['13']]);
    expect(plan.skipped.map((item) => item.id)).toEqual(['12']);
  });

  it('with warnSize 0 only maxSize cuts; with warnSize above 0 a part that exceeds it is closed', () => {
    expect(ids(splitDownload(items(30, 30, 30), 100, 0))).toEqual([['11', '12', '13']]);
    expect(ids(splitDownload(items(30, 30, 30), 100, 50))).toEqual([['11', '12'], ['13']]);
    // exactly warnSize does not exceed it
    expect(ids(splitDownload(items(25, 25, 30), 100, 50))).toEqual([['11', '12', '13']]);
  });

  it('gives no part for an empty selection, and none when every item is oversized', () => {
    expect(splitDownload([], 100, 0)).toEqual({ parts: [], skipped: [] });
    const plan = splitDownload(items(200, 300), 100, 0);
    expect(plan.parts).toEqual([]);
    expect(plan.skipped).toHaveLength(2);
  });

  it('keeps the resources of a part apart, in selection order', () => {
    const plan = splitDownload(
      [
        { resource: 'asset', id: '1', size: 10 },
        { resource: 'video', id: '2', size: 10 },
        { resource: 'asset', id: '3', size: 10 },
      ],
      100,
      0,
    );
    expect(plan.parts[0]?.selection).toEqual({ asset: ['1', '3'], video: ['2'] });
  });

  it('names parts "{name} {n} of {total}"', () => {
    expect(partName('Spring', 2, 3)).toBe('Spring 2 of 3');
  });
});

describe('the work list of a split (protocol §7.3, §23.3)', () => {
  const cartAsList = {
    items: [
      { id: 11, type: 'asset', metadata: { filesize: 60 } },
      { id: '12', type: 'asset', metadata: { filesize: 70 } },
      { id: '13', type: 'video' },
    ],
  };
  const cartAsMap = {
    items: {
      asset: [
        { id: '11', metadata: { filesize: 60 } },
        { id: '12', metadata: { filesize: 70 } },
      ],
    },
  };

  it('reads every item of an output=list cart, ids as strings, unknown sizes as 0', () => {
    expect(sizedItems(cartAsList, {})).toEqual([
      { resource: 'asset', id: '11', size: 60 },
      { resource: 'asset', id: '12', size: 70 },
      { resource: 'video', id: '13', size: 0 },
    ]);
  });

  it('reads a shared cart map, and follows the selection and its order when it has keys', () => {
    expect(sizedItems(cartAsMap, { asset: ['12', '11'] })).toEqual([
      { resource: 'asset', id: '12', size: 70 },
      { resource: 'asset', id: '11', size: 60 },
    ]);
  });

  it('keeps the name the answer gives each item (name, else title, else file name), to list what a split leaves out (issue 13)', () => {
    const cart = {
      items: [
        { id: '1', type: 'asset', name: ' Harbour at dawn ', title: 'ignored', metadata: { filesize: 1 } },
        { id: '2', type: 'asset', name: '', title: 'Titled', metadata: { filesize: 1 } },
        { id: '3', type: 'asset', name: 42, filename: 'IMG_3.jpg', metadata: { filesize: 1 } },
        { id: '4', type: 'asset', metadata: { filesize: 1 } },
      ],
    };
    expect(sizedItems(cart, {}).map((item) => item.name)).toEqual([
      'Harbour at dawn',
      'Titled',
      'IMG_3.jpg',
      undefined,
    ]);
    // an id the answer does not hold has no name either
    expect(sizedItems(cart, { asset: ['9'] })).toEqual([{ resource: 'asset', id: '9', size: 0 }]);
  });
});
