import { formatNumber, plural } from '../i18n/format';
import type { Translate } from '../i18n/translate';
import './messages';

/** "1 item" / "2 000 éléments": the count in the reader's locale, its form through Intl.PluralRules. */
export function itemCount(t: Translate, locale: string, count: number): string {
  return t(plural(locale, count, { one: 'imports.itemsOne', other: 'imports.items' }), {
    count: formatNumber(locale, count),
  });
}
