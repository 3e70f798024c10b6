import * as z from 'zod/mini';
import type { HttpRequest, MultipartValue, QueryValue } from '../core/http';
import { adaptFulltext, andOf, type WireQuery } from '../core/query/operators';
import { signatureOf } from '../core/signature';
import {
  type Candidate,
  type MoreChildren,
  moreChildrenSchema,
  type Variation,
  variationSchema,
} from './events';
import { asIds, dottedPath, type EntityId, entityName, idOf, isFileValue, isNumericId } from './model';

/** Calls of protocol §12.1. Every answer is validated here. */

const dataSchema = z.record(z.string(), z.unknown());

/** The REST envelope of one entity: `response.data` is the row, or null when missing. */
const entityAnswerSchema = z.looseObject({
  resource: z.nullish(z.string()),
  response: z.looseObject({ data: z.nullish(dataSchema) }),
});
type EntityAnswer = z.infer<typeof entityAnswerSchema>;

/** protocol §12.1: `$resource` defaults to the top-level `resource`. */
export function entityData(answer: EntityAnswer): Record<string, unknown> | null {
  const data = answer.response.data;
  if (!data) return null;
  if (data.$resource === undefined && answer.resource) return { ...data, $resource: answer.resource };
  return data;
}

interface FetchOptions {
  forUpdate?: boolean | undefined;
  props?: readonly string[] | undefined;
  withRights?: boolean | undefined;
  withFacets?: boolean | undefined;
  maxchildren?: number | undefined;
  security?: readonly string[] | undefined;
  headers?: boolean | undefined;
}

/** protocol §12.1 Fetch params, and only those (the answer carries `$workflow` unasked). */
function fetchParams(options: FetchOptions): Record<string, QueryValue> {
  return {
    extendPropertyFilter: 'export',
    withRights: options.withRights ?? true,
    headers: options.headers ?? false,
    props: options.props && options.props.length > 0 ? options.props.join(',') : undefined,
    withFacets: options.forUpdate ? true : options.withFacets,
    maxchildren: options.maxchildren,
    security: options.security && options.security.length > 0 ? options.security.join(',') : undefined,
    i18n: options.forUpdate ? false : undefined,
  };
}

export function fetchEntity(
  path: string,
  id: EntityId,
  options: FetchOptions = {},
): HttpRequest<EntityAnswer> {
  return {
    method: 'GET',
    path: `/rest/${path}/${id}`,
    query: fetchParams(options),
    schema: entityAnswerSchema,
  };
}

// --- writes ----------------------------------------------------------------------------------

type Values = Readonly<Record<string, unknown>>;
type Multipart = Record<string, MultipartValue | readonly MultipartValue[]>;

/** A value as a `prop_*` field: objects reduced to `.id`, dates as ISO 8601, files as they are. */
function propValue(value: unknown): MultipartValue {
  if (value === null) return '';
  if (value instanceof Date) return value.toISOString();
  if (isFileValue(value)) return value;
  const id = idOf(value);
  if (typeof id === 'string' || typeof id === 'number' || typeof id === 'boolean') return id;
  if (id === undefined) return undefined;
  return JSON.stringify(id);
}

/** `prop_{field}` fields; arrays repeated, their items reduced to ids (protocol §12.1 Create, Update). */
function propFields(values: Values): Multipart {
  const fields: Multipart = {};
  for (const [field, value] of Object.entries(values)) {
    if (field === 'id' || value === undefined) continue;
    fields[`prop_${field}`] = Array.isArray(value) ? value.map(propValue) : propValue(value);
  }
  return fields;
}

/** A `json` field and its file parts: each file goes as `cid:{name}` with the part `name`. */
function jsonWithFiles(
  values: Values,
  partName: (field: string, index: number) => string,
  transform: (value: unknown) => unknown = (value) => value,
): Multipart {
  const json: Record<string, unknown> = {};
  const parts: Multipart = {};
  let index = 0;
  for (const [field, value] of Object.entries(values)) {
    if (value === undefined) continue;
    if (isFileValue(value)) {
      index += 1;
      const part = partName(field, index);
      parts[part] = value;
      json[field] = `cid:${part}`;
    } else json[field] = transform(value);
  }
  return { json: JSON.stringify(json), ...parts };
}

const createAnswerSchema = z.looseObject({
  response: z.looseObject({
    createdId: z.nullish(z.union([z.number(), z.string()])),
    updatedId: z.nullish(z.array(z.union([z.number(), z.string()]))),
    data: z.nullish(dataSchema),
  }),
});
type CreateAnswer = z.infer<typeof createAnswerSchema>;

/** `response.createdId`, else `response.updatedId[0]`. */
export function createdIdOf(answer: CreateAnswer): EntityId | null {
  return answer.response.createdId ?? answer.response.updatedId?.[0] ?? null;
}

