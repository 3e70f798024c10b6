import type { ReactNode } from 'react';
import { selectWriteState } from '../../streams/outbox/selectors';
import { useAppState } from '../hooks/use-app-state';
import type { MessageKey } from '../i18n/messages-en';
import { useTranslate } from '../i18n/use-translate';
import './messages';

/**
 * A domain's failed write as the outbox sees it: kept (said as pending, not as an error), saved
 * since, or sent again by the outbox (its entry speaks for it: nothing shown). Otherwise, the
 * failure as before (`children`: a refusal, a discarded write).
 */
export function PendingWrite({
  requestId,
  pending = 'outbox.pending',
  children,
}: {
  requestId: string | null | undefined;
  /** the message key that says it is kept, when the place has its own words for it */
  pending?: MessageKey;
  children: ReactNode;
}) {
  const t = useTranslate();
  const kept = useAppState(selectWriteState, requestId);
  if (kept === 'saved' || kept === 'resend') return null;
  if (kept === 'pending')
    return (
      <p role="status" className="pending-write">
        {t(pending)}
      </p>
    );
  return children;
}
