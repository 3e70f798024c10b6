import { describe, expect, it } from 'vitest';
import { started } from '../../../streams/app/events';
import type { AnyEvent } from '../../../streams/core/event';
import { domainStarted } from '../../../streams/core/system-events';
import { followSearchAddress } from '../../../streams/search/epics';
import { SEARCH_CURSOR, SEARCH_TREE } from '../../../streams/search/url';
import { epicStore, fold } from '../../helpers/marbles';
import { testDeps } from '../../helpers/test-deps';

const arrival = (path: string, search: string) =>
  started({
    locale: 'en',
    apiPath: '',
    path,
    search,
    applicationName: null,
    hasApplicationCredentials: false,
    cookieAuth: false,
    sessionAuth: false,
    settings: {},
  });

/** The events the search flow emits once its code has loaded after the arrival. */
function catchUp(path: string, search: string, name = 'search') {
  const store = epicStore(testDeps(), followSearchAddress, fold([arrival(path, search)]));
  const seen: AnyEvent[] = [];
  store.event$.subscribe((event) => seen.push(event));
  store.dispatch(domainStarted({ name }));
  return seen.filter((event) => event.type !== 'system/domainStarted');
}

describe('search address (UI-CONTRACT "/search")', () => {
  it('a search flow started after the arrival (its code loads with the screen) follows the address already there', () => {
    const out = catchUp('/search', '?q=lake');
    expect(out.map((event) => [event.type, (event.payload as { name: string }).name])).toEqual([
      ['cursors/registrationRequested', SEARCH_CURSOR],
      ['cursors/fetchRequested', SEARCH_CURSOR],
      ['cursors/registrationRequested', 'search-facet-values'],
      ['cursors/fetchRequested', 'search-facet-values'],
      ['trees/registrationRequested', SEARCH_TREE],
      ['trees/fetchRequested', SEARCH_TREE],
    ]);
    expect(out[0]?.payload).toMatchObject({ fulltext: 'lake' });
  });

  it('does nothing when another domain starts, or when the address is not a search', () => {
    expect(catchUp('/search', '?q=lake', 'carts')).toEqual([]);
    expect(catchUp('/carts', '')).toEqual([]);
  });
});
