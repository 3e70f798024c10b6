import { useMemo } from 'react';
import { selectEffectiveLocale } from '../../streams/session/selectors';
import { useAppState } from '../hooks/use-app-state';
import { type Translate, translator } from './translate';

/** The translate function of the effective locale; views re-render when the locale changes. */
export function useTranslate(): Translate {
  const locale = useAppState(selectEffectiveLocale);
  return useMemo(() => translator(locale), [locale]);
}
