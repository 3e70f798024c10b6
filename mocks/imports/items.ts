/** Item handlers: a job's items, items across jobs, and the moves an item makes (transfer, workflow). */
import { HttpResponse } from 'msw';
import type { ImportItem } from '../db/imports';
import { headersIn } from '../db/schemas';
import { langOf } from '../entities/workflow';
import { formFields, parseJson, textField } from '../handlers/form';
import { restEnvelope } from '../handlers/respond';
import { runtime } from '../runtime';
import { setterOf } from './commands';
import {
  analysedStatus,
  importItem,
  ITEM_ACTIONS,
  itemFieldHeaders,
  itemResources,
  itemsOfJob,
  JOB_ACTIONS,
  mayUseJob,
  S,
  STATUS_NAMES,
  wireItem,
  wireJob,
} from './model';
import { decodeOffset, encodeToken, fulltextMatcher, itemTexts, matcher, orderItems, words } from './query';
import {
  bool,
  type Ctx,
  deleteItemRows,
  envelope,
  ImportError,
  isRecord,
  itemOf,
  jobOf,
  jsonBody,
  reduceId,
  touchJob,
} from './request';

/** Items by id: at most this many ids per call (protocol §15.2). */
const MAX_ITEMS_BY_ID = 200;
/** Item search: `max` is capped here (the client asks 200). */
const MAX_ITEM_PAGE = 1000;

/** Search, count and aggregates of a job's items (GET), or items by id (POST with override GET). */
export async function jobItems(ctx: Ctx, id: number): Promise<Response> {
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
      ? { headers: { $assetmetadata: headersIn(itemFieldHeaders(ctx.db), langOf(ctx.lang)) } }
      : {}),
    ...(byForm && { state: params.get('state') }),
  } as Parameters<typeof restEnvelope>[1]);
  return HttpResponse.json({
    ...answer,
    ...(options.simu && { $assetmetadataresources: itemResources(ctx.db) }),
  });
}

/** Job words: words of the items' names and titles starting with what was typed, most frequent first. */
export function jobWords(ctx: Ctx, id: number): Response {
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
export function dataItems(ctx: Ctx): Response {
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

export async function transferItem(ctx: Ctx, ids: number[]): Promise<Response> {
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

export async function deleteItems(ctx: Ctx, ids: number[]): Promise<Response> {
  const items = ids.map((itemId) => itemOf(ctx, itemId));
  await deleteItemRows(ctx, items);
  return envelope(ctx, 'item', ids.length === 1 ? { id: ids[0] } : ids.map((itemId) => ({ id: itemId })));
}

/** Bulk patch (form `json`, override PATCH): metadata values or `job`, applied at once. */
export async function bulkPatch(ctx: Ctx, ids: number[]): Promise<Response> {
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

export async function itemWorkflow(ctx: Ctx, ids: number[]): Promise<Response> {
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

export function jobWorkflow(ctx: Ctx, id: number): Response {
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

/**
 * The item workflow: one entry per state, each with the `actions[]` it offers (`name`, `label`),
 * as the reference reads it (it gathers every state's actions, once per name).
 */
export function workflowList(ctx: Ctx): Response {
  const label = (step: (typeof ITEM_ACTIONS)[number]) =>
    ctx.lang.startsWith('fr') ? step.label.fr : step.label.en;
  return envelope(
    ctx,
    'workflow',
    Object.entries(STATUS_NAMES).map(([status, name]) => ({
      id: Number(status),
      name,
      actions: ITEM_ACTIONS.filter((step) => step.from.includes(Number(status))).map((step) => ({
        name: step.action,
        label: label(step),
      })),
    })),
  );
}
