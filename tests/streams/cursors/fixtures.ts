import { type Observable, of } from 'rxjs';
import type { HttpRequest, HttpResponse } from '../../../streams/core/http';

/** The asset schema as `GET /rest/dam/data/asset/headers` answers it (protocol §11.1). */
export const assetHeaders = {
  resource: 'asset',
  name: 'Asset',
  description: 'Assets',
  create: true,
  tree: false,
  treefield: null,
  $security: { 'objectdata/insert': true },
  headers: {
    name: { type: 'string' },
    created: { type: 'date' },
    keywords: { type: 'array', href: '/api/rest/dam/data/keyword' },
    categories: { type: 'array', tree: true, href: '/api/rest/dam/data/category' },
  },
};

export const keywordHeaders = {
  resource: 'keyword',
  name: 'Keyword',
  create: false,
  $security: { 'objectdata/insert': true },
  headers: { name: { type: 'string' } },
};

export function rows(from: number, count: number): Array<Record<string, unknown>> {
  return Array.from({ length: count }, (_, index) => ({
    id: from + index,
    $uuid: `uuid-${from + index}`,
    name: `asset ${from + index}`,
  }));
}

/** A list answer echoing the request's `state` (or `state` when given). */
export function listAnswer(
  request: HttpRequest<unknown>,
  fields: { data?: unknown[]; total?: number; next?: string | null; state?: string } = {},
): HttpResponse<unknown> {
  const data = fields.data ?? rows(1, 3);
  return {
    status: 200,
    data: {
      resource: 'asset',
      response: { data, total: fields.total ?? data.length, count: data.length },
      links: fields.next ? { nextResultsToken: fields.next } : {},
      state: fields.state ?? String(request.query?.state),
    },
  };
}

/** Answers schema headers at once and lists with `list` (a cold observable per request). */
export function searchServer(
  list: (request: HttpRequest<unknown>) => Observable<HttpResponse<unknown>>,
  schema: (request: HttpRequest<unknown>) => Observable<HttpResponse<unknown>> = (request) =>
    of({ status: 200, data: request.path.includes('keyword') ? keywordHeaders : assetHeaders }),
) {
  return (request: HttpRequest<unknown>) =>
    request.path.endsWith('/headers') ? schema(request) : list(request);
}
