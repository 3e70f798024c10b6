import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../mocks/node';
import { ROTATION_GRACE_S, reissuedSuccessor } from '../../../mocks/handlers/tokens';
import { reset, runtime } from '../../../mocks/runtime';
import { bearer, jwtPayload, sessionApi, waitPast } from './session-helpers';

const API = 'http://localhost/api';
const { post, signIn, tokensOf, whoami } = sessionApi(API);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => reset());
afterAll(() => server.close());

const changePassword = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  post('/rest/profil/me/patch?jsonproperty=json', fields, headers);

describe('user sign-in (protocol §3.1)', () => {
  it('answers the token pair; the lifetime is token.lifetimeS; the access token is a JWT with iat/exp/sub', async () => {
    const before = Math.floor(Date.now() / 1000);
    const response = await signIn({ login: 'alice', password: 'alice', cookieauth: 'false' });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(Object.keys(body).sort()).toEqual(['accessToken', 'exp', 'iat', 'refreshToken', 'tokenType']);
    expect(body.tokenType).toBe('Bearer');
    expect(body.iat).toBeGreaterThanOrEqual(before);
    expect(body.exp - body.iat).toBe(3600);
    expect(body.accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(jwtPayload(body.accessToken)).toMatchObject({ iat: body.iat, exp: body.exp, sub: 'user/1' });
    expect(body.refreshToken).not.toBe(body.accessToken);
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it('gives the requested lifetime `exp` when shorter than token.lifetimeS, never a longer one', async () => {
    const short = await (await signIn({ login: 'bob', password: 'bob', exp: '60' })).json();
    expect(short.exp - short.iat).toBe(60);
    const long = await (await signIn({ login: 'bob', password: 'bob', exp: '999999' })).json();
    expect(long.exp - long.iat).toBe(3600);
    runtime.settings['token.lifetimeS'] = 120;
    const configured = await tokensOf('bob');
    expect(configured.exp - configured.iat).toBe(120);
    expect((await signIn({ login: 'bob', password: 'bob', exp: 'soon' })).status).toBe(400);
  });

  it('accepts sessionauth, lang, x-context and X-CSRF-Token, and works without lang', async () => {
    const response = await post(
      '/rest/signin',
      { login: 'alice', password: 'alice', sessionauth: 'true', cookieauth: 'false' },
      { 'x-context': 'demo', 'X-CSRF-Token': 'csrf' },
    );
    expect(response.status).toBe(200);
  });

  it.each([
    ['a wrong password', { login: 'alice', password: 'bob' }],
    ['an unknown login', { login: 'mallory', password: 'mallory' }],
    ["dave's wrong password", { login: 'dave', password: 'nope' }],
  ])('refuses %s with 401 and the error body', async (_case, fields) => {
    const response = await signIn({ ...fields, cookieauth: 'false' });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: '401', message: 'Wrong login or password' });
    expect(runtime.tokens.size).toBe(0);
  });

  it('refuses a form without login or password with 400', async () => {
    const response = await signIn({ login: 'alice' });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe('400');
  });
});

describe('application sign-in (protocol §3.1)', () => {
  const app = { application: 'wedia-demo', login: 'demo-key', password: 'demo-secret' };

  it('answers a token pair whose surfer is the application', async () => {
    const response = await signIn(app);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ tokenType: 'Bearer', exp: body.iat + 3600 });
    expect(jwtPayload(body.accessToken).sub).toBe('application/1');
    expect(await whoami(bearer(body.accessToken))).toEqual({
      id: 1,
      locale: 'en',
      isUser: false,
      isApp: true,
      application: 'wedia-demo',
      role: { id: 0, name: 'Application', watermark: false },
      userdata: { contriblangs: [] },
    });
  });

  it.each([
    ['secret', { ...app, password: 'wrong' }],
    ['key', { ...app, login: 'wrong' }],
    ['name', { ...app, application: 'other-app' }],
  ])('refuses a wrong %s with 401', async (_field, fields) => {
    const response = await signIn(fields);
    expect(response.status).toBe(401);
    expect((await response.json()).error).toBe('401');
  });
});

