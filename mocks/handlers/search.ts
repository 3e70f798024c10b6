import { HttpResponse, http } from 'msw';
import { type Asset, findById } from '../db/assets';
import { hostileName } from '../hostile';
import { runtime } from '../runtime';
import {
  constraintAggregates,
  defaultAggregateFields,
  fieldAggregates,
  metaQueryOf,
} from '../search/aggregates';
import { type Collection, findCollection, type Row, resolveListPath, wireRow } from '../search/collections';
import { hitAt, type ListSpec, nextToken, type Result, search, startOf } from '../search/engine';
import { type FulltextMode, fulltextMask, parseFulltext, suggestWords } from '../search/fulltext';
import {
  GROUP_PAGE_SIZE,
  groupPage,
  groupResult,
  groupRowStart,
  groupStart,
  nextGroupsToken,
} from '../search/groups';
import { and, type CollectionIndex } from '../search/indexes';
import {
  boolParam,
  intParam,
  isReadRequest,
  jsonListParam,
  listParam,
  requestParams,
  restPathOf,
} from '../search/params';
import { evaluate, parseQueryText, SearchError } from '../search/query';
import { registryOf } from '../search/registry';
import { KNOWN_RIGHTS, securityOf } from '../search/rights';
import { treepathOf } from '../search/trees';
import { faceMembers, facesOf } from '../entities/faces';
import { variationOf } from '../entities/variations';
import { type Lang, workflowOf } from '../entities/workflow';
import { type Caller, callerOf, langFor } from './caller';
import { padHugeRows } from '../hostile';
import { errorResponse, restEnvelope } from './respond';
import { multiSchemaBody, singleSchemaBody } from './schemas';

/** Page size when `max` is absent (protocol §8.2). */
export const DEFAULT_PAGE_SIZE = 24;
/** Word suggestions when `max` is absent: the client shows at most 10 (seed 002 §9). */
export const DEFAULT_SUGGESTIONS = 10;

/** Runs a resolver that may leave a request to later handlers (undefined); engine refusals become error bodies. */
export async function answering(resolve: () => Promise<Response | undefined>): Promise<Response | undefined> {
  try {
    return await resolve();
  } catch (error) {
    if (error instanceof SearchError) return errorResponse(error.status, error.message);
    throw error;
  }
}

function fulltextModeOf(params: URLSearchParams): FulltextMode {
  const mode = params.get('fulltextMode') || 'must';
  if (mode !== 'should' && mode !== 'must')
    throw new SearchError(400, `fulltextMode must be should or must, not ${mode}`);
  return mode;
}

/**
 * A resource's query (protocol §8.3): `query_{resource}` where the client sent one (a meta-schema
 * path such as `dam/asset`, whatever the number of its resources), else `query`.
 */
const queryParamOf = (params: URLSearchParams, collection: Collection): string | null =>
  params.get(`query_${collection.resource}`) ?? params.get('query');

function specOf(params: URLSearchParams, collections: Collection[]): ListSpec {
  return {
    collections,
    queryOf: (collection) => queryParamOf(params, collection),
    fulltext: params.get('fulltext') ?? '',
    fulltextMode: fulltextModeOf(params),
    orderby: params.get('orderby'),
    sortByRelevance: boolParam(params, 'sortByRelevance'),
  };
}

/** How rows are shaped for one request: props, rights and tree paths. */
interface RowShape {
  caller: Caller;
  props?: string[];
  rights?: readonly string[];
  treepathProps?: string[];
  /** `workflows=true`: rows with a `$status` carry `$workflow` in this language (demo convention) */
  workflows?: Lang;
}

export function shapeOf(params: URLSearchParams, caller: Caller): RowShape {
  const props = listParam(params, 'props');
  const rights = boolParam(params, 'withRights') ? [...KNOWN_RIGHTS] : listParam(params, 'security');
  const treepathProps = params.get('treepath')
    ? (jsonListParam(params, 'treepathprops') ?? ['id', 'name'])
    : undefined;
  const workflows = boolParam(params, 'workflows') ? langFor(params, caller) : undefined;
  return { caller, props, rights, treepathProps, workflows };
}

