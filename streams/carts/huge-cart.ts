import type { ItemMap } from './model';

/**
 * Huge carts read their items' details through their list query `~[CART@{id}]` (protocol §6.6,
 * `cart-cursor.ts`): the ids of each resource are cut into chunks of the list's `max`, one sequence
 * per chunk, and only the chunks near what is on screen are asked for.
 */
export interface Chunk {
  /** position in the cart's chunk sequence, from 0 */
  index: number;
  resource: string;
  ids: string[];
  /** offset of the chunk's first item among all the cart's items */
  start: number;
}

/** n ids make exactly ceil(n/max) chunks, never an empty one (protocol §23.10). */
export function chunksOf(items: ItemMap, max: number): Chunk[] {
  const chunks: Chunk[] = [];
  let start = 0;
  for (const [resource, ids] of Object.entries(items)) {
    for (let from = 0; from < ids.length; from += max) {
      const slice = ids.slice(from, from + max);
      chunks.push({ index: chunks.length, resource, ids: slice, start: start + from });
    }
    start += ids.length;
  }
  return chunks;
}

/**
 * The sliding window: the items on screen widened by at most half the list max on each side
 * (seed 002 §9), clamped to the cart.
 */
export function windowAround(
  visible: { first: number; last: number },
  total: number,
  max: number,
): { from: number; to: number } {
  const margin = Math.floor(max / 2);
  if (total === 0) return { from: 0, to: -1 };
  return {
    from: Math.max(0, Math.min(visible.first, total - 1) - margin),
    to: Math.min(total - 1, Math.max(visible.last, visible.first) + margin),
  };
}

/** The chunks that hold at least one item of the window. */
export function chunksInWindow(chunks: readonly Chunk[], window: { from: number; to: number }): number[] {
  return chunks
    .filter((chunk) => chunk.start <= window.to && chunk.start + chunk.ids.length - 1 >= window.from)
    .map((chunk) => chunk.index);
}
