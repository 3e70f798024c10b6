import { HttpResponse, http } from 'msw';
import type { Asset } from '../db/assets';
import { faceMembers, facesOf } from '../entities/faces';
import {
  type Changes,
  checkChanges,
  createRow,
  deleteRow,
  requireRight,
  requireRow,
  stepRow,
  updateRow,
  type WireValues,
  type WriteContext,
  WriteError,
} from '../entities/writes';
import { runtime } from '../runtime';
import { formFields } from './form';
import { type Collection, findCollection, type Row } from '../search/collections';
import { isReadRequest, restPathOf } from '../search/params';
import { SearchError } from '../search/query';
import { registryOf } from '../search/registry';
import { callerOf, langFor } from './caller';
import { errorResponse, restEnvelope } from './respond';
import { entityData, moreChildren, offsetOfToken, shapeRow } from './search';

/** Values a "more values" page holds when `maxchildren` is absent (demo convention). */
export const MORE_VALUES_PAGE = 10;

type Answer = Response | undefined;

/** Refusals become error bodies; anything else is a bug and propagates. */
async function writing(resolve: () => Promise<Answer>): Promise<Answer> {
  try {
    return await resolve();
  } catch (error) {
    if (error instanceof WriteError || error instanceof SearchError) {
      return errorResponse(error.status, error.message);
    }
    throw error;
  }
}

function contextOf(request: Request, collection: Collection): WriteContext {
  const caller = callerOf(request);
  return {
    db: runtime.db,
    collections: registryOf(runtime.db).collections,
    collection,
    caller,
    lang: langFor(new URL(request.url).searchParams, caller),
    now: new Date(),
  };
}

/** The answered entity, as a fetch would give it (rights included). */
function answeredEntity(request: Request, collection: Collection, row: Row): Record<string, unknown> {
  const params = new URLSearchParams(new URL(request.url).search);
  if (!params.has('withRights')) params.set('withRights', 'true');
  params.delete('variation');
  params.delete('maxchildren');
  return entityData(params, registryOf(runtime.db).index(collection), row, callerOf(request));
}

/** `dam.data.asset.update` → the collection of `dam/data/asset`; 404 when unknown. */
function collectionOfDotted(dotted: string, suffix: string): Collection {
  const name = suffix && dotted.endsWith(suffix) ? dotted.slice(0, -suffix.length) : dotted;
  const collection = findCollection(registryOf(runtime.db).collections, name.replaceAll('.', '/'));
  if (!collection) throw new WriteError(404, `Unknown entity path ${name}`);
  return collection;
}

function requireOverride(request: Request, ...methods: string[]): void {
  const override = request.headers.get('x-http-method-override')?.toUpperCase() ?? '';
  if (!methods.includes(override)) {
    throw new WriteError(405, `Send this call as POST with X-HTTP-Method-Override: ${methods.join(' or ')}`);
  }
}

async function formOf(request: Request): Promise<FormData> {
  const form = await formFields(request);
  if (!form) throw new WriteError(400, 'The body must be multipart/form-data or url-encoded');
  return form;
}

/** `prop_{field}` values of a `/json/...` write (arrays repeated, files as parts). */
async function propValues(request: Request): Promise<WireValues> {
  const values = new Map<string, Array<string | File>>();
  for (const [key, value] of (await formOf(request)).entries()) {
    if (!key.startsWith('prop_')) continue;
    const name = key.slice('prop_'.length);
    values.set(name, [...(values.get(name) ?? []), value]);
  }
  return { wire: 'prop', values };
}

/** The `json` part (or the field `jsonproperty` names) and the file parts of a `/rest/...` write. */
async function jsonValues(request: Request): Promise<WireValues> {
  const type = request.headers.get('content-type') ?? '';
  let text: string | undefined;
  const files = new Map<string, File>();
  if (type.startsWith('application/json')) {
    text = await request.text();
  } else {
    const property = new URL(request.url).searchParams.get('jsonproperty') || 'json';
    for (const [key, value] of (await formOf(request)).entries()) {
      if (typeof value !== 'string') files.set(key, value);
      else if (key === property) text = value;
    }
  }
  let parsed: unknown = {};
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    throw new WriteError(400, 'The json part is not valid JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new WriteError(400, 'The json part must be a JSON object');
  }
  return { wire: 'json', values: parsed as Record<string, unknown>, files };
}

