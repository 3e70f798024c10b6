import { describe, expect, it } from 'vitest';
import type { AnyEvent } from '../../../streams/core/event';
import { pageLoaded, registrationRequested } from '../../../streams/cursors/events';
import { suggestOnNoResults } from '../../../streams/search/epics';
import { SEARCH_CURSOR, SEARCH_PATH, SEARCH_VALUES_CURSOR } from '../../../streams/search/url';
import { inputChanged, wordsLoaded } from '../../../streams/typeahead/events';
import { epicStore, fold } from '../../helpers/marbles';
import { testDeps } from '../../helpers/test-deps';

const firstPage = (total: number) =>
  pageLoaded({
    name: SEARCH_CURSOR,
    page: 'first',
    signature: 's',
    resource: 'asset',
    rows: [],
    total,
    count: 0,
    nextResultsToken: null,
    aggregates: null,
  });

/** What the epic asks of the typeahead when `event` comes, the search's text being `fulltext`. */
function asked(fulltext: string, event: Parameters<ReturnType<typeof epicStore>['dispatch']>[0]) {
  const state = fold([registrationRequested({ name: SEARCH_CURSOR, path: SEARCH_PATH, fulltext })]);
  const store = epicStore(testDeps(), suggestOnNoResults, state);
  const seen: AnyEvent[] = [];
  store.event$.subscribe((out) => seen.push(out));
  store.dispatch(event);
  store.destroy();
  return seen.filter(inputChanged.match).map((out) => out.payload);
}

describe('a search that finds nothing offers words (issue 28)', () => {
  it("asks the whole collection's words starting like the text's last word", () => {
    expect(asked('blue posterz', firstPage(0))).toEqual([{ name: SEARCH_VALUES_CURSOR, text: 'posterz' }]);
  });

  it('asks one letter shorter while none does, down to two letters', () => {
    const none = (text: string) => wordsLoaded({ name: SEARCH_VALUES_CURSOR, text, words: [] });
    expect(asked('posterz', none('posterz'))).toEqual([{ name: SEARCH_VALUES_CURSOR, text: 'poster' }]);
    expect(asked('xy', none('xyz'))).toEqual([{ name: SEARCH_VALUES_CURSOR, text: 'xy' }]);
    expect(asked('xy', none('xy'))).toEqual([]);
  });

  it('asks nothing when the search finds something, has no text, or words were found', () => {
    expect(asked('poster', firstPage(12))).toEqual([]);
    expect(asked('', firstPage(0))).toEqual([]);
    expect(
      asked('posterz', wordsLoaded({ name: SEARCH_VALUES_CURSOR, text: 'poster', words: ['poster'] })),
    ).toEqual([]);
    expect(asked('posterz', wordsLoaded({ name: SEARCH_CURSOR, text: 'pos', words: [] }))).toEqual([]);
  });
});
