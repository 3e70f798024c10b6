import { type KeyboardEvent, type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import './virtual-grid.css';

export interface VirtualGridRange {
  /** index of the first item on screen */
  first: number;
  /** index of the last item on screen */
  last: number;
}

/** What the grid reads its items from: an array, or any list read by position (only the visible ones are read). */
export interface GridItems<T> {
  readonly length: number;
  at(index: number): T | undefined;
}

export interface VirtualGridProps<T> {
  items: GridItems<T>;
  /** the grid's accessible name */
  label: string;
  /** tile size in CSS pixels; columns follow the grid's width */
  tileWidth: number;
  tileHeight: number;
  gap?: number;
  /** the content of one cell */
  renderTile(item: T, index: number): ReactNode;
  /** a stable key of an item */
  itemKey(item: T, index: number): string;
  /** the accessible name of an item's cell */
  cellLabel(item: T, index: number): string;
  /** the last row came on screen: time to fetch more */
  onEndReached?(): void;
  /** the items on screen changed */
  onRangeChange?(range: VirtualGridRange): void;
  /** rows drawn above and below the visible ones */
  overscanRows?: number;
  /** the viewport's height, CSS; the grid scrolls inside it */
  height?: string;
  /** the size used before the grid is laid out (and where there is no layout, as in happy-dom) */
  fallbackSize?: { width: number; height: number };
}

interface Viewport {
  width: number;
  height: number;
  scrollTop: number;
}

/**
 * A windowed grid: only the rows on screen (plus a few) are in the DOM, so a cart of 10 000
 * items scrolls like one of 10. It is an ARIA grid with one tab stop: arrow keys, Home/End,
 * Page Up/Down and Ctrl+Home/End move between cells, scrolling them into view.
 */
export function VirtualGrid<T>({
  items,
  label,
  tileWidth,
  tileHeight,
  gap = 12,
  renderTile,
  itemKey,
  cellLabel,
  onEndReached,
  onRangeChange,
  overscanRows = 2,
  height = '70vh',
  fallbackSize = { width: 1024, height: 600 },
}: VirtualGridProps<T>) {
  const scroller = useRef<HTMLDivElement>(null);
  const [viewport, setViewport] = useState<Viewport>({ ...fallbackSize, scrollTop: 0 });
  const [active, setActive] = useState(0);
  const focusPending = useRef(false);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const measure = () =>
      setViewport((current) => ({
        width: element.clientWidth || current.width,
        height: element.clientHeight || current.height,
        scrollTop: element.scrollTop,
      }));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const columns = Math.max(1, Math.floor((viewport.width + gap) / (tileWidth + gap)));
  const rowHeight = tileHeight + gap;
  const rowCount = Math.ceil(items.length / columns);
  const firstVisibleRow = Math.floor(viewport.scrollTop / rowHeight);
  const lastVisibleRow = Math.min(
    rowCount - 1,
    Math.floor((viewport.scrollTop + viewport.height - 1) / rowHeight),
  );
  const firstRow = Math.max(0, firstVisibleRow - overscanRows);
  const lastRow = Math.min(rowCount - 1, lastVisibleRow + overscanRows);
  const first = Math.min(items.length - 1, firstVisibleRow * columns);
  const last = Math.min(items.length - 1, (lastVisibleRow + 1) * columns - 1);
  const activeIndex = Math.min(active, Math.max(0, items.length - 1));

  useEffect(() => {
    if (items.length > 0 && last >= 0) onRangeChange?.({ first: Math.max(0, first), last });
  }, [first, last, items.length, onRangeChange]);

  const endReachedFor = useRef(-1);
  useEffect(() => {
    if (rowCount > 0 && lastVisibleRow >= rowCount - 1 && endReachedFor.current !== items.length) {
      endReachedFor.current = items.length;
      onEndReached?.();
    }
  }, [lastVisibleRow, rowCount, items.length, onEndReached]);

  // after a keyboard move, the active cell takes the focus once it is drawn
  useEffect(() => {
    if (!focusPending.current) return;
    const cell = scroller.current?.querySelector<HTMLElement>(`[data-index="${activeIndex}"]`);
    if (cell) {
      focusPending.current = false;
      cell.focus();
    }
  });

  function moveTo(index: number) {
    const target = Math.max(0, Math.min(items.length - 1, index));
    const element = scroller.current;
    if (element) {
      const row = Math.floor(target / columns);
      const top = row * rowHeight;
      if (top < element.scrollTop) element.scrollTop = top;
      else if (top + rowHeight > element.scrollTop + viewport.height) {
        element.scrollTop = top + rowHeight - viewport.height;
      }
      setViewport((current) => ({ ...current, scrollTop: element.scrollTop }));
    }
    focusPending.current = true;
    setActive(target);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (!(event.target as HTMLElement).matches('[role="gridcell"]')) return;
    const pageRows = Math.max(1, Math.floor(viewport.height / rowHeight));
    const rowStart = activeIndex - (activeIndex % columns);
    const moves: Record<string, number> = {
      ArrowRight: activeIndex + 1,
      ArrowLeft: activeIndex - 1,
      ArrowDown: activeIndex + columns,
      ArrowUp: activeIndex - columns,
      PageDown: activeIndex + pageRows * columns,
      PageUp: activeIndex - pageRows * columns,
      Home: event.ctrlKey ? 0 : rowStart,
      End: event.ctrlKey ? items.length - 1 : Math.min(items.length - 1, rowStart + columns - 1),
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    moveTo(target);
  }

  const rows: ReactNode[] = [];
  for (let row = firstRow; row <= lastRow; row += 1) {
    const cells: ReactNode[] = [];
    for (let column = 0; column < columns; column += 1) {
      const index = row * columns + column;
      if (index >= items.length) break;
      const item = items.at(index) as T;
      cells.push(
        // biome-ignore lint/a11y/useSemanticElements: a windowed grid places its cells itself; a table cannot skip rows
        <div
          key={itemKey(item, index)}
          role="gridcell"
          aria-label={cellLabel(item, index)}
          aria-colindex={column + 1}
          data-index={index}
          tabIndex={index === activeIndex ? 0 : -1}
          className="virtual-grid__cell"
          style={{ width: tileWidth, height: tileHeight }}
          onFocus={() => setActive(index)}
        >
          {renderTile(item, index)}
        </div>,
      );
    }
    rows.push(
      // biome-ignore lint/a11y/useSemanticElements lint/a11y/useFocusableInteractive: rows are positioned by hand; their cells take the focus
      <div
        key={row}
        role="row"
        aria-rowindex={row + 1}
        className="virtual-grid__row"
        style={{ transform: `translateY(${row * rowHeight}px)`, gap, height: tileHeight }}
      >
        {cells}
      </div>,
    );
  }

  return (
    <div
      ref={scroller}
      className="virtual-grid"
      style={{ height }}
      onScroll={(event) => {
        const scrollTop = event.currentTarget.scrollTop;
        setViewport((current) => ({ ...current, scrollTop }));
      }}
    >
      {/* biome-ignore lint/a11y/useSemanticElements: see the rows: a table cannot hold only the rows on screen */}
      <div
        role="grid"
        aria-label={label}
        aria-rowcount={rowCount}
        aria-colcount={columns}
        className="virtual-grid__canvas"
        style={{ height: rowCount * rowHeight }}
        onKeyDown={onKeyDown}
      >
        {rows}
      </div>
    </div>
  );
}
