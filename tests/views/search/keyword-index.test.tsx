import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { KeywordIndex } from '../../../src/search/keyword-index';
import type { UnstampedEvent } from '../../../streams/core/event';
import {
  fetchStarted,
  pageLoaded,
  registrationRequested,
  requestRefused,
} from '../../../streams/cursors/events';
import { constraintsSet } from '../../../streams/queries/events';
import { EMPTY_SEARCH } from '../../../streams/search/url';
import { whoAmILoaded } from '../../../streams/session/events';
import { renderWithStore } from '../../helpers/render';

const INDEX = 'search-keyword-index';
const FILTER = '__aggregates__filter_search_keywords';

/** The keyword list registered, filtered by the search's aggregate (7 and 9) and loaded. */
const listed: UnstampedEvent[] = [
  registrationRequested({ name: INDEX, path: 'dam/data/keyword' }),
  constraintsSet({ name: INDEX, constraints: { [FILTER]: { field: 'id', operator: 'in', value: [7, 9] } } }),
  fetchStarted({ name: INDEX, page: 'first', signature: 's' }),
  pageLoaded({
    name: INDEX,
    page: 'first',
    signature: 's',
    resource: 'keyword',
    rows: [
      { id: 9, name: 'beach' },
      { id: 7, name: 'lake' },
    ],
    total: 2,
    count: 2,
    nextResultsToken: null,
    aggregates: null,
  }),
];

const refused = (code: string) =>
  requestRefused({ name: INDEX, code, message: 'Cursor search is not resolved' });

function index(events: UnstampedEvent[], onChange = vi.fn()) {
  const view = renderWithStore(<KeywordIndex params={EMPTY_SEARCH} onChange={onChange} />, events);
  return { ...view, onChange };
}

describe('"Keywords in these results" (cursor aggregate filter, protocol §8.4)', () => {
  it("opened, registers the keyword list and asks it to follow the search's keywords aggregate", () => {
    const { dispatched } = index([]);
    fireEvent.click(screen.getByRole('button', { name: 'Keywords in these results' }));
    expect(dispatched.map((event) => [event.type, event.payload])).toEqual([
      [
        'cursors/registrationRequested',
        { name: INDEX, path: 'dam/data/keyword', orderby: ['name asc'], max: 200 },
      ],
      [
        'cursors/aggregateFilterRequested',
        { name: INDEX, monitoredCursorName: 'search', monitoredField: 'keywords' },
      ],
    ]);
    expect(screen.getByRole('status').textContent).toBe('Loading the keywords…');
  });

  it('shows the keywords the results hold; one narrows the search to it; closed, the list is removed', () => {
    const { onChange, dispatched } = index(listed);
    fireEvent.click(screen.getByRole('button', { name: 'Keywords in these results' }));
    const region = screen.getByRole('region', { name: 'Keywords in these results' });
    expect(
      within(region)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['beach', 'lake']);
    fireEvent.click(within(region).getByRole('button', { name: 'lake' }));
    expect(onChange).toHaveBeenCalledWith({ facets: { keywords: ['7'] } });
    fireEvent.click(screen.getByRole('button', { name: 'Keywords in these results' }));
    expect(dispatched.at(-1)?.type).toBe('cursors/removed');
  });

  it("a refused filter is said in the user's words, English or French, with a way to ask again", () => {
    const { dispatched } = index([refused('error.cursors.aggregateFilter.unresolved')]);
    fireEvent.click(screen.getByRole('button', { name: 'Keywords in these results' }));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('The keywords of these results cannot be listed.');
    expect(alert.textContent).toContain('The search is not ready yet');
    const before = dispatched.length;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(dispatched.slice(before).map((event) => event.type)).toEqual(['cursors/aggregateFilterRequested']);
  });

  it('en français', () => {
    index([
      whoAmILoaded({ me: { id: 1, login: 'alice', isUser: true, locale: 'fr' } }),
      refused('error.cursors.aggregateFilter.otherSchema'),
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Mots-clés de ces résultats' }));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Les mots-clés de ces résultats ne peuvent pas être listés.');
    expect(alert.textContent).toContain('Ce champ des résultats ne désigne pas ce type d’objet.');
  });
});
