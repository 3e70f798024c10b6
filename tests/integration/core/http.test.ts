import { HttpResponse, http as mock } from 'msw';
import { setupServer } from 'msw/node';
import { firstValueFrom, Subject } from 'rxjs';
import * as z from 'zod';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { serializeError } from '../../../streams/core/errors';
import { createHttp, type Http } from '../../../streams/core/http';
import { SessionVault } from '../../../streams/core/session-vault';

interface Seen {
  method: string;
  url: URL;
  headers: Headers;
  body: string;
  form?: Record<string, string | { name: string; size: number }>;
}

let seen: Seen[] = [];
const server = setupServer(
  mock.all('*/api/echo/*', async ({ request }) => {
    const url = new URL(request.url);
    const entry: Seen = { method: request.method, url, headers: request.headers, body: '' };
    if ((request.headers.get('content-type') ?? '').startsWith('multipart/form-data')) {
      const form = await request.formData();
      entry.form = {};
      for (const [key, value] of form.entries()) {
        entry.form[key] = typeof value === 'string' ? value : { name: value.name, size: value.size };
      }
    } else {
      entry.body = await request.text();
    }
    seen.push(entry);
    return HttpResponse.json({ ok: true });
  }),
);

let vault: SessionVault;
let client: Http;
const okSchema = z.object({ ok: z.boolean() });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => server.resetHandlers());
beforeEach(() => {
  seen = [];
  vault = new SessionVault();
  vault.connection = { apiPath: 'http://dam.test:80', cookieAuth: false, sessionAuth: false };
  vault.lang = 'fr';
  client = createHttp(vault, (input, init) => fetch(input, init));
});

async function failureOf(request: Parameters<Http['request']>[0]) {
  try {
    await firstValueFrom(client.request(request));
  } catch (error) {
    return serializeError(error);
  }
  throw new Error('the request did not fail');
}

