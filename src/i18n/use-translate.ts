import { useMemo } from 'react';
import { selectLocale } from '../../streams/app/selectors';
import { useAppState } from '../hooks/use-app-state';
import { type Translate, translator } from './translate';

/** The translate function of the effective locale; views re-render when the locale changes. */
export function useTranslate(): Translate {
  const locale = useAppState(selectLocale);
  return useMemo(() => translator(locale), [locale]);
}
