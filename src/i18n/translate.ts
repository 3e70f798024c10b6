import { errorCodeLineage } from '../../streams/core/errors';
import { addMessages, catalogues } from './catalogues';
import { en, type MessageKey, type Messages } from './messages-en';
import { fr } from './messages-fr';

type Catalogue = Partial<Messages>;

addMessages({ en, fr });

export const SUPPORTED_LOCALES = Object.keys(catalogues);

/** `fr-CA` reads the French messages; an unknown language reads English. */
function messagesFor(locale: string): Catalogue {
  return catalogueFor(catalogues, locale, catalogues.en!) as Catalogue;
}

export type Translate<K extends string = MessageKey> = (
  key: K,
  params?: Record<string, string | number>,
) => string;

/** The catalogue of a locale among `catalogues` (`fr-CA` reads `fr`), or the fallback. */
function catalogueFor<C>(catalogues: Readonly<Record<string, C>>, locale: string, fallback: C): C {
  return catalogues[locale.split(/[-_]/)[0]!.toLowerCase()] ?? fallback;
}

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
