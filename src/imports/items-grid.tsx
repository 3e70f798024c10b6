import { memo, useCallback } from 'react';
import { type ImportItem, refusalKeyOf } from '../../streams/imports/selectors';
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
export function gridItems(
  ids: readonly string[],
  items: Record<string, ImportItem>,
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
      const entry = items[id];
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

const ItemTile = memo(function ItemTile({
  item,
  selected,
  onToggle,
}: {
  item: ItemView;
  selected: boolean;
  onToggle(id: string, selected: boolean): void;
}) {
  const t = useTranslate();
  return (
    <div className={`imports-tile${selected ? ' imports-tile--selected' : ''}`}>
      <ItemThumbnail item={item} size={THUMB_SIZE} />
      <label className="imports-tile__select">
        <input
          type="checkbox"
          checked={selected}
          onChange={(event) => onToggle(item.id, event.target.checked)}
        />
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
  items,
  selected,
  onToggle,
  label,
  height,
  onRangeChange,
}: {
  items: GridItems<ItemView>;
  selected: ReadonlySet<string>;
  onToggle(id: string, selected: boolean): void;
  label: string;
  height?: string;
  /** the items on screen changed (the page fetches those it knows only by id) */
  onRangeChange?(range: VirtualGridRange): void;
}) {
  const renderTile = useCallback(
    (item: ItemView) => <ItemTile item={item} selected={selected.has(item.id)} onToggle={onToggle} />,
    [selected, onToggle],
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
