import { Link } from 'wouter';
import { type ImportJob, selectImportJob } from '../../streams/imports/selectors';
import { formatDateTime, formatNumber } from '../i18n/format';
import type { MessageKey } from '../i18n/messages-en';
import { useLocale } from '../i18n/use-locale';
import { useTranslate } from '../i18n/use-translate';
import { useAppState } from '../hooks/use-app-state';
import { BADGE_LABELS } from './badges';
import { badgeCounts, type ItemBadge, type JobView, jobView } from './model';
import './messages';

const JOB_STATUS_LABELS: Record<string, MessageKey> = {
  open: 'imports.jobStatus.open',
  running: 'imports.jobStatus.running',
  done: 'imports.jobStatus.done',
};

/**
 * The job's header: who owns it, when it was made and last changed, its status, its items by
 * status as badges (the status aggregates) and how many are being analysed (the analysing count),
 * as a description list.
 */
export function JobSummary({ job, view }: { job: ImportJob; view: JobView }) {
  const t = useTranslate();
  const locale = useLocale();
  const counts = job.statusCounts ? badgeCounts(job.statusCounts.counts) : {};
  const total = job.statusCounts?.total ?? job.count ?? view.total;
  const statusLabel = view.status ? JOB_STATUS_LABELS[view.status] : undefined;
  return (
    <section className="imports-summary" aria-label={t('imports.summary')}>
      <dl>
        {view.owner && (
          <div>
            <dt>{t('imports.summaryOwner')}</dt>
            <dd>{view.owner}</dd>
          </div>
        )}
        {view.created && (
          <div>
            <dt>{t('imports.summaryCreated')}</dt>
            <dd>{formatDateTime(locale, view.created)}</dd>
          </div>
        )}
        {view.lastActivity && view.lastActivity !== view.created && (
          <div>
            <dt>{t('imports.summaryModified')}</dt>
            <dd>{formatDateTime(locale, view.lastActivity)}</dd>
          </div>
        )}
        {view.status && (
          <div>
            <dt>{t('imports.summaryStatus')}</dt>
            <dd>{statusLabel ? t(statusLabel) : view.status}</dd>
          </div>
        )}
        <div>
          <dt>{t('imports.summaryItems')}</dt>
          <dd>{formatNumber(locale, total)}</dd>
        </div>
        {(Object.entries(counts) as [ItemBadge, number][]).map(([badge, count]) => (
          <div key={badge} className={`imports-badge imports-badge--${badge}`}>
            <dt>{t(BADGE_LABELS[badge])}</dt>
            <dd>{formatNumber(locale, count)}</dd>
          </div>
        ))}
        {job.analyzing !== null && (
          <div>
            <dt>{t('imports.summaryAnalysing')}</dt>
            <dd>{formatNumber(locale, job.analyzing)}</dd>
          </div>
        )}
        {view.subJobIds.length > 0 && (
          <div>
            <dt>{t('imports.summarySubJobs')}</dt>
            <dd>
              <ul className="imports-summary__subjobs">
                {view.subJobIds.map((id) => (
                  <li key={id}>
                    <SubJobLink jobId={id} />
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}

/** A sub-import by its name once its job is read, by its id before. */
function SubJobLink({ jobId }: { jobId: string }) {
  const data = useAppState(selectImportJob, jobId)?.data;
  return (
    <Link href={`/imports/${encodeURIComponent(jobId)}`}>
      {data ? jobView(data as Record<string, unknown>).name : `#${jobId}`}
    </Link>
  );
}
