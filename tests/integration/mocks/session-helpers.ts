/** Requests of the session protocol (protocol §3.1), shared by the demo server's session tests. */

export interface TokenBody {
  tokenType: string;
  accessToken: string;
  refreshToken: string;
  iat: number;
  exp: number;
}

/** A multipart body, as the client sends sign-in, token, sign-out and profile calls. */
export function multipart(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

export const bearer = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` });

/** The JSON payload of a JWT, as a client decodes it. */
export function jwtPayload(token: string): Record<string, unknown> {
  const middle = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(middle, 'base64url').toString('utf8'));
}

/** Waits until the given time (seconds since the epoch) is past. */
export async function waitPast(epochS: number): Promise<void> {
  const delay = epochS * 1000 - Date.now() + 20;
  if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
}

export function sessionApi(api: string) {
  const post = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${api}${path}`, { method: 'POST', body: multipart(fields), headers });

  const signIn = (fields: Record<string, string>) => post('/rest/signin?lang=en', fields);

  /** Signs a user in (bearer mode) and answers the token pair. */
  async function tokensOf(login: string, password = login): Promise<TokenBody> {
    const response = await signIn({ login, password, cookieauth: 'false' });
    if (response.status !== 200) throw new Error(`${login} could not sign in: ${response.status}`);
    return response.json();
  }

  async function whoami(headers: Record<string, string> = {}): Promise<Record<string, unknown>> {
    const body = await (await fetch(`${api}/json/whoami?lang=en`, { headers })).json();
    return body.response.data;
  }

  return { post, signIn, tokensOf, whoami };
}
