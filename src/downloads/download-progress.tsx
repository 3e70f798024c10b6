import type { DownloadRecord } from '../../streams/downloads/events';
import { downloadProgress } from '../../streams/downloads/selectors';
import { formatNumber, formatSize } from '../i18n/format';
import { useLocale } from '../i18n/use-locale';
import { useTranslate } from '../i18n/use-translate';
import './messages';

/**
 * The honest progress of a download (issue 13): indeterminate while the server prepares the zip
 * (no `aria-valuenow`, an animated bar), the real bytes while the page fetches it, "in your
 * browser" when the browser fetches it by itself, what was saved once done.
 */
export function DownloadProgressBar({
  record,
  compact = false,
}: {
  record: DownloadRecord;
  compact?: boolean;
}) {
  const t = useTranslate();
  const locale = useLocale();
  const progress = downloadProgress(record);
  const label = t('downloads.progress', { name: record.downloadName });
  if (progress.kind === 'none') return null;
  if (progress.kind === 'done') {
    if (compact) return null;
    return (
      <p className="download-progress__caption">
        {record.savedAs
          ? t('downloads.progress.saved', {
              file: record.savedAs,
              size: formatSize(record.fetched?.loaded ?? 0, locale),
            })
          : t('downloads.progress.handed')}
      </p>
    );
  }
  let caption: string;
  let percent: number | null = null;
  if (progress.kind === 'bytes') {
    const loaded = formatSize(progress.loaded, locale);
    if (progress.total > 0) {
      percent = Math.min(100, Math.floor((progress.loaded / progress.total) * 100));
      caption = t('downloads.progress.bytes', {
        loaded,
        total: formatSize(progress.total, locale),
        percent: formatNumber(locale, percent / 100, { style: 'percent' }),
      });
    } else {
      caption = t('downloads.progress.received', { loaded });
    }
  } else {
    caption = t(progress.kind === 'browser' ? 'downloads.progress.browser' : 'downloads.progress.server');
  }
  return (
    <div className="download-progress">
      <div
        className={`download-progress__bar${percent === null ? ' download-progress__bar--indeterminate' : ''}`}
        role="progressbar"
        aria-label={label}
        aria-valuetext={caption}
        {...(percent === null ? {} : { 'aria-valuemin': 0, 'aria-valuemax': 100, 'aria-valuenow': percent })}
      >
        <span style={percent === null ? undefined : { width: `${percent}%` }} />
      </div>
      {!compact && (
        <p className="download-progress__caption" aria-hidden="true">
          {caption}
        </p>
      )}
    </div>
  );
}
