import { useEffect } from 'react';
import { selectAppInfo } from '../../streams/app/selectors';
import { useAppState } from '../hooks/use-app-state';
import type { MessageKey } from '../i18n/messages-en';
import { useTranslate } from '../i18n/use-translate';

/**
 * The document's title: "<screen> · <application name>" (protocol §19: the application's own
 * name), the name alone on the landing page. A screen that knows better (an asset's name) may
 * call it too: it renders after the route's title, so its own wins.
 */
export function useDocumentTitle(screen: string | null): void {
  const name = useAppState(selectAppInfo).data.appName ?? 'DAM';
  useEffect(() => {
    document.title = screen ? `${screen} · ${name}` : name;
  }, [screen, name]);
}

/** The route table's title for its screen, in the user's language. */
export function ScreenTitle({ title }: { title?: MessageKey }) {
  const t = useTranslate();
  useDocumentTitle(title ? t(title) : null);
  return null;
}
