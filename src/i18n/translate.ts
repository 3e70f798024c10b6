import { errorCodeLineage } from '../../streams/core/errors';
import { catalogues } from './catalogues';
import { baseLocale, isLocaleReady } from './locales';
import { en, type MessageKey, type Messages } from './messages-en';

type Catalogue = Partial<Messages>;

Object.assign(catalogues.en!, en);

export { SUPPORTED_LOCALES } from './locales';

/** A locale's messages, English until they have all arrived (`localeReady`). */
function messagesFor(locale: string): Catalogue {
  if (!isLocaleReady(locale)) return catalogues.en as Catalogue;
  return (catalogues[baseLocale(locale)] ?? catalogues.en) as Catalogue;
}

export type Translate<K extends string = MessageKey> = (
  key: K,
  params?: Record<string, string | number>,
) => string;

/** Translates over one catalogue, filling `{name}` placeholders from the params; a missing text shows its key. */
function translatorOver<K extends string>(messages: Readonly<Partial<Record<K, string>>>): Translate<K> {
  return (key, params) =>
    (messages[key] ?? key).replace(/\{(\w+)\}/g, (whole, name: string) =>
      params && name in params ? String(params[name]) : whole,
    );
}

export function translator(locale: string): Translate {
  return translatorOver(messagesFor(locale));
}

/** The most specific description known for a hierarchical error code (protocol §1.9). */
export function describeErrorCode(locale: string, code: string): string {
  const messages = messagesFor(locale) as Record<string, string>;
  for (const ancestor of errorCodeLineage(code)) {
    const description = messages[`errors.${ancestor}`];
    if (description) return description;
  }
  return messages['errors.error']!;
}
