import { Link } from 'wouter';
import { cleared } from '../../streams/downloads/events';
import { selectDownloads, selectFinishedIds } from '../../streams/downloads/selectors';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { useTranslate } from '../i18n/use-translate';
import { EmptyState } from '../ui/empty-state';
import { DownloadRow } from './download-row';
import { SplitNotices } from './split-notices';
import './downloads.css';
import './messages';

/**
 * `/downloads`: the questions and notices of splits (with the items left out, by name), then one
 * card per download or part, with its honest progress, error, retry, cancel and clear.
 */
export function DownloadsPage() {
  const t = useTranslate();
  const dispatch = useDispatch();
  const records = useAppState(selectDownloads);
  const finished = useAppState(selectFinishedIds);
  return (
    <section className="downloads-page stack">
      <div className="page-head">
        <h1>{t('downloads.page.title')}</h1>
        {finished.length > 0 && (
          <div className="toolbar">
            <button
              type="button"
              className="btn-ghost"
              onClick={() => dispatch(cleared({ downloadIds: finished }))}
            >
              {t('downloads.clearFinished')}
            </button>
          </div>
        )}
      </div>
      <SplitNotices />
      {records.length === 0 ? (
        <EmptyState
          title={t('downloads.page.empty')}
          action={
            <Link href="/carts" className="btn-primary">
              {t('downloads.page.emptyAction')}
            </Link>
          }
        >
          <p>{t('downloads.page.emptyHint')}</p>
        </EmptyState>
      ) : (
        <ul className="download-list" tabIndex={-1} aria-label={t('downloads.list')}>
          {records.map((record) => (
            <DownloadRow key={record.downloadId} record={record} />
          ))}
        </ul>
      )}
    </section>
  );
}
