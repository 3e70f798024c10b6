import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../mocks/node';
import { reset } from '../../../mocks/runtime';
import { bearer, sessionApi } from './session-helpers';

const API = 'http://localhost/api';
const { post, signIn, tokensOf, whoami } = sessionApi(API);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => reset());
afterAll(() => server.close());

const as = async (login: string) => bearer((await tokensOf(login)).accessToken);
const json = async (response: Response) => response.json();

describe('my profile (protocol §3.1, §4.1)', () => {
  const patch = (changes: unknown, headers: Record<string, string>) =>
    post(
      '/rest/profil/me/patch?jsonproperty=json&withFacets=false',
      { json: JSON.stringify(changes) },
      headers,
    );

  it('GET /rest/profil/me answers the REST envelope; with headers=true also the profil headers', async () => {
    const alice = await as('alice');
    const plain = await json(await fetch(`${API}/rest/profil/me`, { headers: alice }));
    expect(plain).toEqual({
      resource: 'profil',
      response: {
        data: {
          id: 1,
          login: 'alice',
          firstname: 'Alice',
          lastname: 'Martin',
          email: 'alice@wedia-demo.example',
          bolang: 'en',
        },
        total: 1,
        count: 1,
      },
      links: {},
    });
    const withHeaders = await json(
      await fetch(`${API}/rest/profil/me?headers=true&lang=en`, { headers: alice }),
    );
    expect(withHeaders.resource).toBe('profil');
    expect(Object.keys(withHeaders.headers)).toEqual(['firstname', 'lastname', 'email', 'bolang', 'login']);
    expect(withHeaders.headers.login.cud.update).toBe(false);
  });

  it('refuses the profile of an anonymous visitor or an application with 401', async () => {
    expect((await fetch(`${API}/rest/profil/me`)).status).toBe(401);
    const app = await json(
      await signIn({ application: 'wedia-demo', login: 'demo-key', password: 'demo-secret' }),
    );
    const response = await fetch(`${API}/rest/profil/me`, { headers: bearer(app.accessToken) });
    expect(response.status).toBe(401);
    expect((await response.json()).error).toBe('401');
  });

  it('a plain patch answers 201 with the new profile; who-am-I follows', async () => {
    const bob = await as('bob');
    const response = await patch({ firstname: 'Robert', email: 'robert@example.com' }, bob);
    expect(response.status).toBe(201);
    expect((await response.json()).response.data).toMatchObject({
      firstname: 'Robert',
      lastname: 'Durand',
      email: 'robert@example.com',
    });
    expect(await whoami(bob)).toMatchObject({ firstname: 'Robert' });
  });

  it('a bolang patch changes the language and the locale of who-am-I', async () => {
    const alice = await as('alice');
    const response = await patch({ bolang: 'fr' }, alice);
    expect(response.status).toBe(201);
    expect((await response.json()).response.data.bolang).toBe('fr');
    expect((await whoami(alice)).locale).toBe('fr');
    const profile = await json(await fetch(`${API}/rest/profil/me`, { headers: alice }));
    expect(profile.response.data.bolang).toBe('fr');
  });

  it.each([
    ['a password (it needs login and current password)', { password: 'x' }],
    ['the read-only login', { login: 'alicia' }],
    ['an unknown field', { shoeSize: '42' }],
    ['an empty first name', { firstname: ' ' }],
    ['a locale that is not one', { bolang: 'french' }],
    ['an e-mail that is not one', { email: 'alice' }],
  ])('refuses %s with 400, changing nothing', async (_case, changes) => {
    const alice = await as('alice');
    const response = await patch(changes, alice);
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe('400');
    const profile = await json(await fetch(`${API}/rest/profil/me`, { headers: alice }));
    expect(profile.response.data).toMatchObject({ login: 'alice', firstname: 'Alice', bolang: 'en' });
  });

  it('refuses a patch from an anonymous visitor with 401, and a json field that is no object with 400', async () => {
    expect((await patch({ firstname: 'X' }, {})).status).toBe(401);
    const alice = await as('alice');
    const notObject = await post('/rest/profil/me/patch?jsonproperty=json', { json: '[1]' }, alice);
    expect(notObject.status).toBe(400);
  });

  it('a password change of a signed-in user works with login + current password, then the new one signs in', async () => {
    const alice = await as('alice');
    const response = await post(
      '/rest/profil/me/patch?jsonproperty=json&withFacets=true',
      { login: 'alice', password: 'alice', json: JSON.stringify({ password: 'wonderland' }) },
      alice,
    );
    expect(response.status).toBe(201);
    expect((await signIn({ login: 'alice', password: 'alice' })).status).toBe(401);
    expect((await signIn({ login: 'alice', password: 'wonderland' })).status).toBe(200);
  });

  it('POST /rest/profil fills in the whole profile of the signed-in user (201), the required fields first', async () => {
    const carol = await as('carol');
    const create = (fields: Record<string, string>) =>
      post('/rest/profil?jsonproperty=json', { json: JSON.stringify(fields) }, carol);
    expect((await create({ firstname: 'Caroline' })).status).toBe(400);
    const response = await create({
      firstname: 'Caroline',
      lastname: 'Nguyen',
      email: 'c@example.com',
      bolang: 'fr',
    });
    expect(response.status).toBe(201);
    expect((await response.json()).response.data).toMatchObject({
      id: 3,
      firstname: 'Caroline',
      bolang: 'fr',
    });
    expect((await whoami(carol)).locale).toBe('fr');
    expect((await post('/rest/profil', { json: '{}' })).status).toBe(401);
  });

  it("PUT /json/update/data.userlang/{id}?prop_bolang= sets the user's language: 200 {}", async () => {
    const bob = await as('bob');
    const response = await fetch(`${API}/json/update/data.userlang/2?prop_bolang=en`, {
      method: 'PUT',
      headers: bob,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({});
    expect((await whoami(bob)).locale).toBe('en');
    const other = await fetch(`${API}/json/update/data.userlang/1?prop_bolang=fr`, {
      method: 'PUT',
      headers: bob,
    });
    expect(other.status).toBe(403);
  });
});

describe('preferences (protocol §4.1, §4.2)', () => {
  const url = (namespace: string, key: string) =>
    `${API}/json/userpref?namespace=${encodeURIComponent(namespace)}&key=${encodeURIComponent(key)}&lang=en`;
  const setPref = (fields: Record<string, string>, headers: Record<string, string>) =>
    fetch(`${API}/json/userpref?lang=en`, { method: 'POST', body: new URLSearchParams(fields), headers });
  const getPref = async (namespace: string, key: string, headers: Record<string, string>) =>
    json(await fetch(url(namespace, key), { headers }));

  it('a missing preference answers 200 with namespace and key and no value member', async () => {
    const response = await fetch(url('vue-app', 'k'), { headers: await as('alice') });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual({ response: { data: { namespace: 'vue-app', key: 'k' } } });
    expect('value' in body.response.data).toBe(false);
  });

  it('set answers the stored preference; get answers its value as the text sent; set again replaces it', async () => {
    const alice = await as('alice');
    const fields = { namespace: 'vue-app', key: 'pageSize', type: 'string', value: '48' };
    const set = await setPref(fields, alice);
    expect(set.status).toBe(200);
    expect(await set.json()).toEqual({ response: { data: fields } });
    expect(await getPref('vue-app', 'pageSize', alice)).toEqual({ response: { data: fields } });

    await setPref({ ...fields, value: '{"a":1}' }, alice);
    expect((await getPref('vue-app', 'pageSize', alice)).response.data.value).toBe('{"a":1}');
  });

  it('keeps preferences per user and per namespace', async () => {
    const alice = await as('alice');
    const bob = await as('bob');
    await setPref({ namespace: 'vue-app', key: 'density', type: 'string', value: '"compact"' }, alice);
    expect((await getPref('vue-app', 'density', bob)).response.data.value).toBeUndefined();
    expect((await getPref('other', 'density', alice)).response.data.value).toBeUndefined();
    expect((await getPref('vue-app', 'density', alice)).response.data.value).toBe('"compact"');
  });

  it('takes vue-app when the namespace is left out', async () => {
    const alice = await as('alice');
    await setPref({ key: 'k', type: 'string', value: 'true' }, alice);
    expect((await getPref('vue-app', 'k', alice)).response.data.value).toBe('true');
  });

  it('remove deletes it (query string, no body); the preference reads as missing again', async () => {
    const alice = await as('alice');
    await setPref({ namespace: 'vue-app', key: 'k', type: 'string', value: '1' }, alice);
    const removed = await fetch(url('vue-app', 'k'), { method: 'DELETE', headers: alice });
    expect(removed.status).toBe(200);
    expect(await getPref('vue-app', 'k', alice)).toEqual({
      response: { data: { namespace: 'vue-app', key: 'k' } },
    });
  });

  it('visitors and the application read every preference as missing and may not write', async () => {
    const app = await json(
      await signIn({ application: 'wedia-demo', login: 'demo-key', password: 'demo-secret' }),
    );
    for (const headers of [{}, bearer(app.accessToken)]) {
      expect(await getPref('vue-app', 'k', headers)).toEqual({
        response: { data: { namespace: 'vue-app', key: 'k' } },
      });
      const set = await setPref({ namespace: 'vue-app', key: 'k', type: 'string', value: '1' }, headers);
      expect(set.status).toBe(401);
      expect((await fetch(url('vue-app', 'k'), { method: 'DELETE', headers })).status).toBe(401);
    }
  });

  it('refuses a request without key, or a set without value, with 400', async () => {
    const alice = await as('alice');
    expect((await fetch(`${API}/json/userpref?namespace=vue-app`, { headers: alice })).status).toBe(400);
    expect((await setPref({ namespace: 'vue-app', key: 'k' }, alice)).status).toBe(400);
  });
});

describe('notifications (protocol §20)', () => {
  const list = async (headers: Record<string, string>) =>
    json(await fetch(`${API}/rest/usernotif?lang=en`, { headers }));
  const unread = async (headers: Record<string, string>) =>
    (await json(await fetch(`${API}/rest/usernotif/unread`, { headers }))).response;

  it('lists the user’s notifications newest first, each with key, type, title, message, date, read and link', async () => {
    const body = await list(await as('alice'));
    expect(body.resource).toBe('usernotif');
    expect(body.response.total).toBe(12);
    expect(body.response.data).toHaveLength(12);
    expect(body.response.data[0]).toEqual({
      key: 'n-1-1',
      type: 'cart.collaborator',
      title: 'Bob added you to a cart',
      message: expect.any(String),
      date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      read: false,
      link: '/carts/13',
    });
    const dates = body.response.data.map((notification: { date: string }) => notification.date);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('answers in the request’s language: French titles and messages for lang=fr (issue 28)', async () => {
    const alice = await as('alice');
    const body = await json(await fetch(`${API}/rest/usernotif?lang=fr`, { headers: alice }));
    expect(body.response.data[0]).toMatchObject({
      title: 'Bob vous a ajouté à un panier',
      message: "Vous pouvez désormais modifier « Bob's picks ».",
    });
  });

  it('a recipient’s comment on a shared cart becomes a notification of the cart’s owner, with its author when signed in (issue 28)', async () => {
    const alice = await as('alice');
    const shared = await json(
      await fetch(`${API}/wedia/cart/shareCart/1`, {
        method: 'POST',
        headers: { ...alice, 'Content-Type': 'application/json' },
        body: JSON.stringify({ actions: ['view', 'comment'], collaborators: [] }),
      }),
    );
    const comment = async (headers: Record<string, string>, text: string) =>
      fetch(`${API}/wedia/cart/withShare/${shared.uuid}/comment`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({ comment: text }),
      });
    expect((await comment({}, 'Lovely')).status).toBe(200);
    expect((await comment(await as('bob'), 'Take the third')).status).toBe(200);
    const [bobs, visitors] = (await list(alice)).response.data;
    expect(visitors).toMatchObject({
      type: 'cart.comment',
      message: 'Lovely',
      link: '/carts/1',
      read: false,
    });
    expect(visitors.author).toBeUndefined();
    expect(visitors.title).toMatch(/^A visitor commented on "/);
    expect(bobs).toMatchObject({ type: 'cart.comment', message: 'Take the third', link: '/carts/1' });
    expect(bobs.author).toMatch(/^Bob /);
    const french = await json(await fetch(`${API}/rest/usernotif?lang=fr`, { headers: alice }));
    expect(french.response.data[1].title).toMatch(/^Un visiteur a commenté « /);
  });

  it('counts the unread ones per user, with total, count and the date of the oldest unread', async () => {
    expect(await unread(await as('alice'))).toEqual({
      unreadCount: 4,
      total: 12,
      count: 12,
      unreadSince: expect.stringMatching(/^\d{4}-/),
    });
    expect((await unread(await as('bob'))).unreadCount).toBe(2);
    expect((await unread(await as('carol'))).unreadCount).toBe(1);
  });

  it('markread marks all of the user’s notifications read, and nobody else’s', async () => {
    const alice = await as('alice');
    const bob = await as('bob');
    const response = await fetch(`${API}/rest/usernotif/markread`, { method: 'POST', headers: alice });
    expect(response.status).toBe(200);
    expect(await unread(alice)).toEqual({ unreadCount: 0, total: 12, count: 12, unreadSince: null });
    expect(
      (await list(alice)).response.data.every((notification: { read: boolean }) => notification.read),
    ).toBe(true);
    expect((await unread(bob)).unreadCount).toBe(2);
  });

  it('DELETE /rest/usernotif/{key} removes one of the user’s notifications; another user’s key is 404', async () => {
    const carol = await as('carol');
    const response = await fetch(`${API}/rest/usernotif/n-3-1`, { method: 'DELETE', headers: carol });
    expect(response.status).toBe(200);
    const after = await list(carol);
    expect(after.response.data.map((notification: { key: string }) => notification.key)).toEqual([
      'n-3-2',
      'n-3-3',
    ]);
    expect((await unread(carol)).unreadCount).toBe(0);
    const foreign = await fetch(`${API}/rest/usernotif/n-1-1`, { method: 'DELETE', headers: carol });
    expect(foreign.status).toBe(404);
    expect((await list(await as('alice'))).response.total).toBe(12);
  });

  it('visitors have none; they may not mark read or delete', async () => {
    expect((await list({})).response).toEqual({ data: [], total: 0, count: 0 });
    expect(await unread({})).toEqual({ unreadCount: 0, total: 0, count: 0, unreadSince: null });
    expect((await fetch(`${API}/rest/usernotif/markread`, { method: 'POST' })).status).toBe(401);
    expect((await fetch(`${API}/rest/usernotif/n-1-1`, { method: 'DELETE' })).status).toBe(401);
  });
});
