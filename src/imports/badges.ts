import { formatNumber, plural } from '../i18n/format';
import type { MessageKey } from '../i18n/messages-en';
import type { Translate } from '../i18n/translate';
import type { ItemBadge } from './model';
import './messages';

/** The words of the status badges (analyzing, ready, error, validated). */
export const BADGE_LABELS: Record<ItemBadge, MessageKey> = {
  analyzing: 'imports.status.analyzing',
  incomplete: 'imports.status.incomplete',
  ready: 'imports.status.ready',
  error: 'imports.status.error',
  validated: 'imports.status.validated',
};

/** The same words for several items ("6 prêts", "2 errors"). */
const BADGE_LABELS_MANY: Record<ItemBadge, MessageKey> = {
  analyzing: 'imports.statusMany.analyzing',
  incomplete: 'imports.statusMany.incomplete',
  ready: 'imports.statusMany.ready',
  error: 'imports.statusMany.error',
  validated: 'imports.statusMany.validated',
};

/** "1 ready" / "6 prêts": a count of items by status, the word in its form for the count. */
export function badgeCount(t: Translate, locale: string, badge: ItemBadge, count: number): string {
  const status = t(plural(locale, count, { one: BADGE_LABELS[badge], other: BADGE_LABELS_MANY[badge] }));
  return t('imports.countByStatus', { count: formatNumber(locale, count), status });
}
