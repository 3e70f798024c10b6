import {
  conflictSettled,
  discardRequested,
  type OutboxEntry,
  type OutboxLabel,
  retryRequested,
} from '../../streams/outbox/events';
import { useDispatch } from '../hooks/use-dispatch';
import type { MessageKey } from '../i18n/messages-en';
import { useTranslate } from '../i18n/use-translate';
import './messages';

/**
 * One kept write of "Pending changes": what it is and how it stands, with what the user may do.
 * A conflict shows both versions, "Yours" and "On the server", and lets the user keep either; a
 * write whose object vanished says so and can only be discarded.
 */
export function PendingEntry({ entry }: { entry: OutboxEntry }) {
  const t = useTranslate();
  const dispatch = useDispatch();
  const words = (label: OutboxLabel) => t(label.key as MessageKey, label.values);
  const button = (label: string, onClick: () => void) => (
    <button type="button" className="button" disabled={entry.state === 'sending'} onClick={onClick}>
      {label}
    </button>
  );
  const discard = button(t('outbox.discard'), () => dispatch(discardRequested({ entryId: entry.id })));
  const { conflict } = entry;
  if (entry.state === 'conflict' && conflict)
    return (
      <li className="outbox-list__entry outbox-list__entry--conflict">
        <p className="outbox-list__label">{words(entry.label)}</p>
        <p className="outbox-list__state">{t(conflict.theirs ? 'outbox.conflict' : 'outbox.vanished')}</p>
        <dl className="outbox-list__versions">
          <dt>{t('outbox.yours')}</dt>
          <dd>{words(conflict.yours)}</dd>
          {conflict.theirs && (
            <>
              <dt>{t('outbox.theirs')}</dt>
              <dd>{words(conflict.theirs)}</dd>
            </>
          )}
        </dl>
        <div className="outbox-list__actions">
          {conflict.theirs ? (
            <>
              {button(t('outbox.keepMine'), () =>
                dispatch(conflictSettled({ entryId: entry.id, keep: 'mine' })),
              )}
              {button(t('outbox.keepTheirs'), () =>
                dispatch(conflictSettled({ entryId: entry.id, keep: 'theirs' })),
              )}
            </>
          ) : (
            discard
          )}
        </div>
      </li>
    );
  return (
    <li className="outbox-list__entry">
      <p className="outbox-list__label">{words(entry.label)}</p>
      <p className="outbox-list__state">
        {entry.state === 'refused'
          ? `${t('outbox.refused')} ${entry.error.message}`
          : t(entry.state === 'sending' ? 'outbox.sending' : 'outbox.pending')}
      </p>
      <div className="outbox-list__actions">
        {button(t('outbox.retry'), () => dispatch(retryRequested({ entryId: entry.id })))}
        {discard}
      </div>
    </li>
  );
}