/** Create (default): `/json/create/{dotted}.add`, `prop_*` fields. */
export function createByJson(path: string, values: Values): HttpRequest<CreateAnswer> {
  return {
    method: 'POST',
    path: `/json/create/${dottedPath(path)}.add`,
    body: { multipart: propFields(values) },
    schema: createAnswerSchema,
  };
}

/** Create (REST): `/rest/{path}`, `json` without `id`, files as `cid:{field}`. */
export function createByRest(path: string, values: Values): HttpRequest<EntityAnswer> {
  const { id: _id, ...rest } = values;
  return {
    method: 'POST',
    path: `/rest/${path}`,
    body: { multipart: jsonWithFiles(rest, (field) => field) },
    schema: entityAnswerSchema,
  };
}

/** Update: `/json/update/{dotted}.update/{id}` override PATCH, `prop_*`; the answer is not read. */
export function updateByJson(path: string, id: EntityId, values: Values): HttpRequest<undefined> {
  return {
    method: 'POST',
    override: 'PATCH',
    path: `/json/update/${dottedPath(path)}.update/${id}`,
    body: { multipart: propFields(values) },
  };
}

/** Patch: `/rest/{path}/{id}?jsonproperty=json` override PATCH; arrays as `{$mode: 'replace', $values}`. */
export function patchByRest(path: string, id: EntityId, values: Values): HttpRequest<EntityAnswer> {
  const { id: _id, ...rest } = values;
  return {
    method: 'POST',
    override: 'PATCH',
    path: `/rest/${path}/${id}`,
    query: { jsonproperty: 'json' },
    body: {
      multipart: jsonWithFiles(
        rest,
        (field) => field,
        (value) => (Array.isArray(value) ? { $mode: 'replace', $values: value.map(idOf) } : asIds(value)),
      ),
    },
    schema: entityAnswerSchema,
  };
}

/**
 * Save draft: `/rest/{path}/{id}` override PATCH, or `/rest/{path}/` override POST when the id is
 * not numeric; `json` (already reduced to ids) with files as parts `f1`, `f2`…
 */
export function saveDraft(
  path: string,
  id: EntityId,
  json: Record<string, unknown>,
  files: Record<string, Blob>,
): HttpRequest<EntityAnswer> {
  const numeric = isNumericId(id);
  return {
    method: 'POST',
    override: numeric ? 'PATCH' : 'POST',
    path: numeric ? `/rest/${path}/${id}` : `/rest/${path}/`,
    query: { i18n: false, jsonproperty: 'json', withFacets: true },
    body: { multipart: { json: JSON.stringify(json), ...files } },
    schema: entityAnswerSchema,
  };
}

/** Faces preview: `/rest/{path}[/{id}]?simu=true`, override PATCH (POST without a numeric id). */
export function facesPreview(path: string, id: EntityId, values: Values): HttpRequest<EntityAnswer> {
  const numeric = isNumericId(id);
  const json: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(values)) {
    if (value !== undefined && !isFileValue(value)) json[field] = asIds(value);
  }
  return {
    method: 'POST',
    override: numeric ? 'PATCH' : 'POST',
    path: numeric ? `/rest/${path}/${id}` : `/rest/${path}`,
    query: { simu: true },
    body: { multipart: { json: JSON.stringify(json) } },
    schema: entityAnswerSchema,
  };
}

/** Workflow step: `/json/workflow/{dotted}.update/{id}?action=` override PATCH, JSON `{}`; not read. */
export function workflowByJson(path: string, id: EntityId, action: string): HttpRequest<undefined> {
  return {
    method: 'POST',
    override: 'PATCH',
    path: `/json/workflow/${dottedPath(path)}.update/${id}`,
    query: { action },
    body: { json: {} },
  };
}

/** Workflow step (REST): `/rest/{path}/{id}/workflow?workflowAction=`, no body; `response.data`. */
export function workflowByRest(path: string, id: EntityId, action: string): HttpRequest<EntityAnswer> {
  return {
    method: 'POST',
    path: `/rest/${path}/${id}/workflow`,
    query: { workflowAction: action },
    schema: entityAnswerSchema,
  };
}

/** Delete: `DELETE /json/delete/{dotted}/{id}` (or `/rest/{path}/{id}`); not read. */
export function deleteEntity(path: string, id: EntityId, form: 'json' | 'rest'): HttpRequest<undefined> {
  return {
    method: 'DELETE',
    path: form === 'json' ? `/json/delete/${dottedPath(path)}/${id}` : `/rest/${path}/${id}`,
  };
}

// --- more values, variations -----------------------------------------------------------------

export function moreValues(
  path: string,
  id: EntityId,
  field: string,
  sub: string | undefined,
  nextToken: string | null,
  maxchildren: number | undefined,
): HttpRequest<EntityAnswer> {
  return {
    method: 'GET',
    path: `/rest/${path}/${id}/${field}${sub ? `/${sub}` : ''}`,
    query: { nextToken: nextToken ?? undefined, maxchildren },
    schema: entityAnswerSchema,
  };
}

