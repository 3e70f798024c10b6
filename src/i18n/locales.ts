import { catalogues } from './catalogues';

/**
 * The shell's messages of every locale but English arrive with the locale's first use, so the
 * first download holds one language. A third language is one file and one line here.
 */
const shellLoaders: Record<string, () => Promise<Record<string, string>>> = {
  fr: () => import('./messages-fr').then((module) => module.fr),
};

export const SUPPORTED_LOCALES = ['en', ...Object.keys(shellLoaders)];

const loading = new Map<string, Promise<void>>();
const loaded = new Set<string>(['en']);
const listeners = new Set<() => void>();

/** `fr-CA` reads the French messages; an unknown language reads English. */
export const baseLocale = (locale: string): string => locale.split(/[-_]/)[0]!.toLowerCase();

/** Whether a locale's messages are all here (an unknown locale reads English, always here). */
export function isLocaleReady(locale: string): boolean {
  const base = baseLocale(locale);
  return loaded.has(base) || !(base in shellLoaders);
}

/** Brings a locale's shell messages (once); views re-render through `subscribeLocales`. */
export function localeReady(locale: string): Promise<void> {
  const base = baseLocale(locale);
  const load = shellLoaders[base];
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
