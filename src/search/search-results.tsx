import { useCallback, useEffect, useId, useMemo, useRef } from 'react';
import { selectApiPath } from '../../streams/app/selectors';
import type { CachedSearch } from '../../streams/cache/events';
import { selectCachedSearch, selectSearchFreshness } from '../../streams/cache/selectors';
import { listOpened } from '../../streams/carts/events';
import { itemKey } from '../../streams/carts/model';
import {
  selectMyCartsByItem,
  selectVariation,
  variationFor,
  variationUrl,
} from '../../streams/carts/selectors';
import { config } from '../../streams/core/config';
import { reached } from '../../streams/core/status';
import { fetchRequested, nextPageRequested } from '../../streams/cursors/events';
import { type Row, rowKey } from '../../streams/cursors/model';
import {
  selectCursorError,
  selectCursorHasMore,
  selectCursorKeys,
  selectCursorRow,
  selectCursorStatus,
  selectCursorTotal,
} from '../../streams/cursors/selectors';
import type { RootState } from '../../streams/root';
import { selectLocation } from '../../streams/router/selectors';
import { SEARCH_CURSOR } from '../../streams/search/url';
import { selectIsUser } from '../../streams/session/selectors';
import { selectIsWatermarked } from '../../streams/session/identity-selectors';
import { rangeSelected, toggled } from '../../streams/selection/events';
import { rangeBetween, selectSelection, selectSelectionAnchor } from '../../streams/selection/selectors';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { formatNumber, plural } from '../i18n/format';
import { useLocale } from '../i18n/use-locale';
import { useTranslate } from '../i18n/use-translate';
import { previewUrl } from '../assets/preview-url';
import { ErrorMessage } from '../ui/error-message';
import { CachedNotice } from '../ui/cached-notice';
import { VirtualGrid, type VirtualGridRange } from '../ui/virtual-grid';
import './messages';
import { NoResults } from './no-results';
import { ResultTile, resultKind } from './result-tile';
import './results/messages';
import './results.css';
import { SelectionToolbar } from './selection-toolbar';

const selectCursors = (state: RootState) => state.cursors;
/** the narrowest tile: two columns on a 390 px phone; tiles widen to fill the row */
const TILE_WIDTH = 170;
const TILE_HEIGHT = 230;

/** The name a result is known by (UI-CONTRACT: each result is named by the asset's name). */
function resultName(row: Row | undefined, key: string): string {
  const name = row?.name ?? row?.title;
  return typeof name === 'string' && name ? name : key;
}

/** The kept page's keys (the cursor's own, so its tiles stay when the fresh page replaces it) and rows. */
function keptPage(kept: CachedSearch): { keys: string[]; rows: Map<string, Row> } {
  const rows = new Map(kept.rows.map((row) => [rowKey(row, kept.resource), row] as const));
  return { keys: [...rows.keys()], rows };
}

const resourceOf = (row: Row): string =>
  typeof row.$resource === 'string' && row.$resource ? row.$resource : 'asset';

/**
 * The results: "N results", then a windowed grid (only the rows on screen are drawn); the next
 * page is asked when the last page's worth of results comes on screen.
 */
