import { lazy, Suspense, useState } from 'react';
import { useTranslate } from '../i18n/use-translate';

// the dialog (and the log export it drives) loads on the first click, not with the shell
const LazyReportProblemDialog = lazy(() => import('../devtools/report-problem'));

/**
 * The "Report a problem" dialog: a note, whose button saves the redacted event log with the note
 * in it, ready to attach to a bug report. For a control that goes away when it is used (a menu's
 * item), the dialog is rendered by what stays. Place it anywhere inside the portal provider.
 */
export function ReportProblemDialog({ onClose }: { onClose: () => void }) {
  return (
    <Suspense fallback={null}>
      <LazyReportProblemDialog onClose={onClose} />
    </Suspense>
  );
}

/** "Report a problem" as a button that opens the dialog: the error view's. */
export function ReportProblemButton({ className = 'button' }: { className?: string }) {
  const t = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)}>
        {t('devtools.report.button')}
      </button>
      {open && <ReportProblemDialog onClose={() => setOpen(false)} />}
    </>
  );
}
