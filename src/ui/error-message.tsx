import type { ReactNode } from 'react';
import { NO_CODE_PROVIDED } from '../../streams/core/errors';
import { selectEffectiveLocale } from '../../streams/session/selectors';
import { useAppState } from '../hooks/use-app-state';
import { describeErrorCode } from '../i18n/translate';
import { useTranslate } from '../i18n/use-translate';

/** What a view knows of a failure: its code says what happened, its message is the technical detail. */
export interface ErrorLike {
  code: string;
  message: string;
  status?: number;
}

/**
 * The one way a failure is put into words (issue 12): what failed (`lead`, from the feature's
 * messages), what that means in the user's language (from the error code, `describeErrorCode`),
 * what can be done (`onRetry`, `children`), and the raw message and code behind "Details".
 * `role`: `alert` for what the user just did, `status` for a background read that failed.
 */
export function ErrorMessage({
  error,
  lead,
  onRetry,
  retryLabel,
  role = 'alert',
  className,
  children,
}: {
  error: ErrorLike;
  lead?: string;
  onRetry?: () => void;
  retryLabel?: string;
  role?: 'alert' | 'status';
  className?: string;
  children?: ReactNode;
}) {
  const t = useTranslate();
  const locale = useAppState(selectEffectiveLocale);
  const code = error.code || NO_CODE_PROVIDED;
  return (
    <div role={role} className={['error-message', className].filter(Boolean).join(' ')}>
      <p className="error-message__text">
        {lead && `${lead} `}
        {describeErrorCode(locale, code)}
      </p>
      {(onRetry || children) && (
        <div className="error-message__actions">
          {onRetry && (
            <button type="button" onClick={onRetry}>
              {retryLabel ?? t('error.retry')}
            </button>
          )}
          {children}
        </div>
      )}
      <ErrorDetails error={error} />
    </div>
  );
}

/** The raw code, HTTP status and message of a failure, folded behind "Details" (what support asks for). */
export function ErrorDetails({ error }: { error: ErrorLike }) {
  const t = useTranslate();
  return (
    <details className="error-message__details">
      <summary>{t('error.details')}</summary>
      <dl>
        <dt>{t('error.code')}</dt>
        <dd>
          <code>{error.code || NO_CODE_PROVIDED}</code>
          {error.status !== undefined && ` (HTTP ${error.status})`}
        </dd>
        <dt>{t('error.message')}</dt>
        <dd>{error.message}</dd>
      </dl>
    </details>
  );
}
