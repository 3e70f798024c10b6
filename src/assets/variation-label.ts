import type { Translate } from '../i18n/translate';
import './messages';

/** The variations the portal names itself (`assets.variation.<name>`); `page3` is a document's page. */
const KNOWN_VARIATIONS = new Set(['original', 'preview', 'thumbnailBig', 'thumbnailsmall', 'video']);
const PAGE = /^page(\d+)$/;

/** `thumbnailBig` -> "Thumbnail big", `preview_thumbnail_gif` -> "Preview thumbnail gif". */
function readable(name: string): string {
  const words = name
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : name;
}

/**
 * A variation's name for people (issue 28): the server's label when it gives one, else the
 * portal's name of a known variation in the reader's language, else the name made readable. A
 * watermarked viewer's `_w` names are the same variations.
 */
export function variationLabel(t: Translate, name: string, serverLabel?: unknown): string {
  if (typeof serverLabel === 'string' && serverLabel.trim() !== '') return serverLabel;
  const base = name.replace(/_w$/, '');
  const page = PAGE.exec(base)?.[1];
  if (page) return t('assets.variation.page', { page });
  if (KNOWN_VARIATIONS.has(base)) return (t as Translate<string>)(`assets.variation.${base}`);
  return readable(base);
}
