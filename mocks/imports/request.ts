/** What every mass-import handler shares, so refusals, ids and answers read the same on every path. */
import { HttpResponse } from 'msw';
import { UPLOAD_REFUSALS, type UploadRefusal } from '../../streams/imports/api';
import type { ImportItem, ImportJob } from '../db/imports';
import type { Db } from '../db/index';
import type { User } from '../db/users';
import { parseJson } from '../handlers/form';
import { restEnvelope } from '../handlers/respond';
import { runtime } from '../runtime';
import { mayUseJob } from './model';
import { removeStored } from './storage';
import { megabytes } from './unzip';

/** A refusal: the status, message and subcode of the error body (protocol §1.9). */
export class ImportError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly subcode?: number,
  ) {
    super(message);
  }
}

/** An upload refused with the code the portal puts in words (the table both sides read). */
export function uploadRefusal(kind: UploadRefusal, message: string): ImportError {
  const [status, subcode] = UPLOAD_REFUSALS[kind].split('/').map(Number);
  return new ImportError(status as number, message, subcode);
}

/** A file or body over `imports.maxFileSize` (413/1), with both sizes in words. */
export function tooLarge(name: string, size: number): ImportError {
  const max = runtime.settings['imports.maxFileSize'];
  return uploadRefusal(
    'tooLarge',
    `${name} is ${megabytes(size)}: this import accepts files up to ${megabytes(max)} (${max} bytes)`,
  );
}

export interface Ctx {
  request: Request;
  db: Db;
  user: User;
  lang: string;
  params: URLSearchParams;
  method: string;
  now: Date;
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const bool = (value: string | null | undefined, fallback: boolean): boolean =>
  value === 'true' ? true : value === 'false' ? false : fallback;

export function idOf(text: string | undefined, what: string): number {
  if (!text || !/^\d+$/.test(text))
    throw new ImportError(400, `${what} must be a numeric id, not ${text ?? '(none)'}`);
  return Number(text);
}

export function idsOf(text: string | undefined, what: string): number[] {
  return (text ?? '').split(',').map((part) => idOf(part.trim(), what));
}

export function jobOf(ctx: Ctx, id: number): ImportJob {
  const job = ctx.db.importJobs.find((candidate) => candidate.id === id);
  if (!job) throw new ImportError(404, `Job '${id}' is unknown`);
  if (!mayUseJob(ctx.user, job))
    throw new ImportError(403, `${ctx.user.login} may not use the import '${job.name}'`);
  return job;
}

export function itemOf(ctx: Ctx, id: number): ImportItem {
  const item = ctx.db.importItems.find((candidate) => candidate.id === id);
  if (!item) throw new ImportError(404, `ID #${id} NOT FOUND`);
  jobOf(ctx, item.job);
  return item;
}

export const touchJob = (job: ImportJob, now: Date) => {
  job.modified = now.toISOString();
};

export async function jsonBody(request: Request): Promise<Record<string, unknown>> {
  const text = await request.text();
  const parsed = parseJson(text);
  if (!parsed.ok || !isRecord(parsed.value)) throw new ImportError(400, 'The body must be a JSON object');
  return parsed.value;
}

export function envelope(
  ctx: Ctx,
  resource: string,
  data: unknown,
  extra: Parameters<typeof restEnvelope>[1] | object = {},
) {
  return HttpResponse.json(restEnvelope(ctx.request, { resource, data, ...extra }));
}

const isId = (value: unknown): boolean =>
  (typeof value === 'number' && Number.isInteger(value)) ||
  (typeof value === 'string' && /^\d+$/.test(value));

/** An id, or an object reduced to its id; undefined when it is neither. */
export const reduceId = (value: unknown): number | undefined => {
  const raw = isRecord(value) ? value.id : value;
  return isId(raw) ? Number(raw) : undefined;
};

export async function deleteItemRows(ctx: Ctx, items: ImportItem[]): Promise<void> {
  const doomed = new Set(items);
  ctx.db.importItems = ctx.db.importItems.filter((item) => !doomed.has(item));
  for (const item of items) {
    if (item.file) await removeStored(ctx.db, item.file);
    if (item.thumbnail) await removeStored(ctx.db, item.thumbnail.key);
  }
}
