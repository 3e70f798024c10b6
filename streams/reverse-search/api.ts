import * as z from 'zod/mini';
import type { HttpRequest, NamedText } from '../core/http';

/** protocol §21 ([seed only]); `{uuid}` is the asset's `$uuid`. */
const BASE = '/packaged/reverse-search';

/** The feature is on when the status is below 400: the body is ignored. */
export const featureStatus = (): HttpRequest<undefined> => ({
  method: 'GET',
  path: `${BASE}/feature/status`,
});

const permissionsSchema = z.looseObject({
  canSubmit: z.optional(z.nullable(z.boolean())),
  canViewReport: z.optional(z.nullable(z.boolean())),
});
export const permissions = (uuid: string): HttpRequest<z.infer<typeof permissionsSchema>> => ({
  method: 'GET',
  path: `${BASE}/permissions/${encodeURIComponent(uuid)}`,
  schema: permissionsSchema,
});

/** The answer is not read. */
export const submit = (uuid: string): HttpRequest<undefined> => ({
  method: 'POST',
  path: `${BASE}/submit/${encodeURIComponent(uuid)}`,
});

/** Read as a blob; the http client names it from `Content-Disposition` (a File). */
export const report = (uuid: string): HttpRequest<Blob> => ({
  method: 'GET',
  path: `${BASE}/report/${encodeURIComponent(uuid)}`,
  responseType: 'blob',
});

/** The same report read as text, so the copies it lists can be shown on the page. */
export const reportText = (uuid: string): HttpRequest<NamedText> => ({
  method: 'GET',
  path: `${BASE}/report/${encodeURIComponent(uuid)}`,
  responseType: 'text',
});
