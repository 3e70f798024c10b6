import { catalogues } from './catalogues';

type Load = () => Promise<Record<string, string>>;

/**
 * How each language other than English arrives, on its first use, so the first download holds
 * one language:
 * - French: the shell's messages (`messages-fr.ts`) here; each feature's with its code
 *   (`addMessages({ en, fr })` in its `messages.ts`).
 * - Any other language: ONE file, `languages/<code>.ts`, exporting `messages`, a complete
 *   `Messages` (every key of every feature, checked by the type system and by
 *   tests/views/i18n/languages.test.tsx). Adding the file adds the language (the glob below finds
 *   it; the language select lists it); see the README note "A third language".
 */
const loaders: Record<string, Load> = {
  fr: () => import('./messages-fr').then((module) => module.fr),
};

/** Every `languages/<code>.ts`, found at build time; its code is its file name. */
const languageFiles = import.meta.glob<{ messages: Record<string, string> }>('./languages/*.ts');

export const SUPPORTED_LOCALES: string[] = ['en', 'fr'];

const loading = new Map<string, Promise<void>>();
const loaded = new Set<string>(['en']);
const listeners = new Set<() => void>();

/**
 * Registers a language whose every message comes from `load` (a `languages/<code>.ts` file, or a
 * test's pseudo-locale). Its catalogue is the file's alone: features' `addMessages` do not add to it.
 */
export function registerLanguage(code: string, load: Load): void {
  const base = baseLocale(code);
  loaders[base] = load;
  if (!SUPPORTED_LOCALES.includes(base)) SUPPORTED_LOCALES.push(base);
}

for (const [path, load] of Object.entries(languageFiles)) {
  // './languages/<code>.ts'
  registerLanguage(path.slice(12, -3), () => load().then((module) => module.messages));
}

/** `fr-CA` reads the French messages; an unknown language reads English. */
export function baseLocale(locale: string): string {
  return locale.split(/[-_]/)[0]!.toLowerCase();
}

/** Whether a locale's messages are all here (an unknown locale reads English, always here). */
export function isLocaleReady(locale: string): boolean {
  const base = baseLocale(locale);
  return loaded.has(base) || !Object.hasOwn(loaders, base);
}

/** Brings a locale's shell messages (once); views re-render through `subscribeLocales`. */
export function localeReady(locale: string): Promise<void> {
  const base = baseLocale(locale);
  const load = Object.hasOwn(loaders, base) ? loaders[base] : undefined;
  if (!load || loaded.has(base)) return Promise.resolve();
  let pending = loading.get(base);
  if (!pending) {
    pending = load().then((messages) => {
      // features' messages may be there already: the shell's join them
      catalogues[base] = { ...catalogues[base], ...messages };
      loaded.add(base);
      for (const listener of listeners) listener();
    });
    loading.set(base, pending);
  }
  return pending;
}

export function subscribeLocales(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
