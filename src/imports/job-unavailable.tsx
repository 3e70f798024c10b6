import { Link } from 'wouter';
import { useTranslate } from '../i18n/use-translate';
import { ErrorDetails, type ErrorLike } from '../ui/error-message';
import './messages';

/** 404: the job does not exist (or is gone); 403: it is someone else's, or `null` for any other failure. */
export function jobAccessProblem(error: ErrorLike | null | undefined): 'missing' | 'forbidden' | null {
  if (error?.status === 404 || error?.code === 'error.http.404') return 'missing';
  if (error?.status === 403 || error?.code === 'error.http.403') return 'forbidden';
  return null;
}

/**
 * A job that cannot be shown for good says why in words, and leads back to the imports: a Retry
 * would be refused again. The server's own words stay behind "Details".
 */
export function JobUnavailable({ error }: { error: ErrorLike }) {
  const t = useTranslate();
  const problem = jobAccessProblem(error) ?? 'missing';
  return (
    <section className="imports-page">
      <div className="card imports-unavailable stack" role="alert">
        <h1>{problem === 'missing' ? t('imports.missing') : t('imports.forbidden')}</h1>
        <p>{problem === 'missing' ? t('imports.missingText') : t('imports.forbiddenText')}</p>
        <p>
          <Link href="/imports" className="btn-primary">
            {t('imports.back')}
          </Link>
        </p>
        <ErrorDetails error={error} />
      </div>
    </section>
  );
}
