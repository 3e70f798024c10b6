import { type ComponentType, lazy, Suspense, use } from 'react';
import type { LazyDomainName } from '../../streams/root';
import type { MessageKey } from '../i18n/messages-en';
import { useTranslate } from '../i18n/use-translate';
import { domainsReady } from './load-domains';
import { usePortal } from './store-context';

interface ScreenOptions {
  loadingMessage?: MessageKey;
  /** the domains whose code loads with the screen (streams/root.ts "lazyDomains") */
  domains?: readonly LazyDomainName[];
  /** every domain's code, registered but not turned on (the devtools replay logs with every reducer) */
  allCode?: boolean;
}

/**
 * A screen loaded on first visit, with the domains it needs, so the first download holds only
 * the shell. Both load side by side under one loading message.
 * @example const CartsScreen = lazyScreen(() => import('../carts/carts-page'), (m) => m.CartsPage);
 */
export function lazyScreen<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  { loadingMessage = 'app.loading', domains = [], allCode = false }: ScreenOptions = {},
): ComponentType {
  const Screen = lazy(async () => ({ default: pick(await load()) }));
  function WithDomains() {
    const portal = usePortal();
    const ready = domainsReady(portal, domains);
    if (ready) use(ready);
    if (allCode) use(portal.domains.loadAll());
    return <Screen />;
  }
  return function LazyScreen() {
    const t = useTranslate();
    return (
      <Suspense
        fallback={
          <p role="status" className="loading-state">
            {t(loadingMessage)}
          </p>
        }
      >
        <WithDomains />
      </Suspense>
    );
  };
}
