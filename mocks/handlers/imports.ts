/**
 * Mass import (protocol §15.1, issue 15): jobs, items, uploads, metadata commands, validation,
 * workflow and transfer. One handler takes every `/rest/massimport/...` path and routes it here,
 * so no other handler's pattern can take one of them first. The model: mocks/imports/model.ts;
 * the files: mocks/imports/storage.ts; thumbnails: mocks/media/thumbnail.ts.
 */
import { unzipSync } from 'fflate';
import { HttpResponse, http } from 'msw';
import { type Asset, ASSET_NATURES } from '../db/assets';
import { DEFAULT_ACCEPT, type ImportItem, type ImportItemMetadata, type ImportJob } from '../db/imports';
import type { Db } from '../db/index';
import type { User } from '../db/users';
import {
  advance,
  analysedStatus,
  type Command,
  importItem,
  ITEM_ACTIONS,
  itemFieldHeaders,
  itemResources,
  itemsOfJob,
  JOB_ACTIONS,
  JOB_HEADERS,
  mayDeleteJob,
  mayImport,
  mayUseJob,
  S,
  STATUS_NAMES,
  stateOf,
  takeItemIds,
  wireItem,
  wireJob,
} from '../imports/model';
import { readStored, removeStored, writeStored } from '../imports/storage';
import { renderAssetImage } from '../media/asset-image';
import { thumbnailOf, typeIconSvg } from '../media/thumbnail';
import { runtime } from '../runtime';
import { callerOf } from './caller';
import { formFields, parseJson, textField } from './form';
import { errorResponse, restEnvelope } from './respond';
import { langFor } from './search';

/** A refusal: the status, message and subcode of the error body (protocol §1.9). */
class ImportError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly subcode?: number,
  ) {
    super(message);
  }
}

/** Items by id: at most this many ids per call (protocol §15.2). */
export const MAX_ITEMS_BY_ID = 200;
/** Item search: `max` is capped here (the client asks 200). */
const MAX_ITEM_PAGE = 1000;
/** Job list: jobs per page unless `max` says otherwise. */
const JOB_PAGE = 20;

