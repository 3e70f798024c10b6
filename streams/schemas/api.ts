import * as z from 'zod/mini';
import { AppError } from '../core/errors';
import type { HttpRequest } from '../core/http';

/** Create and update rules of a field (protocol §11.1). */
const cudSchema = z.looseObject({
  create: z.optional(z.boolean()),
  update: z.optional(z.boolean()),
  mandatoryCreate: z.optional(z.boolean()),
  mandatoryPatch: z.optional(z.boolean()),
  defaultCreate: z.optional(z.unknown()),
  defaultPatch: z.optional(z.unknown()),
  createForAll: z.optional(z.boolean()),
  updateForAll: z.optional(z.boolean()),
  mandatoryStructure: z.optional(z.boolean()),
});

/** A field header (protocol §11.1); members the portal does not read are kept as they come. */
const fieldHeaderSchema = z.looseObject({
  type: z.optional(z.string()),
  label: z.optional(z.string()),
  tree: z.optional(z.boolean()),
  href: z.optional(z.string()),
  i18n: z.optional(z.boolean()),
  i18nFor: z.optional(z.string()),
  i18nLocale: z.optional(z.string()),
  taborder: z.optional(z.number()),
  group: z.optional(z.object({ id: z.union([z.number(), z.string()]), name: z.string() })),
  position: z.optional(z.number()),
  cud: z.optional(cudSchema),
});
export type FieldHeader = z.infer<typeof fieldHeaderSchema>;

const headersSchema = z.record(z.string(), fieldHeaderSchema);

/** What a schema carries besides its fields. */
const membersSchema = z.looseObject({
  resource: z.string(),
  name: z.optional(z.string()),
  description: z.nullish(z.string()),
  create: z.optional(z.boolean()),
  tree: z.nullish(z.boolean()),
  treefield: z.nullish(z.string()),
  $security: z.optional(z.record(z.string(), z.boolean())),
});

/** Both sections are optional here: the exactly-one rule is checked with the spec's own messages. */
const headersAnswerSchema = z.looseObject({
  resource: z.optional(z.string()),
  resources: z.optional(z.array(membersSchema)),
  headers: z.optional(z.union([headersSchema, z.record(z.string(), headersSchema)])),
});
type HeadersAnswer = z.infer<typeof headersAnswerSchema>;

/** A resolved single-resource schema, as events carry it and the state keeps it. */
export const schemaBodySchema = z.object({
  name: z.string(),
  resource: z.string(),
  label: z.string(),
  description: z.string(),
  create: z.boolean(),
  tree: z.nullable(z.boolean()),
  treefield: z.nullable(z.string()),
  security: z.record(z.string(), z.boolean()),
  fields: headersSchema,
});
export type SchemaBody = z.infer<typeof schemaBodySchema>;

export const TOO_MANY_SECTIONS = 'Found to many sections in body.';
export const NO_SECTION = 'Could not find an expected section in response body.';

function sectionError(message: string): AppError {
  return new AppError({ code: 'error.schemas.sections', message });
}

function bodyOf(name: string, members: z.infer<typeof membersSchema>, fields: unknown): SchemaBody {
  return {
    name,
    resource: members.resource,
    label: members.name ?? members.resource,
    description: members.description ?? '',
    create: members.create ?? false,
    tree: members.tree ?? null,
    treefield: members.treefield ?? null,
    security: members.$security ?? {},
    fields: headersSchema.parse(fields ?? {}),
  };
}

/** `dam/data/asset,keyword` is a meta-schema of `dam/data/asset` and `dam/data/keyword` (protocol §8.3). */
export function isMetaName(name: string): boolean {
  return name.includes(',');
}

export function metaParts(name: string): string[] {
  const slash = name.lastIndexOf('/', name.indexOf(','));
  const base = name.slice(0, slash + 1);
  return name
    .slice(slash + 1)
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => (part.includes('/') ? part : `${base}${part}`));
}

/** `dam/data/asset` -> `{ base: 'dam/data/', resource: 'asset' }`. */
function splitName(name: string): { base: string; resource: string } {
  const slash = name.lastIndexOf('/');
  return { base: name.slice(0, slash + 1), resource: name.slice(slash + 1) };
}

/** One schema: `GET /rest/{name}/headers?rscSecurity=insert` (protocol §11.1). */
function schemaHeaders(name: string): HttpRequest<HeadersAnswer> {
  return {
    method: 'GET',
    path: `/rest/${name}/headers`,
    query: { rscSecurity: 'insert' },
    schema: headersAnswerSchema,
  };
}

/**
 * Several schemas of one base at once: `data/` is asked as `search/`, so `dam/data/asset` and
 * `dam/data/keyword` are `GET /rest/dam/search/asset,keyword/headers` (protocol §11.1).
 */
export function schemaBatchHeaders(names: readonly string[]): HttpRequest<HeadersAnswer> {
  if (names.length === 1) return schemaHeaders(names[0] as string);
  const { base } = splitName(names[0] as string);
  const asked = base.replace(/(^|\/)data\/$/, '$1search/');
  const resources = names.map((name) => splitName(name).resource).join(',');
  return {
    method: 'GET',
    path: `/rest/${asked}${resources}/headers`,
    query: { rscSecurity: 'insert' },
    schema: headersAnswerSchema,
  };
}

