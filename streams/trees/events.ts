import * as z from 'zod/mini';
import { optionalFields } from '../core/optional-fields';
import { serializedErrorSchema } from '../core/errors';
import { defineAnswer, defineEvent, defineFact, defineIntent } from '../core/event';
import { page } from './endpoints';
import { treeFetchSchema, treeNodeSchema, treeOptionsSchema } from './model';

/**
 * Trees (seed 002 §3 Tree, §4, §5, §9; protocol §10): a tree of nodes (categories) loaded by levels.
 *
 * Public API (events to dispatch)
 * - `trees/registrationRequested` {name, path, ...options}: options of `treeOptionsSchema`
 *   (depth 2, max 24, orderby, props, techprops, query, staticQuery, withAggregates,
 *   enableKeywords, disableUseTreeApi). Refusals: `trees/registrationRefused`
 *   ('Cannot register a tree without a name or without path', 'Tree {name} already exists').
 *   `trees/registered` carries the options the tree runs with (the configured defaults filled in).
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
 * Selectors (`streams/trees/selectors.ts`): selectTree, selectTreeRoots, selectTreeAncestors.
 */

const name = z.string();

export const registrationRequested = defineIntent('trees/registrationRequested', {
  ...optionalFields(treeOptionsSchema.shape),
  name,
  path: z.string(),
  fulltext: z.optional(z.string()),
});
/** The options asked, over the configured defaults: a replay folds them whatever the config is today. */
export const registered = defineFact('trees/registered', 'system', { name, options: treeOptionsSchema });
export const registrationRefused = defineEvent(
  'trees/registrationRefused',
  z.object({ name, message: z.string() }),
  { source: 'system', redact: [], failure: true },
);

export const resolving = defineFact('trees/resolving', 'system', { name });
export const resolved = defineFact('trees/resolved', 'system', { name, treefield: z.string() });
export const resolveFailed = defineEvent(
  'trees/resolveFailed',
  z.object({ name, error: serializedErrorSchema }),
  { source: 'system', redact: [], failure: true },
);

export const fetchRequested = defineIntent('trees/fetchRequested', {
  name,
  nodeId: z.optional(z.nullable(z.string())),
  next: z.optional(z.boolean()),
});
export const fetchRefused = defineEvent('trees/fetchRefused', z.object({ name, message: z.string() }), {
  source: 'system',
  redact: [],
  failure: true,
});
/** Asked while the tree was initial or fetching: queued, newest first, and replayed after. */
export const fetchPostponed = defineFact('trees/fetchPostponed', 'system', {
  ...treeFetchSchema.shape,
  name,
});
/** A tree's page, declared with its request (`endpoints.ts`); `removed` drops the requests on their way. */
export const { requested: fetchStarted, succeeded: pageLoaded, failed: fetchFailed } = page;
export { pageInvalidated, removed } from './endpoints';

export const fulltextChanged = defineIntent('trees/fulltextChanged', { name, fulltext: z.string() });

export const nodeRevealRequested = defineIntent('trees/nodeRevealRequested', { name, nodeId: z.string() });
/** One level of a parent walk: the node and what it says of its parent. */
export const ancestorLoaded = defineAnswer('trees/ancestorLoaded', { name, nodes: z.array(treeNodeSchema) });
