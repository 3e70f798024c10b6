import type { MessageKey } from '../i18n/messages-en';
import type { ItemBadge } from './model';

/** The words of the status badges (analyzing, ready, error, validated). */
export const BADGE_LABELS: Record<ItemBadge, MessageKey> = {
  analyzing: 'imports.status.analyzing',
  incomplete: 'imports.status.incomplete',
  ready: 'imports.status.ready',
  error: 'imports.status.error',
  validated: 'imports.status.validated',
};