describe('a user who must change password: dave (protocol §2.2, §4.1)', () => {
  it('answers 403 with 403/2 until the password is changed with login + current password, then signs in', async () => {
    const refused = await signIn({ login: 'dave', password: 'dave', cookieauth: 'false' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: '403/2', message: expect.any(String) });

    const wrongCurrent = await changePassword({
      login: 'dave',
      password: 'not-dave',
      json: JSON.stringify({ password: 'n3w' }),
    });
    expect(wrongCurrent.status).toBe(403);
    expect((await wrongCurrent.json()).error).toBe('403');

    const same = await changePassword({ login: 'dave', password: 'dave', json: '{"password":"dave"}' });
    expect(same.status).toBe(400);

    // no bearer: dave cannot sign in yet, the login and current password authenticate the change
    const changed = await changePassword({ login: 'dave', password: 'dave', json: '{"password":"n3w"}' });
    expect(changed.status).toBe(201);
    const body = await changed.json();
    expect(body.response.data).toEqual({
      id: 4,
      login: 'dave',
      firstname: 'Dave',
      lastname: 'Okafor',
      email: 'dave@wedia-demo.example',
      bolang: 'en',
    });
    expect(JSON.stringify(body)).not.toContain('n3w');

    expect((await signIn({ login: 'dave', password: 'dave' })).status).toBe(401);
    const tokens = await tokensOf('dave', 'n3w');
    expect((await whoami(bearer(tokens.accessToken))).id).toBe(4);
  });

  it("refuses a signed-in user's change of another user's password", async () => {
    const alice = await tokensOf('alice');
    const response = await changePassword(
      { login: 'bob', password: 'bob', json: '{"password":"x"}' },
      bearer(alice.accessToken),
    );
    expect(response.status).toBe(403);
    expect((await signIn({ login: 'bob', password: 'bob' })).status).toBe(200);
  });
});

describe('token refresh (protocol §3.4)', () => {
  const refresh = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    post('/rest/token?lang=en', fields, headers);

  it('rotates: a new pair for the same surfer; the old refresh token is refused once that pair rotated', async () => {
    const first = await tokensOf('alice');
    const response = await refresh({ token: first.refreshToken }, bearer(first.accessToken));
    expect(response.status).toBe(200);
    const second = await response.json();
    expect(second).toMatchObject({ tokenType: 'Bearer', exp: second.iat + 3600 });
    expect(second.accessToken).not.toBe(first.accessToken);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect((await whoami(bearer(second.accessToken))).id).toBe(1);

    expect((await refresh({ token: second.refreshToken, sessionauth: 'true' })).status).toBe(200);
    const reused = await refresh({ token: first.refreshToken });
    expect(reused.status).toBe(401);
    expect((await reused.json()).error).toBe('401');
  });

  it('answers a spent refresh token again with the same new pair within the grace (an answer lost to a reload), never after', async () => {
    const first = await tokensOf('alice');
    const second = await (await refresh({ token: first.refreshToken })).json();
    const again = await (await refresh({ token: first.refreshToken })).json();
    expect(again).toEqual(second);
    expect(reissuedSuccessor(first.refreshToken, Date.now() + (ROTATION_GRACE_S + 1) * 1000)).toBeUndefined();
  });

  it('keeps the lifetime the sign-in asked for', async () => {
    const short = await (await signIn({ login: 'alice', password: 'alice', exp: '90' })).json();
    const next = await (await refresh({ token: short.refreshToken })).json();
    expect(next.exp - next.iat).toBe(90);
  });

  it('refuses an unknown refresh token with 401 and a missing one with 400', async () => {
    expect((await refresh({ token: 'rt.unknown' })).status).toBe(401);
    expect((await refresh({})).status).toBe(400);
  });

  it('an expired access token makes the caller anonymous; its refresh token still gives a new pair', async () => {
    runtime.settings['token.lifetimeS'] = 1;
    const tokens = await tokensOf('alice');
    expect(tokens.exp - tokens.iat).toBe(1);
    expect((await whoami(bearer(tokens.accessToken))).id).toBe(1);
    await waitPast(tokens.exp);
    expect(await whoami(bearer(tokens.accessToken))).toEqual({});
    const renewed = await (await refresh({ token: tokens.refreshToken })).json();
    expect((await whoami(bearer(renewed.accessToken))).id).toBe(1);
  });

  it('refuses a refresh token older than token.refreshLifetimeS with 401', async () => {
    runtime.settings['token.lifetimeS'] = 1;
    runtime.settings['token.refreshLifetimeS'] = 1;
    const tokens = await tokensOf('alice');
    await waitPast(tokens.iat + 1);
    expect((await refresh({ token: tokens.refreshToken })).status).toBe(401);
  });
});

