import { useEffect, useId, useState } from 'react';
import {
  aggregateFilterRequested,
  fetchRequested,
  registrationRequested,
  removed,
} from '../../streams/cursors/events';
import {
  aggregateFilterKey,
  selectCursor,
  selectCursorRefusal,
  selectCursorRows,
} from '../../streams/cursors/selectors';
import { selectConstraint } from '../../streams/queries/selectors';
import { SEARCH_CURSOR } from '../../streams/search/selectors';
import type { SearchParams } from '../../streams/search/url';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { useTranslate } from '../i18n/use-translate';
import { ErrorMessage } from '../ui/error-message';
import './messages';

/** The keywords themselves (the related schema of the results' `keywords` field), A to Z. */
const INDEX = 'search-keyword-index';
const INDEX_PATH = 'dam/data/keyword';
const FIELD = 'keywords';
/** A results page names at most this many keywords (the search's aggregate has them all). */
const INDEX_MAX = 200;
const FILTER_KEY = aggregateFilterKey(SEARCH_CURSOR, FIELD);

const filterSet = (state: Parameters<typeof selectConstraint>[0]): boolean =>
  selectConstraint(state, INDEX, FILTER_KEY) !== undefined;

const follow = () =>
  aggregateFilterRequested({ name: INDEX, monitoredCursorName: SEARCH_CURSOR, monitoredField: FIELD });

/**
 * The keyword list, while shown: a list of `dam/data/keyword` that keeps only the keywords the
 * search's results hold (the cursor aggregate filter on the search's `keywords` aggregate, protocol
 * §8.4), loaded once the filter is set and again as the results change; removed when hidden.
 */
function KeywordList({
  params,
  onChange,
}: {
  params: SearchParams;
  onChange(change: Partial<SearchParams>): void;
}) {
  const t = useTranslate();
  const dispatch = useDispatch();
  const ready = useAppState(filterSet);
  const refusal = useAppState(selectCursorRefusal, INDEX);
  const cursor = useAppState(selectCursor, INDEX);
  const rows = useAppState(selectCursorRows, INDEX);
  const fetched = cursor?.fetched === true;

  useEffect(() => {
    dispatch(registrationRequested({ name: INDEX, path: INDEX_PATH, orderby: ['name asc'], max: INDEX_MAX }));
    dispatch(follow());
    return () => {
      dispatch(removed({ name: INDEX }));
    };
  }, [dispatch]);
  // the filter first: asked before it, the list would name every keyword
  useEffect(() => {
    if (ready && !fetched) dispatch(fetchRequested({ name: INDEX }));
  }, [dispatch, ready, fetched]);

  if (!ready && refusal)
    return (
      <ErrorMessage
        lead={t('search.keywordIndexRefused')}
        error={{ code: refusal.code ?? 'error.refused', message: refusal.message }}
        onRetry={() => dispatch(follow())}
      />
    );
  if (cursor?.status === 'error')
    return (
      <ErrorMessage
        lead={t('search.keywordIndexFailed')}
        error={cursor.error ?? { code: 'error', message: '' }}
        onRetry={() => dispatch(fetchRequested({ name: INDEX }))}
      />
    );
  if (cursor?.status !== 'loaded') return <p role="status">{t('search.keywordIndexLoading')}</p>;
  if (rows.length === 0) return <p>{t('search.keywordIndexEmpty')}</p>;
  const checked = params.facets[FIELD] ?? [];
  const toggle = (id: string) =>
    onChange({
      facets: {
        ...params.facets,
        [FIELD]: checked.includes(id) ? checked.filter((one) => one !== id) : [...checked, id],
      },
    });
  return (
    <ul className="keyword-index">
      {rows.map((row) => {
        const id = String(row.id);
        return (
          <li key={id}>
            <button type="button" aria-pressed={checked.includes(id)} onClick={() => toggle(id)}>
              {typeof row.name === 'string' ? row.name : id}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** "Keywords in these results": an A to Z index of the keywords the results hold; one narrows the search to it. */
export function KeywordIndex({
  params,
  onChange,
}: {
  params: SearchParams;
  onChange(change: Partial<SearchParams>): void;
}) {
  const t = useTranslate();
  const [open, setOpen] = useState(false);
  const regionId = useId();
  return (
    <section className="keyword-index-panel">
      <button type="button" aria-expanded={open} aria-controls={regionId} onClick={() => setOpen(!open)}>
        {t('search.keywordIndex')}
      </button>
      {open && (
        <section id={regionId} aria-label={t('search.keywordIndex')}>
          <KeywordList params={params} onChange={onChange} />
        </section>
      )}
    </section>
  );
}
