import { HttpResponse, http } from 'msw';
import type { Db } from '../db/index';
import { headersIn, type SchemaBody } from '../db/schemas';
import type { Lang } from '../entities/workflow';
import { runtime } from '../runtime';
import { findCollection } from '../search/collections';
import { listParam, restPathOf } from '../search/params';
import { registryOf } from '../search/registry';
import { hasRight, insertRight } from '../search/rights';
import { type Caller, callerOf, langFor } from './caller';
import { errorResponse, restEnvelope } from './respond';
import { refusalOf, refusalResponse } from './rights';

/**
 * A schema domain and the update fields are what a signed-in editor asks: a visitor gets 401 and
 * an application 403, as every refusal of the demo server (mocks/handlers/rights.ts).
 */
function editorRefusal(caller: Caller, doing: string): Response | undefined {
  return caller.kind === 'user' ? undefined : refusalResponse(refusalOf(caller, doing));
}

/** The client resolves schemas in batches of this many names (protocol §11.1). */
export const SCHEMA_BATCH_SIZE = 20;

/** A schema by path; `dam/asset` is `dam/data/asset`, and a bare `data/asset` the only path ending so. */
export function schemaAt(db: Db, path: string): { path: string; body: SchemaBody } | undefined {
  const candidates = [path, path.replace(/^([^/]+)\/(?!data\/)/, '$1/data/')];
  for (const candidate of candidates) {
    const body = db.schemas[candidate];
    if (body) return { path: candidate, body };
  }
  const endings = Object.keys(db.schemas).filter((key) => key.endsWith(`/${path}`));
  const [only] = endings;
  return endings.length === 1 && only ? { path: only, body: db.schemas[only] as SchemaBody } : undefined;
}

/**
 * The members of a schema other than its headers, `$security` answered for the caller:
 * `objectdata/insert`, plus any other right `rscSecurity` asks about.
 */
function schemaMembers(body: SchemaBody, caller: Caller, rights: readonly string[] = []) {
  const security: Record<string, boolean> = { 'objectdata/insert': insertRight(caller) };
  for (const right of rights) if (right !== 'insert') security[right] = hasRight(caller, right);
  return {
    resource: body.resource,
    name: body.name,
    description: body.description,
    create: body.create,
    tree: body.tree,
    treefield: body.treefield,
    $security: security,
  };
}

/** The single-resource body of protocol §11.1, its labels in `lang`. */
export function singleSchemaBody(
  body: SchemaBody,
  caller: Caller,
  lang: Lang,
  rights: readonly string[] = [],
) {
  return { ...schemaMembers(body, caller, rights), headers: headersIn(body.headers, lang) };
}

/** The multi-resource body: `resources` and `headers` keyed by resource, labels in `lang`. */
export function multiSchemaBody(
  bodies: SchemaBody[],
  caller: Caller,
  lang: Lang,
  rights: readonly string[] = [],
) {
  return {
    resources: bodies.map((body) => schemaMembers(body, caller, rights)),
    headers: Object.fromEntries(bodies.map((body) => [body.resource, headersIn(body.headers, lang)])),
  };
}

/**
 * `setting schemas.sections`: 'both' adds the other section, 'none' drops both, so a client can
 * be shown its two refusals ('Found to many sections in body.', 'Could not find an expected section…').
 */
function withSections(body: Record<string, unknown>): Record<string, unknown> {
  const mode = runtime.settings['schemas.sections'];
  if (mode === 'one') return body;
  const { resource, resources, ...rest } = body;
  if (mode === 'none') return rest;
  return {
    ...rest,
    resource: resource ?? (resources as { resource: string }[])[0]?.resource,
    resources: resources ?? [body],
  };
}

/**
 * The names of `/rest/{base}{r1,r2}/headers`: each is `{base}{r}` where `search/` becomes `data/`
 * and `data/` is added to a base without it (protocol §11.1).
 */
function batchPaths(names: string): string[] {
  const slash = names.lastIndexOf('/', names.indexOf(','));
  let base = names.slice(0, slash + 1).replace(/(^|\/)search\/$/, '$1data/');
  if (!/(^|\/)data\/$/.test(base)) base = `${base}data/`;
  return names
    .slice(slash + 1)
    .split(',')
    .map((name) => `${base}${name.trim()}`);
}

/** A path the schema is reached at only through `data/` (`dam/asset` for `dam/data/asset`) names a meta-schema. */
const isMetaPath = (asked: string, found: string): boolean =>
  asked !== found && found === asked.replace(/^([^/]+)\/(?!data\/)/, '$1/data/');

