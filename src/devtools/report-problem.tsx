import { useId, useState } from 'react';
import { usePortal } from '../app/store-context';
import { useTranslate } from '../i18n/use-translate';
import { ModalDialog } from '../ui/modal-dialog';
import './devtools.css';
import './messages';

/**
 * The "Report a problem" dialog: a note, and a button that saves the redacted event log with the
 * note in it. Opened by `ReportProblemButton` (src/ui), which loads this module on first use.
 */
export default function ReportProblemDialog({ onClose }: { onClose: () => void }) {
  const t = useTranslate();
  const { exportEventLog } = usePortal();
  const [note, setNote] = useState('');
  const [savedAs, setSavedAs] = useState<string | null>(null);
  const noteId = useId();
  return (
    <ModalDialog title={t('devtools.report.heading')} onClose={onClose} className="report-dialog">
      <p>{t('devtools.report.intro')}</p>
      <label htmlFor={noteId}>{t('devtools.report.note')}</label>
      <textarea
        id={noteId}
        // the dialog opens on the user's click: the note is what they came to write
        // biome-ignore lint/a11y/noAutofocus: focus moves into the dialog that just opened
        autoFocus
        rows={4}
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
      />
      <div className="button-row">
        <button
          type="button"
          className="button btn-primary"
          onClick={() => void exportEventLog(note).then(setSavedAs)}
        >
          {t('devtools.report.export')}
        </button>
        <button type="button" className="button" onClick={onClose}>
          {savedAs ? t('devtools.report.close') : t('devtools.report.cancel')}
        </button>
      </div>
      {savedAs && (
        <p role="status" className="notice">
          {t('devtools.report.saved', { file: savedAs })}
        </p>
      )}
    </ModalDialog>
  );
}
