import { lazy, Suspense, useState } from 'react';
import { useTranslate } from '../i18n/use-translate';

// the dialog (and the log export it drives) loads on the first click, not with the shell
const ReportProblemDialog = lazy(() => import('../devtools/report-problem'));

/**
 * "Report a problem": opens a dialog with a note, whose button saves the redacted event log with
 * the note in it, ready to attach to a bug report. Place it anywhere inside the portal provider.
 */
export function ReportProblemButton({ className = 'button' }: { className?: string }) {
  const t = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)}>
        {t('devtools.report.button')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <ReportProblemDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
