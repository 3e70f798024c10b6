import express, { type RequestHandler } from 'express';
import {
  type JsonValue,
  LOGGED_HEADERS,
  type LoggedBody,
  type LoggedFile,
  type LoggedRequest,
  runtime,
} from '../runtime';
import { STAGED_FORM_HEADER } from '../handlers/form';
import { requestPath } from './api-paths';
import { boundaryOf } from './multipart-stream';
import { stageMultipart } from './upload-staging';

/** Bodies other than multipart forms are held in memory whole: JSON and url-encoded calls are small. */
const BODY_LIMIT = '32mb';

const rawBody = express.raw({ type: () => true, limit: BODY_LIMIT });

/**
 * Multipart bodies are streamed to disk (upload-staging.ts); any other body is read into
 * `req.body` as a Buffer, whatever its type, so the log can decode it; the MSW middleware then
 * replays those bytes (see msw.ts).
 */
export const captureBody: RequestHandler = (req, res, next) => {
  // only the staging names a staged form: a client cannot point at another request's files
  delete req.headers[STAGED_FORM_HEADER];
  const boundary = boundaryOf(req.headers['content-type']);
  if (boundary && req.method !== 'GET' && req.method !== 'HEAD')
    return void stageMultipart(req, res, next, boundary);
  rawBody(req, res, next);
};

type Field = string | LoggedFile;

/** Fields of a form; a repeated name gives an array, in order. */
function fieldsOf(entries: Iterable<[string, string | File]>): Record<string, Field | Field[]> {
  const fields: Record<string, Field | Field[]> = {};
  for (const [name, value] of entries) {
    const field: Field =
      typeof value === 'string' ? value : { name: value.name, size: value.size, type: value.type };
    const previous = fields[name];
    fields[name] =
      previous === undefined ? field : [...(Array.isArray(previous) ? previous : [previous]), field];
  }
  return fields;
}

async function decodeBody(raw: Buffer, contentType: string | null): Promise<LoggedBody> {
  if (raw.length === 0) return null;
  const mediaType = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const text = raw.toString('utf8');
  if (mediaType === 'application/json' || mediaType.endsWith('+json')) {
    try {
      return JSON.parse(text) as JsonValue;
    } catch {
      return text;
    }
  }
  if (mediaType === 'application/x-www-form-urlencoded') return fieldsOf(new URLSearchParams(text));
  if (mediaType === 'multipart/form-data') {
    try {
      const form = await new Response(new Uint8Array(raw), {
        headers: { 'content-type': contentType ?? '' },
      }).formData();
      return fieldsOf(form);
    } catch {
      return text;
    }
  }
  if (mediaType === '' || mediaType.startsWith('text/')) return text;
  return { size: raw.length, type: mediaType };
}

/** Query string as an object; `+` and `%20` both decode as a space; a repeated key gives an array. */
function queryOf(originalUrl: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of new URL(originalUrl, 'http://localhost').searchParams) {
    const previous = query[key];
    query[key] =
      previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
  }
  return query;
}

/** Records the request in `runtime.requests` (newest last), its body decoded, before it is served. */
export const logRequest: RequestHandler = (req, res, next) => {
  const contentType = req.headers['content-type'] ?? null;
  const headers: LoggedRequest['headers'] = {};
  for (const name of LOGGED_HEADERS) {
    const value = req.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const entry: LoggedRequest = {
    at: Date.now(),
    method: req.method,
    path: requestPath(req.originalUrl),
    query: queryOf(req.originalUrl),
    contentType,
    headers,
    body: null,
  };
  // logged at once, so the order is the order of arrival even when a multipart body decodes slowly
  runtime.requests.push(entry);
  if ('loggedForm' in res.locals) {
    entry.body = res.locals.loggedForm as LoggedBody;
    return next();
  }
  if (!Buffer.isBuffer(req.body)) return next();
  decodeBody(req.body, contentType).then((body) => {
    entry.body = body;
    next();
  }, next);
};
