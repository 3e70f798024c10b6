import * as z from 'zod/mini';
import { gte } from '../core/bounds';

/** The options of a tree (seed 002 §3 Tree; protocol §10.1). */
export const treeOptionsSchema = z.object({
  depth: z.int().check(gte(0)),
  max: z.int().check(gte(1)),
  orderby: z.array(z.string()),
  props: z.array(z.string()),
  techprops: z.array(z.string()),
  /** and-ed with the static query */
  query: z.nullable(z.record(z.string(), z.unknown())),
  staticQuery: z.nullable(z.record(z.string(), z.unknown())),
  withAggregates: z.boolean(),
  enableKeywords: z.boolean(),
  disableUseTreeApi: z.boolean(),
});
export type TreeOptions = z.infer<typeof treeOptionsSchema>;

/** A node as the state keeps it (seed 001 §3 Tree node). */
export const treeNodeSchema = z.object({
  id: z.string(),
  name: z.string(),
  parent: z.nullable(z.string()),
  root: z.boolean(),
  /** child ids loaded so far; null: not asked yet */
  children: z.nullable(z.array(z.string())),
  /** how many children match, when the server says */
  childrenCount: z.nullable(z.number()),
});
export type TreeNode = z.infer<typeof treeNodeSchema>;

/** One fetch of a tree: the roots (nodeId null) or a node's children, first or next page. */
export const treeFetchSchema = z.object({ nodeId: z.nullable(z.string()), next: z.boolean() });
export type TreeFetch = z.infer<typeof treeFetchSchema>;

export const sameFetch = (a: TreeFetch, b: TreeFetch): boolean => a.nodeId === b.nodeId && a.next === b.next;

type RawNode = Record<string, unknown> & { id: unknown };

const idOf = (value: unknown): string => String(value);

function isRawNode(value: unknown): value is RawNode {
  return typeof value === 'object' && value !== null && 'id' in value;
}

/**
 * The nodes of a tree answer (protocol §10.2): the tree field's plain members describe the
 * parent, `$children` the children (same shape); with a fulltext, `$treepath` lists the
 * ancestors from the root down and they are rebuilt from it.
 */
export function readNodes(data: unknown, treefield: string): { roots: string[]; nodes: TreeNode[] } {
  const found = new Map<string, TreeNode>();
  const put = (node: TreeNode) => {
    const known = found.get(node.id);
    if (!known) found.set(node.id, node);
    else if (node.children) {
      const children = [...(known.children ?? [])];
      for (const child of node.children) if (!children.includes(child)) children.push(child);
      found.set(node.id, { ...known, children, childrenCount: node.childrenCount ?? known.childrenCount });
    }
  };
  const visit = (raw: RawNode, inheritedParent: string | null): string => {
    const id = idOf(raw.id);
    const field = raw[treefield] as Record<string, unknown> | null | undefined;
    const parent = field && field.id !== undefined && field.id !== null ? idOf(field.id) : inheritedParent;
    const rawChildren = Array.isArray(field?.$children)
      ? (field.$children as unknown[]).filter(isRawNode)
      : null;
    const children = rawChildren ? rawChildren.map((child) => visit(child, id)) : null;
    const path = Array.isArray(raw.$treepath) ? (raw.$treepath as unknown[]).filter(isRawNode) : [];
    let above: string | null = null;
    for (const ancestor of path) {
      const ancestorId = idOf(ancestor.id);
      put({
        id: ancestorId,
        name: String(ancestor.name ?? ancestorId),
        parent: above,
        root: above === null,
        children: null,
        childrenCount: null,
      });
      if (above !== null) put({ ...(found.get(above) as TreeNode), children: [ancestorId] });
      above = ancestorId;
    }
    const ownParent = path.length > 0 ? above : parent;
    if (path.length > 0 && above !== null) put({ ...(found.get(above) as TreeNode), children: [id] });
    put({
      id,
      name: String(raw.name ?? id),
      parent: ownParent,
      root: ownParent === null,
      children,
      childrenCount: typeof field?.$childrenCount === 'number' ? field.$childrenCount : null,
    });
    return id;
  };
  const list = Array.isArray(data) ? data.filter(isRawNode) : isRawNode(data) ? [data] : [];
  for (const raw of list) visit(raw, null);
  const nodes = [...found.values()];
  return { roots: nodes.filter((node) => node.root).map((node) => node.id), nodes };
}