function headersAnswer(request: Request, names: string): Response {
  const caller = callerOf(request);
  const params = new URL(request.url).searchParams;
  const rights = listParam(params, 'rscSecurity') ?? [];
  const lang = langFor(params, caller);
  if (!names.includes(',')) {
    const found = schemaAt(runtime.db, names);
    if (!found) return errorResponse(404, `Unknown schema ${names}`);
    // `dam/asset` is the meta-schema of the assets' resources (§11.1, §18 `object`): it answers
    // with its sub-schemas, named `dam/data/{resource}` by the client, as the real service does
    if (isMetaPath(names, found.path))
      return HttpResponse.json(withSections(multiSchemaBody([found.body], caller, lang, rights)));
    return HttpResponse.json(withSections(singleSchemaBody(found.body, caller, lang, rights)));
  }
  const paths = batchPaths(names);
  if (paths.length > SCHEMA_BATCH_SIZE) {
    return errorResponse(400, `At most ${SCHEMA_BATCH_SIZE} schemas per call, not ${paths.length}`);
  }
  const bodies: SchemaBody[] = [];
  for (const path of paths) {
    const found = schemaAt(runtime.db, path);
    if (!found) return errorResponse(404, `Unknown schema ${path}`);
    bodies.push(found.body);
  }
  return HttpResponse.json(withSections(multiSchemaBody(bodies, caller, lang, rights)));
}

/** `GET /rest/{domain}?headers=true`: every schema of the domain, each a single-resource body. */
function domainAnswer(request: Request, domain: string): Response | undefined {
  const prefix = domain.endsWith('/data') || domain.includes('/data/') ? `${domain}/` : `${domain}/data/`;
  const paths = Object.keys(runtime.db.schemas).filter(
    (path) => path.startsWith(prefix) && !path.slice(prefix.length).includes('/'),
  );
  if (paths.length === 0) return undefined;
  const caller = callerOf(request);
  const refused = editorRefusal(caller, `read the schemas of ${domain}`);
  if (refused) return refused;
  const params = new URL(request.url).searchParams;
  const rights = listParam(params, 'rscSecurity') ?? [];
  const lang = langFor(params, caller);
  return HttpResponse.json(
    restEnvelope(request, {
      resource: domain,
      data: paths.map((path) =>
        singleSchemaBody(runtime.db.schemas[path] as SchemaBody, caller, lang, rights),
      ),
    }),
  );
}

/**
 * `GET /json/update/{dotted}.update/headers` (protocol §11.1 "Update fields"): `inputs.properties`,
 * the fields an update may send, each with its type, label, i18n flag, relation and mandatory flag.
 */
function updateFieldsAnswer(request: Request, dotted: string): Response {
  const name = dotted.endsWith('.update') ? dotted.slice(0, -'.update'.length) : dotted;
  const caller = callerOf(request);
  const refused = editorRefusal(caller, `read the update fields of ${name}`);
  if (refused) return refused;
  const lang = langFor(new URL(request.url).searchParams, caller);
  const collection = findCollection(registryOf(runtime.db).collections, name.replaceAll('.', '/'));
  if (!collection) return errorResponse(404, `Unknown entity path ${name}`);
  const properties = Object.fromEntries(
    Object.entries(headersIn(collection.schema.headers, lang))
      .filter(([, header]) => header.cud.update)
      .map(([field, header]) => [
        field,
        {
          type: header.type,
          label: header.label,
          ...(header.i18n && { i18n: true }),
          ...(header.href && { href: header.href }),
          mandatory: header.cud.mandatoryStructure,
        },
      ]),
  );
  return HttpResponse.json({ inputs: { properties } });
}

/** Schema headers (protocol §11): one schema, a batch, a whole domain, or an update form's fields. */
export const schemaHandlers = [
  http.get('*/api/json/update/:name/headers', ({ request, params }) =>
    updateFieldsAnswer(request, String(params.name)),
  ),
  http.get('*/api/rest/*', ({ request }) => {
    const path = restPathOf(request);
    if (path === undefined) return undefined;
    if (path.endsWith('/headers')) return headersAnswer(request, path.slice(0, -'/headers'.length));
    const params = new URL(request.url).searchParams;
    if (params.get('headers') === 'true' && schemaAt(runtime.db, path) === undefined) {
      return domainAnswer(request, path);
    }
    return undefined;
  }),
];
