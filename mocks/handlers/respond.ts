import { HttpResponse } from 'msw';

/** The error body of protocol §1.9: `{"error":"403/2","message":"…"}`. */
export interface ErrorBody {
  error: string;
  message: string;
}

export function errorBody(status: number, message: string, subcode?: number | string): ErrorBody {
  return { error: subcode === undefined ? String(status) : `${status}/${subcode}`, message };
}

/** An error body sent with the matching HTTP status. */
export function errorResponse(
  status: number,
  message: string,
  subcode?: number | string,
): HttpResponse<ErrorBody> {
  return HttpResponse.json(errorBody(status, message, subcode), { status });
}

/** Images are the same for the same URL (they are drawn from the seed): browsers may keep them. */
/** Files served from the portal's origin are never sniffed into something else, nor run as a page. */
export const SAFE_FILE_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "sandbox; default-src 'none'",
};

export function imageResponse(svg: string, headers: Record<string, string> = {}): Response {
  return new Response(svg, {
    headers: {
      'Content-Type': 'image/svg+xml',
      'Cache-Control': 'public, max-age=31536000, immutable',
      ...headers,
    },
  });
}

/** The REST envelope of protocol §1.8. */
export interface RestEnvelope<T> {
  resource: string;
  response: { data: T; total: number; count: number; aggregates?: Record<string, unknown> };
  links: { next?: string | null; nextResultsToken?: string };
  /** the request's `state`, echoed verbatim: a client that gets another value asks again */
  state?: string;
  headers?: Record<string, unknown>;
}

export interface EnvelopeFields<T> {
  resource: string;
  data: T;
  /** default: the length of `data` for a list, 1 for one entity */
  total?: number;
  aggregates?: Record<string, unknown>;
  links?: RestEnvelope<T>['links'];
  headers?: Record<string, unknown>;
  /** for requests that carry `state` in a form body rather than the query string */
  state?: string | null;
}

export function restEnvelope<T>(request: Request, fields: EnvelopeFields<T>): RestEnvelope<T> {
  const count = Array.isArray(fields.data) ? fields.data.length : 1;
  const state = fields.state ?? new URL(request.url).searchParams.get('state');
  return {
    resource: fields.resource,
    response: {
      data: fields.data,
      total: fields.total ?? count,
      count,
      ...(fields.aggregates && { aggregates: fields.aggregates }),
    },
    links: fields.links ?? {},
    ...(state !== null && { state }),
    ...(fields.headers && { headers: fields.headers }),
  };
}
