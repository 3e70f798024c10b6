import type { Freshness } from '../../streams/cache/state';
import { useTranslate } from '../i18n/use-translate';
import './messages';

/**
 * Said discreetly where a screen shows what the user saw last because the network is out of
 * reach (issue 25, offline reading); nothing while the cache only stands in for an answer on its way.
 */
export function CachedNotice({ freshness }: { freshness: Freshness | null }) {
  const t = useTranslate();
  if (freshness !== 'offline') return null;
  return (
    <p role="status" className="cached-notice">
      {t('cache.offline')}
    </p>
  );
}
