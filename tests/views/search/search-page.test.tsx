import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { useStoreLocation, useStoreSearch } from '../../../src/hooks/use-store-location';
import { SearchPage } from '../../../src/search/search-page';
import * as cursors from '../../../streams/cursors/events';
import { navigated } from '../../../streams/router/events';
import { SEARCH_CURSOR, SEARCH_PATH } from '../../../streams/search/url';
import { renderWithStore } from '../../helpers/render';

/** The viewport as `matchMedia` tells it: a phone matches `(max-width: 760px)`. */
function viewport(phone: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: phone && query.includes('max-width'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

function open(search: string) {
  return renderWithStore(
    <Router hook={useStoreLocation} searchHook={useStoreSearch}>
      <SearchPage />
    </Router>,
    [
      navigated({ path: '/search', search, via: 'link' }),
      cursors.registrationRequested({ name: SEARCH_CURSOR, path: SEARCH_PATH }),
    ],
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('SearchPage layout (issue 13)', () => {
  it('on a desktop: the filters are a side column, no "Filters" button; "Skip to results" comes first', () => {
    viewport(false);
    open('?f.assetnature=2&node=12');
    expect(screen.queryByRole('button', { name: /^Filters/ })).toBeNull();
    expect(screen.getByRole('navigation', { name: 'Categories' })).toBeTruthy();
    const skip = screen.getByRole('link', { name: 'Skip to results' });
    expect(skip.getAttribute('href')).toBe('#search-results');
  });

  it('on a phone: "Filters (2)" opens a drawer with the tree and the facets, "Show results" closes it', () => {
    viewport(true);
    open('?f.assetnature=2&node=12');
    expect(screen.queryByRole('navigation', { name: 'Categories' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Filters (2)' }));
    const drawer = screen.getByRole('dialog', { name: 'Filters' });
    expect(drawer.querySelector('[aria-label="Categories"]')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show results' }));
    expect(screen.queryByRole('dialog', { name: 'Filters' })).toBeNull();
  });

  it('on a phone the drawer also clears every filter at once', () => {
    viewport(true);
    const { dispatched } = open('?q=lake&f.assetnature=2&node=12');
    fireEvent.click(screen.getByRole('button', { name: 'Filters (2)' }));
    const drawer = screen.getByRole('dialog', { name: 'Filters' });
    dispatched.length = 0;
    fireEvent.click(within(drawer).getByRole('button', { name: 'Clear all filters' }));
    expect(
      dispatched.filter((event) => event.type === 'router/navigated').map((event) => event.payload),
    ).toEqual([{ path: '/search', search: '?q=lake', via: 'replace' }]);
  });

  it('on a phone without a filter the button says "Filters"', () => {
    viewport(true);
    open('?q=lake');
    expect(screen.getByRole('button', { name: 'Filters' })).toBeTruthy();
  });
});
