import { useMemo } from 'react';
import { selectEffectiveLocale } from '../../streams/session/selectors';
import { useAppState } from '../hooks/use-app-state';
import type { MessageKey } from '../i18n/messages-en';
import { catalogueFor, messagesFor, type Translate, translatorOver } from '../i18n/translate';
import { devtoolsMessagesEn, devtoolsMessagesFr } from './messages';

const catalogues = { en: devtoolsMessagesEn, fr: devtoolsMessagesFr };

export type DevtoolsMessageKey = MessageKey | keyof typeof devtoolsMessagesEn;

/**
 * The translate function of the devtools: the shell's messages and their own, which load with the
 * devtools instead of with the portal's first download.
 */
export function useDevtoolsTranslate(): Translate<DevtoolsMessageKey> {
  const locale = useAppState(selectEffectiveLocale);
  return useMemo(
    () =>
      translatorOver<DevtoolsMessageKey>({
        ...messagesFor(locale),
        ...catalogueFor(catalogues, locale, devtoolsMessagesEn),
      }),
    [locale],
  );
}
