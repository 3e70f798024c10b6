import type { SerializedError } from '../core/errors';
import type { Status } from '../core/status';
import type { TreeNode } from './model';
import type { TreeState, TreesState } from './reducer';

export type WithTrees = { trees: TreesState };

export const selectTree = (state: WithTrees, name: string): TreeState | undefined => state.trees.byName[name];

export const selectTreeStatus = (state: WithTrees, name: string): Status =>
  state.trees.byName[name]?.status ?? 'unknown';

export const selectTreeError = (state: WithTrees, name: string): SerializedError | null =>
  state.trees.byName[name]?.error ?? null;

const NO_NODES: readonly TreeNode[] = Object.freeze([]);
const childrenCache = new WeakMap<readonly string[], TreeNode[]>();

function nodesOf(
  tree: TreeState | undefined,
  ids: readonly string[] | null | undefined,
): readonly TreeNode[] {
  if (!tree || !ids) return NO_NODES;
  const cached = childrenCache.get(ids);
  if (cached) return cached;
  const nodes = ids.flatMap((id) => {
    const node = tree.nodes[id];
    return node ? [node] : [];
  });
  childrenCache.set(ids, nodes);
  return nodes;
}

export const selectTreeRoots = (state: WithTrees, name: string): readonly TreeNode[] => {
  const tree = state.trees.byName[name];
  return nodesOf(tree, tree?.roots);
};

export const selectTreeNode = (state: WithTrees, name: string, id: string): TreeNode | undefined =>
  state.trees.byName[name]?.nodes[id];

/** The loaded children of a node; an empty list until they are asked (`node.children === null`). */
export const selectTreeChildren = (state: WithTrees, name: string, id: string): readonly TreeNode[] => {
  const tree = state.trees.byName[name];
  return nodesOf(tree, tree?.nodes[id]?.children);
};

/** The ancestors of a node, the root first, as far as they are loaded. */
export function selectTreeAncestors(state: WithTrees, name: string, id: string): TreeNode[] {
  const tree = state.trees.byName[name];
  const path: TreeNode[] = [];
  const seen = new Set<string>([id]);
  let parent = tree?.nodes[id]?.parent ?? null;
  while (parent !== null && tree && !seen.has(parent)) {
    seen.add(parent);
    const node = tree.nodes[parent];
    if (!node) break;
    path.unshift(node);
    parent = node.parent;
  }
  return path;
}
