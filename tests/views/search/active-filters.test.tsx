import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ActiveFilters, CATEGORY_NAMES_CURSOR } from '../../../src/search/active-filters';
import * as cursors from '../../../streams/cursors/events';
import {
  EMPTY_SEARCH,
  SEARCH_CURSOR,
  SEARCH_PATH,
  SEARCH_TREE,
  type SearchParams,
} from '../../../streams/search/url';
import * as trees from '../../../streams/trees/events';
import { renderWithStore } from '../../helpers/render';

/** The list names Video (2) and the keyword 3; the tree knows the category 12 as "Logos". */
const known = [
  cursors.registrationRequested({ name: SEARCH_CURSOR, path: SEARCH_PATH }),
  cursors.pageLoaded({
    name: SEARCH_CURSOR,
    page: 'first',
    signature: 'l',
    resource: 'asset',
    rows: [],
    total: 4,
    count: 0,
    nextResultsToken: null,
    aggregates: {
      assetnature: [{ count: 4, data: { id: 2, name: 'Video' } }],
      keywords: [{ count: 4, data: { id: 3, name: 'lake' } }],
    },
  }),
  trees.registrationRequested({ name: SEARCH_TREE, path: 'dam/data/category' }),
  trees.fetchStarted({ name: SEARCH_TREE, nodeId: null, next: false, signature: 's' }),
  trees.pageLoaded({
    name: SEARCH_TREE,
    nodeId: null,
    next: false,
    signature: 's',
    roots: ['1'],
    nodes: [
      { id: '1', name: 'Brand', parent: null, root: true, children: ['12'], childrenCount: 1 },
      { id: '12', name: 'Logos', parent: '1', root: false, children: [], childrenCount: 0 },
    ],
    total: 1,
    hasMoreResults: false,
    nextResultsToken: null,
  }),
];

const search: SearchParams = {
  ...EMPTY_SEARCH,
  q: 'lake',
  node: '12',
  facets: { assetnature: ['2'], keywords: ['3'] },
  others: { rights: { dteendrights: { lt: '2026-03-01' } } },
};

const chipNames = () =>
  screen
    .getAllByRole('button', { name: /^Remove filter / })
    .map((button) => button.getAttribute('aria-label'));

describe('ActiveFilters (issue 13: filters you can see)', () => {
  it('names every constraint in words: facet and field names, value names, the category, a date', () => {
    renderWithStore(<ActiveFilters params={search} onChange={() => undefined} />, known);
    expect(chipNames()).toEqual([
      'Remove filter Nature: Video',
      'Remove filter Keywords: lake',
      'Remove filter Category: Logos',
      'Remove filter End of rights before Mar 1, 2026',
    ]);
  });

  it('removing a chip takes that one constraint away; "Clear all filters" every one, the text stays', () => {
    const changes: Array<Partial<SearchParams>> = [];
    renderWithStore(<ActiveFilters params={search} onChange={(change) => changes.push(change)} />, known);
    fireEvent.click(screen.getByRole('button', { name: 'Remove filter Nature: Video' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove filter End of rights before Mar 1, 2026' }));
    fireEvent.click(screen.getByRole('button', { name: 'Clear all filters' }));
    expect(changes).toEqual([
      { facets: { assetnature: [], keywords: ['3'] } },
      { others: {} },
      { facets: {}, others: {}, node: null },
    ]);
  });

  it('shows nothing without a constraint', () => {
    renderWithStore(
      <ActiveFilters params={{ ...EMPTY_SEARCH, q: 'lake' }} onChange={() => undefined} />,
      known,
    );
    expect(screen.queryByRole('region', { name: 'Active filters' })).toBeNull();
  });

  it('names categories the tree has not loaded by asking for them once (a saved search on leaves)', () => {
    const leaves: SearchParams = {
      ...EMPTY_SEARCH,
      others: { categories: { categories: { in: [57, 60] } } },
    };
    const { dispatched, store } = renderWithStore(
      <ActiveFilters params={leaves} onChange={() => undefined} />,
      known,
    );
    expect(chipNames()).toEqual(['Remove filter Categories: 57, 60']);
    expect(dispatched.map((event) => [event.type, event.payload])).toEqual([
      [
        'cursors/registrationRequested',
        {
          name: CATEGORY_NAMES_CURSOR,
          path: 'dam/data/category',
          max: 2,
          constraints: { id: { field: 'id', operator: 'in', value: [57, 60] } },
        },
      ],
      ['cursors/fetchRequested', { name: CATEGORY_NAMES_CURSOR }],
    ]);
    act(() => {
      store.dispatch(
        cursors.pageLoaded({
          name: CATEGORY_NAMES_CURSOR,
          page: 'first',
          signature: 'c',
          resource: 'category',
          rows: [
            { id: 57, name: 'Paris' },
            { id: 60, name: 'Tokyo' },
          ],
          total: 2,
          count: 2,
          nextResultsToken: null,
          aggregates: null,
        }),
      );
    });
    expect(chipNames()).toEqual(['Remove filter Categories: Paris, Tokyo']);
  });
});
