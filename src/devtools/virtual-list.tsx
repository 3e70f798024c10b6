import { type ReactNode, useState } from 'react';

interface Props<T> {
  items: readonly T[];
  /** every row has this height in pixels: the list renders only the rows in view */
  rowHeight: number;
  height: number;
  label: string;
  renderRow(item: T, index: number): ReactNode;
  rowKey(item: T): string | number;
}

/** Rows drawn beyond each edge of the view, so that a fast scroll shows no gap. */
const OVERSCAN = 8;

/** A list of fixed-height rows of which only those in view are in the DOM. */
export function VirtualList<T>({ items, rowHeight, height, label, renderRow, rowKey }: Props<T>) {
  const [scrollTop, setScrollTop] = useState(0);
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - OVERSCAN);
  const last = Math.min(items.length, Math.ceil((scrollTop + height) / rowHeight) + OVERSCAN);
  const rows = [];
  for (let index = first; index < last; index += 1) {
    const item = items[index]!;
    rows.push(
      <li key={rowKey(item)} style={{ position: 'absolute', top: index * rowHeight, height: rowHeight }}>
        {renderRow(item, index)}
      </li>,
    );
  }
  return (
    <div
      className="virtual-list"
      style={{ height, overflowY: 'auto', position: 'relative' }}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
    >
      <ul aria-label={label} style={{ height: items.length * rowHeight, position: 'relative' }}>
        {rows}
      </ul>
    </div>
  );
}
