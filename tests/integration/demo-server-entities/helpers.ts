/** Calls of protocol §12, §13, §18 against the demo handlers, as the clients send them. */
import { bearer, sessionApi } from '../mocks/session-helpers';

export const API = 'http://localhost/api';
export const ASSET = 'dam/data/asset';

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field, as a client would
export type Json = any;

export type Login = 'alice' | 'bob' | 'carol' | 'visitor';

/** Authorization headers of a demo account; `visitor` is anonymous (no header). */
export async function as(login: Login): Promise<Record<string, string>> {
  if (login === 'visitor') return {};
  const { tokensOf } = sessionApi(API);
  return bearer((await tokensOf(login)).accessToken);
}

export async function call(
  path: string,
  init: RequestInit & { headers?: Record<string, string> } = {},
): Promise<{ status: number; body: Json; response: Response }> {
  const response = await fetch(`${API}${path}`, init);
  const type = response.headers.get('content-type') ?? '';
  const body = type.includes('json') ? await response.clone().json() : await response.clone().text();
  return { status: response.status, body, response };
}

/** A multipart body: arrays as repeated fields, files as parts. */
export function multipart(fields: Record<string, string | string[] | File>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (Array.isArray(value)) for (const item of value) form.append(name, item);
    else form.append(name, value);
  }
  return form;
}

export const override = (method: string, headers: Record<string, string>) => ({
  ...headers,
  'X-HTTP-Method-Override': method,
});

/** `POST /rest/{path}/{id}?jsonproperty=json`, override PATCH (protocol §12.1 patch). */
export function patchRest(
  id: number | string,
  json: unknown,
  headers: Record<string, string>,
  query = 'jsonproperty=json',
  files: Record<string, File> = {},
) {
  return call(`/rest/${ASSET}/${id}?${query}`, {
    method: 'POST',
    headers: override('PATCH', headers),
    body: multipart({ json: JSON.stringify(json), ...files }),
  });
}

/** `POST /json/update/dam.data.asset.update/{id}`, override PATCH, `prop_*` fields. */
export function updateJson(
  id: number | string,
  props: Record<string, string | string[]>,
  headers: Record<string, string>,
) {
  const fields = Object.fromEntries(Object.entries(props).map(([name, value]) => [`prop_${name}`, value]));
  return call(`/json/update/dam.data.asset.update/${id}`, {
    method: 'POST',
    headers: override('PATCH', headers),
    body: multipart(fields),
  });
}

export function fetchEntity(id: number | string, headers: Record<string, string>, query = 'withRights=true') {
  return call(`/rest/${ASSET}/${id}?${query}`, { headers });
}
