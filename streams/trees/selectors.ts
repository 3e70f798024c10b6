import type { TreeNode } from './model';
import type { TreeState, TreesState } from './state';

export type { TreeNode } from './model';
export type { TreeState } from './state';
export type WithTrees = { trees: TreesState };

export const selectTree = (state: WithTrees, name: string): TreeState | undefined => state.trees.byName[name];

const NO_NODES: readonly TreeNode[] = Object.freeze([]);
const rootsCache = new WeakMap<readonly string[], TreeNode[]>();

function nodesOf(
  tree: TreeState | undefined,
  ids: readonly string[] | null | undefined,
): readonly TreeNode[] {
  if (!tree || !ids) return NO_NODES;
  const cached = rootsCache.get(ids);
  if (cached) return cached;
  const nodes = ids.flatMap((id) => {
    const node = tree.nodes[id];
    return node ? [node] : [];
  });
  rootsCache.set(ids, nodes);
  return nodes;
}

export const selectTreeRoots = (state: WithTrees, name: string): readonly TreeNode[] => {
  const tree = state.trees.byName[name];
  return nodesOf(tree, tree?.roots);
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
