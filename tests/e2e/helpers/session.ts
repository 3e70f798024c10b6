import type { Page } from 'playwright-core';
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
  // in the user's language: bob's French may come before the check does
  await page.getByRole('button', { name: /^(sign out|se déconnecter)$/i }).waitFor();
  // the sign-in lands on the home page: its search has its first results before the user goes on,
  // as a person would see them (a click racing the first list fetch is no journey of ours)
  await page
    .getByRole('status')
    .filter({ hasText: /^[\d,\s\u00a0\u202f]+ (results?|résultats?)$/ })
    .waitFor();
}

/** The `Authorization` header of a demo account signed in through the API, for a test's own calls. */
export async function apiAuthorization(login: string, password = login): Promise<string> {
  const form = new FormData();
  form.append('login', login);
  form.append('password', password);
  const response = await fetch(`${portalUrl()}/api/rest/signin`, { method: 'POST', body: form });
  const token = (await response.json()) as { tokenType: string; accessToken: string };
  return `${token.tokenType} ${token.accessToken}`;
}

/** The user's language, chosen on the account page ("Language" in English, "Langue" in French). */
export async function switchLanguage(page: Page, to: 'en' | 'fr'): Promise<void> {
  await page.goto(`${portalUrl()}/account`);
  await page
    .getByRole('combobox', { name: to === 'fr' ? 'Language' : 'Langue', exact: true })
    .selectOption(to);
  await page
    .getByRole('heading', { level: 1, name: to === 'fr' ? 'Votre compte' : 'Your account' })
    .waitFor();
}
