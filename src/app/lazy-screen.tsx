import { type ComponentType, lazy, Suspense } from 'react';
import type { MessageKey } from '../i18n/messages-en';
import { useTranslate } from '../i18n/use-translate';

/**
 * A screen loaded on first visit, so the first download holds only the shell and the streams.
 * @example const CartsScreen = lazyScreen(() => import('../carts/carts-page'), (m) => m.CartsPage);
 */
export function lazyScreen<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  loadingMessage: MessageKey = 'app.loading',
): ComponentType {
  const Screen = lazy(async () => ({ default: pick(await load()) }));
  return function LazyScreen() {
    const t = useTranslate();
    return (
      <Suspense fallback={<p role="status">{t(loadingMessage)}</p>}>
        <Screen />
      </Suspense>
    );
  };
}
