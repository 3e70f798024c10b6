import type { HttpRequest } from '../core/http';

/** Protocol §18: every analytics call is a POST whose fields are form fields. */
const BASE = '/wedia/analytics';

export type LoggedAction = 'view' | 'download';

/**
 * Log an entity view or download: multipart, as the reference client sends it (§18 note); the
 * answer is not read.
 */
export const logObjectData = (
  resource: string,
  id: string,
  actionId: LoggedAction,
  sessionType: string | undefined,
): HttpRequest<undefined> => ({
  method: 'POST',
  path: `${BASE}/log/objectdata`,
  body: { multipart: { object: resource, id, actionId, sessionType } },
});

/** Log event (§18): the answer is not read. */
export const logEvent = (
  configuration: string,
  params: string,
  sessionType: string | undefined,
): HttpRequest<undefined> => ({
  method: 'POST',
  path: `${BASE}/log/event`,
  body: { multipart: { configuration, params, sessionType } },
});
