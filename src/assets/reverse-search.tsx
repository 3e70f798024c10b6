import { useId } from 'react';
import { findRequested, reportRequested, reset, submitRequested } from '../../streams/reverse-search/events';
import {
  type CopyFound,
  selectCanReverseSearch,
  selectCanViewReverseSearchReport,
  selectReverseSearchFeature,
  selectReverseSearchJob,
  selectReverseSearchPermissions,
} from '../../streams/reverse-search/selectors';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { formatNumber } from '../i18n/format';
import { useLocale } from '../i18n/use-locale';
import { useTranslate } from '../i18n/use-translate';
import { ErrorMessage } from '../ui/error-message';
import './messages';

/**
 * "Find copies on the web" (protocol §21): the feature's status (once) and the asset's permissions
 * are asked when the button is first pressed, not with the page (issue 26); the search then goes
 * on as they allow, and an asset they allow nothing says so. Absent once the feature is known off.
 * A submit waits for the report and shows the copies it lists on the page (or "No copies found");
 * the report file itself is an extra, downloaded under the name its `Content-Disposition` gives.
 * Each state is announced, a failure offers "Try again". An asset whose report may only be viewed
 * offers "Download the copies report".
 */
export function ReverseSearch({ uuid }: { uuid: string }) {
  const t = useTranslate();
  const dispatch = useDispatch();
  const feature = useAppState(selectReverseSearchFeature);
  const permissions = useAppState(selectReverseSearchPermissions, uuid);
  const canSubmit = useAppState(selectCanReverseSearch, uuid);
  const canView = useAppState(selectCanViewReverseSearchReport, uuid);
  const job = useAppState(selectReverseSearchJob, uuid);

  if (feature.status === 'loaded' && !feature.enabled) return null;
  const known = feature.status === 'loaded' && permissions.status === 'loaded';
  const asking = feature.status === 'fetching' || permissions.status === 'fetching';
  const refused =
    feature.status === 'error' ? feature.error : permissions.status === 'error' ? permissions.error : null;
  if (refused && !asking)
    return (
      <ErrorMessage
        lead={t('assets.findCopiesFailed')}
        error={refused}
        onRetry={() => dispatch(findRequested({ uuid }))}
        retryLabel={t('assets.retry')}
      />
    );
  if (known && !canSubmit && !canView)
    return (
      <p role="status" className="reverse-search__state">
        {t('assets.findCopiesNotOffered')}
      </p>
    );
  const searching = job.state === 'submitting' || job.state === 'waiting' || job.state === 'downloading';
  const busy = asking || searching;
  const start = () => {
    if (!known) {
      dispatch(findRequested({ uuid }));
      return;
    }
    if (job.state === 'error' || job.state === 'done') dispatch(reset({ uuid }));
    dispatch(canSubmit ? submitRequested({ uuid }) : reportRequested({ uuid }));
  };
  return (
    <div className="reverse-search">
      <button type="button" onClick={start} disabled={busy} aria-busy={busy}>
        {canView && !canSubmit ? t('assets.findCopiesReport') : t('assets.findCopies')}
      </button>
      {searching && (
        <p role="status" className="reverse-search__state">
          {job.state === 'submitting'
            ? t('assets.findCopiesSubmitting')
            : job.state === 'waiting'
              ? t('assets.findCopiesWaiting')
              : t('assets.findCopiesDownloading')}
        </p>
      )}
      {job.reported && <CopiesFound copies={job.copies} />}
      {job.reported && canView && (
        <button
          type="button"
          className="reverse-search__report"
          onClick={() => dispatch(reportRequested({ uuid }))}
          disabled={busy}
        >
          {t('assets.copiesReport')}
        </button>
      )}
      {job.state === 'done' && job.fileName !== null && (
        <p role="status" className="reverse-search__state">
          {t('assets.findCopiesDone', { file: job.fileName })}
        </p>
      )}
      {job.state === 'done' && !job.reported && job.fileName === null && (
        <p role="status" className="reverse-search__state">
          {t('assets.findCopiesDoneUnnamed')}
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

/** The copies a report listed, the closest first: each links to the page where it was found. */
function CopiesFound({ copies }: { copies: CopyFound[] | null }) {
  const t = useTranslate();
  const locale = useLocale();
  const headingId = useId();
  if (copies === null)
    return (
      <p role="status" className="reverse-search__state">
        {t('assets.copiesUnlisted')}
      </p>
    );
  if (copies.length === 0)
    return (
      <p role="status" className="reverse-search__state">
        {t('assets.noCopies')}
      </p>
    );
  return (
    <section className="reverse-search__copies" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('assets.copiesFound')}</h3>
      <ul>
        {copies.map((copy) => (
          <li key={copy.page}>
            <a href={copy.page}>{copy.name}</a>
            <span className="reverse-search__match">
              {copy.match === 'exact'
                ? t('assets.copyExact')
                : copy.match === 'similar'
                  ? t('assets.copySimilar')
                  : copy.match}
              {' · '}
              {t('assets.copySimilarity', {
                percent: formatNumber(locale, copy.similarity, { style: 'percent' }),
              })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
