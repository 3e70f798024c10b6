import { type IssuedToken, runtime, type Surfer } from '../runtime';

/**
 * Token issue, rotation and revocation (protocol §3.1, §3.4). Tokens live in `runtime.tokens`,
 * keyed by access token; `callerOf` (caller.ts) finds the surfer of a request from them. Only
 * Web APIs here: the handlers also run in a browser service worker.
 */

/**
 * After a refresh the previous access token stays valid this long, for requests already in flight.
 * Its spent refresh token, sent again meanwhile, gets the same new pair once more: the client lost
 * the answer (a reload, a dropped connection) and would otherwise be signed out (a reuse window).
 */
export const ROTATION_GRACE_S = 30;

export const nowS = (now = Date.now()): number => Math.floor(now / 1000);

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const randomPart = (size: number): string => base64url(crypto.getRandomValues(new Uint8Array(size)));

const jsonPart = (value: unknown): string => base64url(new TextEncoder().encode(JSON.stringify(value)));

const subjectOf = (surfer: Surfer): string =>
  surfer.kind === 'user' ? `user/${surfer.userId}` : `application/${surfer.applicationId}`;

/**
 * A JWT-shaped access token, so that a client can read `iat` and `exp` from its middle segment.
 * The signature is random bytes: the server never verifies it, it looks the token up.
 */
function accessToken(surfer: Surfer, iat: number, exp: number): string {
  const header = jsonPart({ alg: 'HS256', typ: 'JWT' });
  const payload = jsonPart({ sub: subjectOf(surfer), iat, exp, jti: randomPart(9) });
  return `${header}.${payload}.${randomPart(32)}`;
}

/** `token.lifetimeS`, or the lifetime the client asked for (`exp` of sign-in) when it is shorter. */
export function lifetimeS(requested?: number): number {
  const configured = runtime.settings['token.lifetimeS'];
  return requested !== undefined && requested < configured ? requested : configured;
}

/** Issues and records a token pair for the surfer. */
export function issueToken(surfer: Surfer, lifetime = lifetimeS(), now = Date.now()): IssuedToken {
  const iat = nowS(now);
  const exp = iat + lifetime;
  const token: IssuedToken = {
    surfer,
    accessToken: accessToken(surfer, iat, exp),
    refreshToken: `rt.${randomPart(32)}`,
    iat,
    exp,
    refreshExp: iat + runtime.settings['token.refreshLifetimeS'],
  };
  runtime.tokens.set(token.accessToken, token);
  return token;
}

const refreshable = (token: IssuedToken, now: number): boolean =>
  !token.refreshSpent && (token.refreshExp === undefined || token.refreshExp * 1000 > now);

/** The pair a refresh token belongs to, live or not, until it is revoked. */
export function tokenOfRefresh(refreshToken: string): IssuedToken | undefined {
  for (const token of runtime.tokens.values()) {
    if (token.refreshToken === refreshToken) return token;
  }
  return undefined;
}

/** The live pair a refresh token belongs to: not spent by a rotation, not expired, not revoked. */
export function findByRefreshToken(refreshToken: string, now = Date.now()): IssuedToken | undefined {
  const token = tokenOfRefresh(refreshToken);
  return token && refreshable(token, now) ? token : undefined;
}

/**
 * A new pair for the same surfer and lifetime; the old refresh token is spent at once, the old
 * access token a short grace later.
 */
export function rotateToken(old: IssuedToken, now = Date.now()): IssuedToken {
  const next = issueToken(old.surfer, lifetimeS(old.exp - old.iat), now);
  old.refreshSpent = true;
  old.reuse = { successor: next.accessToken, until: nowS(now) + ROTATION_GRACE_S };
  old.exp = Math.min(old.exp, nowS(now) + ROTATION_GRACE_S);
  return next;
}

/**
 * The pair a spent refresh token rotated into, while the old pair's grace lasts and that pair is
 * still live (not revoked, not itself rotated): the same answer again, never a second chain.
 */
export function reissuedSuccessor(refreshToken: string, now = Date.now()): IssuedToken | undefined {
  const reuse = tokenOfRefresh(refreshToken)?.reuse;
  if (!reuse || reuse.until * 1000 <= now) return undefined;
  const next = runtime.tokens.get(reuse.successor);
  return next && refreshable(next, now) ? next : undefined;
}

/** Same session, new `iat`/`exp`: a cookie session keeps its cookie when it is refreshed. */
export function extendToken(token: IssuedToken, now = Date.now()): IssuedToken {
  const lifetime = lifetimeS(token.exp - token.iat);
  token.iat = nowS(now);
  token.exp = token.iat + lifetime;
  token.refreshExp = token.iat + runtime.settings['token.refreshLifetimeS'];
  return token;
}

export function refreshableToken(accessToken: string, now = Date.now()): IssuedToken | undefined {
  const token = runtime.tokens.get(accessToken);
  return token && refreshable(token, now) ? token : undefined;
}

/** Ends a pair: neither its access nor its refresh token works afterwards. */
export function revokeToken(token: IssuedToken): void {
  runtime.tokens.delete(token.accessToken);
  runtime.cookieSessions.delete(token.accessToken);
}
