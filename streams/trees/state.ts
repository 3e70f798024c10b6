import type { SerializedError } from '../core/errors';
import type { Status } from '../core/status';
import type { TreeFetch, TreeNode, TreeOptions } from './model';

export interface TreeState {
  name: string;
  path: string;
  status: Status;
  error: SerializedError | null;
  /** null until registered: the options asked, over the configured defaults */
  options: TreeOptions | null;
  fulltext: string;
  registration: string;
  treefield: string | null;
  roots: string[];
  nodes: Record<string, TreeNode>;
  total: number;
  hasMoreResults: boolean;
  nextResultsToken: string | null;
  /** per node: the token of its next children page */
  nodeTokens: Record<string, string>;
  signature: string | null;
  lastSignature: string | null;
  /** fetches asked while busy, newest first, without duplicates (protocol §10.3) */
  queue: TreeFetch[];
  fetched: boolean;
}

export interface TreesState {
  byName: Record<string, TreeState>;
  lastRefusal: { name: string; message: string } | null;
}

/** A tree past its registration: its options are known. */
export type RegisteredTree = TreeState & { options: TreeOptions };

export const isRegistered = (tree: TreeState | undefined): tree is RegisteredTree =>
  tree !== undefined && tree.options !== null;

export const initialTreesState: TreesState = { byName: {}, lastRefusal: null };
