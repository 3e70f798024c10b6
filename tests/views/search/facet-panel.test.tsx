import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FacetPanel } from '../../../src/search/facet-panel';
import { constraintRegistered, fetchStarted, idsWanted, loaded } from '../../../streams/aggregates/events';
import * as cursors from '../../../streams/cursors/events';
import { EMPTY_SEARCH, SEARCH_CURSOR, SEARCH_PATH, type SearchParams } from '../../../streams/search/url';
import { renderWithStore } from '../../helpers/render';

const imageChecked: SearchParams = { ...EMPTY_SEARCH, facets: { assetnature: ['1'] } };

/** The list with Nature: Image checked: its inline aggregates only know Image any more. */
const filteredList = [
  cursors.registrationRequested({ name: SEARCH_CURSOR, path: SEARCH_PATH }),
  cursors.pageLoaded({
    name: SEARCH_CURSOR,
    page: 'first',
    signature: 'l',
    resource: 'asset',
    rows: [],
    total: 40,
    count: 0,
    nextResultsToken: null,
    aggregates: { assetnature: [{ count: 40, data: { id: 1, name: 'Image' } }] },
  }),
];

/** Counts per value: `count` under the whole search, `total` without the Nature constraint. */
const natureCounts = (signature: string, image: number, video: number) =>
  loaded({
    cursor: SEARCH_CURSOR,
    signature,
    total: image,
    aggregates: {
      assetnature: [
        { count: image, total: image, data: { id: 1, name: 'Image' } },
        { count: 0, total: video, data: { id: 2, name: 'Video' } },
        { count: 0, total: 0, data: { id: 3, name: 'Document' } },
      ],
    },
  });

const counted = [
  constraintRegistered({ cursor: SEARCH_CURSOR, key: 'assetnature', field: 'assetnature', operator: 'in' }),
  idsWanted({ cursor: SEARCH_CURSOR, key: 'assetnature', ids: ['1', '2', '3'] }),
];

const values = () =>
  screen
    .getAllByRole('checkbox')
    .map((box) => `${box.getAttribute('aria-label')}${(box as HTMLInputElement).checked ? ' ✓' : ''}`);

describe('FacetPanel counts', () => {
  it('shows the siblings of a checked value with their counts without that facet (so Video can be added)', () => {
    const onChange: Array<Partial<SearchParams>> = [];
    renderWithStore(<FacetPanel params={imageChecked} onChange={(change) => onChange.push(change)} />, [
      ...filteredList,
      ...counted,
      natureCounts('a', 40, 25),
    ]);
    const nature = screen.getByRole('group', { name: 'Nature' });
    expect(nature).toBeTruthy();
    // Document would add nothing: left out
    expect(values()).toEqual(['Image (40) ✓', 'Video (25)']);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Video (25)' }));
    expect(onChange).toEqual([{ facets: { assetnature: ['1', '2'] } }]);
  });

  it('keeps the last counts while they are asked again, then shows the new ones', () => {
    const { store } = renderWithStore(<FacetPanel params={imageChecked} onChange={() => undefined} />, [
      ...filteredList,
      ...counted,
      natureCounts('a', 40, 25),
    ]);
    // the text changed: the counts are asked again (a reset clears them in the state)
    act(() => store.dispatch(fetchStarted({ cursor: SEARCH_CURSOR, reset: true, signature: 'b' })));
    expect(values()).toEqual(['Image (40) ✓', 'Video (25)']);
    act(() => store.dispatch(natureCounts('b', 12, 3)));
    expect(values()).toEqual(['Image (12) ✓', 'Video (3)']);
  });
});

/** The list with ten keywords, none checked: their inline counts are their counts. */
const tenKeywords = [
  cursors.registrationRequested({ name: SEARCH_CURSOR, path: SEARCH_PATH }),
  cursors.pageLoaded({
    name: SEARCH_CURSOR,
    page: 'first',
    signature: 'k',
    resource: 'asset',
    rows: [],
    total: 100,
    count: 0,
    nextResultsToken: null,
    aggregates: {
      keywords: Array.from({ length: 10 }, (_, index) => ({
        count: 50 - index,
        data: { id: index + 1, name: `word ${index + 1}` },
      })),
    },
  }),
];

describe('FacetPanel keyboard and long groups (issue 13)', () => {
  const keywordBoxes = () => within(screen.getByRole('group', { name: 'Keywords' })).getAllByRole('checkbox');

  it('shows the first six values and "Show 4 more"; the group is one tab stop and the arrows move inside it', () => {
    renderWithStore(<FacetPanel params={EMPTY_SEARCH} onChange={() => undefined} />, tenKeywords);
    expect(keywordBoxes().map((box) => box.getAttribute('aria-label'))).toEqual([
      'word 1 (50)',
      'word 2 (49)',
      'word 3 (48)',
      'word 4 (47)',
      'word 5 (46)',
      'word 6 (45)',
    ]);
    expect(keywordBoxes().map((box) => box.tabIndex)).toEqual([0, -1, -1, -1, -1, -1]);
    keywordBoxes()[0]?.focus();
    fireEvent.keyDown(keywordBoxes()[0] as HTMLElement, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(keywordBoxes()[1]);
    expect(keywordBoxes().map((box) => box.tabIndex)).toEqual([-1, 0, -1, -1, -1, -1]);
    fireEvent.keyDown(keywordBoxes()[1] as HTMLElement, { key: 'End' });
    expect(document.activeElement).toBe(keywordBoxes()[5]);
    fireEvent.click(screen.getByRole('button', { name: 'Show 4 more' }));
    expect(keywordBoxes()).toHaveLength(10);
    fireEvent.click(screen.getByRole('button', { name: 'Show fewer' }));
    expect(keywordBoxes()).toHaveLength(6);
  });

  it('a long group has a filter box; a checked value stays on show beyond the first six', () => {
    const checked: SearchParams = { ...EMPTY_SEARCH, facets: { keywords: ['9'] } };
    const ids = Array.from({ length: 10 }, (_, index) => index + 1);
    renderWithStore(<FacetPanel params={checked} onChange={() => undefined} />, [
      ...tenKeywords,
      constraintRegistered({ cursor: SEARCH_CURSOR, key: 'keywords', field: 'keywords', operator: 'in' }),
      idsWanted({ cursor: SEARCH_CURSOR, key: 'keywords', ids: ids.map(String) }),
      loaded({
        cursor: SEARCH_CURSOR,
        signature: 'k',
        total: 42,
        aggregates: {
          keywords: ids.map((id) => ({ count: 0, total: 51 - id, data: { id, name: `word ${id}` } })),
        },
      }),
    ]);
    // the checked value is shown and is the group's tab stop
    const boxes = keywordBoxes();
    expect(boxes).toHaveLength(7);
    expect(boxes.find((box) => box.tabIndex === 0)?.getAttribute('aria-label')).toMatch(/^word 9 /);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Filter Keywords' }), {
      target: { value: 'WORD 1' },
    });
    expect(keywordBoxes().map((box) => box.getAttribute('aria-label'))).toEqual([
      'word 1 (50)',
      'word 10 (41)',
    ]);
  });

  it('a group collapses and opens again from its name', () => {
    renderWithStore(<FacetPanel params={EMPTY_SEARCH} onChange={() => undefined} />, tenKeywords);
    const toggle = screen.getByRole('button', { name: 'Keywords' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    fireEvent.click(toggle);
    expect(keywordBoxes()).toHaveLength(6);
  });
});