export function shapeRow(index: CollectionIndex, row: Row, shape: RowShape): Record<string, unknown> {
  const wire = wireRow(registryOf(runtime.db).collections, index.collection, row, shape.props);
  for (const key of ['name', 'title']) if (key in wire) wire[key] = hostileName(wire[key]);
  if (shape.rights) wire.$security = securityOf(shape.caller, shape.rights);
  if (shape.treepathProps && index.collection.treefield)
    wire.$treepath = treepathOf(index, row, shape.treepathProps);
  if (shape.workflows && '$status' in row)
    wire.$workflow = workflowOf(row.$status, shape.caller, shape.workflows);
  return wire;
}

/** `$moreChildren_{field}` of protocol §12.1: where a page of a field's values stands. */
export function moreChildren(total: number, first: number, count: number, field: string) {
  const end = first + count;
  return {
    count,
    total,
    first,
    nextToken: end < total ? btoa(`${field}:${end}`) : null,
    hasMoreResults: end < total,
  };
}

/** The offset a `nextToken` of `field` stands for; 0 without a token, undefined when it is not one. */
export function offsetOfToken(token: string | null, field: string): number | undefined {
  if (!token) return 0;
  let text: string;
  try {
    text = atob(token);
  } catch {
    return undefined;
  }
  const match = /^(.*):(\d+)$/.exec(text);
  return match && match[1] === field ? Number(match[2]) : undefined;
}

/**
 * One entity as `GET /rest/{path}/{id}` answers it: the row (rights, and `$workflow` for a row with a
 * workflow status: a fetch has no `workflows` parameter, protocol §12.1),
 * and for assets their faces (`$faces-n`), their `binary` and, with `variation`, `$asset`;
 * with `maxchildren`, relation arrays cut to that many values and `$moreChildren_{field}`.
 */
export function entityData(
  params: URLSearchParams,
  index: CollectionIndex,
  row: Row,
  caller: Caller,
): Record<string, unknown> {
  const data = shapeRow(index, row, { ...shapeOf(params, caller), workflows: langFor(params, caller) });
  const { collection } = index;
  const maxText = params.get('maxchildren');
  if (maxText) {
    const max = intParam(params, 'maxchildren', 0, 1);
    for (const [name, field] of collection.fields) {
      const values = data[name];
      if (field.type !== 'array' || !Array.isArray(values) || values.length <= max) continue;
      data[name] = values.slice(0, max);
      data[`$moreChildren_${name}`] = moreChildren(values.length, 0, max, name);
    }
  }
  if (collection.resource === 'asset') {
    const asset = row as unknown as Asset;
    Object.assign(data, faceMembers(facesOf(asset)));
    data.binary = { type: asset.mimetype, serverPath: `/asset/${asset.id}/${asset.filename}` };
    const variation = params.get('variation');
    if (variation) {
      const found = variationOf(asset, variation);
      if (!found) throw new SearchError(404, `Unknown variation ${variation} of asset ${asset.id}`);
      const detail = { ...found, url: `/api/wedia/dam/variation/asset/${asset.id}/${variation}` };
      data.$asset = { variation: detail, variations: [detail], sizes: params.get('variations') || 'SIZE' };
    }
  }
  return data;
}

/** The envelope members a list carries for `headers=true`: one schema, or several for a meta path. */
function headerMembers(collections: Collection[], caller: Caller, lang: Lang): Record<string, unknown> {
  if (collections.length > 1)
    return multiSchemaBody(
      collections.map((collection) => collection.schema),
      caller,
      lang,
    );
  const [only] = collections as [Collection];
  return singleSchemaBody(only.schema, caller, lang);
}

/** The envelope of protocol §1.8; a meta path has `response.resources` instead of a `resource`. */
function envelope(
  request: Request,
  params: URLSearchParams,
  collections: Collection[],
  body: {
    data: unknown[];
    total: number;
    aggregates?: Record<string, unknown>;
    links?: Record<string, unknown>;
  },
): Record<string, unknown> {
  const caller = callerOf(request);
  const state = params.get('state');
  const headers = boolParam(params, 'headers')
    ? headerMembers(collections, caller, langFor(params, caller))
    : {};
  if (collections.length === 1) {
    const base = restEnvelope(request, {
      resource: (collections[0] as Collection).resource,
      data: body.data,
      total: body.total,
      aggregates: body.aggregates,
      links: body.links,
      state,
    });
    return { ...base, ...headers };
  }
  return {
    response: {
      data: body.data,
      total: body.total,
      count: body.data.length,
      resources: collections.map((collection) => collection.resource),
      ...(body.aggregates && { aggregates: body.aggregates }),
    },
    links: body.links ?? {},
    ...(state !== null && { state }),
    ...headers,
  };
}

