import { useState } from 'react';
import { Link } from 'wouter';
import { isFinished, selectDownloads, selectHeldSplits } from '../../streams/downloads/selectors';
import { useAppState } from '../hooks/use-app-state';
import { useTranslate } from '../i18n/use-translate';
import { DownloadProgressBar } from './download-progress';
import './downloads.css';
import './messages';

/**
 * The header's tray: how many zips are on their way, and a panel with their honest progress. Its
 * names avoid the word "download" so that the contract's "Download" button stays the only one.
 */
export function DownloadsTray() {
  const t = useTranslate();
  const [open, setOpen] = useState(false);
  const records = useAppState(selectDownloads);
  const questions = useAppState(selectHeldSplits);
  const active = records.filter((record) => !isFinished(record) && !record.held);
  if (records.length === 0) return null;
  return (
    <section className="downloads-tray" aria-label={t('downloads.tray.label')}>
      <button
        type="button"
        className="btn-ghost btn-small downloads-tray__toggle"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <svg className="downloads-tray__icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
          <path
            d="M8 1v9m0 0L4.5 6.5M8 10l3.5-3.5M2 12.5V14h12v-1.5"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
          />
        </svg>
        {/* on a phone the words are for screen readers only: the icon and the count show */}
        <span className="downloads-tray__label visually-hidden-on-phone">
          {t('downloads.tray.toggle', { count: active.length })}
        </span>
        <span className="downloads-tray__count" aria-hidden="true">
          {active.length}
        </span>
        {questions.length > 0 && <span className="badge badge-warn">{questions.length}</span>}
      </button>
      {open && (
        <div className="card stack downloads-tray__panel">
          <p role="status">{t('downloads.tray.active', { count: active.length })}</p>
          {questions.length > 0 && (
            <p className="download-row__notice">
              {t('downloads.tray.questions', { count: questions.length })}
            </p>
          )}
          <ul className="downloads-tray__list">
            {active.map((record) => (
              <li key={record.downloadId} className="stack">
                <span className="downloads-tray__name">{record.downloadName}</span>
                <DownloadProgressBar record={record} compact />
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
