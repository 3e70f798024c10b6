/**
 * Dates, numbers, sizes, relative times and plurals in the reader's locale, through `Intl`. Every
 * helper takes the locale first (`useLocale()` gives the effective one); formatters are cached per
 * locale and options, so a grid of 200 tiles builds one `Intl.NumberFormat`, not 200.
 */

const cache = new Map<
  string,
  Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat | Intl.PluralRules
>();

function cached<
  T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat | Intl.PluralRules,
>(kind: string, locale: string, options: object | undefined, build: () => T): T {
  const key = `${kind}|${locale}|${options ? JSON.stringify(options) : ''}`;
  let formatter = cache.get(key) as T | undefined;
  if (!formatter) {
    formatter = build();
    cache.set(key, formatter);
  }
  return formatter;
}

/** An unknown or malformed locale reads English rather than throwing in the middle of a render. */
function safeLocale(locale: string): string {
  try {
    return Intl.getCanonicalLocales(locale)[0] ?? 'en';
  } catch {
    return 'en';
  }
}

export function formatNumber(locale: string, value: number, options?: Intl.NumberFormatOptions): string {
  const tag = safeLocale(locale);
  return cached('n', tag, options, () => new Intl.NumberFormat(tag, options)).format(value);
}

type DateInput = Date | number | string;
const toDate = (value: DateInput): Date => (value instanceof Date ? value : new Date(value));

/** A date (no time) in the locale: "24 nov. 2026"; an invalid date gives an empty string. */
export function formatDate(
  locale: string,
  value: DateInput,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  const tag = safeLocale(locale);
  return cached('d', tag, options, () => new Intl.DateTimeFormat(tag, options)).format(date);
}

/** A date and a time in the locale: "24 nov. 2026, 14:03". */
export function formatDateTime(locale: string, value: DateInput): string {
  return formatDate(locale, value, { dateStyle: 'medium', timeStyle: 'short' });
}

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;
/** French writes bytes as octets. */
const UNITS_BY_LANGUAGE: Record<string, readonly string[]> = { fr: ['o', 'Ko', 'Mo', 'Go', 'To'] };

/** Bytes in the reader's locale, with the largest unit that keeps the number at 1 or more. */
export function formatSize(bytes: number, locale: string): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  const units = UNITS_BY_LANGUAGE[safeLocale(locale).split('-')[0]!] ?? UNITS;
  return `${formatNumber(locale, value, { maximumFractionDigits: digits })} ${units[unit]}`;
}

/** The plural forms a message may have; `other` is always needed (Intl.PluralRules categories). */
type PluralForms<T = string> = Partial<Record<Intl.LDMLPluralRule, T>> & { other: T };

/**
 * The form for `count` in the locale: `plural('fr', 0, { one: '0 élément', other: '…' })` is
 * the `one` form (French counts 0 as one), English's is `other`. An exact `zero` form wins for 0.
 */
export function plural<T>(locale: string, count: number, forms: PluralForms<T>): T {
  if (count === 0 && forms.zero !== undefined) return forms.zero;
  const tag = safeLocale(locale);
  const rule = cached('p', tag, undefined, () => new Intl.PluralRules(tag)).select(count);
  return forms[rule] ?? forms.other;
}