function nextUrl(request: Request, params: URLSearchParams, token: string): string {
  const next = new URLSearchParams(params);
  next.set('after', token);
  next.set('withAggregates', 'false');
  next.delete('aggFields');
  return `${new URL(request.url).pathname}?${next}`;
}

function listAggregates(result: Result, params: URLSearchParams): Record<string, unknown> {
  const limit = params.get('limit') ? intParam(params, 'limit', 0) : undefined;
  const asked = listParam(params, 'aggFields');
  const per = (index: CollectionIndex, at: number) =>
    fieldAggregates(
      index,
      result.masks[at] as Uint8Array,
      asked?.filter((field) => result.indexes.length === 1 || index.field(field)) ??
        defaultAggregateFields(index),
      limit,
    );
  if (result.indexes.length === 1) return per(result.indexes[0] as CollectionIndex, 0);
  return Object.fromEntries(result.indexes.map((index, at) => [index.collection.resource, per(index, at)]));
}

/** List page (protocol §8.1): rows `[start, start + max)`, the token of the next page, aggregates when asked. */
function listAnswer(request: Request, params: URLSearchParams, collections: Collection[]): Response {
  const registry = registryOf(runtime.db);
  const result = search(registry, specOf(params, collections));
  if (params.get('group')) return groupAnswer(request, params, collections, result);
  const max = intParam(params, 'max', DEFAULT_PAGE_SIZE);
  const start = startOf(result, params.get('after'));
  const end = Math.min(start + max, result.positions.length);
  const shape = shapeOf(params, callerOf(request));
  const data: Record<string, unknown>[] = [];
  for (let offset = start; offset < end; offset++) {
    const { index, row } = hitAt(result, offset);
    data.push(shapeRow(index, row, shape));
  }
  const token = max > 0 ? nextToken(result, end) : undefined;
  return HttpResponse.json(
    envelope(request, params, collections, {
      data: runtime.settings['hostile.hugeAnswers'] ? padHugeRows(data) : data,
      total: result.positions.length,
      aggregates: boolParam(params, 'withAggregates') ? listAggregates(result, params) : undefined,
      links: token ? { next: nextUrl(request, params, token), nextResultsToken: token } : { next: null },
    }),
  );
}

/** Grouped list (protocol §23 item 23, [conv]): groups of rows, more groups and more rows by token. */
function groupAnswer(
  request: Request,
  params: URLSearchParams,
  collections: Collection[],
  result: Result,
): Response {
  const groups = groupResult(result, params.get('group') as string);
  const size = intParam(params, 'groupMax', intParam(params, 'max', DEFAULT_PAGE_SIZE), 1);
  const shape = shapeOf(params, callerOf(request));
  const rowsOf = (offsets: number[]) =>
    offsets.map((offset) => {
      const { index, row } = hitAt(result, offset);
      return shapeRow(index, row, shape);
    });
  const groupKey = params.get('groupKey');
  let pages: ReturnType<typeof groupPage>[];
  let nextGroups: string | null = null;
  if (groupKey !== null) {
    const group = groups.find((candidate) => candidate.key === groupKey);
    if (!group) throw new SearchError(404, `Unknown group ${groupKey}`);
    pages = [groupPage(group, groupRowStart(params.get('after'), groupKey), size)];
  } else {
    const start = groupStart(params.get('nextGroups'));
    pages = groups.slice(start, start + GROUP_PAGE_SIZE).map((group) => groupPage(group, 0, size));
    nextGroups = nextGroupsToken(groups, start + GROUP_PAGE_SIZE);
  }
  const state = params.get('state');
  return HttpResponse.json({
    ...(collections.length === 1 && { resource: (collections[0] as Collection).resource }),
    response: {
      groups: pages.map(({ offsets, ...group }) => ({ ...group, data: rowsOf(offsets) })),
      nextGroups,
      total: result.positions.length,
    },
    links: {},
    ...(state !== null && { state }),
  });
}

