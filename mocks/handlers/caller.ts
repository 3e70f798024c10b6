import type { Application, User } from '../db/users';
import { type Lang, langOf } from '../entities/workflow';
import { type IssuedToken, runtime, type Surfer } from '../runtime';

/** The cookie that carries a cookie-mode session (protocol §1.2). */
export const SESSION_COOKIE = 'wedia_session';

/** Who sent a request: the signed-in user, the application, or an anonymous visitor. */
export type Caller =
  | { kind: 'user'; user: User }
  | { kind: 'application'; application: Application }
  | { kind: 'anonymous' };

/** The value of a request cookie, or undefined. */
export function cookieValue(request: Request, name: string): string | undefined {
  const header = request.headers.get('cookie') ?? '';
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

/** The bearer of a request's Authorization header, or undefined. */
export function bearerOf(request: Request): string | undefined {
  return /^Bearer (.+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
}

const live = (token: IssuedToken | undefined, now: number): Surfer | undefined =>
  token && token.exp * 1000 > now ? token.surfer : undefined;

/**
 * The surfer behind a request's bearer token or session cookie; expired and revoked tokens count
 * for nothing. A cookie session is an issued token whose access token is the cookie value (so it
 * expires the same way); one set in `runtime.cookieSessions` alone never expires.
 */
export function surferOf(request: Request, now = Date.now()): Surfer | undefined {
  const bearer = bearerOf(request);
  if (bearer) return runtime.cookieSessions.has(bearer) ? undefined : live(runtime.tokens.get(bearer), now);
  const cookie = cookieValue(request, SESSION_COOKIE);
  if (!cookie) return undefined;
  const surfer = runtime.cookieSessions.get(cookie);
  if (!surfer) return undefined;
  const token = runtime.tokens.get(cookie);
  return token ? live(token, now) : surfer;
}

export function callerOf(request: Request): Caller {
  const surfer = surferOf(request);
  if (surfer?.kind === 'user') {
    const user = runtime.db.users.find((candidate) => candidate.id === surfer.userId);
    if (user) return { kind: 'user', user };
  }
  if (surfer?.kind === 'application') {
    const application = runtime.db.applications.find((candidate) => candidate.id === surfer.applicationId);
    if (application) return { kind: 'application', application };
  }
  return { kind: 'anonymous' };
}

/** The signed-in user of a request, or undefined for applications and anonymous visitors. */
export function userOf(request: Request): User | undefined {
  const caller = callerOf(request);
  return caller.kind === 'user' ? caller.user : undefined;
}

/** The language of an answer: `lang`, else the signed-in user's `bolang` (protocol §1.4). */
export function langFor(params: URLSearchParams, caller: Caller): Lang {
  return langOf(params.get('lang') || (caller.kind === 'user' ? caller.user.bolang : 'en'));
}
