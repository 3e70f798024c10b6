import { config } from '../../streams/core/config';
import type { DownloadRecord } from '../../streams/downloads/events';
import {
  canceled,
  cleared,
  retried,
  saveAgainRequested,
  warningConfirmed,
} from '../../streams/downloads/events';
import { downloadProgress, isFinished, waitsForWarning } from '../../streams/downloads/selectors';
import { useDispatch } from '../hooks/use-dispatch';
import { formatSize } from '../i18n/format';
import type { MessageKey } from '../i18n/messages-en';
import { describeErrorCode } from '../i18n/translate';
import { useLocale } from '../i18n/use-locale';
import { useTranslate } from '../i18n/use-translate';
import { DownloadProgressBar } from './download-progress';
import './messages';

/** The status badge's look: a failure warns, a finished download informs. */
function badgeClass(record: DownloadRecord): string {
  if (record.status === 'error') return 'badge badge-warn';
  if (record.status === 'downloaded') return 'badge badge-info';
  return 'badge';
}

/**
 * One download or part: its name, its status in words, an honest progress bar, its size, and
 * what can be done with it (go on after a warning, retry, cancel, clear, save again).
 */
export function DownloadRow({ record }: { record: DownloadRecord }) {
  const t = useTranslate();
  const dispatch = useDispatch();
  const locale = useLocale();
  const { downloadId, downloadName, status, infos, error, url, part } = record;
  const finished = isFinished(record);
  const waitingForUser = waitsForWarning(record);
  // a fetch by the page can be stopped; one left to the browser is the browser's
  const cancelable = !finished && (status !== 'loaded' || downloadProgress(record).kind === 'bytes');
  const size = record.size >= 0 ? record.size : (record.plannedSize ?? -1);
  return (
    <li className={`card download-row download-row--${status}`} aria-label={downloadName}>
      <div className="download-row__head">
        <span className="download-row__name">{downloadName}</span>
        {part && (
          <span className="badge">{t('downloads.part', { index: part.index, total: part.total })}</span>
        )}
        <span className={badgeClass(record)}>
          {record.held ? t('downloads.status.held') : t(`downloads.status.${status}` as MessageKey)}
        </span>
      </div>
      <DownloadProgressBar record={record} />
      <p className="download-row__size">
        {t('downloads.size')}: {size >= 0 ? formatSize(size, locale) : t('downloads.sizeUnknown')}
      </p>
      {status === 'fetching' && (record.pollFailures ?? 0) > 0 && (
        <p role="status" className="download-row__notice">
          {t('downloads.pollRetry', { attempt: record.pollFailures ?? 0, max: config.downloadPollRetries })}
        </p>
      )}
      {status === 'fetching' && record.stalledAfterMs != null && (
        <p role="status" className="download-row__notice">
          {t('downloads.stalled', { minutes: Math.round(record.stalledAfterMs / 60_000) })}
        </p>
      )}
      {waitingForUser && infos && (
        <p className="download-row__notice">
          {t('downloads.warn', {
            size: formatSize(infos.size, locale),
            warnSize: formatSize(infos.warnSize, locale),
          })}
        </p>
      )}
      {error && (
        <div role="alert" className="download-row__error">
          <p>{describeErrorCode(locale, error.code)}</p>
          <p className="download-row__detail">{error.message}</p>
        </div>
      )}
      {!record.held && (
        <div className="toolbar download-row__actions">
          {waitingForUser && (
            <button
              type="button"
              className="btn-primary btn-small"
              onClick={() => dispatch(warningConfirmed({ downloadId }))}
            >
              {t('downloads.confirm')}
            </button>
          )}
          {status === 'error' && (
            <button type="button" className="btn-small" onClick={() => dispatch(retried({ downloadId }))}>
              {t('downloads.retry')}
            </button>
          )}
          {cancelable && (
            <button type="button" className="btn-small" onClick={() => dispatch(canceled({ downloadId }))}>
              {t('downloads.cancel')}
            </button>
          )}
          {status === 'downloaded' && record.savedAs && record.zipUuid && (
            <button
              type="button"
              className="btn-small btn-ghost"
              onClick={() => dispatch(saveAgainRequested({ downloadId }))}
            >
              {t('downloads.save')}
            </button>
          )}
          {url && !record.fetched && (status === 'loaded' || status === 'downloaded') && (
            <a className="btn-small btn-ghost" href={url} download={`${downloadName}.zip`}>
              {t('downloads.save')}
            </a>
          )}
          {finished && (
            <button
              type="button"
              className="btn-small btn-ghost"
              onClick={() => dispatch(cleared({ downloadIds: [downloadId] }))}
            >
              {t('downloads.clear')}
            </button>
          )}
        </div>
      )}
    </li>
  );
}
