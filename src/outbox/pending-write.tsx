import type { ReactNode } from 'react';
import { selectWriteState } from '../../streams/outbox/selectors';
import { useAppState } from '../hooks/use-app-state';
import { useTranslate } from '../i18n/use-translate';
import './messages';

/**
 * A domain's failed write as the outbox sees it: kept (said as pending, not as an error), saved
 * since, or sent again by the outbox (its entry speaks for it: nothing shown). Otherwise, the
 * failure as before (`children`: a refusal, a discarded write).
 */
export function PendingWrite({
  requestId,
  children,
}: {
  requestId: string | null | undefined;
  children: ReactNode;
}) {
  const t = useTranslate();
  const kept = useAppState(selectWriteState, requestId);
  if (kept === 'saved' || kept === 'resend') return null;
  if (kept === 'pending')
    return (
      <p role="status" className="pending-write">
        {t('outbox.pending')}
      </p>
    );
  return children;
}
