import { describe, expect, it } from 'vitest';
import {
  applySharedLimits,
  createNameError,
  editNameError,
  NAME_NOT_EMPTY,
  NAME_REQUIRED,
  sharedLimit,
  sortCarts,
} from '../../../streams/carts/list-rules';
import { nameMatcher } from '../../../streams/core/name-matcher';
import { chunksInWindow, chunksOf, windowAround } from '../../../streams/carts/huge-cart';
import { itemKey, itemKeys, itemMapOf } from '../../../streams/carts/model';
import { aCart } from './fixtures';

describe('cart name rules (seed 000 §5)', () => {
  it("create: an undefined name gives 'A cart requires a name', an empty one 'A cart requires a non empty name'", () => {
    expect(createNameError(undefined)).toBe('A cart requires a name');
    expect(createNameError('')).toBe('A cart requires a non empty name');
    expect(createNameError('   ')).toBe(NAME_NOT_EMPTY);
    expect(createNameError(12)).toBeNull();
    expect(createNameError('Spring')).toBeNull();
  });

  it('edit: a name that is not a string gives the first message, an empty one the second', () => {
    expect(editNameError(undefined)).toBe(NAME_REQUIRED);
    expect(editNameError(12)).toBe(NAME_REQUIRED);
    expect(editNameError(null)).toBe(NAME_REQUIRED);
    expect(editNameError('')).toBe(NAME_NOT_EMPTY);
    expect(editNameError('Renamed')).toBeNull();
  });
});

describe('cart list filter (protocol §6.3)', () => {
  const names = ['Spring campaign 2026', 'Brand kit', 'Press kit', 'Café crème', 'a.b (c)'];
  const filtered = (filter: string) => names.filter(nameMatcher(filter));

  it('matches a case-insensitive substring', () => {
    expect(filtered('KIT')).toEqual(['Brand kit', 'Press kit']);
    expect(filtered('')).toEqual(names);
  });

  it('treats * as any text', () => {
    expect(filtered('s*kit')).toEqual(['Press kit']);
    expect(filtered('spr*2026')).toEqual(['Spring campaign 2026']);
    expect(filtered('*')).toEqual(names);
  });

  it('removes diacritics and escapes regex characters', () => {
    expect(filtered('cafe creme')).toEqual(['Café crème']);
    expect(filtered('a.b (c)')).toEqual(['a.b (c)']);
    expect(filtered('a?b')).toEqual([]);
  });
});

describe('cart list sort (protocol §6.3)', () => {
  const carts = [
    aCart({ id: '9', name: 'beta', total: 3, modified: 300 }),
    aCart({ id: '10', name: 'Alpha', total: 12, modified: null }),
    aCart({ id: '2', name: 'gamma', total: 1, modified: 100 }),
  ];
  const ids = (field: Parameters<typeof sortCarts>[1], ascending: boolean) =>
    sortCarts(carts, field, ascending).map((cart) => cart.id);

  it('sorts ids as integers, descending by default', () => {
    expect(ids('id', false)).toEqual(['10', '9', '2']);
    expect(ids('id', true)).toEqual(['2', '9', '10']);
  });

  it('sorts by total, the item count', () => {
    expect(ids('total', true)).toEqual(['2', '9', '10']);
    expect(ids('total', false)).toEqual(['10', '9', '2']);
  });

  it('sorts names by locale order', () => {
    expect(ids('name', true)).toEqual(['10', '9', '2']);
    expect(ids('name', false)).toEqual(['2', '9', '10']);
  });

  it('sorts by modified; a missing value comes first ascending and last descending', () => {
    expect(ids('modified', true)).toEqual(['10', '2', '9']);
    expect(ids('modified', false)).toEqual(['9', '2', '10']);
  });
});

describe('shared-cart limits (protocol §6.3)', () => {
  it('0 or unset is the default, a negative value is unlimited', () => {
    expect(sharedLimit(undefined, 5000)).toBe(5000);
    expect(sharedLimit(0, 5000)).toBe(5000);
    expect(sharedLimit(3, 5000)).toBe(3);
    expect(sharedLimit(-1, 5000)).toBe(Number.POSITIVE_INFINITY);
  });

  it('drops shared carts past their limit in server order; my own carts are never limited', () => {
    const carts = [
      aCart({ id: '1' }),
      aCart({ id: '2', isMine: false }),
      aCart({ id: '3', isMine: false, isPrivate: false }),
      aCart({ id: '4', isMine: false }),
      aCart({ id: '5', isMine: false, isPrivate: false }),
      aCart({ id: '6' }),
    ];
    const kept = applySharedLimits(carts, { privateMax: 1, publicMax: 1 }).map((cart) => cart.id);
    expect(kept).toEqual(['1', '2', '3', '6']);
  });
});

describe('item ids (seed 000 §5) and huge-cart chunks (protocol §6.6, §23.10)', () => {
  it('compares item ids as strings', () => {
    expect(itemKey('asset', 11)).toBe(itemKey('asset', '11'));
    expect(itemMapOf(['asset/11', 'asset/012'])).toEqual({ asset: ['11', '012'] });
    expect(itemKeys({ asset: ['11'], video: ['3'] })).toEqual(['asset/11', 'video/3']);
  });

  it('n ids make exactly ceil(n/max) chunks, none empty', () => {
    const ids = (n: number) => Array.from({ length: n }, (_, index) => String(index + 1));
    expect(chunksOf({ asset: ids(250) }, 100).map((chunk) => chunk.ids.length)).toEqual([100, 100, 50]);
    expect(chunksOf({ asset: ids(200) }, 100)).toHaveLength(2);
    expect(chunksOf({ asset: [] }, 100)).toEqual([]);
    const mixed = chunksOf({ asset: ids(120), video: ids(5) }, 100);
    expect(mixed.map((chunk) => [chunk.resource, chunk.start, chunk.ids.length])).toEqual([
      ['asset', 0, 100],
      ['asset', 100, 20],
      ['video', 120, 5],
    ]);
  });

  it('the window is what is on screen widened by at most half the max', () => {
    expect(windowAround({ first: 0, last: 30 }, 10_000, 100)).toEqual({ from: 0, to: 80 });
    expect(windowAround({ first: 1000, last: 1030 }, 10_000, 100)).toEqual({ from: 950, to: 1080 });
    expect(windowAround({ first: 9990, last: 9999 }, 10_000, 100)).toEqual({ from: 9940, to: 9999 });
    const chunks = chunksOf({ asset: Array.from({ length: 10_000 }, (_, index) => String(index)) }, 100);
    expect(chunksInWindow(chunks, { from: 950, to: 1080 })).toEqual([9, 10]);
    expect(chunksInWindow(chunks, { from: 0, to: 80 })).toEqual([0]);
  });
});
