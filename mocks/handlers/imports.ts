/**
 * Mass import (protocol §15.1, issue 15): jobs, items, uploads, metadata commands, validation,
 * workflow and transfer. One handler takes every `/rest/massimport/...` path and routes it here,
 * so no other handler's pattern can take one of them first. The handlers behind the routes:
 * mocks/imports/{jobs,items,commands,uploads}.ts; the model: mocks/imports/model.ts;
 * the files: mocks/imports/storage.ts; thumbnails: mocks/media/thumbnail.ts.
 */
import { http } from 'msw';
import { type Asset, ASSET_NATURES } from '../db/assets';
import type { ImportItem } from '../db/imports';
import { commandStatus, jobChanges, putJob } from '../imports/commands';
import {
  bulkPatch,
  dataItems,
  deleteItems,
  itemWorkflow,
  jobItems,
  jobWords,
  jobWorkflow,
  transferItem,
  workflowList,
} from '../imports/items';
import { createJob, deleteJob, getJob, listJobs, patchJob } from '../imports/jobs';
import { advance, mayImport, mayUseJob, S } from '../imports/model';
import { type Ctx, idOf, idsOf, ImportError } from '../imports/request';
import { openStored, readStored } from '../imports/storage';
import { type TicketedFile, validTicket } from '../imports/tickets';
import { upload } from '../imports/uploads';
import { renderAssetImage } from '../media/asset-image';
import { typeIconSvg } from '../media/thumbnail';
import { runtime } from '../runtime';
import { rangedResponse } from './byte-ranges';
import { callerOf, langFor } from './caller';
import { errorResponse, SAFE_FILE_HEADERS } from './respond';
import { callerName, refusalOf, refusalResponse, userOfCaller } from './rights';

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
  // 403 for everyone, anonymous included, as before issue 27: the import client reads this refusal
  if (!mayImport(user)) return errorResponse(403, `${callerName(caller)} may not use mass import`);
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

/**
 * Browser-loaded files carry no Authorization (protocol §1.1): a live ticket from an item answer
 * (mocks/imports/tickets.ts) lets one in; without one, the caller's own session must be that of
 * someone who may use the job (its owner, an asset manager). Anonymous callers get 401, others 403.
 */
function fileOf(request: Request, id: string, file: TicketedFile): ImportItem | Response {
  const db = runtime.db;
  const item = /^\d+$/.test(id) ? db.importItems.find((candidate) => candidate.id === Number(id)) : undefined;
  if (item && validTicket(item, file, new URL(request.url).searchParams.get('ticket'))) return item;
  const caller = callerOf(request);
  const user = userOfCaller(caller);
  if (!user) return refusalResponse(refusalOf(caller, 'see the files of an import'));
  if (!item) return errorResponse(404, `ID #${id} NOT FOUND`);
  const job = db.importJobs.find((candidate) => candidate.id === item.job);
  if (!job || !mayImport(user) || !mayUseJob(user, job))
    return refusalResponse(refusalOf(caller, `see the files of the import '${job?.name ?? item.job}'`));
  return item;
}

async function thumbnail(request: Request, id: string): Promise<Response> {
  const db = runtime.db;
  advance(db);
  const item = fileOf(request, id, 'thumbnail');
  if (item instanceof Response) return item;
  if (item.status === S.analyzing || item.status === S.uploaded)
    return errorResponse(404, `Item ${id} is still being analysed: no thumbnail yet`);
  const headers = { 'Cache-Control': 'no-cache', ...SAFE_FILE_HEADERS };
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

/**
 * The uploaded file as it came, offered under its name (its type was read from its bytes on
 * upload), streamed from disk, whole or the range asked.
 */
async function original(request: Request, id: string): Promise<Response> {
  const item = fileOf(request, id, 'file');
  if (item instanceof Response) return item;
  const stored = item.file ? await openStored(runtime.db, item.file) : undefined;
  if (!stored) return errorResponse(404, `ID #${id} NOT FOUND`);
  return rangedResponse(request, stored.size, stored.read, {
    'Content-Type': item.mimetype,
    'Content-Disposition': `inline; filename*=UTF-8''${encodeURIComponent(item.filename)}`,
    ...SAFE_FILE_HEADERS,
  });
}

export const importHandlers = [
  http.all('*/api/rest/massimport/*', ({ request }) => serve(request)),
  http.get('*/api/wedia/massimport/thumbnail/:id', ({ request, params }) =>
    thumbnail(request, String(params.id)),
  ),
  http.get('*/api/wedia/massimport/file/:id', ({ request, params }) => original(request, String(params.id))),
];
