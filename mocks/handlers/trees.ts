import { HttpResponse, http } from 'msw';
import { headersIn } from '../db/schemas';
import { runtime } from '../runtime';
import { type Collection, findCollection } from '../search/collections';
import { decodeToken, encodeToken, parseOrderby, search } from '../search/engine';
import type { CollectionIndex } from '../search/indexes';
import { boolParam, intParam, jsonListParam, listParam, restPathOf } from '../search/params';
import { evaluate, parseQueryText, SearchError } from '../search/query';
import { registryOf } from '../search/registry';
import { childrenByParent, type NodeOptions, treeNode } from '../search/trees';
import { callerOf, langFor } from './caller';
import { restEnvelope } from './respond';
import { answering, DEFAULT_PAGE_SIZE, shapeRow } from './search';

/** Levels of children under the nodes of a tree page when `depth` is absent (protocol §10.1). */
export const DEFAULT_TREE_DEPTH = 2;

const TREE_PATH = /^(.+)\/tree(?:\/([^/]+))?$/;

/** Where a page starts: `after` (a token of this server), else `from` (1-based), else the first. */
function pageStart(params: URLSearchParams): number {
  const after = params.get('after');
  if (after) {
    const token = decodeToken<{ o: number }>(after);
    if (!Number.isInteger(token.o) || token.o < 0)
      throw new SearchError(400, `Invalid next results token ${after}`);
    return token.o;
  }
  return intParam(params, 'from', 1, 1) - 1;
}

function links(
  request: Request,
  params: URLSearchParams,
  end: number,
  total: number,
): Record<string, string | null> {
  if (end >= total) return { next: null };
  const token = encodeToken({ o: end });
  const next = new URLSearchParams(params);
  next.set('after', token);
  next.delete('from');
  return { next: `${new URL(request.url).pathname}?${next}`, nextResultsToken: token };
}

function headerMembers(
  request: Request,
  collection: Collection,
  params: URLSearchParams,
): Record<string, unknown> {
  if (!boolParam(params, 'headers')) return {};
  return { headers: headersIn(collection.schema.headers, langFor(params, callerOf(request))) };
}

/** Fulltext on a tree: the matching nodes, flat, each with `$treepath` (its ancestors, the root first). */
function fulltextAnswer(request: Request, params: URLSearchParams, index: CollectionIndex): Response {
  const { positions: matches } = search(registryOf(runtime.db), {
    collections: [index.collection],
    queryOf: () => params.get('query'),
    fulltext: params.get('fulltext') ?? '',
    fulltextMode: params.get('fulltextMode') === 'should' ? 'should' : 'must',
    orderby: params.get('orderby') || 'name asc',
    sortByRelevance: false,
  });
  const max = intParam(params, 'max', DEFAULT_PAGE_SIZE);
  const start = pageStart(params);
  const end = Math.min(start + max, matches.length);
  const shape = {
    caller: callerOf(request),
    props: listParam(params, 'props'),
    treepathProps: jsonListParam(params, 'treepathprops') ?? ['id', 'name'],
  };
  const data = Array.from(matches.subarray(start, end), (position) =>
    shapeRow(index, index.rows[position] as never, shape),
  );
  return HttpResponse.json({
    ...restEnvelope(request, {
      resource: index.collection.resource,
      data,
      total: matches.length,
      links: links(request, params, end, matches.length),
    }),
    ...headerMembers(request, index.collection, params),
  });
}

/**
 * Tree page (protocol §10): roots, or one node (`/tree/{id}`) with a page of its children, `depth`
 * levels down, `max` per level; the next page through `after` (or `from` for roots).
 */
function treeAnswer(
  request: Request,
  params: URLSearchParams,
  collection: Collection,
  nodeId?: string,
): Response {
  const index = registryOf(runtime.db).index(collection);
  if (!collection.treefield) throw new SearchError(400, `${collection.path} is not a tree`);
  if (params.get('fulltext')?.trim()) return fulltextAnswer(request, params, index);
  const depth = intParam(params, 'depth', DEFAULT_TREE_DEPTH, nodeId === undefined ? 0 : 1);
  const max = intParam(params, 'max', DEFAULT_PAGE_SIZE, 1);
  const mask = evaluate(parseQueryText(params.get('query')), index);
  const defaultOrder = collection.fields.has('position') ? 'position asc' : 'name asc';
  const children = childrenByParent(
    index,
    mask,
    parseOrderby(params.get('orderby') || defaultOrder, [collection]),
  );
  const options: NodeOptions = {
    collections: registryOf(runtime.db).collections,
    index,
    children,
    depth,
    max,
    props: listParam(params, 'props'),
  };
  const start = pageStart(params);
  let data: unknown;
  let total: number;
  if (nodeId === undefined) {
    const roots = children.get(null) ?? [];
    total = roots.length;
    data = roots
      .slice(start, start + max)
      .map((position) => treeNode({ ...options, depth: depth }, position));
  } else {
    const row = index.byId(nodeId);
    const position = row ? index.rows.indexOf(row) : -1;
    if (!row || mask[position] !== 1)
      throw new SearchError(404, `Unknown node ${nodeId} of ${collection.path}`);
    total = (children.get(row.id) ?? []).length;
    data = treeNode(options, position, { start });
  }
  return HttpResponse.json({
    ...restEnvelope(request, {
      resource: collection.resource,
      data,
      total,
      links: links(request, params, start + max, total),
    }),
    ...headerMembers(request, collection, params),
  });
}

/** Trees (protocol §10): `GET /rest/{path}/tree` and `/rest/{path}/tree/{nodeId}`. */
export const treeHandlers = [
  http.get('*/api/rest/*', ({ request }) =>
    answering(async () => {
      const match = TREE_PATH.exec(restPathOf(request) ?? '');
      const collection = match && findCollection(registryOf(runtime.db).collections, match[1] as string);
      if (!match || !collection) return undefined;
      return treeAnswer(request, new URL(request.url).searchParams, collection, match[2]);
    }),
  ),
];
