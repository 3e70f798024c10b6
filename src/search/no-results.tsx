import { lastWordOf, SEARCH_VALUES_CURSOR } from '../../streams/search/url';
import { selectInput, selectWords } from '../../streams/typeahead/selectors';
import { useAppState } from '../hooks/use-app-state';
import { useTranslate } from '../i18n/use-translate';
import { EmptyState } from '../ui/empty-state';
import { useSearchParams } from './use-search-params';
import './messages';

/**
 * A search that finds nothing says so and, for a text, offers the words of the library that start
 * like its last word (streams/search/epics.ts `suggestOnNoResults` asks the typeahead for them):
 * each replaces that word and searches again.
 */
export function NoResults() {
  const t = useTranslate();
  const [params, update] = useSearchParams();
  const words = useAppState(selectWords, SEARCH_VALUES_CURSOR);
  const stem = useAppState(selectInput, SEARCH_VALUES_CURSOR);
  const last = lastWordOf(params.q);
  // words asked for another search are not offered for this one
  const offered = stem && last.toLowerCase().startsWith(stem.toLowerCase()) ? words : [];
  const head = params.q.trim().slice(0, params.q.trim().length - last.length);
  return (
    <EmptyState title={t('search.noResults')}>
      {offered.length > 0 && (
        <p className="search-results__try">
          {t('search.tryWords')}{' '}
          {offered.map((word) => (
            <button
              key={word}
              type="button"
              className="chip search-results__word"
              onClick={() => update({ q: `${head}${word}` })}
            >
              {word}
            </button>
          ))}
        </p>
      )}
    </EmptyState>
  );
}
