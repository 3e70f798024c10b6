import { describe, expect, it } from 'vitest';
import { allSelected, cleared, rangeSelected, toggled } from '../../../streams/selection/events';
import {
  rangeBetween,
  selectIsSelected,
  selectSelection,
  selectSelectionAmong,
  selectSelectionAnchor,
  selectionList,
} from '../../../streams/selection/selectors';
import { signedOut } from '../../../streams/session/events';
import { fold } from '../../helpers/marbles';

describe('selection reducer', () => {
  it('toggles an id in and out, per list, in the order picked', () => {
    const state = fold([
      toggled({ list: 'search', id: '3' }),
      toggled({ list: 'search', id: '1' }),
      toggled({ list: 'cart-7', id: '3' }),
    ]);
    expect(selectSelection(state, 'search')).toEqual(['3', '1']);
    expect(selectSelection(state, 'cart-7')).toEqual(['3']);
    expect(selectIsSelected(state, 'search', '1')).toBe(true);
    expect(selectSelection(state, 'search')).toHaveLength(2);
    const after = fold([toggled({ list: 'search', id: '3' })], state);
    expect(selectSelection(after, 'search')).toEqual(['1']);
    expect(selectIsSelected(after, 'search', '3')).toBe(false);
    expect(selectSelectionAnchor(after, 'search')).toBe('3');
  });

  it('forgets a list whose last id is toggled out; an empty list reads the same empty array', () => {
    const state = fold([toggled({ list: 'search', id: '3' }), toggled({ list: 'search', id: '3' })]);
    expect(state.selection.byList).toEqual({});
    expect(selectSelection(state, 'search')).toBe(selectSelection(state, 'other'));
    expect(selectSelectionAnchor(state, 'search')).toBeNull();
  });

  it('adds a range without doubles and keeps the anchor where it started', () => {
    const state = fold([
      toggled({ list: 'search', id: '2' }),
      rangeSelected({ list: 'search', ids: ['2', '3', '4'] }),
    ]);
    expect(selectSelection(state, 'search')).toEqual(['2', '3', '4']);
    expect(selectSelectionAnchor(state, 'search')).toBe('2');
    const fresh = fold([rangeSelected({ list: 'search', ids: ['5', '6'] })]);
    expect(selectSelectionAnchor(fresh, 'search')).toBe('6');
    expect(fold([rangeSelected({ list: 'search', ids: [] })]).selection.byList).toEqual({});
  });

  it('clears one list; signing out clears them all', () => {
    const state = fold([
      toggled({ list: 'search', id: '2' }),
      toggled({ list: 'cart-1', id: '9' }),
      cleared({ list: 'search' }),
    ]);
    expect(selectSelection(state, 'search')).toEqual([]);
    expect(selectSelection(state, 'cart-1')).toEqual(['9']);
    expect(fold([signedOut({})], state).selection.byList).toEqual({});
  });

  it('"Select all" picks exactly the ids shown; none shown clears the list', () => {
    const list = selectionList.import('12');
    const state = fold([toggled({ list, id: '9' }), allSelected({ list, ids: ['1', '2', '2'] })]);
    expect(selectSelection(state, list)).toEqual(['1', '2']);
    expect(fold([allSelected({ list, ids: [] })], state).selection.byList).toEqual({});
  });

  it('acts on the picked ids a list still shows, and keeps the others for when they show again', () => {
    const list = selectionList.cart('7');
    const state = fold([toggled({ list, id: 'a' }), toggled({ list, id: 'b' }), toggled({ list, id: 'c' })]);
    const shown = ['c', 'a'];
    const picked = selectSelectionAmong(state, list, shown);
    expect(picked).toEqual(['a', 'c']);
    expect(selectSelectionAmong(state, list, shown)).toBe(picked);
    expect(selectSelectionAmong(state, list, ['a', 'b', 'c'])).toBe(selectSelection(state, list));
  });

  it('names a shift-click range from the anchor to the clicked id in the list order', () => {
    const keys = ['a', 'b', 'c', 'd', 'e'];
    expect(rangeBetween(keys, 'b', 'd')).toEqual(['b', 'c', 'd']);
    expect(rangeBetween(keys, 'd', 'b')).toEqual(['b', 'c', 'd']);
    expect(rangeBetween(keys, null, 'c')).toEqual(['c']);
    expect(rangeBetween(keys, 'z', 'c')).toEqual(['c']);
    expect(rangeBetween(keys, 'a', 'z')).toEqual(['z']);
  });
});
