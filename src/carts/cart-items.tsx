import { useCallback, useEffect, useId, useRef } from 'react';
import { visibleRangeChanged } from '../../streams/carts/content-events';
import type { ItemGroup, ShownItem } from '../../streams/carts/selectors';
import { type CartContent, isPaged } from '../../streams/carts/selectors';
import { selectGridDensity } from '../../streams/preferences/selectors';
import { toggled } from '../../streams/selection/events';
import { selectSelection, selectionList } from '../../streams/selection/selectors';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { useCodeLabel } from '../i18n/code-labels';
import { useTranslate } from '../i18n/use-translate';
import { VirtualGrid, type VirtualGridRange } from '../ui/virtual-grid';
import { CartItemTile, itemName } from './cart-item-tile';
import './messages';
import { useRemoveWithUndo } from './remove-with-undo';

/** Tall enough for a 120 px picture above the name, two lines of details and both buttons (measured: 273 px). */
const TILE_SIZES = {
  comfortable: { width: 200, height: 280 },
  compact: { width: 160, height: 250 },
} as const;

interface ItemsViewProps {
  cartId: string;
  groups: ItemGroup[];
  content: Pick<CartContent, 'huge' | 'filtered' | 'contentMode'>;
  /** the image of an item: the asset variation, or the share's (a `blob:` address once fetched) */
  imageOf(item: ShownItem): string | undefined;
  canChange: boolean;
  onPreview?(item: ShownItem): void;
}

/**
 * The items of a cart, grouped by resource type. A cart read from its list query (huge, or in
 * cursor mode) is one virtualised grid whose visible range drives the sliding window of chunks or
 * the next pages (protocol §6.6).
 */
export function CartItems({ cartId, groups, content, imageOf, canChange, onPreview }: ItemsViewProps) {
  const t = useTranslate();
  const dispatch = useDispatch();
  const density = useAppState(selectGridDensity);
  const tile = TILE_SIZES[density] ?? TILE_SIZES.comfortable;
  const list = selectionList.cart(cartId);
  const selected = new Set(useAppState(selectSelection, list));
  const onRangeChange = useCallback(
    ({ first, last }: VirtualGridRange) => dispatch(visibleRangeChanged({ cartId, first, last })),
    [dispatch, cartId],
  );
  const headingPrefix = useId();
  const label = useCodeLabel();
  const remove = useRemoveWithUndo(cartId);
  const region = useRef<HTMLDivElement>(null);
  /** after a "Remove from cart": the key of the item whose button takes the focus, '' for the list */
  const focusNext = useRef<string | null>(null);
  const flat = groups.flatMap((group) => group.items);
  const removeOne = (item: ShownItem) => {
    const index = flat.findIndex((candidate) => candidate.key === item.key);
    focusNext.current = (flat[index + 1] ?? flat[index - 1])?.key ?? '';
    remove([item.key], itemName(item));
  };
  // the focus goes to the next item's "Remove from cart" (the previous one at the end), else the list
  useEffect(() => {
    const next = focusNext.current;
    if (next === null) return;
    focusNext.current = null;
    const button = next
      ? region.current?.querySelector<HTMLElement>(`[data-key="${CSS.escape(next)}"] .cart-tile__remove`)
      : null;
    (button ?? region.current)?.focus();
  });

  const tileOf = (item: ShownItem) => (
    <CartItemTile
      item={item}
      imageUrl={imageOf(item)}
      {...(canChange
        ? {
            selected: selected.has(item.key),
            onSelect: () => dispatch(toggled({ list, id: item.key })),
            onRemove: () => removeOne(item),
          }
        : {})}
      {...(onPreview ? { onPreview: () => onPreview(item) } : {})}
    />
  );
  if (isPaged(content)) {
    const items = groups.flatMap((group) => group.items);
    return (
      <VirtualGrid
        items={items}
        label={t('carts.title')}
        tileWidth={tile.width}
        tileHeight={tile.height}
        itemKey={(item) => item.key}
        cellLabel={itemName}
        renderTile={tileOf}
        onRangeChange={onRangeChange}
      />
    );
  }
  return (
    <div ref={region} tabIndex={-1} className="cart-items-region">
      {groups.map((group) => (
        <section
          key={group.resource}
          aria-labelledby={`${headingPrefix}-${group.resource}`}
          className="cart-group"
        >
          <h2 id={`${headingPrefix}-${group.resource}`}>
            {t('carts.group', { resource: label('type', group.resource), count: group.items.length })}
          </h2>
          <ul className="cart-items">
            {group.items.map((item) => (
              <li key={item.key} aria-label={itemName(item)} data-key={item.key}>
                {tileOf(item)}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
