import { useEffect } from 'react';
import {
  featureRequested,
  permissionsRequested,
  reportRequested,
  reset,
  submitRequested,
} from '../../streams/reverse-search/events';
import {
  selectCanReverseSearch,
  selectCanViewReverseSearchReport,
  selectReverseSearchJob,
} from '../../streams/reverse-search/selectors';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { useTranslate } from '../i18n/use-translate';
import { ErrorMessage } from '../ui/error-message';
import './messages';

/**
 * "Find copies on the web" (protocol §21): asks the feature's status (once) and the asset's
 * permissions; absent when the feature is off or the asset may not be submitted. A submit waits
 * for the report, which the browser then downloads under the name its `Content-Disposition`
 * gives; each state is announced, a failure offers "Try again". An asset whose report may only
 * be viewed offers "Download the copies report".
 */
export function ReverseSearch({ uuid }: { uuid: string }) {
  const t = useTranslate();
  const dispatch = useDispatch();
  const canSubmit = useAppState(selectCanReverseSearch, uuid);
  const canView = useAppState(selectCanViewReverseSearchReport, uuid);
  const job = useAppState(selectReverseSearchJob, uuid);

  useEffect(() => {
    dispatch(featureRequested({}));
    dispatch(permissionsRequested({ uuid }));
  }, [dispatch, uuid]);

  if (!canSubmit && !canView) return null;
  const busy = job.state === 'submitting' || job.state === 'waiting' || job.state === 'downloading';
  const start = () => {
    if (job.state === 'error' || job.state === 'done') dispatch(reset({ uuid }));
    dispatch(canSubmit ? submitRequested({ uuid }) : reportRequested({ uuid }));
  };
  return (
    <div className="reverse-search">
      <button type="button" onClick={start} disabled={busy} aria-busy={busy}>
        {canSubmit ? t('assets.findCopies') : t('assets.findCopiesReport')}
      </button>
      {busy && (
        <p role="status" className="reverse-search__state">
          {job.state === 'submitting'
            ? t('assets.findCopiesSubmitting')
            : job.state === 'waiting'
              ? t('assets.findCopiesWaiting')
              : t('assets.findCopiesDownloading')}
        </p>
      )}
      {job.state === 'done' && (
        <p role="status" className="reverse-search__state">
          {job.fileName
            ? t('assets.findCopiesDone', { file: job.fileName })
            : t('assets.findCopiesDoneUnnamed')}
        </p>
      )}
      {job.state === 'error' && (
        <ErrorMessage
          lead={t('assets.findCopiesFailed')}
          error={job.error ?? { code: 'error', message: '' }}
          onRetry={start}
          retryLabel={t('assets.retry')}
        />
      )}
    </div>
  );
}
