import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { selectEffectiveLocale } from '../../streams/session/selectors';
import { useAppState } from '../hooks/use-app-state';
import { isLocaleReady, localeReady, subscribeLocales } from './locales';
import { type Translate, translator } from './translate';

/**
 * The translate function of the effective locale; views re-render when the locale changes, and
 * once more when a locale's messages arrive (English meanwhile).
 */
export function useTranslate(): Translate {
  const locale = useAppState(selectEffectiveLocale);
  const ready = useSyncExternalStore(subscribeLocales, () => isLocaleReady(locale));
  useEffect(() => {
    if (!ready) void localeReady(locale);
  }, [locale, ready]);
  return useMemo(() => translator(ready ? locale : 'en'), [locale, ready]);
}