interface Ctx {
  request: Request;
  db: Db;
  user: User;
  lang: string;
  params: URLSearchParams;
  method: string;
  now: Date;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const bool = (value: string | null | undefined, fallback: boolean): boolean =>
  value === 'true' ? true : value === 'false' ? false : fallback;

function idOf(text: string | undefined, what: string): number {
  if (!text || !/^\d+$/.test(text))
    throw new ImportError(400, `${what} must be a numeric id, not ${text ?? '(none)'}`);
  return Number(text);
}

function idsOf(text: string | undefined, what: string): number[] {
  return (text ?? '').split(',').map((part) => idOf(part.trim(), what));
}

function jobOf(ctx: Ctx, id: number): ImportJob {
  const job = ctx.db.importJobs.find((candidate) => candidate.id === id);
  if (!job) throw new ImportError(404, `Job '${id}' is unknown`);
  if (!mayUseJob(ctx.user, job))
    throw new ImportError(403, `${ctx.user.login} may not use the import '${job.name}'`);
  return job;
}

function itemOf(ctx: Ctx, id: number): ImportItem {
  const item = ctx.db.importItems.find((candidate) => candidate.id === id);
  if (!item) throw new ImportError(404, `ID #${id} NOT FOUND`);
  jobOf(ctx, item.job);
  return item;
}

const touchJob = (job: ImportJob, now: Date) => {
  job.modified = now.toISOString();
};

async function jsonBody(request: Request): Promise<Record<string, unknown>> {
  const text = await request.text();
  const parsed = parseJson(text);
  if (!parsed.ok || !isRecord(parsed.value)) throw new ImportError(400, 'The body must be a JSON object');
  return parsed.value;
}

function envelope(
  ctx: Ctx,
  resource: string,
  data: unknown,
  extra: Parameters<typeof restEnvelope>[1] | object = {},
) {
  return HttpResponse.json(restEnvelope(ctx.request, { resource, data, ...extra }));
}

// --- query and fulltext on items ---------------------------------------------------------------

const FILTERABLE: Record<string, (item: ImportItem) => unknown> = {
  id: (item) => item.id,
  status: (item) => item.status,
  $status: (item) => item.status,
  job: (item) => item.job,
  mimetype: (item) => item.mimetype,
  indexingstatus: (item) => item.indexingstatus,
  name: (item) => item.name,
};

const same = (a: unknown, b: unknown): boolean => String(a) === String(b);

/** `query` (JSON) on items: `{field: value}` or `{field: {eq|ne|in|nin|gt|lt: …}}`; unknown fields are refused. */
function matcher(queryText: string | null | undefined): (item: ImportItem) => boolean {
  if (!queryText) return () => true;
  const parsed = parseJson(queryText);
  if (!parsed.ok || !isRecord(parsed.value))
    throw new ImportError(400, `query must be a JSON object: ${queryText}`);
  const tests: Array<(item: ImportItem) => boolean> = [];
  for (const [field, condition] of Object.entries(parsed.value)) {
    const read = FILTERABLE[field];
    if (!read) throw new ImportError(400, `Cannot query items on ${field}`);
    const conditions = isRecord(condition) ? condition : { eq: condition };
    for (const [operator, value] of Object.entries(conditions)) {
      const list = Array.isArray(value) ? value : [value];
      switch (operator) {
        case 'eq':
          tests.push((item) => same(read(item), value));
          break;
        case 'ne':
          tests.push((item) => !same(read(item), value));
          break;
        case 'in':
          tests.push((item) => list.some((entry) => same(read(item), entry)));
          break;
        case 'nin':
        case 'notin':
          tests.push((item) => !list.some((entry) => same(read(item), entry)));
          break;
        case 'gt':
          tests.push((item) => Number(read(item)) > Number(value));
          break;
        case 'lt':
          tests.push((item) => Number(read(item)) < Number(value));
          break;
        default:
          throw new ImportError(400, `Unknown operator ${operator} on ${field}`);
      }
    }
  }
  return (item) => tests.every((test) => test(item));
}

const words = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

const itemTexts = (item: ImportItem): string =>
  [item.name, item.filename, item.metadata.title ?? '', item.metadata.description ?? '']
    .join(' ')
    .toLowerCase();

/** Fulltext on items: every word typed is found at the start of a word of the name, file name, title or description. */
function fulltextMatcher(fulltext: string | null): (item: ImportItem) => boolean {
  const terms = words((fulltext ?? '').replace(/[*"()]/g, ' '));
  if (terms.length === 0) return () => true;
  return (item) => {
    const known = words(itemTexts(item));
    return terms.every((term) => known.some((word) => word.startsWith(term)));
  };
}

function orderItems(items: ImportItem[], orderby: string | null): ImportItem[] {
  const [field = 'id', direction = 'asc'] = (orderby ?? 'id asc').trim().split(/\s+/);
  const key = (item: ImportItem): string | number =>
    field === 'name'
      ? item.name.toLowerCase()
      : field === '$datatime' || field === 'created'
        ? item.$datatime
        : field === 'status'
          ? item.status
          : item.id;
  const sign = direction.toLowerCase() === 'desc' ? -1 : 1;
  return [...items].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    return (ka < kb ? -1 : ka > kb ? 1 : a.id - b.id) * sign;
  });
}

/** A 32-bit FNV-1a hash of the list a token pages through, so a token of another list is refused. */
function hashOf(text: string): string {
  let hash = 0x811c9dc5;
  for (let at = 0; at < text.length; at++) hash = Math.imul(hash ^ text.charCodeAt(at), 0x01000193);
  return (hash >>> 0).toString(36);
}

/** Paging tokens (`links.next`, `links.moreResultsToken`): `{offset}.{hash of the list}`. */
const encodeToken = ({ o, s }: { o: number; s: string }): string => `${o}.${hashOf(s)}`;

function decodeOffset(token: string | null, scope: string): number {
  if (!token) return 0;
  const match = /^(\d+)\.([0-9a-z]+)$/.exec(token);
  if (match && match[2] === hashOf(scope)) return Number(match[1]);
  throw new ImportError(400, `Invalid token ${token}`);
}

// --- jobs -------------------------------------------------------------------------------------

function listJobs(ctx: Ctx): Response {
  const { params, db, user } = ctx;
  const query = params.get('query');
  let filter: Record<string, unknown> = {};
  if (query) {
    const parsed = parseJson(query);
    if (!parsed.ok || !isRecord(parsed.value))
      throw new ImportError(400, `query must be a JSON object: ${query}`);
    filter = parsed.value;
  }
  const checks = Object.entries(filter).map(([field, condition]) => {
    const read = (job: ImportJob): unknown => (job as unknown as Record<string, unknown>)[field];
    if (!['id', 'name', 'status', 'activated', 'jobowner'].includes(field))
      throw new ImportError(400, `Cannot query jobs on ${field}`);
    const conditions = isRecord(condition) ? condition : { eq: condition };
    return (job: ImportJob) =>
      Object.entries(conditions).every(([operator, value]) => {
        const list = Array.isArray(value) ? value : [value];
        if (operator === 'eq') return same(read(job), value);
        if (operator === 'ne') return !same(read(job), value);
        if (operator === 'in') return list.some((entry) => same(read(job), entry));
        throw new ImportError(400, `Unknown operator ${operator} on ${field}`);
      });
  });
  // deactivated jobs (deleted by a contributor) are left out unless the query names `activated`
  const jobs = db.importJobs.filter(
    (job) =>
      mayUseJob(user, job) && ('activated' in filter || job.activated) && checks.every((check) => check(job)),
  );
  const [field = 'created', direction = 'desc'] = (params.get('orderby') ?? 'created desc')
    .trim()
    .split(/\s+/);
  if (!['created', 'modified', 'name', 'id'].includes(field))
    throw new ImportError(400, `Cannot order jobs by ${field}`);
  const sign = direction.toLowerCase() === 'desc' ? -1 : 1;
  jobs.sort((a, b) => {
    const ka = String((a as unknown as Record<string, unknown>)[field]);
    const kb = String((b as unknown as Record<string, unknown>)[field]);
    const order = field === 'id' ? a.id - b.id : ka < kb ? -1 : ka > kb ? 1 : 0;
    return (order || a.id - b.id) * sign;
  });
  const scope = `jobs:${field}:${direction}:${query ?? ''}`;
  const start = decodeOffset(params.get('after'), scope);
  const max = Math.max(1, Math.min(100, Number(params.get('max')) || JOB_PAGE));
  const page = jobs.slice(start, start + max);
  const end = start + page.length;
  const options = {
    withItems: bool(params.get('withItems'), false),
    maxItems: Math.max(0, Number(params.get('maxItems') ?? 10) || 0),
    rights: bool(params.get('withRights'), false),
    lang: ctx.lang,
  };
  return envelope(
    ctx,
    'job',
    page.map((job) => wireJob(db, job, user, options)),
    {
      total: jobs.length,
      links: end < jobs.length ? { next: encodeToken({ o: end, s: scope }) } : {},
      headers: JOB_HEADERS,
    },
  );
}

function getJob(ctx: Ctx, id: number): Response {
  const job = jobOf(ctx, id);
  const data = wireJob(ctx.db, job, ctx.user, {
    withItems: bool(ctx.params.get('withItems'), false),
    maxItems: Math.max(0, Number(ctx.params.get('maxItems') ?? 10) || 0),
    rights: bool(ctx.params.get('withRights'), false),
    lang: ctx.lang,
  });
  return envelope(ctx, 'job', data);
}

const JOB_CREATE_KEYS = new Set(['name', 'description', 'accept', 'jobowner', 'subjobs', 'status']);

async function createJob(ctx: Ctx): Promise<Response> {
  const form = await formFields(ctx.request);
  const text = form ? textField(form, 'json') : undefined;
  if (text === undefined)
    throw new ImportError(400, 'The job description must come as the multipart field json');
  const parsed = parseJson(text);
  if (!parsed.ok || !isRecord(parsed.value))
    throw new ImportError(400, `json must be a JSON object: ${text}`);
  const description = parsed.value;
  for (const key of Object.keys(description)) {
    if (key !== key.toLowerCase())
      throw new ImportError(400, `Unknown job field ${key}: job fields are lower-case`);
    if (!JOB_CREATE_KEYS.has(key)) throw new ImportError(400, `Unknown job field ${key}`);
  }
  const name = typeof description.name === 'string' ? description.name.trim() : '';
  if (!name) throw new ImportError(400, 'A job needs a name');
  const accept =
    Array.isArray(description.accept) && description.accept.every((entry) => typeof entry === 'string')
      ? (description.accept as string[])
      : [...DEFAULT_ACCEPT];
  const id = (ctx.db.importJobs.at(-1)?.id ?? 0) + 1;
  const job: ImportJob = {
    id,
    name,
    description: typeof description.description === 'string' ? description.description : '',
    status: 'open',
    activated: true,
    jobowner: ctx.user.id,
    created: ctx.now.toISOString(),
    modified: ctx.now.toISOString(),
    subjobs: [],
    itemResource: 'asset',
    accept,
  };
  ctx.db.importJobs.push(job);
  return envelope(
    ctx,
    'job',
    wireJob(ctx.db, job, ctx.user, { withItems: false, maxItems: 0, rights: true, lang: ctx.lang }),
  );
}

async function deleteItemRows(ctx: Ctx, items: ImportItem[]): Promise<void> {
  const doomed = new Set(items);
  ctx.db.importItems = ctx.db.importItems.filter((item) => !doomed.has(item));
  for (const item of items) {
    if (item.file) await removeStored(ctx.db, item.file);
    if (item.thumbnail) await removeStored(ctx.db, item.thumbnail.key);
  }
}

async function deleteJob(ctx: Ctx, id: number): Promise<Response> {
  const job = jobOf(ctx, id);
  if (!mayDeleteJob(ctx.user))
    throw new ImportError(403, `${ctx.user.login} may not delete imports: deactivate it instead`);
  const jobs = [job];
  if (bool(ctx.params.get('withSecondaryJobs'), false)) {
    for (const sub of job.subjobs) {
      const found = ctx.db.importJobs.find((candidate) => candidate.id === sub);
      if (found) jobs.push(found);
    }
  }
  const ids = new Set(jobs.map((entry) => entry.id));
  ctx.db.importJobs = ctx.db.importJobs.filter((entry) => !ids.has(entry.id));
  for (const other of ctx.db.importJobs) other.subjobs = other.subjobs.filter((sub) => !ids.has(sub));
  const items = ctx.db.importItems.filter((item) => ids.has(item.job));
  // `deleteItems=false` keeps nothing either: items cannot live without their job (demo convention)
  await deleteItemRows(ctx, items);
  return envelope(ctx, 'job', { id });
}

async function patchJob(ctx: Ctx, id: number): Promise<Response> {
  const job = jobOf(ctx, id);
  const body = await jsonBody(ctx.request);
  for (const [key, value] of Object.entries(body)) {
    switch (key) {
      case 'jobowner': {
        const ownerId = isRecord(value) ? value.id : value;
        const owner = ctx.db.users.find((user) => same(user.id, ownerId));
        if (!owner || !mayImport(owner))
          throw new ImportError(400, `jobowner: ${JSON.stringify(value)} may not own an import`);
        job.jobowner = owner.id;
        break;
      }
      case 'subjobs': {
        if (!isRecord(value) || !Array.isArray(value.$values))
          throw new ImportError(400, `cannot adapt ${JSON.stringify(value)}`);
        const values = value.$values.map((entry) => Number(isRecord(entry) ? entry.id : entry));
        for (const sub of values) {
          if (sub === job.id || !ctx.db.importJobs.some((candidate) => candidate.id === sub))
            throw new ImportError(400, `Job '${sub}' is unknown`);
        }
        const mode = String(value.$mode ?? 'replace');
        if (mode === 'appendnew' || mode === 'append' || mode === 'add')
          job.subjobs = [...new Set([...job.subjobs, ...values])];
        else if (mode === 'remove') job.subjobs = job.subjobs.filter((sub) => !values.includes(sub));
        else if (mode === 'replace') job.subjobs = [...new Set(values)];
        else throw new ImportError(400, `Unknown $mode ${mode}`);
        break;
      }
      case 'activated':
        if (typeof value !== 'boolean') throw new ImportError(400, 'activated must be true or false');
        job.activated = value;
        break;
      case 'name':
      case 'description':
        if (typeof value !== 'string') throw new ImportError(400, `${key} must be a text`);
        job[key] = value;
        break;
      default:
        throw new ImportError(400, `Cannot change ${key} of a job`);
    }
  }
  touchJob(job, ctx.now);
  return envelope(
    ctx,
    'job',
    wireJob(ctx.db, job, ctx.user, { withItems: false, maxItems: 0, rights: true, lang: ctx.lang }),
  );
}

// --- metadata commands -------------------------------------------------------------------------

const isId = (value: unknown): boolean =>
  (typeof value === 'number' && Number.isInteger(value)) ||
  (typeof value === 'string' && /^\d+$/.test(value));

/** An id, or an object reduced to its id; undefined when it is neither. */
const reduceId = (value: unknown): number | undefined => {
  const raw = isRecord(value) ? value.id : value;
  return isId(raw) ? Number(raw) : undefined;
};

type Setter = (metadata: ImportItemMetadata) => void;

/** One value of `metadata.data`: ids or `{$mode, $values}` for relations, a text for text fields. */
function setterOf(ctx: Ctx, field: string, value: unknown): Setter {
  const header = itemFieldHeaders(ctx.db)[field];
  if (!header) throw new ImportError(400, `Unknown field ${field}`);
  const cannot = () => new ImportError(400, `cannot adapt ${JSON.stringify(value)}`);
  const key = field as keyof ImportItemMetadata;
  if (header.type === 'array' || header.type === 'object') {
    const related = field === 'keywords' ? ctx.db.keywords : ctx.db.categories;
    const check = (ids: number[]) => {
      for (const id of ids) {
        if (!related.some((row) => row.id === id))
          throw new ImportError(400, `Field ${field}: unknown id ${id}`);
      }
      return ids;
    };
    let mode = 'replace';
    let values: unknown[];
    if (isRecord(value) && '$mode' in value) {
      if (!Array.isArray(value.$values)) throw cannot();
      mode = String(value.$mode);
      values = value.$values;
    } else if (Array.isArray(value)) values = value;
    else if (value === null) values = [];
    else if (reduceId(value) !== undefined) values = [value];
    else throw cannot();
    const ids = check(
      values.map((entry) => {
        const id = reduceId(entry);
        if (id === undefined) throw cannot();
        return id;
      }),
    );
    if (!['replace', 'add', 'append', 'appendnew', 'remove'].includes(mode))
      throw new ImportError(400, `Unknown $mode ${mode}`);
    return (metadata) => {
      const current = (metadata[key] as number[] | undefined) ?? [];
      const next =
        mode === 'replace'
          ? ids
          : mode === 'remove'
            ? current.filter((id) => !ids.includes(id))
            : [...new Set([...current, ...ids])];
      (metadata as Record<string, unknown>)[key] = next;
    };
  }
  if (value === null) return (metadata) => void delete metadata[key];
  if (typeof value !== 'string') throw cannot();
  return (metadata) => {
    (metadata as Record<string, unknown>)[key] = value;
  };
}

function commandItems(ctx: Ctx, job: ImportJob, ids: unknown): ImportItem[] {
  if (!Array.isArray(ids) || ids.length === 0) throw new ImportError(400, 'metadata.ids must list item ids');
  return ids.map((raw) => {
    const id = reduceId(raw);
    const item = id === undefined ? undefined : ctx.db.importItems.find((candidate) => candidate.id === id);
    if (!item || item.job !== job.id)
      throw new ImportError(400, `Item ${JSON.stringify(raw)} is not in the import '${job.name}'`);
    return item;
  });
}

function startCommand(ctx: Ctx, command: Omit<Command, 'id' | 'doneAt' | 'applied'>): Command {
  const state = stateOf(ctx.db);
  const full: Command = {
    ...command,
    id: state.nextCommand++,
    doneAt: ctx.now.getTime() + runtime.settings['imports.commandMs'],
    applied: false,
  };
  state.commands.set(full.id, full);
  advance(ctx.db, ctx.now.getTime());
  return full;
}

async function putJob(ctx: Ctx, id: number): Promise<Response> {
  const job = jobOf(ctx, id);
  const body = await jsonBody(ctx.request);
  let command: Command | undefined;
  if (Array.isArray(body.items)) {
    // add items: they move to this job
    for (const raw of body.items) {
      const item = itemOf(ctx, reduceId(raw) ?? -1);
      item.job = job.id;
      item.modified = ctx.now.toISOString();
    }
  } else if (isRecord(body.metadata)) {
    const metadata = body.metadata;
    const items = commandItems(ctx, job, metadata.ids);
    const itemsIds = items.map((item) => item.id);
    const modified = () => {
      for (const item of items) item.modified = new Date().toISOString();
    };
    if (metadata.validate === true) {
      const validationJob = stateOf(ctx.db).nextValidationJob++;
      const user = ctx.user;
      command = startCommand(ctx, {
        job: job.id,
        kind: 'validate',
        itemsIds,
        fields: [],
        validationJob,
        apply: () => {
          for (const item of items) {
            if (item.status === S.ready && ctx.db.importItems.includes(item))
              importItem(ctx.db, item, user, new Date());
          }
          if (itemsOfJob(ctx.db, job.id).every((item) => item.status === S.imported)) job.status = 'done';
        },
      });
    } else if (typeof metadata.type === 'string') {
      const type = metadata.type;
      if (!itemResources(ctx.db).some((resource) => resource.resource === type))
        throw new ImportError(400, `Unknown resource ${type}`);
      command = startCommand(ctx, {
        job: job.id,
        kind: 'collection',
        itemsIds,
        fields: ['type'],
        apply: () => {
          for (const item of items) item.type = type;
          modified();
        },
      });
    } else if (isRecord(metadata.data)) {
      const locked = items.find((item) => item.status === S.imported);
      if (locked) throw new ImportError(400, `Item ${locked.id} is already imported`);
      const setters = Object.entries(metadata.data).map(([field, value]) => setterOf(ctx, field, value));
      command = startCommand(ctx, {
        job: job.id,
        kind: 'metadata',
        itemsIds,
        fields: Object.keys(metadata.data),
        apply: () => {
          for (const item of items) {
            for (const set of setters) set(item.metadata);
            if (item.status === S.ready || item.status === S.incomplete) item.status = analysedStatus(item);
          }
          modified();
        },
      });
    } else throw new ImportError(400, 'metadata needs data, type or validate');
  } else throw new ImportError(400, 'The body needs metadata or items');
  touchJob(job, ctx.now);
  const answer = restEnvelope(ctx.request, {
    resource: 'job',
    data: wireJob(ctx.db, job, ctx.user, { withItems: false, maxItems: 0, rights: false, lang: ctx.lang }),
  });
  const action = command
    ? {
        commands: [command.id],
        ...(command.validationJob !== undefined && { validationJob: command.validationJob }),
      }
    : { commands: [] };
  return HttpResponse.json({ ...answer, response: { ...answer.response, $action: action } });
}

function commandStatus(ctx: Ctx, id: number, ids: number[]): Response {
  jobOf(ctx, id);
  advance(ctx.db, ctx.now.getTime());
  const { commands } = stateOf(ctx.db);
  const data = ids.map((commandId) => {
    const command = commands.get(commandId);
    // a done command is reported once, then forgotten; a forgotten one is done
    if (!command) return { id: commandId, done: true };
    if (command.applied) commands.delete(commandId);
    return {
      id: commandId,
      done: command.applied,
      kind: command.kind,
      itemsIds: command.itemsIds,
      fields: command.fields,
      ...(command.validationJob !== undefined && { validationJob: command.validationJob }),
    };
  });
  return envelope(ctx, 'command', data);
}

function jobChanges(ctx: Ctx, id: number): Response {
  const job = jobOf(ctx, id);
  const { changesSeen } = stateOf(ctx.db);
  const key = `${job.id}:${ctx.user.id}`;
  const since = changesSeen.get(key) ?? '';
  const changed = itemsOfJob(ctx.db, job.id).filter((item) => (item.modified ?? item.$datatime) > since);
  changesSeen.set(key, ctx.now.toISOString());
  const options = { workflows: false, simu: false, rights: false, lang: ctx.lang, writable: true };
  return envelope(
    ctx,
    'item',
    changed.map((item) => wireItem(ctx.db, item, options)),
  );
}

// --- items ------------------------------------------------------------------------------------

/** Search, count and aggregates of a job's items (GET), or items by id (POST with override GET). */
async function jobItems(ctx: Ctx, id: number): Promise<Response> {
  const job = jobOf(ctx, id);
  let params = ctx.params;
  let byForm = false;
  if (ctx.request.method === 'POST') {
    const form = await formFields(ctx.request);
    if (!form) throw new ImportError(400, 'Items by id: the body must be a form');
    params = new URLSearchParams();
    for (const [name, value] of form) if (typeof value === 'string') params.append(name, value);
    byForm = true;
  }
  const queryText = params.get('query');
  let byIds: number[] | undefined;
  if (queryText) {
    const parsed = parseJson(queryText);
    const idIn =
      parsed.ok && isRecord(parsed.value) && isRecord(parsed.value.id) ? parsed.value.id.in : undefined;
    if (Array.isArray(idIn)) byIds = idIn.map((entry) => Number(reduceId(entry) ?? -1));
  }
  if (byIds && byIds.length > 200)
    throw new ImportError(400, `Cannot retrieve so many items at once. received ${byIds.length}.`);
  const all = itemsOfJob(ctx.db, job.id);
  const inQuery = matcher(queryText);
  const inText = fulltextMatcher(params.get('fulltext'));
  let found = all.filter((item) => inQuery(item) && inText(item));
  if (byIds) {
    const order = new Map(byIds.map((itemId, index) => [itemId, index]));
    found.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  } else found = orderItems(found, params.get('orderby'));
  const total = found.length;
  const aggregates = bool(params.get('withAggregates'), false)
    ? {
        status: Object.entries(
          found.reduce<Record<number, number>>((counts, item) => {
            counts[item.status] = (counts[item.status] ?? 0) + 1;
            return counts;
          }, {}),
        ).map(([status, count]) => ({
          count,
          data: { id: Number(status), name: STATUS_NAMES[Number(status)] ?? status },
        })),
      }
    : undefined;
  const withData = bool(params.get('withData'), true);
  const scope = `items:${job.id}:${params.get('orderby') ?? ''}:${queryText ?? ''}:${params.get('fulltext') ?? ''}`;
  const start = byIds ? 0 : decodeOffset(params.get('after'), scope);
  const max = byIds
    ? MAX_ITEMS_BY_ID
    : Math.max(1, Math.min(MAX_ITEM_PAGE, Number(params.get('max')) || 200));
  const page = withData ? found.slice(start, start + max) : [];
  const end = start + page.length;
  const writable = mayUseJob(ctx.user, job);
  const options = {
    workflows: bool(params.get('workflows'), false),
    simu: bool(params.get('withSimu'), false),
    rights: bool(params.get('withRights'), false),
    lang: ctx.lang,
    writable,
  };
  const props = params.get('props');
  const techProps = (params.get('techProps') ?? '').split(',').filter(Boolean);
  const rows = page.map((item) => {
    const wire = wireItem(ctx.db, item, options);
    if (!props) return wire;
    // `props` keeps only the fields asked (and what identifies a row)
    const kept: Record<string, unknown> = { id: wire.id, $resource: wire.$resource, $path: wire.$path };
    for (const prop of props.split(',')) if (prop in wire) kept[prop] = wire[prop];
    for (const tech of techProps)
      kept[tech] = tech === '$score' ? 1 : tech === '$lockedby' ? null : undefined;
    if (options.workflows) kept.$workflow = wire.$workflow;
    return kept;
  });
  const answer = restEnvelope(ctx.request, {
    resource: 'item',
    data: rows,
    total,
    ...(aggregates && { aggregates }),
    links: !byIds && withData && end < total ? { moreResultsToken: encodeToken({ o: end, s: scope }) } : {},
    ...(bool(params.get('headers'), false) || options.simu
      ? { headers: { $assetmetadata: itemFieldHeaders(ctx.db) } }
      : {}),
    ...(byForm && { state: params.get('state') }),
  } as Parameters<typeof restEnvelope>[1]);
  return HttpResponse.json({
    ...answer,
    ...(options.simu && { $assetmetadataresources: itemResources(ctx.db) }),
  });
}

/** Job words: words of the items' names and titles starting with what was typed, most frequent first. */
function jobWords(ctx: Ctx, id: number): Response {
  const job = jobOf(ctx, id);
  const typed = words(ctx.params.get('fulltext') ?? '').at(-1) ?? '';
  const counts = new Map<string, number>();
  for (const item of itemsOfJob(ctx.db, job.id)) {
    for (const word of new Set(words(itemTexts(item)))) {
      if (word.length > 1 && word.startsWith(typed) && !/^\d+$/.test(word))
        counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  }
  const data = [...counts]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, 10)
    .map(([word]) => word);
  return envelope(ctx, 'item', data);
}

/** `GET /rest/massimport/data/item`: items across jobs (the analyzing count asks `withData=false`). */
function dataItems(ctx: Ctx): Response {
  const inQuery = matcher(ctx.params.get('query'));
  const found = ctx.db.importItems.filter((item) => {
    const job = ctx.db.importJobs.find((candidate) => candidate.id === item.job);
    return job !== undefined && mayUseJob(ctx.user, job) && inQuery(item);
  });
  const withData = bool(ctx.params.get('withData'), true);
  const max = Math.max(1, Math.min(MAX_ITEM_PAGE, Number(ctx.params.get('max')) || 200));
  const options = { workflows: false, simu: false, rights: false, lang: ctx.lang, writable: true };
  const fields = (ctx.params.get('aggfields') ?? ctx.params.get('aggFields') ?? '')
    .split(',')
    .filter(Boolean);
  const aggregates: Record<string, unknown> = {};
  for (const field of fields) {
    if (field !== 'job' && field !== 'status')
      throw new ImportError(400, `Cannot aggregate items on ${field}`);
    const counts = new Map<number, number>();
    for (const item of found) counts.set(item[field], (counts.get(item[field]) ?? 0) + 1);
    aggregates[field] = [...counts].map(([value, count]) => ({ count, data: { id: value } }));
  }
  return envelope(
    ctx,
    'item',
    withData ? found.slice(0, max).map((item) => wireItem(ctx.db, item, options)) : [],
    {
      total: found.length,
      ...(fields.length > 0 && { aggregates }),
    },
  );
}

async function transferItem(ctx: Ctx, ids: number[]): Promise<Response> {
  const body = await jsonBody(ctx.request);
  const items = ids.map((itemId) => itemOf(ctx, itemId));
  const target = jobOf(ctx, reduceId(body.job) ?? -1);
  for (const key of Object.keys(body))
    if (key !== 'job') throw new ImportError(400, `Cannot change ${key} of an item`);
  for (const item of items) {
    item.job = target.id;
    item.modified = ctx.now.toISOString();
  }
  touchJob(target, ctx.now);
  const options = { workflows: false, simu: false, rights: false, lang: ctx.lang, writable: true };
  const data = items.map((item) => wireItem(ctx.db, item, options));
  return envelope(ctx, 'item', data.length === 1 ? data[0] : data);
}

async function deleteItems(ctx: Ctx, ids: number[]): Promise<Response> {
  const items = ids.map((itemId) => itemOf(ctx, itemId));
  await deleteItemRows(ctx, items);
  return envelope(ctx, 'item', ids.length === 1 ? { id: ids[0] } : ids.map((itemId) => ({ id: itemId })));
}

/** Bulk patch (form `json`, override PATCH): metadata values or `job`, applied at once. */
async function bulkPatch(ctx: Ctx, ids: number[]): Promise<Response> {
  const form = await formFields(ctx.request);
  const text = form ? textField(form, 'json') : undefined;
  const parsed = text === undefined ? undefined : parseJson(text);
  if (!parsed?.ok || !isRecord(parsed.value))
    throw new ImportError(400, 'The form field json must be a JSON object');
  const items = ids.map((itemId) => itemOf(ctx, itemId));
  const { job, ...values } = parsed.value;
  const target = job === undefined ? undefined : jobOf(ctx, reduceId(job) ?? -1);
  const setters = Object.entries(values).map(([field, value]) => setterOf(ctx, field, value));
  for (const item of items) {
    for (const set of setters) set(item.metadata);
    if (item.status === S.ready || item.status === S.incomplete) item.status = analysedStatus(item);
    if (target) item.job = target.id;
    item.modified = ctx.now.toISOString();
  }
  return envelope(ctx, 'item', { ids });
}

function stepItem(ctx: Ctx, item: ImportItem, action: string): void {
  const step = ITEM_ACTIONS.find((candidate) => candidate.action === action);
  if (!step) throw new ImportError(400, `Workflow action ${action || '(none)'} is unknown`);
  if (!step.from.includes(item.status))
    throw new ImportError(
      400,
      `Workflow action ${action} is not available for item ${item.id} (${STATUS_NAMES[item.status]})`,
    );
  if (action === 'analyze') {
    item.status = S.analyzing;
    item.indexingstatus = 'pending';
    item.readyAt = ctx.now.getTime() + runtime.settings['imports.analyzeMs'];
    item.error = null;
  } else if (action === 'validate') importItem(ctx.db, item, ctx.user, ctx.now);
  else if (action === 'reject') {
    item.status = S.failed;
    item.error = { code: 'rejected', message: `Rejected by ${ctx.user.firstname} ${ctx.user.lastname}` };
  }
  item.modified = ctx.now.toISOString();
}

async function itemWorkflow(ctx: Ctx, ids: number[]): Promise<Response> {
  let action = ctx.params.get('workflowAction');
  let workflows = bool(ctx.params.get('workflows'), false);
  if (!action) {
    const form = await formFields(ctx.request);
    action = form ? (textField(form, 'workflowAction') ?? null) : null;
    workflows = form ? bool(textField(form, 'workflows'), workflows) : workflows;
  }
  const items = ids.map((itemId) => itemOf(ctx, itemId));
  // every item is checked before any moves: a refused chunk changes nothing
  for (const item of items) {
    const step = ITEM_ACTIONS.find((candidate) => candidate.action === action);
    if (step && !step.from.includes(item.status))
      throw new ImportError(
        400,
        `Workflow action ${action} is not available for item ${item.id} (${STATUS_NAMES[item.status]})`,
      );
  }
  for (const item of items) stepItem(ctx, item, action ?? '');
  const options = { workflows, simu: false, rights: false, lang: ctx.lang, writable: true };
  const data = items.map((item) => wireItem(ctx.db, item, options));
  return envelope(ctx, 'item', data.length === 1 ? data[0] : data);
}

function jobWorkflow(ctx: Ctx, id: number): Response {
  const job = jobOf(ctx, id);
  const action = ctx.params.get('workflowAction') ?? '';
  const step = JOB_ACTIONS.find((candidate) => candidate.action === action);
  if (!step) throw new ImportError(400, `Workflow action ${action || '(none)'} is unknown`);
  if (!step.from.includes(job.status))
    throw new ImportError(400, `Workflow action ${action} is not available for a job ${job.status}`);
  job.status = step.to;
  if (action === 'start') {
    const readyAt = ctx.now.getTime() + runtime.settings['imports.analyzeMs'];
    for (const item of itemsOfJob(ctx.db, job.id)) {
      if (item.status === S.uploaded || (item.status === S.analyzing && item.readyAt === undefined)) {
        item.status = S.analyzing;
        item.indexingstatus = 'pending';
        item.readyAt = readyAt;
        item.modified = ctx.now.toISOString();
      }
    }
  }
  touchJob(job, ctx.now);
  return envelope(
    ctx,
    'job',
    wireJob(ctx.db, job, ctx.user, { withItems: false, maxItems: 0, rights: false, lang: ctx.lang }),
  );
}

function workflowList(ctx: Ctx): Response {
  return envelope(
    ctx,
    'workflow',
    ITEM_ACTIONS.map((step) => ({
      action: step.action,
      name: step.action,
      label: ctx.lang.startsWith('fr') ? step.label.fr : step.label.en,
      from: step.from.map((status) => STATUS_NAMES[status]),
    })),
  );
}

// --- uploads ----------------------------------------------------------------------------------

const EXTENSION_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  svg: 'image/svg+xml',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  pdf: 'application/pdf',
  zip: 'application/zip',
  txt: 'text/plain',
  exe: 'application/x-msdownload',
};

function typeOf(name: string, sent: string): string {
  const type = sent.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type && type !== 'application/octet-stream') return type;
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
  return EXTENSION_TYPES[extension] ?? 'application/octet-stream';
}

