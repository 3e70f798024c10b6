import { codeLabel } from '../i18n/code-labels';
import type { Translate } from '../i18n/translate';
import './messages';

/** A message of this screen found by a key built from a code, or `fallback` when there is none. */
function labelOr(t: Translate, key: string, fallback: string): string {
  const text = (t as Translate<string>)(key);
  return text === key ? fallback : text;
}

/**
 * A field's name in the user's language, from its code (`keywords` -> "Keywords", "Mots-clés":
 * src/i18n/code-labels.ts, then this screen's own `search.facet.<code>`), else the server's label,
 * else the code itself.
 */
export const fieldLabel = (t: Translate, locale: string, field: string, serverLabel?: string): string =>
  codeLabel(locale, 'facet', field, labelOr(t, `search.facet.${field}`, serverLabel || field));

/**
 * A facet value's name: the natures by their code (`Video` -> "Vidéo"); other values are the
 * server's names (keywords, authors, categories are data, not codes).
 */
export const valueLabel = (locale: string, field: string, name: string): string =>
  field === 'assetnature' ? codeLabel(locale, 'type', name, name) : name;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?$/;

/** A constraint's value as a person reads it: dates and numbers in the locale, lists joined. */
export function valueText(
  value: unknown,
  locale: string,
  nameOf: (id: string) => string = (id) => id,
): string {
  if (Array.isArray(value)) return value.map((one) => valueText(one, locale, nameOf)).join(', ');
  if (typeof value === 'number') return nameOf(String(value));
  if (typeof value === 'string' && ISO_DAY.test(value)) {
    const date = new Date(value);
    if (!Number.isNaN(date.getTime()))
      return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
  }
  return nameOf(String(value));
}

const OPERATOR_KEYS: Record<string, string> = {
  lt: 'search.op.lt',
  lesserthan: 'search.op.lt',
  lte: 'search.op.lte',
  lesserorequals: 'search.op.lte',
  gt: 'search.op.gt',
  greaterthan: 'search.op.gt',
  gte: 'search.op.gte',
  greaterorequals: 'search.op.gte',
  neq: 'search.op.neq',
  ne: 'search.op.neq',
  notequals: 'search.op.neq',
  eq: 'search.op.is',
  e: 'search.op.is',
  equals: 'search.op.is',
  in: 'search.op.is',
  dof: 'search.op.is',
  descendantof: 'search.op.is',
};

/** "End of rights before 1 Mar 2026": a constraint of the address in words. */
export function constraintLabel(t: Translate, field: string, operator: string, value: string): string {
  const key = OPERATOR_KEYS[operator] ?? 'search.op.other';
  return (t as Translate<string>)(key, { field, operator, value });
}
