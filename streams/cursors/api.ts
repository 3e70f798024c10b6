import * as z from 'zod/mini';
import type { HttpRequest, QueryValue } from '../core/http';
import type { WireQuery } from '../core/query/operators';
import { signatureOf } from '../core/signature';
import { type CursorState, groupSchema, type PageKind, sentFulltext } from './model';

/** The REST envelope of a list (protocol §1.8, §8.1, §23 item 23). */
const listAnswerSchema = z.looseObject({
  resource: z.optional(z.string()),
  response: z.looseObject({
    data: z.optional(z.array(z.unknown())),
    total: z.optional(z.number()),
    count: z.optional(z.number()),
    aggregates: z.nullish(z.record(z.string(), z.unknown())),
    groups: z.optional(z.array(groupSchema)),
    nextGroups: z.nullish(z.string()),
  }),
  links: z.nullish(z.looseObject({ next: z.nullish(z.string()), nextResultsToken: z.nullish(z.string()) })),
  state: z.nullish(z.union([z.string(), z.number()])),
  headers: z.nullish(z.record(z.string(), z.unknown())),
});
export type ListAnswer = z.infer<typeof listAnswerSchema>;

/** What the schema tells a list request. */
export interface SchemaContext {
  resolved: boolean;
  meta: boolean;
  /** every field of every schema of the path (protocol §8.2 orderby rule) */
  fields: ReadonlySet<string>;
}

/** The page a request asks for. */
export interface PageAsk {
  kind: PageKind;
  after?: string;
  nextGroups?: string;
  groupKey?: string;
}

/** protocol §8.2: ordering fields absent from every schema of the path are dropped (`id` always exists). */
function keptOrderby(orderby: readonly string[], fields: ReadonlySet<string>): string[] {
  return orderby.filter((part) => {
    const field = (part.trim().split(/\s+/)[0] ?? '').replace(/^[-+]/, '');
    return field === 'id' || fields.has(field);
  });
}

/**
 * The list signature (protocol §8.2 `state`): path, max, excludedPaths, techprops, orderby,
 * maxchildren, sortByRelevance (with a fulltext), i18nQuery, group, staticQuery, fulltext, suggest,
 * after, fulltextMode, customParams, withAggregates, aggregatesFields, withRights, security and the
 * constraints.
 */
export function listSignature(cursor: CursorState, queries: unknown, page: PageAsk): string {
  const { options } = cursor;
  const fulltext = sentFulltext(cursor);
  return signatureOf([
    cursor.path,
    options.max,
    cursor.excludedPaths,
    options.techprops,
    options.orderby,
    options.maxchildren,
    fulltext ? options.sortByRelevance : null,
    options.i18nQuery,
    options.group,
    options.staticQuery,
    fulltext,
    options.suggest,
    page.after ?? page.nextGroups ?? null,
    options.fulltextMode,
    options.customParams,
    page.kind === 'first' ? options.withAggregates : false,
    options.aggregatesFields,
    options.withRights,
    options.security,
    queries,
  ]);
}

const joined = (list: readonly string[]): string | undefined =>
  list.length > 0 ? list.join(',') : undefined;

/**
 * The parameters of a list call (protocol §8.2), keys in alphabetical order, custom params last as
 * `x_{name}`. `queries` is `query` JSON, or for a meta-schema one `query_{resource}` per resource.
 */
export function listParams(
  cursor: CursorState,
  schema: SchemaContext,
  queries: { query: WireQuery } | { perResource: Record<string, WireQuery> },
  page: PageAsk,
  signature: string,
): Record<string, QueryValue> {
  const { options } = cursor;
  const fulltext = sentFulltext(cursor);
  const paging = page.kind !== 'first';
  const withAggregates = !paging && options.withAggregates;
  const orderby = schema.resolved ? keptOrderby(options.orderby, schema.fields) : options.orderby;
  const params: Record<string, QueryValue> = {
    after: page.after,
    aggFields: withAggregates ? joined(options.aggregatesFields) : undefined,
    fulltext: fulltext || undefined,
    fulltextMode: fulltext && options.fulltextMode ? options.fulltextMode : undefined,
    group: options.group ?? undefined,
    groupKey: page.groupKey,
    groupMax: options.group && options.groupMax !== null ? options.groupMax : undefined,
    headers: !schema.resolved,
    i18nQuery: options.i18nQuery ?? (fulltext ? true : undefined),
    limit: withAggregates && options.limit !== null ? options.limit : undefined,
    max: options.max,
    maxchildren: options.maxchildren ?? undefined,
    nextGroups: page.nextGroups,
    orderby: joined(orderby),
    path: !schema.resolved || schema.meta ? cursor.path : undefined,
    props: joined(options.props),
    query: 'query' in queries ? queries.query : undefined,
    security: joined(options.security),
    sortByRelevance: fulltext && options.sortByRelevance !== null ? options.sortByRelevance : undefined,
    state: signature,
    suggest: options.suggest ?? undefined,
    techprops: joined(options.techprops),
    withAggregates,
    withRights: options.withRights,
    workflows: options.workflows ?? undefined,
  };
  const ordered: Record<string, QueryValue> = {};
  const perResource = 'perResource' in queries ? queries.perResource : {};
  const keys = [...Object.keys(params), ...Object.keys(perResource).map((resource) => `query_${resource}`)];
  for (const key of keys.sort()) {
    ordered[key] = key.startsWith('query_') ? perResource[key.slice('query_'.length)] : params[key];
  }
  for (const [name, value] of Object.entries(options.customParams)) ordered[`x_${name}`] = value;
  return ordered;
}

export function listRequest(path: string, query: Record<string, QueryValue>): HttpRequest<ListAnswer> {
  return { method: 'GET', path: `/rest/${path}`, query, schema: listAnswerSchema };
}
