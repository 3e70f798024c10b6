import { lazy, Suspense } from 'react';
import { useTranslate } from '../i18n/use-translate';

// the devtools stay out of the initial bundle
const DevtoolsPage = lazy(() => import('./devtools-page'));

export function DevtoolsRoute() {
  const t = useTranslate();
  return (
    <Suspense fallback={<p role="status">{t('devtools.loading')}</p>}>
      <DevtoolsPage />
    </Suspense>
  );
}
