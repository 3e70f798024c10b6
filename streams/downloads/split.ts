import type { Selection, SizedItem } from './api';

interface DownloadPart {
  selection: Selection;
  /** the sum of its items' sizes, in bytes */
  size: number;
  count: number;
}

interface SplitPlan {
  /** numbered 1..n in this order, the order they were built (protocol §7.3, §23.3) */
  parts: DownloadPart[];
  /** items larger than maxSize: never in a part, always listed to the user */
  skipped: SizedItem[];
}

/**
 * Cuts a refused download into parts (seed 000 §9, protocol §7.3). Items larger than `maxSize`
 * are skipped. Before an item is added, a new part starts when `warnSize` is above 0 and the
 * current part already exceeds it, or when the item would bring the part to `maxSize` or more.
 * A part never starts empty, so an item of exactly `maxSize` makes a part on its own.
 * One pass, no sorting: 100 000 items split in a few milliseconds.
 */
export function splitDownload(items: readonly SizedItem[], maxSize: number, warnSize: number): SplitPlan {
  const parts: DownloadPart[] = [];
  const skipped: SizedItem[] = [];
  let current: DownloadPart | null = null;
  for (const item of items) {
    if (item.size > maxSize) {
      skipped.push(item);
      continue;
    }
    const full =
      current !== null &&
      current.count > 0 &&
      ((warnSize > 0 && current.size > warnSize) || current.size + item.size >= maxSize);
    if (current === null || full) {
      current = { selection: {}, size: 0, count: 0 };
      parts.push(current);
    }
    const ids = current.selection[item.resource];
    if (ids) ids.push(item.id);
    else current.selection[item.resource] = [item.id];
    current.size += item.size;
    current.count += 1;
  }
  return { parts, skipped };
}

/** "{name} {n} of {total}" (seed 000 §9). */
export function partName(name: string, index: number, total: number): string {
  return `${name} ${index} of ${total}`;
}
