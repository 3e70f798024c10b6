import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { useStoreLocation, useStoreSearch } from '../../../src/hooks/use-store-location';
import { localeReady } from '../../../src/i18n/locales';
import { SearchPage } from '../../../src/search/search-page';
import type { UnstampedEvent } from '../../../streams/core/event';
import * as cursors from '../../../streams/cursors/events';
import { navigated } from '../../../streams/router/events';
import { SEARCH_CURSOR, SEARCH_PATH, SEARCH_VALUES_CURSOR } from '../../../streams/search/url';
import { inputChanged, wordsLoaded } from '../../../streams/typeahead/events';
import { appStarted } from '../../helpers/app-started';
import { renderWithStore } from '../../helpers/render';

const nothingFound = [
  cursors.registrationRequested({ name: SEARCH_CURSOR, path: SEARCH_PATH, fulltext: 'blue posterz' }),
  cursors.pageLoaded({
    name: SEARCH_CURSOR,
    page: 'first',
    signature: 's',
    resource: 'asset',
    rows: [],
    total: 0,
    count: 0,
    nextResultsToken: null,
    aggregates: {},
  }),
];
const wordsFor = (text: string, words: string[]) => [
  inputChanged({ name: SEARCH_VALUES_CURSOR, text }),
  wordsLoaded({ name: SEARCH_VALUES_CURSOR, text, words }),
];

function open(events: UnstampedEvent[]) {
  return renderWithStore(
    <Router hook={useStoreLocation} searchHook={useStoreSearch}>
      <SearchPage />
    </Router>,
    [...events, navigated({ path: '/search', search: '?q=blue+posterz', via: 'link' }), ...nothingFound],
  );
}

describe('a search that finds nothing (issue 28)', () => {
  it('offers the words that start like its last word; one replaces it and searches again', () => {
    const { store } = open(wordsFor('poster', ['poster', 'posters']));
    expect(screen.getByText('Nothing matches this search.')).toBeTruthy();
    expect(screen.getByText(/start the same way/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'posters' }));
    expect(store.getState().router).toEqual({ path: '/search', search: '?q=blue+posters' });
  });

  it('offers no words asked for another search', () => {
    open(wordsFor('lak', ['lake']));
    expect(screen.queryByRole('button', { name: 'lake' })).toBeNull();
  });

  it('shows no "Filters" heading over no filters', () => {
    open([]);
    expect(screen.queryByRole('heading', { name: 'Filters' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Filters' })).toBeNull();
  });

  it('says it in French', async () => {
    await localeReady('fr');
    open([appStarted({ locale: 'fr' }), ...wordsFor('poster', ['poster'])]);
    expect(screen.getByText('Aucun résultat pour cette recherche.')).toBeTruthy();
    expect(screen.getByText(/commencent de la même façon/)).toBeTruthy();
  });
});
