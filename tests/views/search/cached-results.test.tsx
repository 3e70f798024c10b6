import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SearchResults } from '../../../src/search/search-results';
import { restored } from '../../../streams/cache/events';
import { AppError, ERROR_CODES, serializeError } from '../../../streams/core/errors';
import {
  fetchFailed,
  fetchStarted,
  pageLoaded,
  registrationRequested,
} from '../../../streams/cursors/events';
import { navigated } from '../../../streams/router/events';
import { SEARCH_CURSOR, SEARCH_PATH } from '../../../streams/search/url';
import { providerFailed } from '../../../streams/session/events';
import { renderWithStore } from '../../helpers/render';

const offline = serializeError(new AppError({ code: ERROR_CODES.network, message: 'Failed to fetch' }));
const photo = (id: number, name: string) => ({ id, $resource: 'asset', name });
const OFFLINE = 'Offline: showing what you saw last';

/** The visitor's last first page of `/search?q=cat`, read back at the start of this visit. */
const arrival = [
  navigated({ path: '/search', search: '?q=cat', via: 'link' }),
  registrationRequested({ name: SEARCH_CURSOR, path: SEARCH_PATH }),
  restored({
    surfer: 'visitor',
    record: {
      search: {
        query: '?q=cat',
        resource: 'asset',
        rows: [photo(1, 'cat 1'), photo(2, 'cat 2')],
        total: 40,
        watermarked: false,
      },
    },
  }),
  fetchStarted({ name: SEARCH_CURSOR, page: 'first', signature: '1' }),
];

const freshPage = pageLoaded({
  name: SEARCH_CURSOR,
  page: 'first',
  signature: '1',
  resource: 'asset',
  rows: [photo(1, 'cat 1 (renamed)'), photo(2, 'cat 2'), photo(3, 'cat 3')],
  total: 41,
  count: 3,
  nextResultsToken: null,
  aggregates: null,
});

describe('search results from what the user saw last (issue 22, issue 25 offline reading)', () => {
  it('the kept page shows at once while the request is on its way, without saying offline', () => {
    renderWithStore(<SearchResults />, arrival);
    expect(screen.getByRole('gridcell', { name: 'cat 1' })).toBeTruthy();
    expect(screen.getByText('40 results')).toBeTruthy();
    expect(screen.queryByText(OFFLINE)).toBeNull();
    // the pictures as they were seen (the browser holds them), not the watermarked ones a viewer
    // nobody named yet would get
    const picture = screen.getByRole('gridcell', { name: 'cat 1' }).querySelector('img');
    expect(picture?.getAttribute('src')).toMatch(/variation=thumbnailBig$/);
  });

  it('the network out of reach: the kept page stays, marked "Offline: showing what you saw last" as a status', () => {
    renderWithStore(<SearchResults />, [...arrival, providerFailed({ error: offline })]);
    expect(screen.getAllByRole('status').some((status) => status.textContent === OFFLINE)).toBe(true);
    expect(screen.getByRole('gridcell', { name: 'cat 2' })).toBeTruthy();
  });

  it('the search itself failing for want of a network keeps the page instead of an error', () => {
    renderWithStore(<SearchResults />, [
      ...arrival,
      fetchFailed({ name: SEARCH_CURSOR, page: 'first', error: offline }),
    ]);
    expect(screen.getByText(OFFLINE)).toBeTruthy();
    expect(screen.getByRole('gridcell', { name: 'cat 1' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('the fresh page replaces the kept one in the same grid, and the offline notice goes', () => {
    const { store } = renderWithStore(<SearchResults />, [...arrival, providerFailed({ error: offline })]);
    const grid = screen.getByRole('grid', { name: 'Results' });
    act(() => {
      store.dispatch(freshPage);
    });
    expect(screen.getByRole('grid', { name: 'Results' })).toBe(grid);
    expect(screen.getByRole('gridcell', { name: 'cat 1 (renamed)' })).toBeTruthy();
    expect(screen.getByRole('gridcell', { name: 'cat 3' })).toBeTruthy();
    expect(screen.getByText('41 results')).toBeTruthy();
    expect(screen.queryByText(OFFLINE)).toBeNull();
  });
});
