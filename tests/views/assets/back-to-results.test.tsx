import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route, Router } from 'wouter';
import { ASSET_PATH, AssetPage } from '../../../src/assets/asset-page';
import { useStoreLocation, useStoreSearch } from '../../../src/hooks/use-store-location';
import { localeReady } from '../../../src/i18n/locales';
import { SearchResults } from '../../../src/search/search-results';
import type { UnstampedEvent } from '../../../streams/core/event';
import * as cursors from '../../../streams/cursors/events';
import { loaded } from '../../../streams/entities/events';
import { navigated } from '../../../streams/router/events';
import { SEARCH_CURSOR, SEARCH_PATH } from '../../../streams/search/url';
import { appStarted } from '../../helpers/app-started';
import { renderWithStore } from '../../helpers/render';

const asset = (id: number) => ({
  id,
  name: `Evening stage ${id}`,
  $resource: 'asset',
  mimetype: 'image/jpeg',
});

const searchList = (ids: number[]) => [
  cursors.registrationRequested({ name: SEARCH_CURSOR, path: SEARCH_PATH }),
  cursors.pageLoaded({
    name: SEARCH_CURSOR,
    page: 'first',
    signature: 's',
    resource: 'asset',
    rows: ids.map(asset),
    total: ids.length,
    count: ids.length,
    nextResultsToken: null,
    aggregates: null,
  }),
];

const routed = (path: string) => (
  <Router hook={useStoreLocation} searchHook={useStoreSearch}>
    <Route path={path} component={path === '/search' ? SearchResults : AssetPage} />
  </Router>
);

function openAsset(id: number, search: string, events: UnstampedEvent[] = []) {
  return renderWithStore(routed('/assets/:resource/:id'), [
    ...events,
    navigated({ path: `/assets/asset/${id}`, search, via: 'link' }),
    ...searchList([5, 7, 9]),
    loaded({ path: ASSET_PATH, id: String(id), data: asset(id) }),
  ]);
}

const fromLakes = `?${new URLSearchParams({ from: 'search', back: 'q=lake&f.assetnature=2' })}`;

describe('the asset page from a search (issue 28)', () => {
  it('a result links to its asset with the search to go back to', () => {
    renderWithStore(routed('/search'), [
      navigated({ path: '/search', search: '?q=lake&f.assetnature=2', via: 'link' }),
      ...searchList([5]),
    ]);
    const link = within(screen.getByRole('gridcell', { name: 'Evening stage 5' })).getByRole('link', {
      name: 'Evening stage 5',
    });
    expect(link.getAttribute('href')).toBe(`/assets/asset/5${fromLakes}`);
  });

  it('"Back to results" returns to that search, with its query; Previous and Next keep it', () => {
    const { store } = openAsset(7, fromLakes);
    const back = screen.getByRole('link', { name: 'Back to results' });
    expect(back.getAttribute('href')).toBe('/search?q=lake&f.assetnature=2');
    expect(screen.getByRole('link', { name: 'Next' }).getAttribute('href')).toBe(
      `/assets/asset/9${fromLakes}`,
    );
    act(() => {
      fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    });
    expect(store.getState().router).toEqual({ path: '/assets/asset/5', search: fromLakes });
    act(() => {
      fireEvent.click(screen.getByRole('link', { name: 'Back to results' }));
    });
    expect(store.getState().router).toEqual({ path: '/search', search: '?q=lake&f.assetnature=2' });
  });

  it('is offered only when the asset came from a search', () => {
    openAsset(7, '?from=cart-3');
    expect(screen.queryByRole('link', { name: 'Back to results' })).toBeNull();
  });

  it('the tab\'s title is the asset\'s name once it is known, not "Asset"', () => {
    openAsset(7, fromLakes);
    expect(document.title).toBe('Evening stage 7 · DAM');
  });

  it('says it in French', async () => {
    await localeReady('fr');
    openAsset(7, '?from=search', [appStarted({ locale: 'fr' })]);
    expect(screen.getByRole('link', { name: 'Retour aux résultats' }).getAttribute('href')).toBe('/search');
  });
});