/** `suggest=words` (protocol §8.1): words completing the last one typed, among the rows the rest matches. */
function suggestAnswer(request: Request, params: URLSearchParams, collections: Collection[]): Response {
  const registry = registryOf(runtime.db);
  const typed = params.get('fulltext') ?? '';
  const max = intParam(params, 'max', DEFAULT_SUGGESTIONS, 1);
  const before = typed.trim().split(/\s+/).slice(0, -1);
  const words = new Set<string>();
  for (const collection of collections) {
    const index = registry.index(collection);
    const scope = and(
      evaluate(parseQueryText(specOf(params, collections).queryOf(collection)), index),
      fulltextMask(index, parseFulltext(before.map((word) => `${word}*`).join(' ')), 'must'),
    );
    for (const word of suggestWords(index, typed, scope, max)) if (words.size < max) words.add(word);
  }
  return HttpResponse.json(envelope(request, params, collections, { data: [...words], total: words.size }));
}

function parseJsonParam(text: string | null): unknown {
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new SearchError(400, `The query is not valid JSON: ${text}`);
  }
}

/** Constraint counts (protocol §9.1, `POST /rest/{path}/aggs`, override GET, form body). */
function aggsAnswer(request: Request, params: URLSearchParams, collections: Collection[]): Response {
  const registry = registryOf(runtime.db);
  const terms = parseFulltext(params.get('fulltext'));
  const mode = fulltextModeOf(params);
  const answers = collections.map((collection) => {
    const index = registry.index(collection);
    const query = parseJsonParam(queryParamOf(params, collection));
    const meta = metaQueryOf(query);
    return {
      resource: collection.resource,
      ...constraintAggregates(index, fulltextMask(index, terms, mode), meta),
    };
  });
  const total = answers.reduce((sum, answer) => sum + answer.total, 0);
  const aggregates =
    answers.length === 1
      ? (answers[0] as (typeof answers)[number]).aggregates
      : Object.fromEntries(answers.map((answer) => [answer.resource, answer.aggregates]));
  return HttpResponse.json(envelope(request, params, collections, { data: [], total, aggregates }));
}

/** `GET /rest/{path}/{id}`: one row, by id or `$uuid`. */
function entityAnswer(
  request: Request,
  params: URLSearchParams,
  collection: Collection,
  id: string,
): Response {
  const index = registryOf(runtime.db).index(collection);
  const row = /^\d+$/.test(id)
    ? findById(index.rows, id)
    : index.rows.find((candidate) => candidate.$uuid === id);
  if (!row) return errorResponse(404, `ID #${id} NOT FOUND`);
  const caller = callerOf(request);
  const data = entityData(params, index, row, caller);
  const headers = boolParam(params, 'headers')
    ? headerMembers([collection], caller, langFor(params, caller))
    : {};
  return HttpResponse.json({
    ...restEnvelope(request, { resource: collection.resource, data, state: params.get('state') }),
    ...headers,
  });
}

async function route(request: Request): Promise<Response | undefined> {
  const path = restPathOf(request);
  if (path === undefined || !isReadRequest(request)) return undefined;
  const { collections } = registryOf(runtime.db);
  if (path.endsWith('/aggs')) {
    const owners = resolveListPath(collections, path.slice(0, -'/aggs'.length));
    return owners && aggsAnswer(request, await requestParams(request), owners);
  }
  const listed = resolveListPath(collections, path);
  if (listed) {
    const params = await requestParams(request);
    const suggest = params.get('suggest');
    if (suggest === 'words') return suggestAnswer(request, params, listed);
    if (suggest) throw new SearchError(400, `Unknown suggest ${suggest}: only words is served`);
    return listAnswer(request, params, listed);
  }
  const slash = path.lastIndexOf('/');
  const owner = slash > 0 ? findCollection(collections, path.slice(0, slash)) : undefined;
  return owner && entityAnswer(request, await requestParams(request), owner, path.slice(slash + 1));
}

/** From this many assets (`DEMO_ASSETS`), the asset indexes are built just after start, not on the first search. */
const WARM_UP_FROM = 20_000;

function warmUp(): void {
  const registry = registryOf(runtime.db);
  const assets = registry.collections.get('dam/data/asset');
  if (!assets || assets.rows().length < WARM_UP_FROM) return;
  const index = registry.index(assets);
  void index.fulltext;
  void index.suggestions;
  for (const name of ['activated', ...defaultAggregateFields(index)]) {
    const field = index.field(name);
    if (field) index.facet(field);
  }
}

// after the server has started listening: a first search during the build waits for it
setTimeout(warmUp, 500);

/** Lists, word suggestions, grouped lists, aggregates and entities of the searchable paths (protocol §8, §9). */
export const searchHandlers = [http.all('*/api/rest/*', ({ request }) => answering(() => route(request)))];
