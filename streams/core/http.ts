import { Observable, Subject } from 'rxjs';
import type * as z from 'zod/mini';
import { issueText } from './zod-issues';
import { AppError, DEFAULT_ERROR_MESSAGE, ERROR_CODES } from './errors';
import type { SessionVault } from './session-vault';

/** Query and form values follow protocol §1.6. An array is sent as repeated keys (`type=a&type=b`);
 * JSON-typed parameters (`query`, `treepathprops`) are plain objects, or arrays the caller stringifies. */
export type QueryValue = string | number | boolean | null | undefined | readonly string[] | object;
export type MultipartValue = string | number | boolean | Blob | undefined;

type RequestBody =
  | { json: unknown }
  | { form: Record<string, QueryValue> }
  | { multipart: Record<string, MultipartValue | readonly MultipartValue[]> };

export interface HttpRequest<T> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';
  /** relative to the API base, starting with `/` */
  path: string;
  query?: Record<string, QueryValue>;
  body?: RequestBody;
  /** protocol §1.7: sent as POST with X-HTTP-Method-Override */
  override?: 'GET' | 'PATCH' | 'POST';
  /** a shared-cart call made with a share password (protocol §1.3) */
  sharePassword?: string;
  /**
   * sent without the session's Authorization, whoever is signed in: a shared cart opened
   * without a password (protocol §1.3, §6.4, §23.4); a `sharePassword` still goes as Basic
   */
  anonymous?: boolean;
  /**
   * `blob`: the answer's body as a Blob (an image fetched with credentials); `text`: a file read
   * as text, with the name its `Content-Disposition` gives (`NamedText`). No schema is read.
   */
  responseType?: 'json' | 'blob' | 'text';
  /** sends cookies even in bearer mode: the token refresh does (protocol §3.4) */
  withCredentials?: boolean;
  /** validates the answer; without it the body is not read (HEAD, answers the client ignores) */
  schema?: z.ZodMiniType<T>;
  /** aborts the request and fails it with `error.canceled` */
  cancel$?: Observable<unknown>;
}

/** A file the server sends, read as text (`responseType: 'text'`). */
export interface NamedText {
  text: string;
  fileName: string | null;
  contentType: string;
}

export interface HttpResponse<T> {
  status: number;
  data: T;
}

export type HttpNotice = { kind: 'applicationInvalid'; path: string };

export interface Http {
  request<T = undefined>(request: HttpRequest<T>): Observable<HttpResponse<T>>;
  /** side channel for answers every domain cares about (419) */
  notices$: Observable<HttpNotice>;
}

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

const ACCEPT = 'application/json, text/plain, */*';

function encodeValue(value: Exclude<QueryValue, undefined | readonly string[]>): string {
  if (value === null) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Pairs of protocol §1.6: undefined omitted, null empty, booleans as text, arrays repeated. */
export function encodePairs(values: Record<string, QueryValue>): string[] {
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    const list = Array.isArray(value) ? (value as readonly string[]) : [value];
    for (const item of list) {
      pairs.push(
        `${encodeURIComponent(key)}=${encodeURIComponent(encodeValue(item as Exclude<QueryValue, undefined>))}`,
      );
    }
  }
  return pairs;
}

function basicShareAuthorization(password: string): string {
  const bytes = new TextEncoder().encode(`:${password}`);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}

function buildBody(body: RequestBody | undefined, headers: Record<string, string>): BodyInit | undefined {
  if (!body) return undefined;
  if ('json' in body) {
    headers['Content-Type'] = 'application/json;charset=utf-8';
    // JSON.stringify already omits undefined members and keeps null (protocol §1.5)
    return JSON.stringify(body.json);
  }
  if ('form' in body) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    return encodePairs(body.form).join('&');
  }
  const data = new FormData();
  for (const [key, field] of Object.entries(body.multipart)) {
    // an array is sent as repeated fields (`prop_keywords` once per value, protocol §1.5)
    for (const value of Array.isArray(field)
      ? (field as readonly MultipartValue[])
      : [field as MultipartValue]) {
      if (value === undefined) continue;
      if (value instanceof Blob) data.append(key, value, (value as Blob & { name?: string }).name ?? key);
      else data.append(key, String(value));
    }
  }
  // the browser writes the multipart Content-Type with its boundary
  return data;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Bodies longer than this (characters) are parsed in a task of their own. */
const BIG_BODY = 1_000_000;

/**
 * The body as text, UTF-8 like `response.text()`: read as bytes (a copy) and decoded at once, which
 * costs a 10 MB answer a few milliseconds, where Chromium's `text()` decodes it chunk by chunk on
 * the main thread in one long task.
 */
async function bodyText(response: Response): Promise<string> {
  if (typeof response.arrayBuffer !== 'function') return response.text();
  return new TextDecoder().decode(await response.arrayBuffer());
}

/** Lets the browser run other tasks (input, paint) before going on. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function describeIssues(error: z.core.$ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || '(root)'}: ${issueText(issue)}`)
    .join('; ');
}

/** The error of a failed answer; the server's message first (protocol §1.9). */
function failure(status: number, body: unknown, restCode?: string): AppError {
  const message =
    isObject(body) && typeof body.message === 'string' && body.message ? body.message : undefined;
  return new AppError({
    code: restCode ? ERROR_CODES.rest(restCode) : ERROR_CODES.http(status),
    message: message ?? DEFAULT_ERROR_MESSAGE,
    status,
    ...(restCode !== undefined ? { restCode } : {}),
    ...(body !== undefined ? { body } : {}),
  });
}

