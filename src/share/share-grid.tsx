import { type KeyboardEvent, useRef, useState } from 'react';
import type { ShownItem } from '../../streams/carts/selectors';
import { useTranslate } from '../i18n/use-translate';
import './messages';

/** The name an item is known by: its name, else its title, else its type and id. */
export function sharedItemName(item: ShownItem): string {
  return item.details?.name || item.details?.title || `${item.resource} ${item.id}`;
}

/** How many tiles the first row of the grid holds (the grid's columns, whatever the width). */
function columnsOf(tiles: HTMLElement[]): number {
  const top = tiles[0]?.offsetTop ?? 0;
  const inFirstRow = tiles.filter((tile) => tile.offsetTop === top).length;
  return Math.max(1, inFirstRow);
}

/**
 * The shared items as a grid of previews. One tab stop: the arrow keys, Home and End move
 * between tiles (up and down by a row); Enter or a click opens the item large.
 */
export function ShareGrid({
  items,
  imageOf,
  onOpen,
  tileRef,
}: {
  items: ShownItem[];
  imageOf(item: ShownItem): string | undefined;
  onOpen(index: number): void;
  /** the tile buttons, by index: the page gives focus back to one after the lightbox */
  tileRef(index: number, element: HTMLButtonElement | null): void;
}) {
  const t = useTranslate();
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);
  const current = Math.min(active, Math.max(0, items.length - 1));

  function move(event: KeyboardEvent<HTMLUListElement>) {
    const tiles = [...(listRef.current?.querySelectorAll<HTMLButtonElement>('.share-tile') ?? [])];
    if (tiles.length === 0) return;
    const columns = columnsOf(tiles);
    const steps: Record<string, number> = {
      ArrowRight: 1,
      ArrowLeft: -1,
      ArrowDown: columns,
      ArrowUp: -columns,
      Home: -tiles.length,
      End: tiles.length,
    };
    const step = steps[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const next = Math.min(tiles.length - 1, Math.max(0, current + step));
    setActive(next);
    tiles[next]?.focus();
  }

  return (
    <ul ref={listRef} className="share-grid" aria-label={t('sharePage.itemsLabel')} onKeyDown={move}>
      {items.map((item, index) => {
        const name = sharedItemName(item);
        const image = imageOf(item);
        return (
          <li key={item.key} className="share-grid__cell">
            <button
              type="button"
              ref={(element) => tileRef(index, element)}
              className="share-tile"
              tabIndex={index === current ? 0 : -1}
              aria-label={name}
              title={t('sharePage.openItem', { name })}
              onFocus={() => setActive(index)}
              onClick={() => onOpen(index)}
            >
              <span className="share-tile__frame">
                {image ? (
                  <img className="share-tile__image" src={image} alt="" loading="lazy" />
                ) : (
                  <span className="share-tile__image skeleton" aria-hidden="true" />
                )}
              </span>
              <span className="share-tile__name">{name}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
