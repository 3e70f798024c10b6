import { memo, type MouseEvent, useCallback } from 'react';
import { Link } from 'wouter';
import { selectApiPath } from '../../streams/app/selectors';
import { selectVariation, variationUrl } from '../../streams/carts/selectors';
import { config } from '../../streams/core/config';
import { reached } from '../../streams/core/status';
import { fetchRequested, nextPageRequested } from '../../streams/cursors/events';
import type { Row } from '../../streams/cursors/model';
import {
  selectCursorError,
  selectCursorHasMore,
  selectCursorKeys,
  selectCursorRow,
  selectCursorStatus,
  selectCursorTotal,
} from '../../streams/cursors/selectors';
import type { RootState } from '../../streams/root';
import { SEARCH_CURSOR } from '../../streams/search/url';
import { rangeSelected, toggled } from '../../streams/selection/events';
import { rangeBetween, selectSelection, selectSelectionAnchor } from '../../streams/selection/selectors';
import '../assets/metadata/messages';
import { AddToCartButton } from '../carts/add-to-cart-button';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { useTranslate } from '../i18n/use-translate';
import { ErrorMessage } from '../ui/error-message';
import { VirtualGrid, type VirtualGridRange } from '../ui/virtual-grid';
import './messages';
import { SelectionToolbar } from './selection-toolbar';

const selectCursors = (state: RootState) => state.cursors;
const TILE_WIDTH = 200;
const TILE_HEIGHT = 230;

/** The name a result is known by (UI-CONTRACT: each result is named by the asset's name). */
export function resultName(row: Row | undefined, key: string): string {
  const name = row?.name ?? row?.title;
  return typeof name === 'string' && name ? name : key;
}

const resourceOf = (row: Row): string =>
  typeof row.$resource === 'string' && row.$resource ? row.$resource : 'asset';

/**
 * One result; the image address is made by the grid, so a tile subscribes to nothing of its own.
 * Rows are frozen and shared between pages, so a tile on screen is not drawn again when a page comes.
 */
const ResultTile = memo(function ResultTile({
  row,
  name,
  imageUrl,
  selected,
  onSelect,
}: {
  row: Row;
  name: string;
  imageUrl: string;
  selected: boolean;
  /** `range`: shift-click, from the last toggled result to this one */
  onSelect(id: string, range: boolean): void;
}) {
  const resource = resourceOf(row);
  const t = useTranslate();
  const id = String(row.id);
  return (
    <div className={`result-tile${selected ? ' result-tile--selected' : ''}`}>
      <input
        type="checkbox"
        className="result-tile__select"
        aria-label={t('selection.select')}
        checked={selected}
        // a shift-click selects the range; the checkbox shows what the state says
        onClick={(event: MouseEvent<HTMLInputElement>) => onSelect(id, event.shiftKey)}
        onChange={() => {}}
      />
      <img
        className="result-tile__image"
        src={imageUrl}
        alt=""
        loading="lazy"
        decoding="async"
        width={TILE_WIDTH - 16}
        height={140}
      />
      <Link
        className="result-tile__name"
        title={name}
        href={`/assets/${encodeURIComponent(resource)}/${encodeURIComponent(id)}?from=search`}
      >
        {name}
      </Link>
      <AddToCartButton resource={resource} id={row.id} name={name} />
    </div>
  );
});

/**
 * The results: "N results", then a windowed grid (only the rows on screen are drawn); the next
 * page is asked when the last page's worth of results comes on screen.
 */
export function SearchResults() {
  const t = useTranslate();
  const dispatch = useDispatch();
  // the keys are read by position: never a copy of the whole list (it may hold 100 000 rows)
  const keys = useAppState(selectCursorKeys, SEARCH_CURSOR);
  const cursors = useAppState(selectCursors);
  const total = useAppState(selectCursorTotal, SEARCH_CURSOR);
  const status = useAppState(selectCursorStatus, SEARCH_CURSOR);
  const hasMore = useAppState(selectCursorHasMore, SEARCH_CURSOR);
  const error = useAppState(selectCursorError, SEARCH_CURSOR);
  const rowOf = useCallback((key: string) => selectCursorRow({ cursors }, SEARCH_CURSOR, key), [cursors]);
  // thumbnails: the default variation, `_w` for a watermarked viewer (seed 002 §8, §9)
  const apiPath = useAppState(selectApiPath);
  const variation = useAppState(selectVariation, config);
  const selection = useAppState(selectSelection, SEARCH_CURSOR);
  const anchor = useAppState(selectSelectionAnchor, SEARCH_CURSOR);
  const picked = new Set(selection);

  const onSelect = useCallback(
    (id: string, range: boolean) => {
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
    [dispatch, anchor, keys, rowOf],
  );

  const onRangeChange = useCallback(
    (range: VirtualGridRange) => {
      if (hasMore && status === 'loaded' && range.last >= keys.length - config.cursorDefaultMax) {
        dispatch(nextPageRequested({ name: SEARCH_CURSOR }));
      }
    },
    [dispatch, hasMore, status, keys.length],
  );

  if (error) {
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
  const first = !reached(status, 'loaded');
  return (
    <section className="search-results" aria-busy={first || status === 'fetching'}>
      <p role="status" className="search-results__total">
        {first ? t('search.loading') : t('search.results', { count: total })}
      </p>
      {selection.length > 0 && <SelectionToolbar list={SEARCH_CURSOR} ids={selection} />}
      {!first && keys.length === 0 && status === 'loaded' && <p>{t('search.noResults')}</p>}
      {keys.length > 0 && (
        <VirtualGrid
          items={keys}
          label={t('search.grid')}
          tileWidth={TILE_WIDTH}
          tileHeight={TILE_HEIGHT}
          itemKey={(key) => key}
          cellLabel={(key) => resultName(rowOf(key), key)}
          renderTile={(key) => {
            const row = rowOf(key);
            if (!row) return null;
            const imageUrl = variationUrl(apiPath, resourceOf(row), String(row.id), variation);
            return (
              <ResultTile
                row={row}
                name={resultName(row, key)}
                imageUrl={imageUrl}
                selected={picked.has(String(row.id))}
                onSelect={onSelect}
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
