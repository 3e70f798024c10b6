import { runtime } from '../../../mocks/runtime';

/** The cart calls' base (protocol §6: every path under `/wedia/cart/`). */
export const CART_API = 'http://localhost/api/wedia/cart';

export type Login = 'alice' | 'bob' | 'carol' | 'dave';

/** Issues a bearer token for the account straight into the runtime, as sign-in would. */
export function bearerFor(login: Login): string {
  const user = runtime.db.users.find((candidate) => candidate.login === login);
  if (!user) throw new Error(`no seeded user ${login}`);
  const iat = Math.floor(Date.now() / 1000);
  const accessToken = `test-access-${login}-${runtime.tokens.size}`;
  runtime.tokens.set(accessToken, {
    surfer: { kind: 'user', userId: user.id },
    accessToken,
    refreshToken: `test-refresh-${login}`,
    iat,
    exp: iat + 3600,
  });
  return `Bearer ${accessToken}`;
}

/** `Basic base64(":" + password)`: a share password with an empty user name (protocol §1.3). */
export const basic = (password: string): string =>
  `Basic ${btoa(String.fromCharCode(...new TextEncoder().encode(`:${password}`)))}`;

export interface CallOptions {
  method?: string;
  /** sent as JSON */
  body?: unknown;
  /** signed in as this account */
  as?: Login;
  /** an Authorization header of its own (e.g. Basic) */
  authorization?: string;
}

/** A cart call as the client makes it: JSON body, bearer of the account when given. */
export function cartCall(path: string, options: CallOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json, text/plain, */*' };
  const authorization = options.authorization ?? (options.as && bearerFor(options.as));
  if (authorization) headers.authorization = authorization;
  if (options.body !== undefined) headers['content-type'] = 'application/json;charset=utf-8';
  return fetch(`${CART_API}/${path}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
}

/** The JSON of a call that must succeed (fails the test with the error body otherwise). */
export async function cartJson<T = unknown>(path: string, options: CallOptions = {}): Promise<T> {
  const response = await cartCall(path, options);
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A cart as the tests read it. */
export interface WireCart {
  id: string;
  name: string;
  private: boolean;
  isMine: boolean;
  owner: number;
  collaborators: number[];
  total: number;
  items: { id: string; type: string; name?: string; filename?: string; metadata?: { filesize: number } }[];
}
