import type { Application, User } from '../db/users';
import { runtime, type Surfer } from '../runtime';

/** The cookie that carries a cookie-mode session (protocol §1.2). */
export const SESSION_COOKIE = 'wedia_session';

/** Who sent a request: the signed-in user, the application, or an anonymous visitor. */
export type Caller =
  | { kind: 'user'; user: User }
  | { kind: 'application'; application: Application }
  | { kind: 'anonymous' };

function cookieValue(request: Request, name: string): string | undefined {
  const header = request.headers.get('cookie') ?? '';
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

/** The surfer behind a request's bearer token or session cookie; expired tokens count for nothing. */
export function surferOf(request: Request, now = Date.now()): Surfer | undefined {
  const authorization = request.headers.get('authorization') ?? '';
  const bearer = /^Bearer (.+)$/i.exec(authorization)?.[1];
  if (bearer) {
    const token = runtime.tokens.get(bearer);
    return token && token.exp * 1000 > now ? token.surfer : undefined;
  }
  const cookie = cookieValue(request, SESSION_COOKIE);
  return cookie ? runtime.cookieSessions.get(cookie) : undefined;
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
