import * as z from 'zod';
import { serializedErrorSchema } from '../core/errors';
import { defineEvent } from '../core/event';
import { treeFetchSchema, treeNodeSchema, treeOptionsSchema } from './model';

/**
 * Trees (seed 002 §3 Tree, §4, §5, §9; protocol §10): a tree of nodes (categories) loaded by levels.
 *
 * Public API (events to dispatch)
 * - `trees/registrationRequested` {name, path, ...options}: options of `treeOptionsSchema`
 *   (depth 2, max 24, orderby, props, techprops, query, staticQuery, withAggregates,
 *   enableKeywords, disableUseTreeApi). Refusals: `trees/registrationRefused`
 *   ('Cannot register a tree without a name or without path', 'Tree {name} already exists').
 *   The schema is resolved at once; a path without a tree field fails ('{path} is not a tree').
 * - `trees/fetchRequested` {name, nodeId?, next?}: the roots (no nodeId) or a node's children
 *   (depth >= 1), first or next page; asked 80 ms after the last request of the same kind; a fetch
 *   asked while the tree is initial or fetching is postponed and replayed after. Unknown names:
 *   'Unknown tree {name}' (`trees/fetchRefused`), except `~` names (ignored).
 * - `trees/fulltextChanged` {name, fulltext}: a loaded tree goes back to registered and loads its
 *   matching nodes with their ancestors.
 * - `trees/nodeRevealRequested` {name, nodeId}: loads a node and its ancestors, 10 levels at most.
 * - `trees/removed` {name}.
 * Next pages load by themselves 500 ms after a page with more (not with a fulltext).
 *
 * Selectors (`streams/trees/selectors.ts`): selectTree, selectTreeStatus, selectTreeRoots,
 * selectTreeNode, selectTreeChildren, selectTreeAncestors, selectTreeError.
 */

export const registrationRequested = defineEvent(
  'trees/registrationRequested',
  treeOptionsSchema.partial().extend({ name: z.string(), path: z.string(), fulltext: z.string().optional() }),
  { source: 'ui', redact: [] },
);
export const registered = defineEvent('trees/registered', z.object({ name: z.string() }), {
  source: 'system',
  redact: [],
});
export const registrationRefused = defineEvent(
  'trees/registrationRefused',
  z.object({ name: z.string(), message: z.string() }),
  { source: 'system', redact: [], failure: true },
);
export const removed = defineEvent('trees/removed', z.object({ name: z.string() }), {
  source: 'ui',
  redact: [],
});

export const resolving = defineEvent('trees/resolving', z.object({ name: z.string() }), {
  source: 'system',
  redact: [],
});
export const resolved = defineEvent('trees/resolved', z.object({ name: z.string(), treefield: z.string() }), {
  source: 'system',
  redact: [],
});
export const resolveFailed = defineEvent(
  'trees/resolveFailed',
  z.object({ name: z.string(), error: serializedErrorSchema }),
  { source: 'system', redact: [], failure: true },
);

export const fetchRequested = defineEvent(
  'trees/fetchRequested',
  z.object({ name: z.string(), nodeId: z.string().nullable().optional(), next: z.boolean().optional() }),
  { source: 'ui', redact: [] },
);
export const fetchRefused = defineEvent(
  'trees/fetchRefused',
  z.object({ name: z.string(), message: z.string() }),
  { source: 'system', redact: [], failure: true },
);
/** Asked while the tree was initial or fetching: queued, newest first, and replayed after. */
export const fetchPostponed = defineEvent(
  'trees/fetchPostponed',
  treeFetchSchema.extend({ name: z.string() }),
  { source: 'system', redact: [] },
);
export const fetchStarted = defineEvent(
  'trees/fetchStarted',
  treeFetchSchema.extend({ name: z.string(), signature: z.string() }),
  { source: 'system', redact: [] },
);
export const pageLoaded = defineEvent(
  'trees/pageLoaded',
  treeFetchSchema.extend({
    name: z.string(),
    signature: z.string(),
    roots: z.array(z.string()),
    nodes: z.array(treeNodeSchema),
    total: z.number(),
    hasMoreResults: z.boolean(),
    nextResultsToken: z.string().nullable(),
  }),
  { source: 'server', redact: [] },
);
/** The answer's `state` is not the current signature: back to resolved, the fetch queued again. */
export const pageInvalidated = defineEvent(
  'trees/pageInvalidated',
  treeFetchSchema.extend({ name: z.string(), sent: z.string(), received: z.string().nullable() }),
  { source: 'server', redact: [] },
);
export const fetchFailed = defineEvent(
  'trees/fetchFailed',
  treeFetchSchema.extend({ name: z.string(), error: serializedErrorSchema }),
  { source: 'server', redact: [], failure: true },
);

export const fulltextChanged = defineEvent(
  'trees/fulltextChanged',
  z.object({ name: z.string(), fulltext: z.string() }),
  { source: 'ui', redact: [] },
);

export const nodeRevealRequested = defineEvent(
  'trees/nodeRevealRequested',
  z.object({ name: z.string(), nodeId: z.string() }),
  { source: 'ui', redact: [] },
);
/** One level of a parent walk: the node and what it says of its parent. */
export const ancestorLoaded = defineEvent(
  'trees/ancestorLoaded',
  z.object({ name: z.string(), nodes: z.array(treeNodeSchema) }),
  { source: 'server', redact: [] },
);
