import { NEVER } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { started } from '../../../streams/app/events';
import { domainEpics } from '../../../streams/core/epic';
import type { AnyEvent } from '../../../streams/core/event';
import { registrationRequested } from '../../../streams/cursors/events';
import { naturalLanguageDomain } from '../../../streams/natural-language/domain';
import { analyzed } from '../../../streams/natural-language/events';
import { sentenceWithout } from '../../../streams/natural-language/model';
import {
  chipsOf,
  NATURAL_LANGUAGE_NAMESPACES,
  selectNaturalLanguage,
  selectNaturalLanguageChips,
} from '../../../streams/natural-language/selectors';
import { queriesDomain } from '../../../streams/queries/domain';
import { constraintsSet } from '../../../streams/queries/events';
import { selectQuery } from '../../../streams/queries/selectors';
import type { RootState } from '../../../streams/root';
import { navigated } from '../../../streams/router/events';
import { selectLocation } from '../../../streams/router/selectors';
import { searchDomain } from '../../../streams/search/domain';
import { SEARCH_CURSOR, SEARCH_PATH, sentenceOf } from '../../../streams/search/url';
import { epicStore, fold } from '../../helpers/marbles';
import { fakeHttp, testDeps } from '../../helpers/test-deps';

const sentence = 'show me short videos of babies';
const chips = chipsOf([
  { entity: 'short videos', type: 'duration', resolution: { values: ['videoDuration.small'] } },
  { entity: 'babies', type: 'age.baby', resolution: { values: ['age.baby'] } },
]);

/** The search screen after "show me short videos of babies" was analysed: the sentence in `nl`, both chips in the query. */
function analysedSearch() {
  const search = `?q=lake&nl=${encodeURIComponent(sentence)}`;
  const state = fold([
    started({
      locale: 'en',
      apiPath: 'http://dam.test:80',
      path: '/search',
      search,
      applicationName: 'test',
      hasApplicationCredentials: false,
      cookieAuth: false,
      sessionAuth: false,
      settings: {},
    }),
    registrationRequested({
      name: SEARCH_CURSOR,
      path: SEARCH_PATH,
      namespaces: NATURAL_LANGUAGE_NAMESPACES,
    }),
    analyzed({ cursor: SEARCH_CURSOR, text: sentence, chips }),
    constraintsSet({
      name: SEARCH_CURSOR,
      constraints: Object.assign({}, ...chips.map((c) => c.constraints)),
      replace: true,
    }),
  ]);
  const deps = testDeps({ http: fakeHttp(() => NEVER) });
  const store = epicStore(
    deps,
    domainEpics<RootState>(naturalLanguageDomain, searchDomain, queriesDomain),
    state as RootState,
  );
  const seen: AnyEvent[] = [];
  store.event$.subscribe((event) => seen.push(event));
  return { store, seen };
}

const constraintKeys = (state: RootState) =>
  Object.keys(selectQuery(state, SEARCH_CURSOR)?.constraints ?? {}).sort();

describe('the address follows the chips of a sentence (issue 28)', () => {
  it('a chip removed leaves the sentence without its words, and a connector next to them', () => {
    const [duration, baby] = chips;
    expect(sentenceWithout(sentence, baby!)).toBe('show me short videos');
    expect(sentenceWithout(sentence, duration!)).toBe('show me babies');
    expect(sentenceWithout('Show me BABIES and seniors', { text: 'babies, seniors' })).toBe('Show me');
    expect(sentenceWithout('show me lakes', { text: 'paris' })).toBe('show me lakes');
  });

  it('removing one chip rewrites nl (the rest of the address kept) and keeps the other chip in the query', () => {
    const { store, seen } = analysedSearch();
    const age = selectNaturalLanguageChips(store.getState()).find((chip) => chip.key === 'age.baby')!;
    store.dispatch(age.removal);
    const written = seen.filter(navigated.match);
    expect(written.map((event) => event.payload)).toEqual([
      { path: '/search', search: '?q=lake&nl=show+me+short+videos', via: 'replace' },
    ]);
    const state = store.getState();
    expect(sentenceOf(selectLocation(state).search)).toBe('show me short videos');
    expect(selectNaturalLanguage(state).text).toBe('show me short videos');
    expect(selectNaturalLanguageChips(state).map((chip) => chip.key)).toEqual(['videoDuration.small']);
    expect(constraintKeys(state)).toEqual([
      'videoDuration.small',
      'videoDuration.small#lte',
      'videoDuration.small#video',
    ]);
    store.destroy();
  });

  it('removing the last chip takes nl out of the address', () => {
    const { store, seen } = analysedSearch();
    for (const chip of selectNaturalLanguageChips(store.getState())) store.dispatch(chip.removal);
    expect(seen.filter(navigated.match).at(-1)?.payload).toEqual({
      path: '/search',
      search: '?q=lake',
      via: 'replace',
    });
    expect(constraintKeys(store.getState())).toEqual([]);
    store.destroy();
  });
});
