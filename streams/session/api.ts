import * as z from 'zod/mini';
import type { HttpRequest } from '../core/http';

/** Seed 002 §8, verbatim. */
export const SIGN_OUT_REFUSED = 'signout is not allowed if not connected as a user.';
export const NO_APPLICATION_CREDENTIALS = 'No application credential provided';

/** protocol §3.1: a token answer; `iat`/`exp` may be missing, then they are read from the JWT. */
const tokenAnswerSchema = z.object({
  tokenType: z.optional(z.string()),
  accessToken: z.optional(z.string()),
  refreshToken: z.optional(z.string()),
  iat: z.optional(z.number()),
  exp: z.optional(z.number()),
});
export type TokenAnswer = z.infer<typeof tokenAnswerSchema>;

/** `response.data` of who-am-I (protocol §3.1): `{}` for an anonymous visitor. */
export const meSchema = z.object({
  id: z.optional(z.union([z.number(), z.string()])),
  login: z.optional(z.string()),
  name: z.optional(z.string()),
  locale: z.nullish(z.string()),
  isUser: z.optional(z.boolean()),
  isApp: z.optional(z.boolean()),
  application: z.nullish(z.string()),
  role: z.nullish(z.object({ watermark: z.optional(z.boolean()) })),
  userdata: z.nullish(z.object({ contriblangs: z.optional(z.array(z.object({ code: z.string() }))) })),
});
export type Me = z.infer<typeof meSchema>;

const whoAmIAnswerSchema = z.object({ response: z.object({ data: meSchema }) });

/** protocol §3.1: the fields of `/rest/config` the portal reads. */
export const serverConfigSchema = z.object({
  version: z.nullable(z.string()),
  dxm: z.boolean(),
  mfaonly: z.boolean(),
  typeEnv: z.nullable(z.string()),
  defaultLocale: z.nullable(z.string()),
});
export type ServerConfig = z.infer<typeof serverConfigSchema>;

const serverConfigAnswerSchema = z.object({
  versions: z.nullish(z.object({ engine: z.nullish(z.string()) })),
  setup: z.nullish(
    z.object({
      dxm: z.nullish(z.boolean()),
      connection: z.nullish(z.object({ mfaonly: z.nullish(z.boolean()) })),
    }),
  ),
  typeEnv: z.nullish(z.string()),
  locale: z.nullish(z.string()),
});

/** Identity providers are passed to the sign-in view unchanged (protocol §3.1); these fields are shown. */
export const ssoProviderSchema = z.looseObject({
  id: z.optional(z.union([z.string(), z.number()])),
  name: z.optional(z.string()),
  label: z.optional(z.string()),
  url: z.optional(z.string()),
});
export type SsoProvider = z.infer<typeof ssoProviderSchema>;

const ssoAnswerSchema = z.object({ providers: z.nullish(z.array(ssoProviderSchema)) });

interface ConnectionFlags {
  cookieAuth: boolean;
  sessionAuth: boolean;
}

/** Adds the mode flags of protocol §3.1 to a sign-in or token form. */
function modeFields({ cookieAuth, sessionAuth }: ConnectionFlags) {
  return { ...(sessionAuth && { sessionauth: true }), cookieauth: cookieAuth };
}

export function userSignIn(
  login: string,
  password: string,
  flags: ConnectionFlags,
): HttpRequest<TokenAnswer> {
  return {
    method: 'POST',
    path: '/rest/signin',
    body: { multipart: { login, password, ...modeFields(flags) } },
    schema: tokenAnswerSchema,
  };
}

export function applicationSignIn(
  credentials: { name: string; key: string; secret: string },
  flags: ConnectionFlags,
): HttpRequest<TokenAnswer> {
  return {
    method: 'POST',
    path: '/rest/signin',
    body: {
      multipart: {
        application: credentials.name,
        login: credentials.key,
        password: credentials.secret,
        ...(flags.cookieAuth && { cookieauth: true }),
      },
    },
    schema: tokenAnswerSchema,
  };
}

/** Auto-connect and refresh (protocol §3.1): the refresh token in bearer mode, the cookie otherwise. */
export function refreshToken(refresh: string | null, flags: ConnectionFlags): HttpRequest<TokenAnswer> {
  const multipart = flags.cookieAuth
    ? { cookieauth: true }
    : { token: refresh ?? '', ...(flags.sessionAuth && { sessionauth: true }) };
  return {
    method: 'POST',
    path: '/rest/token',
    body: { multipart },
    withCredentials: true,
    schema: tokenAnswerSchema,
  };
}

export function signOut(refresh: string | null, flags: ConnectionFlags): HttpRequest<undefined> {
  return flags.cookieAuth
    ? { method: 'POST', path: '/rest/signout' }
    : {
        method: 'POST',
        path: '/rest/signout',
        body: { multipart: { token: refresh ?? '', ...(flags.sessionAuth && { disconnectsurfer: true }) } },
      };
}

export function whoAmI(): HttpRequest<z.infer<typeof whoAmIAnswerSchema>> {
  return { method: 'GET', path: '/json/whoami', schema: whoAmIAnswerSchema };
}

export function serverConfig(): HttpRequest<z.infer<typeof serverConfigAnswerSchema>> {
  return { method: 'GET', path: '/rest/config', schema: serverConfigAnswerSchema };
}

export function toServerConfig(answer: z.infer<typeof serverConfigAnswerSchema>): ServerConfig {
  return {
    version: answer.versions?.engine ?? null,
    dxm: answer.setup?.dxm ?? false,
    mfaonly: answer.setup?.connection?.mfaonly ?? false,
    typeEnv: answer.typeEnv ?? null,
    defaultLocale: answer.locale ?? null,
  };
}

export function ssoConfig(relativeURL?: string): HttpRequest<z.infer<typeof ssoAnswerSchema>> {
  return { method: 'GET', path: '/rest/auth/config', query: { relativeURL }, schema: ssoAnswerSchema };
}

/** protocol §4.1: the password change goes through the profile patch, current password first. */
export function changePassword(
  login: string,
  currentPassword: string,
  newPassword: string,
): HttpRequest<unknown> {
  return {
    method: 'POST',
    path: '/rest/profil/me/patch',
    query: { jsonproperty: 'json', withFacets: true },
    body: {
      multipart: { login, password: currentPassword, json: JSON.stringify({ password: newPassword }) },
    },
    schema: z.unknown(),
  };
}

/** The middle segment of a JWT, for answers that lack `iat` or `exp` (protocol §3.1). */
export function jwtTimes(accessToken: string | undefined): { iat?: number; exp?: number } {
  const segment = accessToken?.split('.')[1];
  if (!segment) return {};
  try {
    const json = atob(segment.replace(/-/g, '+').replace(/_/g, '/'));
    const claims = z
      .object({ iat: z.optional(z.number()), exp: z.optional(z.number()) })
      .safeParse(JSON.parse(json));
    return claims.success ? claims.data : {};
  } catch {
    return {};
  }
}