function create(request: Request, collection: Collection, input: WireValues): Row {
  const context = contextOf(request, collection);
  requireRight(context.caller, 'create', collection);
  return createRow(context, checkChanges(context, 'create', input));
}

function update(request: Request, collection: Collection, id: string, input: WireValues): Row {
  const context = contextOf(request, collection);
  requireRight(context.caller, 'update', collection);
  const row = requireRow(collection, id);
  return updateRow(context, row, checkChanges(context, 'update', input, row));
}

function step(request: Request, collection: Collection, id: string, action: string): Row {
  const context = contextOf(request, collection);
  requireRight(context.caller, 'update', collection);
  return stepRow(context, requireRow(collection, id), action);
}

function remove(request: Request, collection: Collection, id: string): Row {
  const context = contextOf(request, collection);
  requireRight(context.caller, 'delete', collection);
  const row = requireRow(collection, id);
  deleteRow(context, row);
  return row;
}

/** Names of related rows, for the faces of a preview named after the posted keywords. */
function keywordNames(changes: Changes): string[] {
  const ids = changes.values.get('keywords');
  if (!Array.isArray(ids)) return [];
  const keywords = registryOf(runtime.db).collections.get('dam/data/keyword');
  return ids.map((id) => String(keywords?.rows().find((row) => row.id === id)?.name ?? ''));
}

/**
 * `?simu=true` (protocol §12.1): the entity as it would be with the posted json, and its faces;
 * nothing stored. The faces are the picture's; when keywords are posted, face n is named after
 * keyword n (demo convention), so an edit shows in the preview.
 */
function facesPreview(
  request: Request,
  collection: Collection,
  id: string | undefined,
  input: WireValues,
): Response {
  const context = contextOf(request, collection);
  requireRight(context.caller, id === undefined ? 'create' : 'update', collection);
  const stored = id === undefined ? undefined : requireRow(collection, id);
  const changes = checkChanges(context, stored ? 'update' : 'update', input, stored);
  const rows = collection.rows();
  const copy: Row = structuredClone(stored ?? { id: (rows.at(-1)?.id ?? 0) + 1, $status: 1 });
  for (const [name, value] of changes.values) copy[name] = value;
  const index = registryOf(runtime.db).index(collection);
  const data = shapeRow(index, copy, { caller: context.caller });
  if (collection.resource === 'asset' && stored) {
    const names = keywordNames(changes);
    const faces = facesOf(stored as unknown as Asset).map((face, at) =>
      names[at] ? { ...face, name: names[at] } : face,
    );
    Object.assign(data, faceMembers(faces));
  }
  return HttpResponse.json(restEnvelope(request, { resource: collection.resource, data }));
}

const json = (body: Record<string, unknown>): Response => HttpResponse.json(body as never);

/** `GET /rest/{path}/{id}/{field}[/{sub}]`: the next values of an array field (protocol §12.1). */
function moreValues(
  request: Request,
  collection: Collection,
  id: string,
  field: string,
  sub?: string,
): Response {
  const row = requireRow(collection, id);
  const header = collection.fields.get(field);
  if (header?.type !== 'array')
    throw new WriteError(404, `No field ${field} with values on ${collection.resource}`);
  if (sub !== undefined) throw new WriteError(404, `No sub-field ${sub} of ${field}`);
  const params = new URL(request.url).searchParams;
  const maxText = params.get('maxchildren');
  const max = maxText ? Number(maxText) : MORE_VALUES_PAGE;
  if (!Number.isInteger(max) || max < 1)
    throw new WriteError(400, `maxchildren must be a positive integer, not ${maxText}`);
  const first = offsetOfToken(params.get('nextToken'), field);
  if (first === undefined) throw new WriteError(400, `Unknown nextToken for ${field}`);
  const index = registryOf(runtime.db).index(collection);
  const all = shapeRow(index, row, { caller: callerOf(request), props: [field] })[field];
  const values = Array.isArray(all) ? all : [];
  const page = values.slice(first, first + max);
  return HttpResponse.json(
    restEnvelope(request, {
      resource: collection.resource,
      data: {
        id: row.id,
        [field]: page,
        [`$moreChildren_${field}`]: moreChildren(values.length, first, page.length, field),
      },
    }),
  );
}

