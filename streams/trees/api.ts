import * as z from 'zod/mini';
import type { HttpRequest, QueryValue } from '../core/http';
import { adaptFulltext, andOf } from '../core/query/operators';
import { signatureOf } from '../core/signature';
import type { TreeFetch } from './model';
import type { RegisteredTree } from './state';

/** A tree answer (protocol §10.1): `response.data` is a list of nodes or one node. */
export const treeAnswerSchema = z.looseObject({
  resource: z.optional(z.string()),
  response: z.looseObject({ data: z.unknown(), total: z.optional(z.number()) }),
  links: z.nullish(z.looseObject({ next: z.nullish(z.string()), nextResultsToken: z.nullish(z.string()) })),
  state: z.nullish(z.union([z.string(), z.number()])),
});
type TreeAnswer = z.infer<typeof treeAnswerSchema>;

/** The token or index a fetch continues from. */
function continuation(tree: RegisteredTree, fetch: TreeFetch): { after?: string; from?: number } {
  if (!fetch.next) return {};
  const token = fetch.nodeId === null ? tree.nextResultsToken : tree.nodeTokens[fetch.nodeId];
  if (token) return { after: token };
  // without a token the roots continue from an index: loaded roots + 1 (protocol §10.3)
  return fetch.nodeId === null ? { from: tree.roots.length + 1 } : {};
}

function queryOf(tree: RegisteredTree): Record<string, unknown> {
  return andOf([tree.options.query ?? {}, tree.options.staticQuery ?? {}]);
}

/** protocol §10.3: max, orderby, staticQuery, fulltext, after, props, techprops and query. */
export function treeSignature(tree: RegisteredTree, fetch: TreeFetch): string {
  const { after, from } = continuation(tree, fetch);
  return signatureOf([
    tree.options.max,
    tree.options.orderby,
    tree.options.staticQuery,
    fetch.nodeId === null ? adaptFulltext(tree.fulltext) : '',
    after ?? from ?? null,
    tree.options.props,
    tree.options.techprops,
    tree.options.query,
    fetch.nodeId,
  ]);
}

const joined = (list: readonly string[]): string | undefined =>
  list.length > 0 ? list.join(',') : undefined;

/**
 * A tree page (protocol §10.1): `/rest/{path}/tree[/{node}]`, or the plain path when the tree API
 * is off or a fulltext is applied; the fulltext is sent empty when not searching and for a node.
 */
export function treeRequest(
  tree: RegisteredTree,
  fetch: TreeFetch,
  signature: string,
  schemaResolved: boolean,
): HttpRequest<TreeAnswer> {
  const { options } = tree;
  const fulltext = fetch.nodeId === null ? adaptFulltext(tree.fulltext) : '';
  const plain = options.disableUseTreeApi || fulltext !== '';
  const node = fetch.nodeId === null ? '' : `/${fetch.nodeId}`;
  const path = plain ? `/rest/${tree.path}${node}` : `/rest/${tree.path}/tree${node}`;
  const orderby = joined(options.orderby);
  const keywords =
    !plain && options.enableKeywords && (orderby === undefined || /^name(\s|$)/.test(orderby))
      ? true
      : undefined;
  const depth = fetch.nodeId === null ? options.depth : Math.max(1, options.depth);
  const query: Record<string, QueryValue> = {
    ...continuation(tree, fetch),
    depth: fulltext ? undefined : depth,
    fulltext,
    headers: !schemaResolved,
    keywords,
    max: options.max,
    orderby,
    props: joined(options.props),
    query: queryOf(tree),
    state: signature,
    techprops: joined(options.techprops),
    treepath: fulltext ? 'asc' : undefined,
    treepathprops: fulltext ? JSON.stringify(['id', 'name']) : undefined,
    treetop: fulltext ? -1 : undefined,
    withAggregates: options.withAggregates,
  };
  const sorted = Object.fromEntries(Object.entries(query).sort(([a], [b]) => (a < b ? -1 : 1)));
  return { method: 'GET', path, query: sorted, schema: treeAnswerSchema };
}
