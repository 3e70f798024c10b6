import * as z from 'zod/mini';
import type { HttpRequest } from '../core/http';

/** protocol §4.2, verbatim: a plain profile patch never carries a password. */
export const PASSWORD_NOT_PATCHABLE =
  "You can't update password using this endpoint. Please use changePassword";

/** The profile as the server answers it; the portal shows and edits these fields. */
export const profileSchema = z.looseObject({
  id: z.optional(z.union([z.number(), z.string()])),
  login: z.optional(z.string()),
  firstname: z.nullish(z.string()),
  lastname: z.nullish(z.string()),
  email: z.nullish(z.string()),
  bolang: z.nullish(z.string()),
});
export type Profile = z.infer<typeof profileSchema>;

/** Field headers, as `headers=true` returns them: passed on, read by name. */
export const profileHeadersSchema = z.record(z.string(), z.unknown());

/** The REST envelope (protocol §1.8): `response.data` is the profile, `headers` when asked for. */
export const profileAnswerSchema = z.object({
  response: z.object({ data: profileSchema }),
  headers: z.nullish(profileHeadersSchema),
});
type ProfileAnswer = z.infer<typeof profileAnswerSchema>;

/** Seed 002 §7; protocol §23.21: the schema headers only while they are not known (or forced). */
export function getMyProfile(withHeaders: boolean): HttpRequest<ProfileAnswer> {
  return {
    method: 'GET',
    path: '/rest/profil/me',
    query: { headers: withHeaders || undefined, withFacets: false },
    schema: profileAnswerSchema,
  };
}

/** protocol §4.1: multipart with a `json` field of the changed fields; answered 200 or 201. */
export function patchMyProfile(changes: Record<string, unknown>): HttpRequest<ProfileAnswer> {
  return {
    method: 'POST',
    path: '/rest/profil/me/patch',
    query: { jsonproperty: 'json', withFacets: false },
    body: { multipart: { json: JSON.stringify(changes) } },
    schema: profileAnswerSchema,
  };
}

/** protocol §4.1: the locale change is a profile patch of `bolang`. */
export function changeLocale(locale: string): HttpRequest<ProfileAnswer> {
  return patchMyProfile({ bolang: locale });
}

/** protocol §4.1: the target type whose answer is my own profile (none, or `user`). */
export const isOwnProfileType = (type: string | undefined): boolean => type === undefined || type === 'user';

/** protocol §4.1: POST `/rest/profil`, or `/rest/data/{type}` for a profile type; the fields as the `json` part. */
export function createProfile(fields: Record<string, unknown>, type?: string): HttpRequest<ProfileAnswer> {
  return {
    method: 'POST',
    path: type === undefined ? '/rest/profil' : `/rest/data/${type}`,
    query: { jsonproperty: 'json' },
    body: { multipart: { json: JSON.stringify(fields) } },
    schema: profileAnswerSchema,
  };
}
