import { useEffect } from 'react';
import { analyzeRequested } from '../../streams/natural-language/events';
import {
  selectNaturalLanguage,
  selectNaturalLanguageEnabled,
} from '../../streams/natural-language/selectors';
import { listRequested } from '../../streams/saved-searches/events';
import { selectSavedSearchesLoaded } from '../../streams/saved-searches/selectors';
import { selectIsUser } from '../../streams/session/selectors';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { useTranslate } from '../i18n/use-translate';
import { ActiveFilters } from './active-filters';
import { BookmarkButton } from './bookmark-button';
import { CategoryTree } from './category-tree';
import { FacetPanel } from './facet-panel';
import { NaturalLanguageOffer, NaturalLanguageStatus, NaturalLanguageToggle } from './natural-language';
import { SearchBox } from './search-box';
import { SearchResults } from './search-results';
import { SEARCH_CURSOR } from '../../streams/search/url';
import { useSearchParams } from './use-search-params';
import './search.css';
import './messages';

const SORT_LABELS = {
  '': 'search.sortRelevance',
  'name asc': 'search.sortNameAsc',
  'name desc': 'search.sortNameDesc',
  'created desc': 'search.sortCreatedDesc',
  'created asc': 'search.sortCreatedAsc',
} as const;

/**
 * `/search`: the search box with suggestions, facets, the category tree and the results. The
 * address holds the whole search (text, mode, facets, category, sort), so it can be shared and
 * reloaded; the list follows the address (streams/search/epics.ts).
 */
export function SearchPage() {
  const t = useTranslate();
  const dispatch = useDispatch();
  const [params, update] = useSearchParams();
  const isUser = useAppState(selectIsUser);
  const savedLoaded = useAppState(selectSavedSearchesLoaded);
  const sentences = useAppState(selectNaturalLanguageEnabled);
  const sentence = useAppState(selectNaturalLanguage, SEARCH_CURSOR);
  // natural language (protocol §22): the sentence replaces the list's query, not its text
  const analyze = (text: string) => {
    if (params.q) update({ q: '' });
    dispatch(analyzeRequested({ text, cursor: SEARCH_CURSOR }));
  };

  // "is bookmarked" needs the user's saved searches
  useEffect(() => {
    if (isUser && !savedLoaded) dispatch(listRequested({}));
  }, [dispatch, isUser, savedLoaded]);

  return (
    <div className="search-page">
      <h1 className="visually-hidden">{t('search.title')}</h1>
      <div className="search-page__bar">
        <SearchBox
          value={sentences ? sentence.text || params.q : params.q}
          onSearch={(q) => update({ q })}
          onSentence={sentences ? analyze : undefined}
          below={(text) => <NaturalLanguageOffer text={text} onSentence={analyze} />}
        />
        <NaturalLanguageToggle />
        <label>
          {t('search.mode')}{' '}
          <select
            aria-label={t('search.mode')}
            value={params.mode ?? 'must'}
            onChange={(event) => update({ mode: event.target.value === 'should' ? 'should' : null })}
          >
            <option value="must">{t('search.modeMust')}</option>
            <option value="should">{t('search.modeShould')}</option>
          </select>
        </label>
        <label>
          {t('search.sort')}{' '}
          <select
            aria-label={t('search.sort')}
            value={params.sort}
            onChange={(event) => update({ sort: event.target.value })}
          >
            {Object.entries(SORT_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {t(label)}
              </option>
            ))}
          </select>
        </label>
        <BookmarkButton />
      </div>
      <NaturalLanguageStatus />
      <ActiveFilters params={params} onChange={update} />
      <div className="search-page__body">
        <aside className="search-page__side">
          <CategoryTree selected={params.node} onSelect={(node) => update({ node })} />
          <FacetPanel params={params} onChange={update} />
        </aside>
        <SearchResults />
      </div>
    </div>
  );
}
