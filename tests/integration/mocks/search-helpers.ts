/** Requests of the search protocol (protocol §8–11, §17), shared by the demo server's search tests. */

export const API = 'http://localhost/api';

export type ParamValue = string | number | boolean | object;

/** Query-string values as protocol §1.6 sends them: JSON for objects and arrays, text otherwise. */
export function encodeParams(params: Record<string, ParamValue | undefined>): URLSearchParams {
  const encoded = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    encoded.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return encoded;
}

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field, as a client would
export type Json = any;

export async function getJson(
  path: string,
  params: Record<string, ParamValue | undefined> = {},
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Json }> {
  const query = encodeParams(params).toString();
  const response = await fetch(`${API}${path}${query ? `?${query}` : ''}`, { headers });
  return { status: response.status, body: await response.json() };
}

/** A POST with `X-HTTP-Method-Override: GET` and a form body (protocol §1.7, §9.1). */
export async function postAsGet(
  path: string,
  fields: Record<string, ParamValue | undefined>,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Json }> {
  const response = await fetch(`${API}${path}`, {
    method: 'POST',
    headers: { 'X-HTTP-Method-Override': 'GET', ...headers },
    body: encodeParams(fields),
  });
  return { status: response.status, body: await response.json() };
}

export const ASSETS = '/rest/dam/data/asset';

/** Every row of a list, page after page through `links.nextResultsToken`. */
export async function allRows(
  path: string,
  params: Record<string, ParamValue | undefined>,
): Promise<{ rows: Json[]; totals: number[]; pages: number }> {
  const rows: Json[] = [];
  const totals: number[] = [];
  let after: string | undefined;
  let pages = 0;
  do {
    const { status, body } = await getJson(path, { ...params, after });
    if (status !== 200) throw new Error(`page ${pages + 1}: ${status} ${JSON.stringify(body)}`);
    rows.push(...body.response.data);
    totals.push(body.response.total);
    after = body.links.nextResultsToken;
    pages++;
  } while (after);
  return { rows, totals, pages };
}

/** The ids a query matches, in the server's order (one big page). */
export async function idsOf(
  params: Record<string, ParamValue | undefined>,
  path = ASSETS,
): Promise<number[]> {
  const { status, body } = await getJson(path, { max: 100_000, props: 'name', ...params });
  if (status !== 200) throw new Error(`${status} ${JSON.stringify(body)}`);
  return body.response.data.map((row: { id: number }) => row.id);
}