describe('sign-out (protocol §3.1, §3.2)', () => {
  const signOut = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    post('/rest/signout?lang=en', fields, headers);

  it('revokes the pair of the refresh token it gets: the access and refresh tokens stop working', async () => {
    const tokens = await tokensOf('alice');
    const other = await tokensOf('alice');
    const response = await signOut({ token: tokens.refreshToken }, bearer(tokens.accessToken));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({});
    expect(await whoami(bearer(tokens.accessToken))).toEqual({});
    expect((await post('/rest/token', { token: tokens.refreshToken })).status).toBe(401);
    // another session of the same user goes on
    expect((await whoami(bearer(other.accessToken))).id).toBe(1);
  });

  it('revokes the current pair after a refresh, with disconnectsurfer in session mode', async () => {
    const first = await tokensOf('bob');
    const current = await (
      await post('/rest/token', { token: first.refreshToken, sessionauth: 'true' })
    ).json();
    await signOut({ token: current.refreshToken, disconnectsurfer: 'true' }, bearer(current.accessToken));
    expect(await whoami(bearer(current.accessToken))).toEqual({});
  });

  it('answers 200 {} for an unknown token or an empty body', async () => {
    expect(await (await signOut({ token: 'rt.unknown' })).json()).toEqual({});
    const empty = await fetch(`${API}/rest/signout`, { method: 'POST' });
    expect(empty.status).toBe(200);
  });
});

describe('who am I (protocol §3.1, §3.3)', () => {
  it('answers {} for an anonymous visitor, and for an unknown bearer', async () => {
    expect(await whoami()).toEqual({});
    expect(await whoami(bearer('not-a-token'))).toEqual({});
  });

  it('answers each user with locale, role watermark and contribution languages', async () => {
    const me = async (login: string) => whoami(bearer((await tokensOf(login)).accessToken));
    expect(await me('alice')).toEqual({
      id: 1,
      login: 'alice',
      firstname: 'Alice',
      lastname: 'Martin',
      locale: 'en',
      isUser: true,
      isApp: false,
      application: null,
      role: { id: 1, name: 'Asset manager', watermark: false },
      userdata: { contriblangs: [{ code: 'en' }, { code: 'fr' }] },
    });
    expect(await me('bob')).toMatchObject({ id: 2, locale: 'fr', role: { watermark: false } });
    expect(await me('carol')).toMatchObject({ id: 3, isUser: true, role: { watermark: true } });
  });
});

describe('single sign-on config (protocol §3.1)', () => {
  it('lists the demo providers, each with a url that carries relativeURL', async () => {
    const response = await fetch(`${API}/rest/auth/config?relativeURL=${encodeURIComponent('/carts?x=1')}`);
    const { providers } = await response.json();
    expect(providers.map((provider: { id: string }) => provider.id)).toEqual(['wedia-id', 'corporate']);
    for (const provider of providers) {
      expect(provider).toEqual({
        id: expect.any(String),
        name: expect.any(String),
        type: expect.any(String),
        url: expect.any(String),
      });
      expect(new URL(provider.url).searchParams.get('relativeURL')).toBe('/carts?x=1');
    }
  });

  it('lists none when auth.ssoProviders is false', async () => {
    runtime.settings['auth.ssoProviders'] = false;
    expect(await (await fetch(`${API}/rest/auth/config`)).json()).toEqual({ providers: [] });
  });

  it("a provider's url is a page saying SSO is not available, linking back only within the site", async () => {
    const { providers } = await (await fetch(`${API}/rest/auth/config?relativeURL=%2Fcarts`)).json();
    const page = await fetch(providers[0].url);
    expect(page.status).toBe(501);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('href="/carts"');
    const elsewhere = await fetch(
      `${API}/rest/auth/sso/wedia-id?relativeURL=${encodeURIComponent('//evil.example')}`,
    );
    expect(await elsewhere.text()).toContain('href="/"');
  });
});
