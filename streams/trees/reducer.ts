import type { Draft } from 'immer';
import { caseReducer, on } from '../core/case-reducer';
import { addRegistering, namedListCases, withNamed } from '../core/named-lists';
import * as treeEvents from './events';
import { sameFetch, type TreeFetch, type TreeNode } from './model';
import type { TreeState, TreesState } from './state';

type D = Draft<TreesState>;

const withTree = (draft: D, name: string, change: (tree: Draft<TreeState>) => void): void =>
  withNamed(draft.byName, name, change);

function enqueue(tree: Draft<TreeState>, fetch: TreeFetch): void {
  tree.queue = [fetch, ...tree.queue.filter((queued) => !sameFetch(queued, fetch))];
}

/** A node seen again keeps the children it had when the new copy does not list any. */
function mergeNode(tree: Draft<TreeState>, node: TreeNode): void {
  const known = tree.nodes[node.id];
  tree.nodes[node.id] = known && node.children === null ? { ...node, children: known.children } : node;
}

export const treesReducer = caseReducer<TreesState>(
  on(treeEvents.registrationRequested, (draft, ask) =>
    addRegistering(draft.byName, ask, () => ({
      options: null,
      fulltext: ask.payload.fulltext ?? '',
      treefield: null,
      roots: [],
      nodes: {},
      nodeTokens: {},
      queue: [],
    })),
  ),
  on(treeEvents.registered, (draft, { payload }) =>
    withTree(draft, payload.name, (tree) => {
      tree.status = 'registered';
      tree.options = payload.options;
    }),
  ),
  ...namedListCases<TreesState>({
    removed: treeEvents.removed,
    resolving: treeEvents.resolving,
    resolveFailed: treeEvents.resolveFailed,
    fetchFailed: treeEvents.fetchFailed,
  }),
  on(treeEvents.resolved, (draft, { payload }) =>
    withTree(draft, payload.name, (tree) => {
      tree.status = 'resolved';
      tree.treefield = payload.treefield;
      tree.error = null;
    }),
  ),
  on(treeEvents.fetchPostponed, (draft, { payload }) =>
    withTree(draft, payload.name, (tree) => enqueue(tree, { nodeId: payload.nodeId, next: payload.next })),
  ),
  on(treeEvents.fetchStarted, (draft, { payload }) =>
    withTree(draft, payload.name, (tree) => {
      tree.status = tree.fetched ? 'fetching' : 'initial';
      tree.fetched = true;
      tree.signature = payload.signature;
      tree.error = null;
      tree.queue = tree.queue.filter((queued) => !sameFetch(queued, payload));
    }),
  ),
  on(treeEvents.pageLoaded, (draft, { payload }) =>
    withTree(draft, payload.name, (tree) => {
      tree.status = 'loaded';
      tree.lastSignature = payload.signature;
      const { nodeId } = payload;
      if (nodeId === null && !payload.next) tree.nodes = {};
      for (const node of payload.nodes) {
        const known = tree.nodes[node.id];
        // a next page of a node's children adds to those already loaded
        if (payload.next && node.id === nodeId && known?.children && node.children) {
          mergeNode(tree, { ...node, children: [...new Set([...known.children, ...node.children])] });
        } else mergeNode(tree, node);
      }
      if (nodeId === null) {
        const roots = payload.next ? [...tree.roots, ...payload.roots] : payload.roots;
        tree.roots = [...new Set(roots)];
        tree.total = payload.total;
        tree.hasMoreResults = payload.hasMoreResults;
        tree.nextResultsToken = payload.nextResultsToken;
      } else if (payload.nextResultsToken && payload.hasMoreResults) {
        tree.nodeTokens[nodeId] = payload.nextResultsToken;
      } else delete tree.nodeTokens[nodeId];
    }),
  ),
  on(treeEvents.pageInvalidated, (draft, { payload }) =>
    withTree(draft, payload.name, (tree) => {
      tree.status = 'resolved';
      tree.lastSignature = payload.received;
      enqueue(tree, { nodeId: payload.nodeId, next: payload.next });
    }),
  ),
  on(treeEvents.fulltextChanged, (draft, { payload }) =>
    withTree(draft, payload.name, (tree) => {
      tree.fulltext = payload.fulltext;
      if (tree.status === 'loaded') {
        tree.status = 'registered';
        tree.queue = [];
      }
    }),
  ),
  on(treeEvents.ancestorLoaded, (draft, { payload }) =>
    withTree(draft, payload.name, (tree) => {
      for (const node of payload.nodes) mergeNode(tree, node);
    }),
  ),
);
