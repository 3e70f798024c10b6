import { config } from '../../streams/core/config';
import type { DownloadRecord } from '../../streams/downloads/events';
import { canceled, cleared, retried, warningConfirmed } from '../../streams/downloads/events';
import { downloadProgress, isFinished } from '../../streams/downloads/selectors';
import { selectEffectiveLocale } from '../../streams/session/selectors';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import type { MessageKey } from '../i18n/messages-en';
import { describeErrorCode } from '../i18n/translate';
import { useTranslate } from '../i18n/use-translate';
import { formatSize } from '../i18n/format';
import './messages';

/**
 * One download or part: its status in words, a progress bar through the phases, its size, and
 * what can be done with it (go on after a warning, retry, cancel, clear, save again).
 */
export function DownloadRow({ record }: { record: DownloadRecord }) {
  const t = useTranslate();
  const dispatch = useDispatch();
  const locale = useAppState(selectEffectiveLocale);
  const { downloadId, downloadName, status, infos, error, url } = record;
  const finished = isFinished(record);
  const waitingForUser = status === 'resolved' && infos?.warn === true;
  const progress = downloadProgress(record);
  return (
    <li className={`download-row download-row--${status}`} aria-label={downloadName}>
      <div className="download-row__head">
        <span className="download-row__name">{downloadName}</span>
        <span className="download-row__status">{t(`downloads.status.${status}` as MessageKey)}</span>
      </div>
      {status !== 'error' && (
        <div
          className="download-row__bar"
          role="progressbar"
          aria-label={t('downloads.progress', { name: downloadName })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
        >
          <span style={{ width: `${progress}%` }} />
        </div>
      )}
      <p className="download-row__size">
        {t('downloads.size')}:{' '}
        {record.size >= 0 ? formatSize(record.size, locale) : t('downloads.sizeUnknown')}
      </p>
      {status === 'fetching' && (record.pollFailures ?? 0) > 0 && (
        <p role="status" className="notice">
          {t('downloads.pollRetry', { attempt: record.pollFailures ?? 0, max: config.downloadPollRetries })}
        </p>
      )}
      {status === 'fetching' && record.stalledAfterMs != null && (
        <p role="status" className="notice">
          {t('downloads.stalled', { minutes: Math.round(record.stalledAfterMs / 60_000) })}
        </p>
      )}
      {waitingForUser && infos && (
        <p className="notice">
          {t('downloads.warn', {
            size: formatSize(infos.size, locale),
            warnSize: formatSize(infos.warnSize, locale),
          })}
        </p>
      )}
      {error && (
        <div role="alert" className="download-row__error">
          <p>{describeErrorCode(locale, error.code)}</p>
          <p>{error.message}</p>
        </div>
      )}
      <div className="button-row">
        {waitingForUser && (
          <button
            type="button"
            className="button button--primary"
            onClick={() => dispatch(warningConfirmed({ downloadId }))}
          >
            {t('downloads.confirm')}
          </button>
        )}
        {status === 'error' && (
          <button type="button" className="button" onClick={() => dispatch(retried({ downloadId }))}>
            {t('downloads.retry')}
          </button>
        )}
        {!finished && status !== 'loaded' && (
          <button type="button" className="button" onClick={() => dispatch(canceled({ downloadId }))}>
            {t('downloads.cancel')}
          </button>
        )}
        {url && (status === 'loaded' || status === 'downloaded') && (
          <a className="button" href={url} download={`${downloadName}.zip`}>
            {t('downloads.save')}
          </a>
        )}
        {finished && (
          <button
            type="button"
            className="button"
            onClick={() => dispatch(cleared({ downloadIds: [downloadId] }))}
          >
            {t('downloads.clear')}
          </button>
        )}
      </div>
    </li>
  );
}
