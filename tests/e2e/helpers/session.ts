import type { Page } from 'playwright-core';
import { config } from '../../../streams/core/config';
import { portalUrl } from './portal';

/**
 * Signs in through `/signin` as a demo account (password = login unless given) and waits until
 * the portal knows the user: the header then offers "Sign out" ("Se déconnecter" for bob).
 */
export async function signIn(page: Page, login: string, password = login): Promise<void> {
  await page.goto(`${portalUrl()}/signin`);
  await page.getByRole('textbox', { name: 'Login' }).fill(login);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await signedIn(page);
  // the sign-in lands on the home page: its search has its first results before the user goes on,
  // as a person would see them (a click racing the first list fetch is no journey of ours)
  await page
    .getByRole('status')
    .filter({ hasText: /^[\d,\s\u00a0\u202f]+ (results?|résultats?)$/ })
    .waitFor();
}

/** Waits until the header offers "Sign out" (in the user's language: bob's French may come first). */
async function signedIn(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^(sign out|se déconnecter)$/i }).waitFor();
}

interface ApiToken {
  tokenType: string;
  accessToken: string;
  refreshToken: string;
  iat: number;
  exp: number;
}

async function apiSignIn(login: string, password: string): Promise<ApiToken> {
  const form = new FormData();
  form.append('login', login);
  form.append('password', password);
  const response = await fetch(`${portalUrl()}/api/rest/signin`, { method: 'POST', body: form });
  if (!response.ok) throw new Error(`signing ${login} in through the API: ${response.status}`);
  return (await response.json()) as ApiToken;
}

/** The `Authorization` header of a demo account signed in through the API, for a test's own calls. */
export async function apiAuthorization(login: string, password = login): Promise<string> {
  const token = await apiSignIn(login, password);
  return `${token.tokenType} ${token.accessToken}`;
}

/**
 * For a journey that is not about signing in and starts on another screen than home: the demo
 * account signs in through the API, its token goes where the portal keeps a user's token across
 * reloads (bearer mode, `streams/session/tokens.ts`), and the page opens `path` as after a reload,
 * signed in. `signIn` then `page.goto(path)` loads the portal twice: this saves one whole start
 * (measured at a load of 23 on 2 cores: 3.3 s instead of 5.5 s; to the home page both take 3 s).
 */
export async function openSignedIn(page: Page, login: string, path: string): Promise<void> {
  const token = await apiSignIn(login, login);
  // storage belongs to the portal's origin: an empty page of that origin, answered by the browser
  // itself (nothing reaches the demo server's request log), holds the page while it is written
  const blank = `${portalUrl()}/__blank-before-sign-in`;
  await page.route(blank, (route) => route.fulfill({ body: '', contentType: 'text/html' }));
  await page.goto(blank);
  await page.unroute(blank);
  await page.evaluate(
    ({ keys, stored }) => {
      localStorage.setItem(keys.refreshToken, stored.refreshToken);
      localStorage.setItem(keys.userToken, JSON.stringify(stored));
    },
    {
      keys: { refreshToken: config.refreshTokenStorageKey, userToken: config.userTokenStorageKey },
      stored: token,
    },
  );
  await page.goto(`${portalUrl()}${path}`);
  await signedIn(page);
}

/**
 * The user's language, chosen on the account page ("Language" in English, "Langue" in French),
 * opened first unless the page is on it.
 */
export async function switchLanguage(page: Page, to: 'en' | 'fr'): Promise<void> {
  if (new URL(page.url()).pathname !== '/account') await page.goto(`${portalUrl()}/account`);
  await page
    .getByRole('combobox', { name: to === 'fr' ? 'Language' : 'Langue', exact: true })
    .selectOption(to);
  await page
    .getByRole('heading', { level: 1, name: to === 'fr' ? 'Votre compte' : 'Your account' })
    .waitFor();
}
