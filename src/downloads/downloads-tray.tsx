import { useState } from 'react';
import { Link } from 'wouter';
import { downloadProgress, isFinished, selectDownloads } from '../../streams/downloads/selectors';
import { useAppState } from '../hooks/use-app-state';
import { useTranslate } from '../i18n/use-translate';
import './downloads.css';
import './messages';

/**
 * The header's tray: how many zips are on their way, and a panel with their progress. Its names
 * avoid the word "download" so that the contract's "Download" button stays the only one.
 */
export function DownloadsTray() {
  const t = useTranslate();
  const [open, setOpen] = useState(false);
  const records = useAppState(selectDownloads);
  const active = records.filter((record) => !isFinished(record));
  if (records.length === 0) return null;
  return (
    <section className="downloads-tray" aria-label={t('downloads.tray.label')}>
      <button
        type="button"
        className="downloads-tray__toggle"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        {t('downloads.tray.toggle', { count: active.length })}
      </button>
      {open && (
        <div className="downloads-tray__panel">
          <p role="status">{t('downloads.tray.active', { count: active.length })}</p>
          <ul>
            {active.map((record) => (
              <li key={record.downloadId}>
                <span>{record.downloadName}</span>
                <progress max={100} value={downloadProgress(record)} aria-label={record.downloadName} />
              </li>
            ))}
          </ul>
          <Link href="/downloads" onClick={() => setOpen(false)}>
            {t('downloads.tray.all')}
          </Link>
        </div>
      )}
    </section>
  );
}
