import { type KeyboardEvent, type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import './virtual-grid.css';

export interface VirtualGridRange {
  /** index of the first item on screen */
  first: number;
  /** index of the last item on screen */
  last: number;
  /** items per row */
  columns: number;
}

/** What the grid reads its items from: an array, or any list read by position (only the visible ones are read). */
export interface GridItems<T> {
  readonly length: number;
  at(index: number): T | undefined;
}

interface VirtualGridProps<T> {
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
  /** the viewport's height, CSS; the grid scrolls inside it (`scroll: 'inner'` only) */
  height?: string;
  /**
   * `inner` (default): the grid is a scroll box of `height`. `page`: no scroll box; the grid is as
   * tall as its rows and the page scrolls, the rows drawn follow the window's scroll.
   */
  scroll?: 'inner' | 'page';
  /**
   * One tab stop (roving tabindex): the controls inside a tile are out of the tab order except in
   * the active tile, so Tab from the active tile reaches its controls and then leaves the grid;
   * Enter opens the tile's first link, Space (Shift+Space) clicks its first checkbox.
   */
  oneTabStop?: boolean;
  /** tiles widen to share the row's width (`tileWidth` is then the narrowest a tile may be) */
  fill?: boolean;
  /** the id of what describes the grid (how its keys work) */
  describedBy?: string;
  /** a selected item's cell says so (`aria-selected`; the grid is then `aria-multiselectable`) */
  isSelected?(item: T, index: number): boolean;
  /** the size used before the grid is laid out (and where there is no layout, as in happy-dom) */
  fallbackSize?: { width: number; height: number };
}

interface Viewport {
  width: number;
  height: number;
  /** how far the grid's top is above the top of what is seen (0 when it starts below it) */
  scrollTop: number;
}

/** What can take the focus inside a tile (the cell itself excepted). */
const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]:not([role="gridcell"])';
/** a tile's own popups (dialogs, menus) keep their focus handling */
const POPUP = 'dialog, [role="dialog"], [role="menu"], [role="listbox"]';
/** marks a control whose tabindex the grid set, so it can give it back */
const ROVED = 'data-grid-roved';

