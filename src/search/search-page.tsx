import { type MouseEvent, useEffect, useRef, useState, useSyncExternalStore } from 'react';
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
import { ActiveFilters, useActiveChips, useClearAll } from './active-filters';
import { BookmarkButton } from './bookmark-button';
import { CategoryTree } from './category-tree';
import { FacetPanel } from './facet-panel';
import { KeywordIndex } from './keyword-index';
import { NaturalLanguageOffer, NaturalLanguageStatus, NaturalLanguageToggle } from './natural-language';
import { SearchBox } from './search-box';
import { SearchResults } from './search-results';
import { ModalDialog } from '../ui/modal-dialog';
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

/** Below this width the facets and the tree leave the side column for a drawer (search.css says the same). */
const PHONE_QUERY = '(max-width: 760px)';

const subscribePhone = (change: () => void) => {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', change);
  return () => query.removeEventListener('change', change);
};
const isPhone = () => typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches;

/** "Skip to results": the focus goes to the grid's tab stop (its focused cell), else the results. */
function skipToResults(event: MouseEvent<HTMLAnchorElement>, results: HTMLElement | null) {
  event.preventDefault();
  if (!results) return;
  const target =
    results.querySelector<HTMLElement>('[role="grid"] [tabindex="0"]') ??
    results.querySelector<HTMLElement>('[role="grid"]') ??
    results;
  target.focus();
}

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

  const phone = useSyncExternalStore(subscribePhone, isPhone, () => false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const results = useRef<HTMLDivElement>(null);
  const chips = useActiveChips(params);
  const activeCount = chips.length;
  const clearAll = useClearAll();
  const side = (
    <>
      <CategoryTree selected={params.node} onSelect={(node) => update({ node })} />
      <FacetPanel params={params} onChange={update} heading={!phone} />
      <KeywordIndex params={params} onChange={update} />
    </>
  );

  return (
    <div className="search-page">
      {/* biome-ignore lint/a11y/useValidAnchor: a skip link is a link to a part of the page; the click moves the focus into the grid itself (its tab stop), which the address cannot name */}
      <a
        href="#search-results"
        className="skip-link"
        onClick={(event) => skipToResults(event, results.current)}
      >
        {t('search.skipToResults')}
      </a>
      <h1 className="visually-hidden">{t('search.title')}</h1>
      <div className="search-page__bar">
        <SearchBox
          value={sentences ? sentence.text || params.q : params.q}
          onSearch={(q) => update({ q })}
          onSentence={sentences ? analyze : undefined}
          below={(text) => <NaturalLanguageOffer text={text} onSentence={analyze} />}
        />
        <div className="search-page__controls">
          <NaturalLanguageToggle />
          <label className="search-page__control">
            <span>{t('search.mode')}</span>
            <select
              aria-label={t('search.mode')}
              value={params.mode ?? 'must'}
              onChange={(event) => update({ mode: event.target.value === 'should' ? 'should' : null })}
            >
              <option value="must">{t('search.modeMust')}</option>
              <option value="should">{t('search.modeShould')}</option>
            </select>
          </label>
          <label className="search-page__control">
            <span>{t('search.sort')}</span>
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
          {phone && (
            <button
              type="button"
              className="search-page__filters-button"
              aria-haspopup="dialog"
              onClick={() => setDrawerOpen(true)}
            >
              {activeCount > 0
                ? t('search.filtersButtonCount', { count: activeCount })
                : t('search.filtersButton')}
            </button>
          )}
          <BookmarkButton />
        </div>
      </div>
      <NaturalLanguageStatus />
      <ActiveFilters params={params} onChange={update} />
      <div className="search-page__body">
        {!phone && <aside className="search-page__side">{side}</aside>}
        <div id="search-results" ref={results} className="search-page__results" tabIndex={-1}>
          <SearchResults />
        </div>
      </div>
      {phone && drawerOpen && (
        <ModalDialog
          title={t('search.facets')}
          className="filters-drawer"
          onClose={() => setDrawerOpen(false)}
          returnFocus=".search-page__filters-button"
          footer={
            <>
              {activeCount > 0 && (
                <button type="button" onClick={() => clearAll(chips, update)}>
                  {t('search.clearFilters')}
                </button>
              )}
              <button type="button" className="btn-primary" onClick={() => setDrawerOpen(false)}>
                {t('search.showResults')}
              </button>
            </>
          }
        >
          {side}
        </ModalDialog>
      )}
    </div>
  );
}
