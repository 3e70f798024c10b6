import { lazy, Suspense, useState } from 'react';
import { NO_CODE_PROVIDED, type SerializedError } from '../../streams/core/errors';
import { selectEffectiveLocale } from '../../streams/session/selectors';
import { usePortal } from '../app/store-context';
import { useAppState } from '../hooks/use-app-state';
import { describeErrorCode } from '../i18n/translate';
import { useTranslate } from '../i18n/use-translate';

// "Report a problem" comes with the portal's code, on its way from the start (issue 22)
const ReportProblemButton = lazy(() =>
  import('./report-problem-button').then((m) => ({ default: m.ReportProblemButton })),
);

/** The generic error view of seed 000 §2 / protocol §1.9, with a way to report the problem. */
export function ErrorView({ error, onDismiss }: { error: SerializedError; onDismiss?: () => void }) {
  const t = useTranslate();
  const locale = useAppState(selectEffectiveLocale);
  const { exportEventLog } = usePortal();
  const [exportedAs, setExportedAs] = useState<string | null>(null);
  const code = error.code || NO_CODE_PROVIDED;
  return (
    <section className="error-view" aria-labelledby="error-view-heading">
      <h1 id="error-view-heading">{t('error.heading')}</h1>
      <dl className="error-view__details">
        <dt>{t('error.code')}</dt>
        <dd>
          <code>{code}</code>
        </dd>
        <dt>{t('error.description')}</dt>
        <dd>{describeErrorCode(locale, code)}</dd>
        <dt>{t('error.message')}</dt>
        <dd>{error.message}</dd>
        <dt>{t('error.stack')}</dt>
        <dd>
          <pre className="error-view__stack">{error.stack ?? '—'}</pre>
        </dd>
      </dl>
      <div className="button-row">
        <button
          type="button"
          className="button btn-primary"
          onClick={() => void exportEventLog().then(setExportedAs)}
        >
          {t('error.export')}
        </button>
        <Suspense fallback={null}>
          <ReportProblemButton />
        </Suspense>
        {onDismiss ? (
          <button type="button" className="button" onClick={onDismiss}>
            {t('error.dismiss')}
          </button>
        ) : (
          <button type="button" className="button" onClick={() => window.location.reload()}>
            {t('error.reload')}
          </button>
        )}
      </div>
      {exportedAs && (
        <p role="status" className="notice">
          {t('error.exported', { file: exportedAs })}
        </p>
      )}
    </section>
  );
}
