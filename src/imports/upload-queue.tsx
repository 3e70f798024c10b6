import { useEffect, useId, useState } from 'react';
import {
  failedUploadsCleared,
  resumeDismissed,
  uploadRemoveRequested,
  uploadRetryRequested,
} from '../../streams/imports/events';
import type { UploadFile } from '../../streams/imports/selectors';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { formatSize } from '../i18n/format';
import { useLocale } from '../i18n/use-locale';
import { useTranslate } from '../i18n/use-translate';
import { ErrorMessage } from '../ui/error-message';
import { FilePreview, FileTypeIcon } from './file-preview';
import { formatDuration } from './model';
import {
  selectFailedUploads,
  selectUploadQueue,
  selectUploadsToResume,
} from '../../streams/imports/selectors';
import './messages';

/** The queue shows every running file and this many waiting ones (10 000 files stay one line). */
const WAITING_SHOWN = 50;
/** Speed and time left are refreshed this often while files are sent (a display tick, not a request). */
const DISPLAY_TICK_MS = 1000;

const RUNNING = new Set(['resolving', 'resolved']);

/** A clock for the display while something runs (speed, time left). */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), DISPLAY_TICK_MS);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

function UploadRow({ file, now }: { file: UploadFile; now: number }) {
  const t = useTranslate();
  const locale = useLocale();
  const dispatch = useDispatch();
  const running = RUNNING.has(file.status);
  const elapsed = file.startedAt !== null ? (now - file.startedAt) / 1000 : 0;
  const speed = running && elapsed > 0.5 && file.loaded > 0 ? file.loaded / elapsed : null;
  const left = speed ? Math.max(0, file.size - file.loaded) / speed : null;
  const state =
    file.status === 'registered'
      ? t('imports.uploadWaiting')
      : file.status === 'loaded'
        ? t('imports.uploadDone')
        : t('imports.uploadSending');
  return (
    <li aria-label={file.name} className={`imports-upload imports-upload--${file.status}`}>
      <FilePreview id={file.id} name={file.name} type={file.type} />
      <span className="imports-upload__name">{file.name}</span>
      <span className="imports-upload__size">{formatSize(file.size, locale)}</span>
      <progress
        aria-label={t('imports.fileProgress', { name: file.name })}
        max={100}
        value={file.progress}
        className="imports-upload__bar"
      />
      <span className="imports-upload__state">
        {state} {running && `${file.progress} %`}
      </span>
      {speed !== null && <span>{t('imports.speed', { speed: formatSize(speed, locale) })}</span>}
      {left !== null && <span>{t('imports.timeLeft', { time: formatDuration(left) })}</span>}
      <button type="button" onClick={() => dispatch(uploadRemoveRequested({ id: file.id }))}>
        {t('imports.cancelUpload')}
      </button>
    </li>
  );
}

/** What each failed upload says, next to its name: a refusal of the table in the user's words, else the server's words. */
export function FailedUploads({ jobId }: { jobId: string }) {
  const t = useTranslate();
  const dispatch = useDispatch();
  const failed = useAppState(selectFailedUploads, jobId);
  const headingId = useId();
  if (failed.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="imports-failed">
      <h3 id={headingId}>{t('imports.failedUploads')}</h3>
      <ul>
        {failed.map((file) => (
          <li key={file.id} aria-label={file.name} className="imports-failed__item">
            <FileTypeIcon type={null} name={file.name} />
            {file.retry ? (
              // the network or the server failed it: said in words, and sent again on request
              <ErrorMessage
                lead={`${file.name}:`}
                error={{ code: file.retry.code, message: file.message }}
                onRetry={() => dispatch(uploadRetryRequested({ id: file.id, jobId }))}
                retryLabel={t('imports.retry')}
              />
            ) : (
              <ErrorMessage
                lead={file.messageKey ? `${file.name}:` : `${file.name}: ${file.message}`}
                error={{ code: file.messageKey ?? 'error', message: file.message }}
              />
            )}
          </li>
        ))}
      </ul>
      <button type="button" onClick={() => dispatch(failedUploadsCleared({ jobId }))}>
        {t('imports.dismiss')}
      </button>
    </section>
  );
}

/** The files a reload left unsent: named and sized, to choose again (a File cannot be restored). */
export function ResumeList({ jobId, onChoose }: { jobId: string; onChoose(): void }) {
  const t = useTranslate();
  const locale = useLocale();
  const dispatch = useDispatch();
  const files = useAppState(selectUploadsToResume, jobId);
  const headingId = useId();
  if (files.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="imports-resume" role="status">
      <h3 id={headingId}>{t('imports.resume')}</h3>
      <p>{t('imports.resumeHint')}</p>
      <ul>
        {files.map((file) => (
          <li key={file.id}>
            {file.name} ({formatSize(file.size, locale)})
          </li>
        ))}
      </ul>
      <button type="button" onClick={onChoose}>
        {t('imports.addFiles')}
      </button>
      <button type="button" onClick={() => dispatch(resumeDismissed({ jobId }))}>
        {t('imports.forget')}
      </button>
    </section>
  );
}

/**
 * The job's upload queue: each file a list item named by its name with its progress bar, speed,
 * time left and "Cancel upload"; above it one bar for the whole queue (bytes sent of bytes chosen).
 */
export function UploadQueue({ jobId, addedBytes }: { jobId: string; addedBytes: number }) {
  const t = useTranslate();
  const files = useAppState(selectUploadQueue, jobId);
  const active = files.some((file) => RUNNING.has(file.status));
  const now = useNow(active);
  const headingId = useId();
  if (files.length === 0) return null;

  const remaining = files.reduce((sum, file) => sum + Math.max(0, file.size - file.loaded), 0);
  const total = Math.max(
    addedBytes,
    files.reduce((sum, file) => sum + file.size, 0),
    1,
  );
  const percent = Math.min(100, Math.max(0, Math.round(((total - remaining) / total) * 100)));
  const running = files.filter((file) => RUNNING.has(file.status) || file.status === 'invalid');
  const waiting = files.filter((file) => file.status === 'registered');
  const shown = [...running, ...waiting.slice(0, WAITING_SHOWN)];
  return (
    <section aria-labelledby={headingId} className="imports-queue">
      <h3 id={headingId}>{t('imports.queue')}</h3>
      <progress
        aria-label={t('imports.queueProgress')}
        max={100}
        value={percent}
        className="imports-queue__bar"
      />
      <span>
        {percent} % · {t('imports.queueSummary', { running: running.length, waiting: waiting.length })}
      </span>
      <ul aria-labelledby={headingId}>
        {shown.map((file) => (
          <UploadRow key={file.id} file={file} now={now} />
        ))}
      </ul>
      {waiting.length > WAITING_SHOWN && (
        <p>{t('imports.moreWaiting', { count: waiting.length - WAITING_SHOWN })}</p>
      )}
    </section>
  );
}