const accepts = (job: ImportJob, type: string): boolean =>
  job.accept.some((pattern) =>
    pattern.endsWith('/*') ? type.startsWith(pattern.slice(0, -1)) : pattern === type,
  );

const isZip = (name: string, type: string): boolean =>
  type === 'application/zip' || type === 'application/x-zip-compressed' || /\.zip$/i.test(name);

const megabytes = (bytes: number): string => `${(bytes / 1_048_576).toFixed(1).replace(/\.0$/, '')} MB`;

function tooLarge(name: string, size: number): ImportError {
  const max = runtime.settings['imports.maxFileSize'];
  return new ImportError(
    413,
    `${name} is ${megabytes(size)}: this import accepts files up to ${megabytes(max)} (${max} bytes)`,
  );
}

interface Incoming {
  name: string;
  type: string;
  bytes: Uint8Array;
}

/** Stores the files, makes thumbnails and blurhashes, then adds every item at once (no half item). */
async function addItems(
  ctx: Ctx,
  job: ImportJob,
  files: Incoming[],
  metadata: ImportItemMetadata,
): Promise<ImportItem[]> {
  const stored: string[] = [];
  const items: ImportItem[] = [];
  const ids = takeItemIds(ctx.db, files.length);
  try {
    for (const [index, file] of files.entries()) {
      const id = ids[index] as number;
      const key = await writeStored(ctx.db, `${id}-${file.name}`, file.bytes);
      stored.push(key);
      const thumbnail = await thumbnailOf(file.bytes, file.type, file.name);
      const thumbKey = await writeStored(
        ctx.db,
        `${id}.thumbnail.${thumbnail.type === 'image/jpeg' ? 'jpg' : 'svg'}`,
        thumbnail.bytes,
      );
      stored.push(thumbKey);
      const base = file.name.replace(/^.*[/\\]/, '');
      items.push({
        id,
        job: job.id,
        $resource: 'item',
        $path: 'massimport/data/item',
        name: base,
        filename: base,
        mimetype: file.type,
        filesize: file.bytes.byteLength,
        status: S.analyzing,
        indexingstatus: 'pending',
        blurhash: thumbnail.blurhash,
        $datatime: ctx.now.toISOString(),
        modified: ctx.now.toISOString(),
        metadata: { title: base.replace(/\.[^.]+$/, ''), ...metadata },
        error: null,
        readyAt: Date.now() + runtime.settings['imports.analyzeMs'],
        file: key,
        thumbnail: { key: thumbKey, type: thumbnail.type, width: thumbnail.width, height: thumbnail.height },
        ...(thumbnail.source && { size: thumbnail.source }),
        type: 'asset',
      });
    }
  } catch (error) {
    for (const key of stored) await removeStored(ctx.db, key);
    throw error;
  }
  ctx.db.importItems.push(...items);
  // uploads side by side may finish out of order: the rows stay sorted by id
  const rows = ctx.db.importItems;
  if (rows.some((row, index) => index > 0 && (rows[index - 1] as ImportItem).id > row.id))
    rows.sort((a, b) => a.id - b.id);
  touchJob(job, ctx.now);
  advance(ctx.db);
  return items;
}