export function createHttp(vault: SessionVault, fetchImpl: FetchLike): Http {
  const notices$ = new Subject<HttpNotice>();

  function headersFor(request: HttpRequest<unknown>): {
    headers: Record<string, string>;
    withCredentials: boolean;
  } {
    const headers: Record<string, string> = { Accept: ACCEPT };
    const { connection, token } = vault;
    let withCredentials = connection.cookieAuth || request.withCredentials === true;
    if (request.sharePassword) {
      headers.Authorization = basicShareAuthorization(request.sharePassword);
      withCredentials = true;
    } else if (!connection.cookieAuth && token && !request.anonymous) {
      headers.Authorization = `${token.tokenType} ${token.accessToken}`;
    }
    if (request.override) headers['X-HTTP-Method-Override'] = request.override;
    if (connection.csrfToken) headers['X-CSRF-Token'] = connection.csrfToken;
    if (connection.context) headers['x-context'] = connection.context;
    return { headers, withCredentials };
  }

  function urlFor(request: HttpRequest<unknown>): string {
    const pairs = encodePairs(request.query ?? {});
    // lang goes last, in the query string, whatever the method (protocol §1.4)
    pairs.push(`lang=${encodeURIComponent(vault.lang)}`);
    return `${vault.apiBase()}${request.path}?${pairs.join('&')}`;
  }

  function request<T>(request: HttpRequest<T>): Observable<HttpResponse<T>> {
    return new Observable<HttpResponse<T>>((subscriber) => {
      const controller = new AbortController();
      const { headers, withCredentials } = headersFor(request);
      const body = buildBody(request.body, headers);
      const url = urlFor(request);
      const method = request.override ? 'POST' : request.method;
      const cancelSubscription = request.cancel$?.subscribe(() => {
        controller.abort();
        subscriber.error(new AppError({ code: ERROR_CODES.canceled, message: 'The request was canceled' }));
      });

      fetchImpl(url, {
        method,
        headers,
        body,
        signal: controller.signal,
        credentials: withCredentials ? 'include' : 'same-origin',
      })
        .then(async (response) => {
          if (request.responseType === 'blob' && response.ok) {
            // a file the server names (`Content-Disposition`, a report: protocol §21) comes as a File of that name
            const blob = await response.blob();
            const named = fileNameOfDisposition(response.headers.get('content-disposition'));
            const data = named ? new File([blob], named, { type: blob.type }) : blob;
            return { status: response.status, data: data as T };
          }
          if (request.responseType === 'text' && response.ok) {
            const file: NamedText = {
              text: await bodyText(response),
              fileName: fileNameOfDisposition(response.headers.get('content-disposition')),
              contentType: response.headers.get('content-type') ?? '',
            };
            return { status: response.status, data: file as T };
          }
          const text = method === 'HEAD' ? '' : await bodyText(response);
          // a huge answer (10 MB) is read, parsed and folded in separate tasks: the page keeps
          // answering input and painting between them instead of freezing for their sum
          if (text.length > BIG_BODY) await nextTask();
          const parsed = parseBody(text);
          if (text.length > BIG_BODY) await nextTask();
          if (response.status === 419) notices$.next({ kind: 'applicationInvalid', path: request.path });
          // the body-error rule: under /api/rest/ an `error` member fails the call whatever the status
          if (url.includes('/api/rest/') && isObject(parsed) && parsed.error != null) {
            const restCode = String(parsed.error);
            const status = Number.parseInt(restCode, 10) || response.status;
            throw failure(status, parsed, restCode);
          }
          if (!response.ok) {
            const restCode = isObject(parsed) && parsed.error != null ? String(parsed.error) : undefined;
            throw failure(response.status, parsed, restCode);
          }
          if (!request.schema) return { status: response.status, data: undefined as T };
          const result = request.schema.safeParse(parsed);
          if (!result.success) {
            throw new AppError({
              code: ERROR_CODES.invalidResponse,
              message: `The server's answer to ${request.method} ${request.path} is not what the portal expects (${describeIssues(result.error)})`,
              status: response.status,
            });
          }
          return { status: response.status, data: result.data };
        })
        .then(
          (answer) => {
            subscriber.next(answer);
            subscriber.complete();
          },
          (error: unknown) => {
            if (controller.signal.aborted) return;
            if (error instanceof AppError) subscriber.error(error);
            else {
              const message = error instanceof Error && error.message ? error.message : DEFAULT_ERROR_MESSAGE;
              subscriber.error(new AppError({ code: ERROR_CODES.network, message }));
            }
          },
        );

      return () => {
        cancelSubscription?.unsubscribe();
        controller.abort();
      };
    });
  }

  return { request, notices$: notices$.asObservable() };
}

/**
 * The file name of a `Content-Disposition` header (`attachment; filename="…"`, or
 * `filename*=UTF-8''…`, which wins), or null.
 */
export function fileNameOfDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)?''([^;]+)/.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // a badly encoded name: the plain one below, if any
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(header);
  const name = plain?.[2] ?? plain?.[1]?.trim();
  return name ? name : null;
}
