import './credit/messages';
import type { Translate } from './translate';

/**
 * The background's credit in the reader's language. The server sends one English text, "<work>, by
 * <author>" (protocol §19 `appBGCredit`); its parts are put in the translated sentence, and any
 * other text is shown as the server wrote it.
 */
export function creditText(t: Translate, credit: string): string {
  const parts = /^(.+), by (.+)$/.exec(credit.trim());
  return parts ? t('home.creditBy', { work: parts[1]!, author: parts[2]! }) : t('home.credit', { credit });
}