describe('http client (protocol §1)', () => {
  it('sends JSON bodies with the JSON content type, omitting undefined and keeping null (§1.5)', async () => {
    await firstValueFrom(
      client.request({
        method: 'POST',
        path: '/echo/json',
        body: { json: { a: 1, b: undefined, c: null } },
        schema: okSchema,
      }),
    );
    expect(seen[0]!.headers.get('content-type')).toBe('application/json;charset=utf-8');
    expect(JSON.parse(seen[0]!.body)).toEqual({ a: 1, c: null });
  });

  it('sends form bodies percent-encoded with the value rules of §1.6 (§1.5)', async () => {
    await firstValueFrom(
      client.request({
        method: 'POST',
        path: '/echo/form',
        body: {
          form: { TYPE: 'LOGS', text: 'a b&c', flag: true, none: null, skipped: undefined, json: { x: 1 } },
        },
        schema: okSchema,
      }),
    );
    expect(seen[0]!.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(seen[0]!.body).toBe('TYPE=LOGS&text=a%20b%26c&flag=true&none=&json=%7B%22x%22%3A1%7D');
  });

  it('sends multipart bodies with the browser boundary, booleans as text and files by field name (§1.5)', async () => {
    const file = new File(['hello'], 'hello.txt', { type: 'text/plain' });
    await firstValueFrom(
      client.request({
        method: 'POST',
        path: '/echo/multipart',
        body: {
          multipart: { login: 'alice', cookieauth: false, exp: 3600, skipped: undefined, upload: file },
        },
        schema: okSchema,
      }),
    );
    expect(seen[0]!.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[0]!.form).toEqual({
      login: 'alice',
      cookieauth: 'false',
      exp: '3600',
      upload: { name: 'hello.txt', size: 5 },
    });
  });

  it('puts lang last in the query string of every method, and repeats array values (§1.4, §1.6)', async () => {
    await firstValueFrom(
      client.request({
        method: 'DELETE',
        path: '/echo/q',
        query: { type: ['mine', 'shared'], output: 'list' },
        schema: okSchema,
      }),
    );
    expect(seen[0]!.url.search).toBe('?type=mine&type=shared&output=list&lang=fr');
  });

  it('sends POST with X-HTTP-Method-Override for an overridden method (§1.7)', async () => {
    await firstValueFrom(
      client.request({ method: 'GET', override: 'GET', path: '/echo/aggs', schema: okSchema }),
    );
    expect(seen[0]!.method).toBe('POST');
    expect(seen[0]!.headers.get('x-http-method-override')).toBe('GET');
  });

  it('sends no Authorization header before sign-in, never the text undefined (§1.2, §1.3)', async () => {
    await firstValueFrom(client.request({ method: 'GET', path: '/echo/anon', schema: okSchema }));
    expect(seen[0]!.headers.has('authorization')).toBe(false);
  });

  it('sends the bearer token verbatim after sign-in (§1.2)', async () => {
    vault.userToken = { tokenType: 'Bearer', accessToken: 'abc.def.ghi', refreshToken: 'r', exp: 2, iat: 1 };
    await firstValueFrom(client.request({ method: 'GET', path: '/echo/user', schema: okSchema }));
    expect(seen[0]!.headers.get('authorization')).toBe('Bearer abc.def.ghi');
  });

  it('sends a share password as Basic with an empty user name, replacing the bearer (§1.3)', async () => {
    vault.userToken = { tokenType: 'Bearer', accessToken: 'abc', refreshToken: 'r', exp: 2, iat: 1 };
    await firstValueFrom(
      client.request({ method: 'GET', path: '/echo/share', sharePassword: 'pw', schema: okSchema }),
    );
    expect(seen[0]!.headers.get('authorization')).toBe('Basic OnB3');
  });

  it('sends no Authorization on an anonymous request, even signed in; a share password still goes as Basic (§6.4, §23.4)', async () => {
    vault.userToken = { tokenType: 'Bearer', accessToken: 'abc', refreshToken: 'r', exp: 2, iat: 1 };
    await firstValueFrom(
      client.request({ method: 'GET', path: '/echo/shared', anonymous: true, schema: okSchema }),
    );
    await firstValueFrom(
      client.request({ method: 'GET', path: '/echo/shared', anonymous: true, sharePassword: 'pw' }),
    );
    expect(seen[0]!.headers.has('authorization')).toBe(false);
    expect(seen[1]!.headers.get('authorization')).toBe('Basic OnB3');
  });

  it('reads a blob answer as a Blob, and a failed one as an error with the server message', async () => {
    server.use(
      mock.get('*/api/wedia/picture', () =>
        HttpResponse.text('<svg xmlns="http://www.w3.org/2000/svg"/>', {
          headers: { 'Content-Type': 'image/svg+xml' },
        }),
      ),
      mock.get('*/api/wedia/hidden', () =>
        HttpResponse.json({ error: '404', message: 'nope' }, { status: 404 }),
      ),
    );
    const answer = await firstValueFrom(
      client.request<Blob>({ method: 'GET', path: '/wedia/picture', responseType: 'blob' }),
    );
    expect(answer.data).toBeInstanceOf(Blob);
    expect(answer.data.type).toBe('image/svg+xml');
    expect(await answer.data.text()).toContain('<svg');
    const error = await failureOf({ method: 'GET', path: '/wedia/hidden', responseType: 'blob' });
    expect(error).toMatchObject({ status: 404, message: 'nope' });
  });

  it('sends no Authorization in cookie mode, and CSRF and x-context only when configured (§1.3)', async () => {
    vault.userToken = { tokenType: 'Bearer', accessToken: 'abc', refreshToken: 'r', exp: 2, iat: 1 };
    vault.connection = { ...vault.connection, cookieAuth: true, csrfToken: 'csrf-1', context: 'ctx' };
    await firstValueFrom(client.request({ method: 'GET', path: '/echo/cookie', schema: okSchema }));
    expect(seen[0]!.headers.has('authorization')).toBe(false);
    expect(seen[0]!.headers.get('x-csrf-token')).toBe('csrf-1');
    expect(seen[0]!.headers.get('x-context')).toBe('ctx');
  });

  it('fails a /api/rest/ answer whose body has an error, whatever its status (§1.9)', async () => {
    server.use(
      mock.get('*/api/rest/profil/me', () =>
        HttpResponse.json({ error: '403/2', message: 'Change your password' }),
      ),
    );
    const error = await failureOf({ method: 'GET', path: '/rest/profil/me', schema: z.object({}) });
    expect(error).toMatchObject({
      code: 'error.rest.403/2',
      status: 403,
      restCode: '403/2',
      message: 'Change your password',
    });
  });

  it('lets only the HTTP status decide outside /api/rest/ (§1.9)', async () => {
    server.use(
      mock.get('*/api/wedia/thing', () => HttpResponse.json({ error: 'not an error here', ok: true })),
    );
    const answer = await firstValueFrom(
      client.request({ method: 'GET', path: '/wedia/thing', schema: okSchema }),
    );
    expect(answer.data).toEqual({ ok: true });
  });

  it('keeps the server message and body of a failed answer, with a hierarchical code (§1.9)', async () => {
    server.use(
      mock.get('*/api/wedia/missing', () =>
        HttpResponse.json({ error: '404', message: 'Unknown cart' }, { status: 404 }),
      ),
    );
    const error = await failureOf({ method: 'GET', path: '/wedia/missing', schema: okSchema });
    expect(error).toMatchObject({ code: 'error.rest.404', status: 404, message: 'Unknown cart' });
  });

  it('turns an answer that fails its schema into a clear error, not a crash', async () => {
    server.use(mock.get('*/api/wedia/odd', () => HttpResponse.json({ infos: 'not an object' })));
    const error = await failureOf({
      method: 'GET',
      path: '/wedia/odd',
      schema: z.object({ infos: z.record(z.string(), z.unknown()) }),
    });
    expect(error.code).toBe('error.response.invalid');
    expect(error.message).toContain('GET /wedia/odd');
    expect(error.message).toContain('infos');
  });

  it('reports a network failure with its message under error.network (§2.2)', async () => {
    server.use(mock.get('*/api/wedia/down', () => HttpResponse.error()));
    const error = await failureOf({ method: 'GET', path: '/wedia/down', schema: okSchema });
    expect(error.code).toBe('error.network');
    expect(error.message).not.toBe('');
  });

  it('signals a 419 answer on the notices channel (§2.2)', async () => {
    server.use(mock.get('*/api/wedia/stale', () => HttpResponse.json({}, { status: 419 })));
    const notices: unknown[] = [];
    const subscription = client.notices$.subscribe((notice) => notices.push(notice));
    const error = await failureOf({ method: 'GET', path: '/wedia/stale', schema: okSchema });
    subscription.unsubscribe();
    expect(error.status).toBe(419);
    expect(notices).toEqual([{ kind: 'applicationInvalid', path: '/wedia/stale' }]);
  });

  it('fails with error.canceled when the caller cancels, and aborts the fetch (§1.9)', async () => {
    let aborted = false;
    server.use(
      mock.get('*/api/wedia/slow', async ({ request }) => {
        request.signal.addEventListener('abort', () => {
          aborted = true;
        });
        await new Promise((resolve) => setTimeout(resolve, 500));
        return HttpResponse.json({ ok: true });
      }),
    );
    const cancel$ = new Subject<void>();
    const failure = failureOf({ method: 'GET', path: '/wedia/slow', schema: okSchema, cancel$ });
    setTimeout(() => cancel$.next(), 20);
    expect((await failure).code).toBe('error.canceled');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(aborted).toBe(true);
  });
});
