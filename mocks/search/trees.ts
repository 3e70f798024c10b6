import { type Collections, type Row, wireRow } from './collections';
import type { OrderKey } from './engine';
import type { CollectionIndex, Mask } from './indexes';

/** The parent id of a tree row, or null for a root. */
export function parentOf(index: CollectionIndex, row: Row): number | null {
  const value = row[index.collection.treefield as string];
  if (value === null || value === undefined) return null;
  return typeof value === 'object' ? (value as { id: number }).id : Number(value);
}

/** Positions of the matched children of each node (key null: the roots), in the asked order. */
export function childrenByParent(
  index: CollectionIndex,
  mask: Mask,
  keys: OrderKey[],
): Map<number | null, number[]> {
  const children = new Map<number | null, number[]>();
  index.rows.forEach((row, position) => {
    if (mask[position] !== 1) return;
    const parent = parentOf(index, row);
    const siblings = children.get(parent);
    if (siblings) siblings.push(position);
    else children.set(parent, [position]);
  });
  const compare = (a: number, b: number): number => {
    for (const key of keys) {
      const field = index.field(key.field);
      const rank = field ? index.rank(field) : undefined;
      if (rank && rank[a] !== rank[b])
        return (key.descending ? -1 : 1) * ((rank[a] as number) - (rank[b] as number));
    }
    return a - b;
  };
  for (const list of children.values()) list.sort(compare);
  return children;
}

/** Ancestors of a row, the root first, the row itself excluded (`$treepath`, protocol §10.2). */
export function treepathOf(
  index: CollectionIndex,
  row: Row,
  props: readonly string[],
): Record<string, unknown>[] {
  const path: Record<string, unknown>[] = [];
  const seen = new Set<number>([row.id]);
  let parent = parentOf(index, row);
  while (parent !== null && !seen.has(parent)) {
    seen.add(parent);
    const node = index.byId(parent);
    if (!node) break;
    path.unshift(Object.fromEntries(props.map((prop) => [prop, node[prop] ?? null])));
    parent = parentOf(index, node);
  }
  return path;
}

export interface NodeOptions {
  collections: Collections;
  index: CollectionIndex;
  children: Map<number | null, number[]>;
  /** levels of `$children` under the node */
  depth: number;
  /** children listed per node */
  max: number;
  props?: readonly string[];
}

/**
 * A node as protocol §10.2 shapes it: the tree field is an object whose plain members describe the
 * parent and whose `$children` lists the children (up to `max`, `depth` levels down);
 * `$childrenCount` says how many children match, so a client knows what is left to load.
 */
export function treeNode(
  options: NodeOptions,
  position: number,
  childPage: { start: number; end?: number } = { start: 0 },
): Record<string, unknown> {
  const { collections, index, children, depth, max, props } = options;
  const row = index.rows[position] as Row;
  const treefield = index.collection.treefield as string;
  const node = wireRow(collections, index.collection, row, props);
  const parentId = parentOf(index, row);
  const parent = parentId === null ? undefined : index.byId(parentId);
  const own = children.get(row.id) ?? [];
  const field: Record<string, unknown> = parent ? { id: parent.id, name: parent.name } : {};
  field.$childrenCount = own.length;
  if (depth > 0) {
    field.$children = own
      .slice(childPage.start, childPage.end ?? childPage.start + max)
      .map((child) => treeNode({ ...options, depth: depth - 1 }, child));
  }
  node[treefield] = field;
  return node;
}