/** `response.data[field]` (or `[field][sub]`) and `$moreChildren_{field}`. */
export function moreValuesOf(
  answer: EntityAnswer,
  field: string,
  sub: string | undefined,
): { values: unknown[]; more: MoreChildren | null } {
  const data = answer.response.data ?? {};
  let holder: unknown = data[field];
  if (sub)
    holder = holder && typeof holder === 'object' ? (holder as Record<string, unknown>)[sub] : undefined;
  const more = moreChildrenSchema.safeParse(data[`$moreChildren_${field}`]);
  return { values: Array.isArray(holder) ? holder : [], more: more.success ? more.data : null };
}

export function variations(resource: string, id: EntityId): HttpRequest<unknown> {
  return { method: 'GET', path: `/wedia/dam/variations/${resource}/${id}`, schema: z.unknown() };
}

/** A bare array of `{name, …}`; anything else means not found (protocol §12.1). */
export function variationsOf(answer: unknown): Variation[] | null {
  if (!Array.isArray(answer)) return null;
  return answer.flatMap((item) => {
    const parsed = variationSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Variation detail: the fetch params with `withRights=false`, `variation`, `variations` (default `SIZE`). */
export function variationDetail(
  path: string,
  id: EntityId,
  variation: string,
  sizes = 'SIZE',
): HttpRequest<EntityAnswer> {
  return {
    method: 'GET',
    path: `/rest/${path}/${id}`,
    query: { ...fetchParams({ withRights: false }), variation, variations: sizes },
    schema: entityAnswerSchema,
  };
}

/** `response.data.$asset.variation` and `response.data.$asset.variations[0]`. */
export function variationDetailOf(answer: EntityAnswer): { detail: unknown; sizes: unknown } {
  const asset = answer.response.data?.$asset;
  if (!asset || typeof asset !== 'object') return { detail: null, sizes: null };
  const { variation, variations: list } = asset as Record<string, unknown>;
  return { detail: variation ?? null, sizes: Array.isArray(list) ? (list[0] ?? null) : null };
}

// --- lookups (protocol §8.1 "Related-entity lookup") ------------------------------------------

const listAnswerSchema = z.looseObject({
  resource: z.nullish(z.string()),
  response: z.looseObject({ data: z.optional(z.array(z.unknown())) }),
  state: z.nullish(z.union([z.string(), z.number()])),
});
type LookupAnswer = z.infer<typeof listAnswerSchema>;

const rowSchema = z.looseObject({ id: z.union([z.string(), z.number()]) });

/**
 * A temporary list query on the related path: `max` rows, the adapted fulltext of the text (a
 * prefix: `text*`) and/or an equality constraint, with the static query `{"activated": true}`.
 */
export function lookup(
  path: string,
  text: string,
  max: number,
  constraint?: { field: string; value: unknown },
): HttpRequest<LookupAnswer> {
  const trimmed = text.trim();
  const fulltext = trimmed ? adaptFulltext(/[*"()]$/.test(trimmed) ? trimmed : `${trimmed}*`) : undefined;
  const parts: WireQuery[] = [{ activated: true }];
  if (constraint) parts.push({ [constraint.field]: { eq: constraint.value } });
  const query = andOf(parts);
  return {
    method: 'GET',
    path: `/rest/${path}`,
    query: {
      fulltext,
      headers: false,
      i18nQuery: fulltext ? true : undefined,
      max,
      query,
      state: signatureOf(['~lookup', path, max, fulltext ?? null, query]),
      withAggregates: false,
      withRights: false,
    },
    schema: listAnswerSchema,
  };
}

/** The rows of a lookup or names answer, as candidates. */
export function candidatesOf(answer: LookupAnswer): Candidate[] {
  return (answer.response.data ?? []).flatMap((item) => {
    const parsed = rowSchema.safeParse(item);
    if (!parsed.success) return [];
    return [{ id: parsed.data.id, name: entityName(parsed.data, parsed.data.id) }];
  });
}

/**
 * Names of some ids of a path (protocol §8.1, §8.2): an `id in [...]` constraint, as many rows as
 * ids, only the name. No static query: an asset counted in a top but deactivated since is still
 * named.
 */
export function names(path: string, ids: readonly EntityId[]): HttpRequest<LookupAnswer> {
  const query = { id: { in: [...ids] } };
  return {
    method: 'GET',
    path: `/rest/${path}`,
    query: {
      headers: false,
      max: ids.length,
      props: 'name',
      query,
      state: signatureOf(['~names', path, ids.length, ['name'], query]),
      withAggregates: false,
      withRights: false,
    },
    schema: listAnswerSchema,
  };
}