function unzipEntries(zip: Incoming): { files: Incoming[]; skipped: string[] } {
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(zip.bytes);
  } catch {
    throw new ImportError(400, `${zip.name} is not a readable zip file`);
  }
  const files: Incoming[] = [];
  const skipped: string[] = [];
  let total = 0;
  for (const [path, bytes] of Object.entries(entries)) {
    const base = path.split('/').at(-1) ?? '';
    if (path.endsWith('/') || path.startsWith('__MACOSX/') || base.startsWith('.') || !base) continue;
    total += bytes.byteLength;
    files.push({ name: base, type: typeOf(base, ''), bytes });
  }
  if (total > runtime.settings['imports.maxFileSize']) throw tooLarge(`${zip.name} (expanded)`, total);
  return { files, skipped };
}

async function upload(ctx: Ctx): Promise<Response> {
  const form = await formFields(ctx.request);
  if (!form) throw new ImportError(400, 'An upload must be a complete multipart body');
  const text = textField(form, 'json');
  if (text === undefined) throw new ImportError(400, 'An upload needs the multipart field json');
  const parsed = parseJson(text);
  if (!parsed.ok || !isRecord(parsed.value))
    throw new ImportError(400, `json must be a JSON object: ${text}`);
  const description = parsed.value;
  const job = jobOf(ctx, reduceId(description.job) ?? -1);
  if (job.status === 'done' || !job.activated)
    throw new ImportError(400, `The import '${job.name}' is closed`);
  const reference = description.binary;
  if (typeof reference !== 'string' || !reference.startsWith('cid:'))
    throw new ImportError(400, 'json.binary must name the file part as cid:{field}');
  const part = form.get(reference.slice(4));
  if (!part || typeof part === 'string')
    throw new ImportError(400, `No file part ${reference.slice(4)} for ${reference}`);
  const name =
    typeof description.name === 'string' && description.name ? description.name : part.name || 'upload';
  if (part.size > runtime.settings['imports.maxFileSize']) throw tooLarge(name, part.size);
  const type = typeOf(name, part.type);
  const file: Incoming = { name, type, bytes: new Uint8Array(await part.arrayBuffer()) };
  const metadata: ImportItemMetadata = {};
  for (const field of ['title', 'description'] as const) {
    if (typeof description[field] === 'string') metadata[field] = description[field] as string;
  }
  if (bool(ctx.params.get('unzip'), false) && isZip(name, type)) {
    const { files } = unzipEntries(file);
    const accepted = files.filter((entry) => accepts(job, entry.type));
    const skipped = files.filter((entry) => !accepts(job, entry.type)).map((entry) => entry.name);
    if (accepted.length === 0)
      throw new ImportError(
        400,
        `None of the files in ${name} has a format the import '${job.name}' accepts`,
        9,
      );
    const items = await addItems(ctx, job, accepted, metadata);
    const options = { workflows: false, simu: false, rights: false, lang: ctx.lang, writable: true };
    const answer = restEnvelope(ctx.request, {
      resource: 'item',
      data: items.map((item) => wireItem(ctx.db, item, options)),
    });
    return HttpResponse.json({ ...answer, response: { ...answer.response, skipped } });
  }
  if (!accepts(job, type))
    throw new ImportError(
      400,
      `The format of ${name} (${type}) is not accepted by the import '${job.name}'`,
      9,
    );
  const [item] = await addItems(ctx, job, [file], metadata);
  const options = { workflows: false, simu: false, rights: false, lang: ctx.lang, writable: true };
  return envelope(ctx, 'item', wireItem(ctx.db, item as ImportItem, options));
}

