import { memo, useCallback, useMemo } from 'react';
import { selectApiPath } from '../../streams/app/selectors';
import { itemsShown } from '../../streams/imports/events';
import {
  type ImportItem,
  refusalKeyOf,
  selectImportItems,
  selectKeptItemIds,
} from '../../streams/imports/selectors';
import { toggled } from '../../streams/selection/events';
import { selectIsSelected, selectionList } from '../../streams/selection/selectors';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { describeErrorCode } from '../i18n/translate';
import { useLocale } from '../i18n/use-locale';
import { useTranslate } from '../i18n/use-translate';
import { type GridItems, VirtualGrid, type VirtualGridRange } from '../ui/virtual-grid';
import { BADGE_LABELS } from './badges';
import { ItemThumbnail } from './item-thumbnail';
import { type ItemView, itemView } from './model';
import './messages';
import '../outbox/messages';

const TILE_WIDTH = 180;
const TILE_HEIGHT = 220;
const THUMB_SIZE = 150;

/** The ids of the grid read lazily: only the tiles on screen become views. */
function gridItems(
  ids: readonly string[],
  items: readonly (ImportItem | null)[],
  apiPath: string,
  kept: ReadonlySet<string> = new Set(),
): GridItems<ItemView> {
  const cache = new Map<number, ItemView>();
  return {
    length: ids.length,
    at(index) {
      const cached = cache.get(index);
      if (cached) return cached;
      const id = ids[index];
      if (id === undefined) return undefined;
      const entry = items[index];
      const view = itemView(entry?.data ?? { id }, apiPath, entry?.status === 'error', kept.has(id));
      cache.set(index, view);
      return view;
    },
  };
}

/** An item's error in the user's words (a refusal of the table, a rejection); the server's words on hover. */
function ItemError({ item }: { item: ItemView }) {
  const t = useTranslate();
  const locale = useLocale();
  const key = refusalKeyOf(item.errorCode);
  const words =
    item.errorCode === 'rejected'
      ? t('imports.itemRejected')
      : key
        ? describeErrorCode(locale, key)
        : (item.error ?? describeErrorCode(locale, 'error'));
  return (
    <span className="imports-tile__error" title={item.error ?? undefined}>
      {words}
    </span>
  );
}

/** A tile reads whether its own item is selected: a pick draws that tile again, not the grid. */
const ItemTile = memo(function ItemTile({ item, list }: { item: ItemView; list: string }) {
  const t = useTranslate();
  const dispatch = useDispatch();
  const selected = useAppState(selectIsSelected, list, item.id);
  return (
    <div className={`tile imports-tile${selected ? ' imports-tile--selected' : ''}`}>
      <ItemThumbnail item={item} size={THUMB_SIZE} />
      <label className="imports-tile__select">
        <input type="checkbox" checked={selected} onChange={() => dispatch(toggled({ list, id: item.id }))} />
        <span className="visually-hidden">{t('imports.select')}</span>
      </label>
      <span className="imports-tile__name" title={item.name}>
        {item.name}
      </span>
      <span className={`imports-badge imports-badge--${item.badge}`}>{t(BADGE_LABELS[item.badge])}</span>
      {item.kept ? (
        <span className="imports-tile__pending">{t('outbox.pending')}</span>
      ) : (
        (item.error || item.errorCode) && <ItemError item={item} />
      )}
    </div>
  );
});

/**
 * The job's items as a windowed grid (thousands of items keep a few dozen tiles in the DOM); each
 * cell named by the item's name, with "Select", its status badge and its thumbnail (blurhash first).
 */
export function ItemsGrid({
  jobId,
  ids,
  label,
  height,
}: {
  jobId: string;
  /** the items the job's search found, in its order */
  ids: readonly string[];
  label: string;
  height?: string;
}) {
  const dispatch = useDispatch();
  const apiPath = useAppState(selectApiPath);
  const read = useAppState(selectImportItems, ids);
  // items a write kept by the outbox covers say it will be saved, not that it failed
  const keptIds = useAppState(selectKeptItemIds);
  const items = useMemo(
    () => gridItems(ids, read, apiPath, new Set(keptIds.split(','))),
    [ids, read, apiPath, keptIds],
  );
  const list = selectionList.import(jobId);
  const renderTile = useCallback((item: ItemView) => <ItemTile item={item} list={list} />, [list]);
  // the imports epics fetch the items on screen that the search gave by id only
  const onRangeChange = useCallback(
    ({ first, last }: VirtualGridRange) => dispatch(itemsShown({ jobId, first, last })),
    [dispatch, jobId],
  );
  return (
    <VirtualGrid
      items={items}
      label={label}
      tileWidth={TILE_WIDTH}
      tileHeight={TILE_HEIGHT}
      renderTile={renderTile}
      itemKey={(item) => item.id}
      cellLabel={(item) => item.name}
      height={height}
      onRangeChange={onRangeChange}
    />
  );
}
