import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../../mocks/handlers/caller';
import { type DemoServer, startDemoServer } from '../../../mocks/server';
import { sessionApi, waitPast } from './session-helpers';

// over real HTTP: Set-Cookie and Cookie as a browser exchanges them (protocol §1.2, cookie mode)
let demo: DemoServer;
let api: ReturnType<typeof sessionApi>;

beforeAll(async () => {
  demo = await startDemoServer({ port: 0, distDir: join(tmpdir(), 'no-such-dist-dir') });
  api = sessionApi(`${demo.url}/api`);
});
afterAll(() => demo.close());
beforeEach(async () => {
  await fetch(`${demo.url}/__mock/reset`, { method: 'POST' });
});

const settings = (patch: Record<string, unknown>) =>
  fetch(`${demo.url}/__mock/settings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(patch),
  });

/** The session cookie a response sets, as `name=value` for a Cookie header, with its attributes. */
function sessionCookieOf(response: Response): { cookie: string; attributes: string[] } {
  const header = response.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`));
  if (!header) throw new Error('no session cookie set');
  const [cookie = '', ...attributes] = header.split(';').map((part) => part.trim());
  return { cookie, attributes };
}

const withCookie = (cookie: string) => ({ cookie });

describe('cookie mode (protocol §1.2, §3.1, §3.4)', () => {
  it('user sign-in sets an HttpOnly session cookie and answers only iat and exp; other clients stay anonymous', async () => {
    const response = await api.signIn({ login: 'alice', password: 'alice', cookieauth: 'true' });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual({ iat: expect.any(Number), exp: body.iat + 3600 });
    const { cookie, attributes } = sessionCookieOf(response);
    expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE}=.+`));
    expect(attributes).toEqual(expect.arrayContaining(['Path=/', 'HttpOnly', 'SameSite=Lax']));
    expect((await api.whoami(withCookie(cookie))).id).toBe(1);
    expect(await api.whoami()).toEqual({});
  });

  it('application sign-in with cookieauth=true sets the cookie of the application', async () => {
    const response = await api.signIn({
      application: 'wedia-demo',
      login: 'demo-key',
      password: 'demo-secret',
      cookieauth: 'true',
    });
    const { cookie } = sessionCookieOf(response);
    expect(await api.whoami(withCookie(cookie))).toMatchObject({ isApp: true, application: 'wedia-demo' });
  });

  it('POST /rest/token with cookieauth=true and the cookie answers new iat/exp; without the cookie 401', async () => {
    const { cookie } = sessionCookieOf(
      await api.signIn({ login: 'bob', password: 'bob', cookieauth: 'true' }),
    );
    const refreshed = await api.post('/rest/token?lang=en', { cookieauth: 'true' }, withCookie(cookie));
    expect(refreshed.status).toBe(200);
    const body = await refreshed.json();
    expect(body).toEqual({ iat: expect.any(Number), exp: body.iat + 3600 });
    expect(sessionCookieOf(refreshed).cookie).toBe(cookie);

    const missing = await api.post('/rest/token', { cookieauth: 'true' });
    expect(missing.status).toBe(401);
    expect((await missing.json()).error).toBe('401');
    expect(
      (await api.post('/rest/token', { cookieauth: 'true' }, withCookie(`${SESSION_COOKIE}=forged`))).status,
    ).toBe(401);
  });

  it('an expired cookie session is anonymous until a refresh renews it', async () => {
    await settings({ 'token.lifetimeS': 1 });
    const response = await api.signIn({ login: 'carol', password: 'carol', cookieauth: 'true' });
    const { exp } = await response.json();
    const { cookie } = sessionCookieOf(response);
    await waitPast(exp);
    expect(await api.whoami(withCookie(cookie))).toEqual({});
    expect((await api.post('/rest/token', { cookieauth: 'true' }, withCookie(cookie))).status).toBe(200);
    expect((await api.whoami(withCookie(cookie))).id).toBe(3);
  });

  it('sign-out without a body clears the cookie and ends the session', async () => {
    const { cookie } = sessionCookieOf(
      await api.signIn({ login: 'alice', password: 'alice', cookieauth: 'true' }),
    );
    const response = await fetch(`${demo.url}/api/rest/signout?lang=en`, {
      method: 'POST',
      headers: withCookie(cookie),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({});
    const cleared = sessionCookieOf(response);
    expect(cleared.cookie).toBe(`${SESSION_COOKIE}=`);
    expect(cleared.attributes).toContain('Max-Age=0');
    expect(await api.whoami(withCookie(cookie))).toEqual({});
    expect((await api.post('/rest/token', { cookieauth: 'true' }, withCookie(cookie))).status).toBe(401);
  });

  it('a cookie value is no bearer token', async () => {
    const { cookie } = sessionCookieOf(
      await api.signIn({ login: 'alice', password: 'alice', cookieauth: 'true' }),
    );
    const value = cookie.slice(SESSION_COOKIE.length + 1);
    expect(await api.whoami({ authorization: `Bearer ${value}` })).toEqual({});
  });
});

describe('bearer mode over HTTP', () => {
  it('signs in with a multipart body and the token works on the next request', async () => {
    const tokens = await api.tokensOf('alice');
    expect((await api.whoami({ authorization: `Bearer ${tokens.accessToken}` })).id).toBe(1);
  });
});