// --- routing ------------------------------------------------------------------------------------

async function route(ctx: Ctx, parts: string[]): Promise<Response> {
  const { method } = ctx;
  const [head, second, third, fourth, fifth] = parts;
  if (head === 'job') {
    if (second === undefined || second === '') {
      if (method === 'GET') return listJobs(ctx);
      if (method === 'POST') return createJob(ctx);
    } else {
      const id = idOf(second, 'The job id');
      if (third === undefined) {
        if (method === 'GET') return getJob(ctx, id);
        if (method === 'DELETE') return deleteJob(ctx, id);
        if (method === 'PATCH') return patchJob(ctx, id);
        if (method === 'PUT') return putJob(ctx, id);
      } else if (third === 'item' && fourth === undefined && method === 'GET') return jobItems(ctx, id);
      else if (third === 'items' && fourth === undefined && method === 'GET') return jobWords(ctx, id);
      else if (third === 'changes' && method === 'GET') {
        return fourth === undefined
          ? jobChanges(ctx, id)
          : commandStatus(ctx, id, idsOf(fourth, 'A command id'));
      }
    }
  } else if (head === 'item' && second === undefined && method === 'POST') return upload(ctx);
  else if (head === 'data' && second === 'item') {
    if (third === undefined && method === 'GET') return dataItems(ctx);
    if (third === 'workflow' && fourth === undefined && method === 'GET') return workflowList(ctx);
    if (third !== undefined) {
      const ids = idsOf(third, 'An item id');
      if (fourth === 'workflow' && fifth === undefined && method === 'POST') return itemWorkflow(ctx, ids);
      if (fourth === undefined) {
        if (method === 'PATCH' && ctx.request.method === 'PATCH') return transferItem(ctx, ids);
        if (method === 'PATCH') return bulkPatch(ctx, ids);
        if (method === 'DELETE') return deleteItems(ctx, ids);
      }
    }
  } else if (
    head === 'data' &&
    second === 'job' &&
    third !== undefined &&
    fourth === 'workflow' &&
    method === 'POST'
  )
    return jobWorkflow(ctx, idOf(third, 'The job id'));
  throw new ImportError(404, `Unknown API path ${ctx.request.method} /rest/massimport/${parts.join('/')}`);
}

