import * as z from 'zod/mini';
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

/** A top line as the server sends it: `key` is `{resource}_{id}` (protocol §18). */
const topAnswerSchema = z.looseObject({
  list: z.array(z.looseObject({ key: z.string(), count: z.number() })),
});
type TopAnswer = z.infer<typeof topAnswerSchema>;

/** Top list (§18): `object` repeated with the resources counted. */
export const top = (
  name: 'topDamView' | 'topDamDownload',
  options: { nbrDays: number; max: number; onlyCurrentUser: boolean; objects: readonly string[] },
): HttpRequest<TopAnswer> => ({
  method: 'POST',
  path: `${BASE}/${name}`,
  body: {
    multipart: {
      nbrDays: options.nbrDays,
      max: options.max,
      onlyCurrentUser: options.onlyCurrentUser,
      object: [...options.objects],
    },
  },
  schema: topAnswerSchema,
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
