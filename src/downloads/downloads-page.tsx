import { cleared } from '../../streams/downloads/events';
import { selectDownloads, selectFinishedIds } from '../../streams/downloads/selectors';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { useTranslate } from '../i18n/use-translate';
import { DownloadRow } from './download-row';
import { SplitNotices } from './split-notices';
import './downloads.css';
import './messages';

/** `/downloads`: one row per download or part, with its progress, error, retry, cancel and clear. */
export function DownloadsPage() {
  const t = useTranslate();
  const dispatch = useDispatch();
  const records = useAppState(selectDownloads);
  const finished = useAppState(selectFinishedIds);
  return (
    <section className="panel downloads-page">
      <h1>{t('downloads.page.title')}</h1>
      <SplitNotices />
      {records.length === 0 ? (
        <p>{t('downloads.page.empty')}</p>
      ) : (
        <ul className="download-list">
          {records.map((record) => (
            <DownloadRow key={record.downloadId} record={record} />
          ))}
        </ul>
      )}
      {finished.length > 0 && (
        <div className="button-row">
          <button
            type="button"
            className="button"
            onClick={() => dispatch(cleared({ downloadIds: finished }))}
          >
            {t('downloads.clearFinished')}
          </button>
        </div>
      )}
    </section>
  );
}
