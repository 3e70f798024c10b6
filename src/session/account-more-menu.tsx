import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslate } from '../i18n/use-translate';
import { ReportProblemDialog } from '../ui/report-problem-button';

/**
 * Who the portal is for, as a disclosure that opens the account menu: "Report a problem" lives
 * there, out of every screen's header (issue 28). A click elsewhere or Escape closes it; the
 * dialog the item opens is kept here, since the item goes away with the menu.
 */
export function AccountMoreMenu({ children }: { children: ReactNode }) {
  const t = useTranslate();
  const [open, setOpen] = useState(false);
  const [reporting, setReporting] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  useEffect(() => {
    if (!open) return;
    const away = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !root.current?.contains(document.activeElement)) return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('pointerdown', away);
    document.addEventListener('keydown', onEscape);
    return () => {
      document.removeEventListener('pointerdown', away);
      document.removeEventListener('keydown', onEscape);
    };
  }, [open]);

  return (
    <div ref={root} className="account-menu__more">
      <button
        ref={toggle}
        type="button"
        className="account-menu__who"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        {children}
        <svg className="account-menu__chevron" viewBox="0 0 12 12" width="12" height="12" aria-hidden="true">
          <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
        </svg>
      </button>
      {open && (
        <div id={panelId} className="card account-menu__panel">
          <button
            type="button"
            className="account-menu__item"
            onClick={() => {
              setOpen(false);
              setReporting(true);
            }}
          >
            {t('devtools.report.button')}
          </button>
        </div>
      )}
      {reporting && <ReportProblemDialog onClose={() => setReporting(false)} />}
    </div>
  );
}
