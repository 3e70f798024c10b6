import { act, fireEvent, screen } from '@testing-library/react';
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
    .map(
      (box) =>
        `${box.getAttribute('aria-label')}${(box as HTMLInputElement).checked ? ' ✓' : ''}`,
    );

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