export function SearchResults() {
  const t = useTranslate();
  const locale = useLocale();
  const dispatch = useDispatch();
  // the keys are read by position: never a copy of the whole list (it may hold 100 000 rows)
  const liveKeys = useAppState(selectCursorKeys, SEARCH_CURSOR);
  const cursors = useAppState(selectCursors);
  const liveTotal = useAppState(selectCursorTotal, SEARCH_CURSOR);
  const status = useAppState(selectCursorStatus, SEARCH_CURSOR);
  const hasMore = useAppState(selectCursorHasMore, SEARCH_CURSOR);
  const error = useAppState(selectCursorError, SEARCH_CURSOR);
  const { search } = useAppState(selectLocation);
  // what the last visit saw of this address stands in until the answer comes, or while offline
  const kept = useAppState(selectCachedSearch, search);
  const freshness = useAppState(selectSearchFreshness);
  const page = useMemo(() => kept && keptPage(kept), [kept]);
  const fromCache = page !== null && (freshness === 'offline' || (freshness === 'stale' && !error));
  const keys = fromCache ? page.keys : liveKeys;
  const total = fromCache && kept ? kept.total : liveTotal;
  const rowOf = useCallback(
    (key: string) =>
      page && fromCache ? page.rows.get(key) : selectCursorRow({ cursors }, SEARCH_CURSOR, key),
    [cursors, page, fromCache],
  );
  // thumbnails: the default variation, `_w` for a watermarked viewer (seed 002 §8, §9)
  const apiPath = useAppState(selectApiPath);
  const liveVariation = useAppState(selectVariation, config);
  const selection = useAppState(selectSelection, SEARCH_CURSOR);
  const anchor = useAppState(selectSelectionAnchor, SEARCH_CURSOR);
  const picked = new Set(selection);
  const isUser = useAppState(selectIsUser);
  const liveWatermarked = useAppState(selectIsWatermarked);
  // the kept page's pictures as they were seen (the browser holds them), until who-am-I says
  const watermarked = fromCache && kept ? kept.watermarked : liveWatermarked;
  const variation = fromCache && kept ? variationFor(kept.watermarked, config) : liveVariation;
  // "In a cart": my carts' item ids come with the carts list, read once for the search screen
  const inCarts = useAppState(selectMyCartsByItem);
  const hintId = useId();
  useEffect(() => {
    if (isUser) dispatch(listOpened({ reuseFresh: true }));
  }, [dispatch, isUser]);

  // what a shift-click reads, kept in a ref: the handler stays the same function, so a page that
  // comes draws only its new tiles (the tiles are memoised)
  const latest = useRef({ anchor, keys, rowOf });
  latest.current = { anchor, keys, rowOf };
  const onSelect = useCallback(
    (id: string, range: boolean) => {
      const { anchor, keys, rowOf } = latest.current;
      if (!range || anchor === null || anchor === id) {
        dispatch(toggled({ list: SEARCH_CURSOR, id }));
        return;
      }
      // the ids in list order, read only on a shift-click (the list may be long)
      const ids: string[] = [];
      for (let index = 0; index < keys.length; index += 1) {
        const key = keys.at(index);
        const row = key === undefined ? undefined : rowOf(key);
        if (row) ids.push(String(row.id));
      }
      dispatch(rangeSelected({ list: SEARCH_CURSOR, ids: rangeBetween(ids, anchor, id) }));
    },
    [dispatch],
  );

  const onRangeChange = useCallback(
    (range: VirtualGridRange) => {
      // the next page once the last row is on screen, not before (issue 26: a first page that
      // fills the screen sends no second request until the user scrolls)
      if (hasMore && status === 'loaded' && range.last >= keys.length - range.columns) {
        dispatch(nextPageRequested({ name: SEARCH_CURSOR }));
      }
    },
    [dispatch, hasMore, status, keys.length],
  );

  if (error && !fromCache) {
    return (
      <ErrorMessage
        className="search-results__error"
        lead={t('search.failed')}
        error={error}
        onRetry={() => dispatch(fetchRequested({ name: SEARCH_CURSOR }))}
        retryLabel={t('search.retry')}
      />
    );
  }
  // nothing to show before the first answer (or a fresh one after an invalid signature)
  const first = !fromCache && !reached(status, 'loaded');
  return (
    <section
      className={`search-results${selection.length > 0 ? ' search-results--selecting' : ''}`}
      aria-busy={first || status === 'fetching' || freshness === 'stale'}
    >
      {fromCache && <CachedNotice freshness={freshness} />}
      <p role="status" className="search-results__total">
        {first
          ? t('search.loading')
          : plural(locale, total, {
              one: t('search.resultsOne', { count: formatNumber(locale, total) }),
              other: t('search.results', { count: formatNumber(locale, total) }),
            })}
      </p>
      {selection.length > 0 && <SelectionToolbar list={SEARCH_CURSOR} ids={selection} />}
      {!first && keys.length === 0 && status === 'loaded' && <NoResults />}
      <p id={hintId} className="visually-hidden">
        {t('results.keyboardHint')}
      </p>
      {keys.length > 0 && (
        <VirtualGrid
          items={keys}
          label={t('search.grid')}
          describedBy={hintId}
          tileWidth={TILE_WIDTH}
          tileHeight={TILE_HEIGHT}
          scroll="page"
          fill
          oneTabStop
          itemKey={(key) => key}
          cellLabel={(key) => resultName(rowOf(key), key)}
          isSelected={(key) => {
            const row = rowOf(key);
            return row ? picked.has(String(row.id)) : false;
          }}
          renderTile={(key) => {
            const row = rowOf(key);
            if (!row) return null;
            const resource = resourceOf(row);
            const id = String(row.id);
            return (
              <ResultTile
                row={row}
                resource={resource}
                name={resultName(row, key)}
                imageUrl={variationUrl(apiPath, resource, id, variation)}
                videoUrl={
                  resultKind(row) === 'video'
                    ? variationUrl(apiPath, resource, id, `video${watermarked ? config.watermarkSuffix : ''}`)
                    : null
                }
                previewUrl={previewUrl(apiPath, resource, id, watermarked)}
                selected={picked.has(id)}
                inCarts={inCarts.get(itemKey(resource, id))}
                onSelect={onSelect}
                results={search}
              />
            );
          }}
          onRangeChange={onRangeChange}
        />
      )}
      {status === 'next' && <p className="search-results__more">{t('search.loadingMore')}</p>}
    </section>
  );
}