/** Names grouped by base, each group cut into batches (protocol §11.1: 20 names a call). */
export function batchesOf(names: readonly string[], size: number): string[][] {
  const byBase = new Map<string, string[]>();
  for (const name of names) {
    const { base } = splitName(name);
    byBase.set(base, [...(byBase.get(base) ?? []), name]);
  }
  const batches: string[][] = [];
  for (const group of byBase.values()) {
    for (let start = 0; start < group.length; start += size) batches.push(group.slice(start, start + size));
  }
  return batches;
}

/** The base of a multi-resource answer's names: `search/` becomes `data/`, and `data/` is added when missing (§11.1). */
function dataBase(base: string): string {
  const data = base.replace(/(^|\/)search\/$/, '$1data/');
  return /(^|\/)data\/$/.test(data) ? data : `${data}data/`;
}

/**
 * A name asked alone whose answer names other schemas (`dam/asset` answered with `dam/data/asset`,
 * …) is the meta-schema of those (§11.2, §18 `object`: the `dam/asset` sub-schemas), as the
 * reference keeps it.
 */
export function metaSchemasOf(
  names: readonly string[],
  schemas: readonly SchemaBody[],
): Array<{ name: string; schemas: string[] }> {
  const [only] = names;
  if (names.length !== 1 || only === undefined || schemas.some((body) => body.name === only)) return [];
  return [{ name: only, schemas: schemas.map((body) => body.name) }];
}

/**
 * The schemas of a headers answer: exactly one of `resource` (one schema) or `resources` (several,
 * with `headers` keyed by resource), else the two refusals of protocol §11.2.
 */
export function readHeadersAnswer(names: readonly string[], answer: HeadersAnswer): SchemaBody[] {
  const hasOne = answer.resource !== undefined;
  const hasMany = answer.resources !== undefined;
  if (hasOne && hasMany) throw sectionError(TOO_MANY_SECTIONS);
  if (!hasOne && !hasMany) throw sectionError(NO_SECTION);
  if (hasOne) {
    const members = membersSchema.parse(answer);
    return [bodyOf(names[0] as string, members, answer.headers)];
  }
  const base = dataBase(splitName(names[0] as string).base);
  const byResource = (answer.headers ?? {}) as Record<string, unknown>;
  return (answer.resources ?? []).map((members) =>
    bodyOf(`${base}${members.resource}`, members, byResource[members.resource]),
  );
}

/** Inline headers of a list or tree answer asked with `headers=true` (protocol §1.8). */
export function readInlineHeaders(name: string, resource: string, headers: unknown): SchemaBody | null {
  const fields = headersSchema.safeParse(headers);
  if (!fields.success) return null;
  return bodyOf(name, { resource }, fields.data);
}

/** protocol §11.2: the related schema of a field is the part of its `href` after `/api/rest/`. */
export function relatedSchemaOf(field: FieldHeader | undefined): string | null {
  const href = field?.href;
  if (!href) return null;
  const at = href.indexOf('/api/rest/');
  return at < 0 ? href.replace(/^\/+/, '') : href.slice(at + '/api/rest/'.length);
}

/** The REST envelope of a schema domain: each entry of `response.data` a single-resource body. */
const domainAnswerSchema = z.looseObject({
  response: z.looseObject({ data: z.array(z.looseObject({ resource: z.optional(z.string()) })) }),
});
type DomainAnswer = z.infer<typeof domainAnswerSchema>;

/** `GET /rest/{domain}?headers=true&rscSecurity=insert` (protocol §11.1 "Domain"). */
export function schemaDomainHeaders(domain: string): HttpRequest<DomainAnswer> {
  return {
    method: 'GET',
    path: `/rest/${domain}`,
    query: { headers: true, rscSecurity: 'insert' },
    schema: domainAnswerSchema,
  };
}

/** protocol §11.1: an entry is `{domain}/data/{resource}`, or `{domain}/{resource}` when the domain holds `data`. */
export function domainSchemaName(domain: string, resource: string): string {
  return /(^|\/)data(\/|$)/.test(domain) ? `${domain}/${resource}` : `${domain}/data/${resource}`;
}

/** The schemas of a domain answer; entries without a resource cannot be named and are counted apart. */
export function readDomainAnswer(
  domain: string,
  answer: DomainAnswer,
): { schemas: SchemaBody[]; unnamed: number } {
  const schemas: SchemaBody[] = [];
  let unnamed = 0;
  for (const entry of answer.response.data) {
    const members = membersSchema.safeParse(entry);
    if (!members.success || !members.data.resource) unnamed += 1;
    else schemas.push(bodyOf(domainSchemaName(domain, members.data.resource), members.data, entry.headers));
  }
  return { schemas, unnamed };
}

/** The update form's fields (`inputs.properties`), passed on as they come (protocol §11.1). */
const updateFieldsAnswerSchema = z.looseObject({
  inputs: z.looseObject({ properties: z.record(z.string(), z.unknown()) }),
});
type UpdateFieldsAnswer = z.infer<typeof updateFieldsAnswerSchema>;

export const UPDATE_FIELDS_ERROR = 'error fetching update fields';

/** `GET /json/update/{dotted}.update/headers`: `dam/data/asset` is `dam.data.asset` (protocol §11.1). */
export function updateFieldsHeaders(name: string): HttpRequest<UpdateFieldsAnswer> {
  return {
    method: 'GET',
    path: `/json/update/${name.replace(/\//g, '.')}.update/headers`,
    schema: updateFieldsAnswerSchema,
  };
}
