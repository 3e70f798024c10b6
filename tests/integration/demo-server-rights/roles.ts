/**
 * The callers of the rights table (issue 27): an anonymous visitor, the demo application the portal
 * browses as when nobody signs in, and the three demo accounts (UI-CONTRACT.md, "Accounts").
 */
import { API, as } from '../demo-server-entities/helpers';
import { bearer, multipart } from '../mocks/session-helpers';

export const ROLES = ['anonymous', 'application', 'alice', 'bob', 'carol'] as const;
export type Role = (typeof ROLES)[number];

/** The application's token, as the portal gets it before anyone signs in (protocol §3.1). */
async function applicationHeaders(): Promise<Record<string, string>> {
  const response = await fetch(`${API}/rest/signin?lang=en`, {
    method: 'POST',
    body: multipart({
      application: 'wedia-demo',
      login: 'demo-key',
      password: 'demo-secret',
      cookieauth: 'false',
    }),
  });
  if (response.status !== 200) throw new Error(`The application could not sign in: ${response.status}`);
  return bearer((await response.json()).accessToken);
}

/** The request headers of each role: none for the anonymous visitor, a bearer token for the others. */
export async function headersOfRoles(): Promise<Record<Role, Record<string, string>>> {
  return {
    anonymous: {},
    application: await applicationHeaders(),
    alice: await as('alice'),
    bob: await as('bob'),
    carol: await as('carol'),
  };
}
