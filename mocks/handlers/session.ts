import { HttpResponse, http } from 'msw';
import { findUserByLogin } from '../db/users';
import { type IssuedToken, runtime, type Surfer } from '../runtime';
import { bearerOf, cookieValue, SESSION_COOKIE } from './caller';
import { formFields, isTrue, textField } from './form';
import { errorResponse } from './respond';
import {
  extendToken,
  findByRefreshToken,
  issueToken,
  lifetimeS,
  refreshableToken,
  reissuedSuccessor,
  revokeToken,
  rotateToken,
  tokenOfRefresh,
} from './tokens';

const WRONG_CREDENTIALS = 'Wrong login or password';
const WRONG_APPLICATION = 'Unknown application, or wrong application key or secret';
const MUST_CHANGE_PASSWORD = 'You must change your password before you can sign in';
const INVALID_REFRESH = 'The refresh token is unknown, expired or already used';
const NO_COOKIE_SESSION = 'No valid session cookie';

function sessionCookie(value: string, maxAgeS: number): string {
  return `${SESSION_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeS}`;
}

/** Bearer mode: the whole pair. */
const tokenBody = (token: IssuedToken) => ({
  tokenType: 'Bearer',
  accessToken: token.accessToken,
  refreshToken: token.refreshToken,
  iat: token.iat,
  exp: token.exp,
});

/**
 * A JSON response that sets a cookie. Not `HttpResponse`: MSW keeps the cookies of its responses in
 * one process-wide jar and adds them to every later request, which on a shared server would sign
 * every browser in as whoever signed in last.
 */
function jsonSettingCookie(body: unknown, cookie: string): Response {
  return new Response(JSON.stringify(body), {
    headers: { 'Content-Type': 'application/json', 'Set-Cookie': cookie },
  });
}

/** Cookie mode: the tokens stay in the HttpOnly cookie; the body tells only when it ends. */
function cookieResponse(token: IssuedToken): Response {
  const maxAge = Math.max(0, (token.refreshExp ?? token.exp) - token.iat);
  return jsonSettingCookie({ iat: token.iat, exp: token.exp }, sessionCookie(token.accessToken, maxAge));
}

function grant(surfer: Surfer, lifetime: number, cookieMode: boolean): Response {
  const token = issueToken(surfer, lifetime);
  if (!cookieMode) return HttpResponse.json(tokenBody(token));
  runtime.cookieSessions.set(token.accessToken, surfer);
  return cookieResponse(token);
}

/** `exp` of the sign-in form: a requested lifetime in seconds. */
function requestedLifetime(form: FormData): number | undefined | 'invalid' {
  const text = textField(form, 'exp');
  if (text === undefined || text === '') return undefined;
  const seconds = Number(text);
  return Number.isInteger(seconds) && seconds > 0 ? seconds : 'invalid';
}

function applicationSurfer(name: string, key?: string, secret?: string): Surfer | undefined {
  const application = runtime.db.applications.find((candidate) => candidate.name === name);
  return application && application.key === key && application.secret === secret
    ? { kind: 'application', applicationId: application.id }
    : undefined;
}

async function signIn(request: Request): Promise<Response> {
  const form = await formFields(request);
  if (!form) return errorResponse(400, 'Expected a multipart body');
  const requested = requestedLifetime(form);
  if (requested === 'invalid') return errorResponse(400, 'exp must be a positive whole number of seconds');
  const lifetime = lifetimeS(requested);
  const cookieMode = isTrue(textField(form, 'cookieauth'));
  const login = textField(form, 'login');
  const password = textField(form, 'password');

  const applicationName = textField(form, 'application');
  if (applicationName !== undefined) {
    const surfer = applicationSurfer(applicationName, login, password);
    return surfer ? grant(surfer, lifetime, cookieMode) : errorResponse(401, WRONG_APPLICATION);
  }
  if (!login || !password) return errorResponse(400, 'login and password are required');
  const user = findUserByLogin(runtime.db.users, login);
  if (!user || user.password !== password) return errorResponse(401, WRONG_CREDENTIALS);
  if (user.mustChangePassword) return errorResponse(403, MUST_CHANGE_PASSWORD, 2);
  return grant({ kind: 'user', userId: user.id }, lifetime, cookieMode);
}

async function refresh(request: Request): Promise<Response> {
  const form = (await formFields(request)) ?? new FormData();
  if (isTrue(textField(form, 'cookieauth'))) {
    const cookie = cookieValue(request, SESSION_COOKIE);
    const session = cookie && runtime.cookieSessions.has(cookie) ? refreshableToken(cookie) : undefined;
    return session ? cookieResponse(extendToken(session)) : errorResponse(401, NO_COOKIE_SESSION);
  }
  const refreshToken = textField(form, 'token');
  if (!refreshToken) return errorResponse(400, 'token (the refresh token) is required');
  const current = findByRefreshToken(refreshToken);
  if (current) return HttpResponse.json(tokenBody(rotateToken(current)));
  const resent = reissuedSuccessor(refreshToken);
  return resent ? HttpResponse.json(tokenBody(resent)) : errorResponse(401, INVALID_REFRESH);
}

/** Ends whatever session the request names: its refresh token, its bearer, its cookie. Always 200 `{}`. */
async function signOut(request: Request): Promise<Response> {
  const form = (await formFields(request)) ?? new FormData();
  const refreshToken = textField(form, 'token');
  const byRefresh = refreshToken ? tokenOfRefresh(refreshToken) : undefined;
  if (byRefresh) revokeToken(byRefresh);
  const bearer = bearerOf(request);
  const byBearer = bearer ? runtime.tokens.get(bearer) : undefined;
  if (byBearer && !runtime.cookieSessions.has(byBearer.accessToken)) revokeToken(byBearer);

  const cookie = cookieValue(request, SESSION_COOKIE);
  if (cookie === undefined) return HttpResponse.json({});
  const session = runtime.tokens.get(cookie);
  if (session) revokeToken(session);
  runtime.cookieSessions.delete(cookie);
  return jsonSettingCookie({}, sessionCookie('', 0));
}

/**
 * Sign-in, token refresh and sign-out (protocol §3.1, §3.2, §3.4). Bearer mode answers the token
 * pair; cookie mode (`cookieauth=true`) sets an HttpOnly session cookie and answers `iat`/`exp`.
 */
export const sessionHandlers = [
  http.post('*/api/rest/signin', ({ request }) => signIn(request)),
  http.post('*/api/rest/token', ({ request }) => refresh(request)),
  http.post('*/api/rest/signout', ({ request }) => signOut(request)),
];