const isId = (segment: string | undefined): segment is string =>
  segment !== undefined && /^\d+$/.test(segment);

/** The REST writes and "more values" of protocol §12.1; anything else goes on to the search handler. */
async function restRoute(request: Request): Promise<Answer> {
  const path = restPathOf(request);
  if (path === undefined) return undefined;
  const { collections } = registryOf(runtime.db);
  const segments = path.split('/');
  // the longest prefix naming a collection, and what follows it
  let collection: Collection | undefined;
  let rest: string[] = [];
  for (let cut = segments.length; cut > 0 && !collection; cut--) {
    collection = findCollection(collections, segments.slice(0, cut).join('/'));
    rest = segments.slice(cut);
  }
  if (!collection || path.includes(',')) return undefined;
  const [id, field, sub] = rest;
  const query = new URL(request.url).searchParams;

  if (request.method === 'GET' || isReadRequest(request)) {
    if (
      request.method === 'GET' &&
      isId(id) &&
      field !== undefined &&
      !['tree', 'aggs', 'headers'].includes(field)
    ) {
      return moreValues(request, collection, id, field, sub);
    }
    return undefined;
  }
  if (request.method === 'DELETE') {
    if (!isId(id) || field !== undefined) return undefined;
    const row = remove(request, collection, id);
    return HttpResponse.json(restEnvelope(request, { resource: collection.resource, data: { id: row.id } }));
  }
  if (request.method !== 'POST') return undefined;
  if (isId(id) && field === 'workflow' && sub === undefined) {
    const row = step(request, collection, id, query.get('workflowAction') ?? '');
    return HttpResponse.json(
      restEnvelope(request, {
        resource: collection.resource,
        data: answeredEntity(request, collection, row),
      }),
    );
  }
  if (field !== undefined) return undefined;
  const simu = query.get('simu') === 'true';
  if (id === undefined || !isId(id)) {
    // `/rest/{path}` (create) or `/rest/{path}/` with override POST (a draft of a new entity)
    if (id !== undefined && id !== '') return undefined;
    const input = await jsonValues(request);
    if (simu) return facesPreview(request, collection, undefined, input);
    const row = create(request, collection, input);
    return HttpResponse.json(
      restEnvelope(request, {
        resource: collection.resource,
        data: answeredEntity(request, collection, row),
      }),
    );
  }
  requireOverride(request, 'PATCH');
  const input = await jsonValues(request);
  if (simu) return facesPreview(request, collection, id, input);
  const row = update(request, collection, id, input);
  return HttpResponse.json(
    restEnvelope(request, { resource: collection.resource, data: answeredEntity(request, collection, row) }),
  );
}

/** Entity writes of protocol §12.1 in both wire forms, workflow steps, deletes, more values. */
export const entityHandlers = [
  http.post('*/api/json/create/:name', ({ request, params }) =>
    writing(async () => {
      const collection = collectionOfDotted(String(params.name), '.add');
      const row = create(request, collection, await propValues(request));
      return json({
        response: { createdId: row.id, updatedId: [row.id], data: answeredEntity(request, collection, row) },
      });
    }),
  ),
  http.post('*/api/json/update/:name/:id', ({ request, params }) =>
    writing(async () => {
      const collection = collectionOfDotted(String(params.name), '.update');
      requireOverride(request, 'PATCH');
      const row = update(request, collection, String(params.id), await propValues(request));
      return json({ response: { updatedId: [row.id], data: answeredEntity(request, collection, row) } });
    }),
  ),
  http.post('*/api/json/workflow/:name/:id', ({ request, params }) =>
    writing(async () => {
      const collection = collectionOfDotted(String(params.name), '.update');
      requireOverride(request, 'PATCH');
      const action = new URL(request.url).searchParams.get('action') ?? '';
      const row = step(request, collection, String(params.id), action);
      return json({ response: { updatedId: [row.id], data: answeredEntity(request, collection, row) } });
    }),
  ),
  http.delete('*/api/json/delete/:name/:id', ({ request, params }) =>
    writing(async () => {
      const collection = collectionOfDotted(String(params.name), '');
      const row = remove(request, collection, String(params.id));
      return json({ response: { deletedId: [row.id] } });
    }),
  ),
  http.all('*/api/rest/*', ({ request }) => writing(() => restRoute(request))),
];
