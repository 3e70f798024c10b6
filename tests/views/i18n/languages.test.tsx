import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { AccountPage } from '../../../src/account/account-page';
import { useStoreLocation, useStoreSearch } from '../../../src/hooks/use-store-location';
import { catalogues } from '../../../src/i18n/catalogues';
import { codeLabel } from '../../../src/i18n/code-labels';
import { localeReady, registerLanguage, SUPPORTED_LOCALES } from '../../../src/i18n/locales';
import { en, type Messages } from '../../../src/i18n/messages-en';
import messagesEnSource from '../../../src/i18n/messages-en.ts?raw';
import { NotificationsPage } from '../../../src/notifications/notifications-page';
import { SignInPage } from '../../../src/session/sign-in-page';
import { listLoaded } from '../../../streams/notifications/events';
import { loaded } from '../../../streams/profile/events';
import { navigated } from '../../../streams/router/events';
import { appStarted } from '../../helpers/app-started';
import { aliceKnown, visitorKnown } from '../../helpers/identities';
import { renderWithStore } from '../../helpers/render';

/** Every feature catalogue (`addMessages` in a `…messages.ts`), loaded as its code would load it. */
const featureModules = import.meta.glob<Record<string, unknown>>('../../../src/**/*messages.ts', {
  eager: true,
});
/** Every one-file language (`src/i18n/languages/<code>.ts`). */
const languageFiles = import.meta.glob<{ messages: Record<string, string> }>(
  '../../../src/i18n/languages/*.ts',
  { eager: true },
);

const featureCatalogues = Object.entries(featureModules).flatMap(([path, module]) =>
  Object.entries(module)
    .filter(([name]) => name.endsWith('MessagesEn'))
    .map(([name, messages]) => ({ path, name, messages: messages as Record<string, string> })),
);
/** Every key of every feature, the shell's included: what a complete language must hold. */
const allEnglish: Record<string, string> = Object.assign(
  {},
  en,
  ...featureCatalogues.map(({ messages }) => messages),
);

/** A pseudo-locale: every English text, bracketed and accented, its `{placeholders}` kept. */
const ACCENTS: Record<string, string> = { a: 'á', e: 'é', i: 'í', o: 'ó', u: 'ú' };
const pseudo = (text: string) =>
  `⟦${text.replace(/\{\w+\}|[aeiou]/g, (part) => (part.length > 1 ? part : ACCENTS[part]!))}⟧`;
const pseudoMessages = Object.fromEntries(
  Object.entries(allEnglish).map(([key, text]) => [key, pseudo(text)]),
);

/**
 * The words of a rendered screen outside the pseudo-locale's brackets, but for the allowed ones
 * (the language select's options name each language in itself: they are left out).
 */
function untranslated(container: HTMLElement, allowed: string[]): string[] {
  const copy = container.cloneNode(true) as HTMLElement;
  for (const option of copy.querySelectorAll('option')) option.remove();
  const labels = [...copy.querySelectorAll('[aria-label]')].map((element) =>
    element.getAttribute('aria-label'),
  );
  return [copy.textContent, ...labels]
    .flatMap((text) => (text ?? '').replace(/⟦[^⟧]*⟧/g, ' ').match(/[A-Za-z]{2,}/g) ?? [])
    .filter((word) => !allowed.includes(word));
}

const routed = (ui: React.ReactElement) => (
  <Router hook={useStoreLocation} searchHook={useStoreSearch}>
    {ui}
  </Router>
);

describe('languages: every key in every language, and a third language is one file', () => {
  it('every feature catalogue is named in MessageKey (messages-en.ts), so a language file is type-checked whole', () => {
    const missing = featureCatalogues
      .filter(
        ({ name }) => ![`keyof typeof ${name}`, `...${name}`].some((use) => messagesEnSource.includes(use)),
      )
      .map(({ path, name }) => `${path}: ${name}`);
    expect(missing).toEqual([]);
  });

  it('a language file missing a key does not compile (Messages is every key of every feature)', () => {
    // @ts-expect-error: 'nav.search' and every other key are missing
    const incomplete: Messages = { 'nav.carts': 'Wagen' };
    expect(Object.keys(incomplete)).toHaveLength(1);
  });

  it('French has every key of every feature', async () => {
    await localeReady('fr');
    const missing = Object.keys(allEnglish).filter((key) => !(key in catalogues.fr!));
    expect(missing).toEqual([]);
  });

  it.each(Object.entries(languageFiles))('%s has every key of every feature', (_path, file) => {
    expect(Object.keys(allEnglish).filter((key) => !(key in file.messages))).toEqual([]);
  });

  it('a language registered from one catalogue shows on the screens, codes included', async () => {
    registerLanguage('qps', async () => pseudoMessages);
    expect(SUPPORTED_LOCALES).toContain('qps');
    await localeReady('qps');

    const account = renderWithStore(<AccountPage />, [
      appStarted(),
      aliceKnown('qps-PS'),
      loaded({
        profile: { id: 1, login: 'alice', firstname: 'Alice', lastname: 'Martin', email: 'a@x.test' },
        headers: null,
      }),
    ]);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(pseudo('Your account'));
    // the language select offers it
    expect(screen.getByRole('option', { name: /qps/i })).toBeTruthy();
    // every visible word is the language's, but for the data and the languages' own names
    expect(
      untranslated(account.container, ['Alice', 'Martin', 'alice', 'English', 'Français', 'qps']),
    ).toEqual([]);
    account.unmount();

    const notifications = renderWithStore(routed(<NotificationsPage />), [
      appStarted(),
      aliceKnown('qps'),
      listLoaded({
        notifications: [
          { id: 'n-1', type: 'system', title: null, message: null, date: null, read: false, link: null },
        ],
      }),
    ]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(pseudo('Notifications'));
    expect(untranslated(notifications.container, [])).toEqual([]);
    notifications.unmount();

    const signInPage = renderWithStore(routed(<SignInPage />), [
      appStarted(),
      visitorKnown(),
      aliceKnown('qps'),
      navigated({ path: '/signin', search: '', via: 'link' }),
    ]);
    expect(screen.getAllByRole('heading', { level: 1 }).at(-1)?.textContent).toBe(pseudo('Sign in'));
    expect(untranslated(signInPage.container, [])).toEqual([]);

    expect(codeLabel('qps', 'facet', 'keywords', 'Keywords')).toBe(pseudo('Keywords'));
  });
});