/** The effective method: POST with `X-HTTP-Method-Override` acts as the header says (protocol §1.7). */
function methodOf(request: Request): string {
  const override = request.headers.get('x-http-method-override')?.toUpperCase();
  return request.method === 'POST' && override ? override : request.method;
}

async function serve(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const parts = url.pathname.replace(/^.*?\/api\/rest\/massimport\/?/, '').split('/');
  if (parts.at(-1) === '' && parts.length > 1) parts.pop();
  const caller = callerOf(request);
  const user = caller.kind === 'user' ? caller.user : undefined;
  if (!mayImport(user)) {
    const who =
      caller.kind === 'user'
        ? caller.user.login
        : caller.kind === 'application'
          ? 'The application'
          : 'A visitor';
    return errorResponse(403, `${who} may not use mass import`);
  }
  const ctx: Ctx = {
    request,
    db: runtime.db,
    user,
    lang: langFor(url.searchParams, caller),
    params: url.searchParams,
    method: methodOf(request),
    now: new Date(),
  };
  advance(ctx.db, ctx.now.getTime());
  try {
    return await route(ctx, parts);
  } catch (error) {
    if (error instanceof ImportError) return errorResponse(error.status, error.message, error.subcode);
    throw error;
  }
}

/** Thumbnails are browser-loaded (no Authorization, protocol §1.1): an item's id is enough. */
async function thumbnail(id: string): Promise<Response> {
  const db = runtime.db;
  advance(db);
  const item = /^\d+$/.test(id) ? db.importItems.find((candidate) => candidate.id === Number(id)) : undefined;
  if (!item) return errorResponse(404, `ID #${id} NOT FOUND`);
  if (item.status === S.analyzing || item.status === S.uploaded)
    return errorResponse(404, `Item ${id} is still being analysed: no thumbnail yet`);
  const headers = { 'Cache-Control': 'no-cache' };
  if (item.thumbnail) {
    const bytes = await readStored(db, item.thumbnail.key);
    if (bytes)
      return new Response(new Uint8Array(bytes), {
        headers: { ...headers, 'Content-Type': item.thumbnail.type },
      });
  }
  if (!item.file && item.mimetype.startsWith('image/')) {
    // a seeded image item has no file: it shows a picture drawn like the seeded assets'
    const picture = {
      id: 900_000 + item.id,
      name: item.name,
      filename: item.filename,
      assetnature: ASSET_NATURES[0],
      width: 1600,
      height: 1067,
      duration: null,
    } as unknown as Asset;
    return new Response(renderAssetImage(picture, { name: 'thumbnailBig', watermarked: false }), {
      headers: { ...headers, 'Content-Type': 'image/svg+xml' },
    });
  }
  return new Response(typeIconSvg(item.mimetype, item.filename), {
    headers: { ...headers, 'Content-Type': 'image/svg+xml' },
  });
}

/** The uploaded file as it came (browser-loaded like thumbnails), offered for download under its name. */
async function original(id: string): Promise<Response> {
  const item = /^\d+$/.test(id)
    ? runtime.db.importItems.find((candidate) => candidate.id === Number(id))
    : undefined;
  const bytes = item?.file ? await readStored(runtime.db, item.file) : undefined;
  if (!item || !bytes) return errorResponse(404, `ID #${id} NOT FOUND`);
  return new Response(new Uint8Array(bytes), {
    headers: {
      'Content-Type': item.mimetype,
      'Content-Disposition': `inline; filename*=UTF-8''${encodeURIComponent(item.filename)}`,
    },
  });
}

export const importHandlers = [
  http.all('*/api/rest/massimport/*', ({ request }) => serve(request)),
  http.get('*/api/wedia/massimport/thumbnail/:id', ({ params }) => thumbnail(String(params.id))),
  http.get('*/api/wedia/massimport/file/:id', ({ params }) => original(String(params.id))),
];