/** The top of an element in the document; null where there is no layout (happy-dom). */
function documentTop(element: HTMLElement): number | null {
  const rect = element.getBoundingClientRect();
  return rect.height > 0 || rect.top !== 0 ? rect.top + window.scrollY : null;
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
  scroll = 'inner',
  oneTabStop = false,
  isSelected,
  fill = false,
  describedBy,
  fallbackSize = { width: 1024, height: 600 },
}: VirtualGridProps<T>) {
  const scroller = useRef<HTMLDivElement>(null);
  const [viewport, setViewport] = useState<Viewport>({ ...fallbackSize, scrollTop: 0 });
  const [active, setActive] = useState(0);
  const focusPending = useRef(false);
  const pageScroll = scroll === 'page';
  const rowHeight = tileHeight + gap;
  // the grid's top in the document (page scroll), read again whenever the layout may have moved it
  const gridTop = useRef(0);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    /**
     * The scroll position, kept only when it changes the rows on screen: a page scroll fires every
     * frame, the grid draws again only when a row comes or goes.
     */
    const update = (width: number, height: number, scrollTop: number) =>
      setViewport((current) =>
        current.width === width &&
        current.height === height &&
        Math.floor(current.scrollTop / rowHeight) === Math.floor(scrollTop / rowHeight) &&
        Math.floor((current.scrollTop + current.height - 1) / rowHeight) ===
          Math.floor((scrollTop + height - 1) / rowHeight)
          ? current
          : { width, height, scrollTop },
      );
    const measureInner = () =>
      setViewport((current) => ({
        width: element.clientWidth || current.width,
        height: element.clientHeight || current.height,
        scrollTop: element.scrollTop,
      }));
    // the part of the window the grid fills: below its top, above the window's bottom
    const measurePage = () => {
      gridTop.current = documentTop(element) ?? gridTop.current;
      const top = Math.max(0, window.scrollY - gridTop.current);
      const bottom = window.scrollY + (window.innerHeight || fallbackSize.height) - gridTop.current;
      update(element.clientWidth || fallbackSize.width, Math.max(1, bottom - top), top);
    };
    const measure = pageScroll ? measurePage : measureInner;
    measure();
    if (pageScroll) {
      window.addEventListener('scroll', measurePage, { passive: true });
      window.addEventListener('resize', measurePage);
    }
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      if (pageScroll) {
        window.removeEventListener('scroll', measurePage);
        window.removeEventListener('resize', measurePage);
      }
    };
  }, [pageScroll, rowHeight, fallbackSize.width, fallbackSize.height]);

  const columns = Math.max(1, Math.floor((viewport.width + gap) / (tileWidth + gap)));
  const cellWidth = fill ? Math.max(tileWidth, (viewport.width - gap * (columns - 1)) / columns) : tileWidth;
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
    if (items.length > 0 && last >= 0) onRangeChange?.({ first: Math.max(0, first), last, columns });
  }, [first, last, columns, items.length, onRangeChange]);

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
      cell.focus({ preventScroll: pageScroll });
      // page scroll: the cell's scroll margins keep it clear of the sticky bars
      if (pageScroll) cell.scrollIntoView?.({ block: 'nearest' });
    }
  });

  // one tab stop: only the active tile's controls are in the tab order
  useLayoutEffect(() => {
    if (!oneTabStop) return;
    const cells = scroller.current?.querySelectorAll<HTMLElement>('[role="gridcell"]') ?? [];
    for (const cell of cells) {
      const inActive = cell.tabIndex === 0;
      for (const control of cell.querySelectorAll<HTMLElement>(FOCUSABLE)) {
        if (control.closest(POPUP)) continue;
        if (!inActive && control.getAttribute('tabindex') !== '-1') {
          control.setAttribute(ROVED, control.getAttribute('tabindex') ?? '');
          control.setAttribute('tabindex', '-1');
        } else if (inActive && control.hasAttribute(ROVED)) {
          const before = control.getAttribute(ROVED);
          control.removeAttribute(ROVED);
          if (before) control.setAttribute('tabindex', before);
          else control.removeAttribute('tabindex');
        }
      }
    }
  });

  function moveTo(index: number) {
    const target = Math.max(0, Math.min(items.length - 1, index));
    const element = scroller.current;
    if (element && pageScroll) {
      // a row not drawn yet is scrolled near first, so that it is drawn; the focus then fine-tunes
      const top = gridTop.current + Math.floor(target / columns) * rowHeight;
      if (top < window.scrollY || top + rowHeight > window.scrollY + viewport.height) {
        window.scrollTo({ top: Math.max(0, top - viewport.height / 3) });
        setViewport((current) => ({ ...current, scrollTop: Math.max(0, window.scrollY - gridTop.current) }));
      }
    } else if (element) {
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
    const target = event.target as HTMLElement;
    if (!target.matches('[role="gridcell"]')) {
      // from a tile's control, Escape goes back to its tile
      if (oneTabStop && event.key === 'Escape' && !event.defaultPrevented && !target.closest(POPUP)) {
        const cell = target.closest<HTMLElement>('[role="gridcell"]');
        if (cell) {
          event.preventDefault();
          cell.focus();
        }
      }
      return;
    }
    if (oneTabStop && (event.key === 'Enter' || event.key === ' ')) {
      const control =
        event.key === 'Enter'
          ? target.querySelector<HTMLElement>('a[href]')
          : target.querySelector<HTMLElement>('input[type="checkbox"]');
      if (control) {
        event.preventDefault();
        control.dispatchEvent(
          new MouseEvent('click', { bubbles: true, cancelable: true, shiftKey: event.shiftKey }),
        );
      }
      return;
    }
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
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    moveTo(next);
  }

  // the tab stop: the active cell, or the first drawn one while the active cell is scrolled away
  const drawnFirst = firstRow * columns;
  const drawnLast = (lastRow + 1) * columns - 1;
  const tabStop = activeIndex >= drawnFirst && activeIndex <= drawnLast ? activeIndex : drawnFirst;
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
          aria-colindex={column + 1}
          aria-selected={isSelected ? isSelected(item, index) : undefined}
          data-index={index}
          tabIndex={index === tabStop ? 0 : -1}
          className="virtual-grid__cell"
          style={{ width: cellWidth, height: tileHeight }}
          onFocus={() => setActive(index)}
        >
          {/* the cell's name comes from this group: a label on the cell itself would have to hold
              every visible word of its controls too (WCAG 2.5.3, axe label-content-name-mismatch) */}
          {/* biome-ignore lint/a11y/useSemanticElements: a fieldset is for form controls; this names a tile */}
          <div role="group" aria-label={cellLabel(item, index)} className="virtual-grid__tile">
            {renderTile(item, index)}
          </div>
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
      className={pageScroll ? 'virtual-grid virtual-grid--page' : 'virtual-grid'}
      style={pageScroll ? undefined : { height }}
      onScroll={
        pageScroll
          ? undefined
          : (event) => {
              const scrollTop = event.currentTarget.scrollTop;
              setViewport((current) => ({ ...current, scrollTop }));
            }
      }
    >
      {/* biome-ignore lint/a11y/useSemanticElements: see the rows: a table cannot hold only the rows on screen */}
      <div
        role="grid"
        aria-label={label}
        aria-describedby={describedBy}
        aria-rowcount={rowCount}
        aria-colcount={columns}
        aria-multiselectable={isSelected ? true : undefined}
        className="virtual-grid__canvas"
        style={{ height: rowCount * rowHeight }}
        onKeyDown={onKeyDown}
      >
        {rows}
      </div>
    </div>
  );
}
