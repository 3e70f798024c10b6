import { formFields } from '../handlers/form';
import { SearchError } from './query';

const REST_PREFIX = '/api/rest/';

/** The REST path of a request, `dam/data/asset/12` for `/api/rest/dam/data/asset/12`. */
export function restPathOf(request: Request): string | undefined {
  const { pathname } = new URL(request.url);
  const at = pathname.indexOf(REST_PREFIX);
  if (at < 0) return undefined;
  return decodeURIComponent(pathname.slice(at + REST_PREFIX.length)).replace(/\/+$/, '');
}

/** A GET, or a POST overridden to GET (protocol §1.7): both read their parameters the same way. */
export function isReadRequest(request: Request): boolean {
  if (request.method === 'GET') return true;
  return request.method === 'POST' && request.headers.get('x-http-method-override')?.toUpperCase() === 'GET';
}

/** The query string, plus the form body of an overridden POST (body members win). */
export async function requestParams(request: Request): Promise<URLSearchParams> {
  const params = new URLSearchParams(new URL(request.url).search);
  if (request.method !== 'POST') return params;
  const type = request.headers.get('content-type') ?? '';
  let body: Iterable<[string, string]> = [];
  if (type.startsWith('application/x-www-form-urlencoded')) {
    body = new URLSearchParams(await request.clone().text());
  } else if (type.startsWith('multipart/form-data')) {
    const form = (await formFields(request.clone())) ?? new FormData();
    body = [...form.entries()].map(([key, value]) => [key, typeof value === 'string' ? value : value.name]);
  }
  const seen = new Set<string>();
  for (const [key, value] of body) {
    if (!seen.has(key)) params.delete(key);
    seen.add(key);
    params.append(key, value);
  }
  return params;
}

export function intParam(params: URLSearchParams, name: string, fallback: number, min = 0): number {
  const text = params.get(name);
  if (text === null || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min) {
    throw new SearchError(400, `Parameter ${name} must be an integer of at least ${min}, not "${text}"`);
  }
  return value;
}

export function boolParam(params: URLSearchParams, name: string, fallback = false): boolean {
  const text = params.get(name);
  return text === null || text === '' ? fallback : text === 'true';
}

/** A comma-joined list parameter (`props`, `techprops`, `security`, `aggFields`); undefined when absent. */
export function listParam(params: URLSearchParams, name: string): string[] | undefined {
  const text = params.get(name);
  if (text === null || text === '') return undefined;
  return text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** A JSON list parameter (`treepathprops=["id","name"]`), or a comma-joined one. */
export function jsonListParam(params: URLSearchParams, name: string): string[] | undefined {
  const text = params.get(name);
  if (!text) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (Array.isArray(parsed)) return parsed.map(String);
  } catch {
    // a plain comma-joined list
  }
  return listParam(params, name);
}
