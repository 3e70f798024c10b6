import { formatNumber, plural } from '../i18n/format';
import type { MessageKey } from '../i18n/messages-en';
import type { Translate } from '../i18n/translate';
import './messages';

/** A `{count}` message in its form for `count` (Intl.PluralRules), the count in the reader's locale. */
export function counted(
  t: Translate,
  locale: string,
  count: number,
  one: MessageKey,
  other: MessageKey,
): string {
  return t(plural(locale, count, { one, other }), { count: formatNumber(locale, count) });
}

/** "1 item" / "2 000 éléments". */
export function itemCount(t: Translate, locale: string, count: number): string {
  return counted(t, locale, count, 'imports.itemsOne', 'imports.items');
}
