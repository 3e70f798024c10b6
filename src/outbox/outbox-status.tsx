import { useEffect, useState } from 'react';
import { selectOutboxDomains, selectOutboxEntries } from '../../streams/outbox/selectors';
import { selectEffectiveLocale } from '../../streams/session/selectors';
import type { LazyDomainName } from '../../streams/root';
import { selectIsDomainOn } from '../../streams/system/selectors';
import { domainsReady } from '../app/load-domains';
import { usePortal } from '../app/store-context';
import { useAppState } from '../hooks/use-app-state';
import { useTranslate } from '../i18n/use-translate';
import { ModalDialog } from '../ui/modal-dialog';
import './messages';
import { PendingEntry } from './pending-entry';
import './outbox.css';

/** "1 change waiting" / "3 changes waiting", through Intl.PluralRules in the user's locale. */
function useWaitingLabel(): (count: number) => string {
  const t = useTranslate();
  const locale = useAppState(selectEffectiveLocale);
  return (count) =>
    new Intl.PluralRules(locale).select(count) === 'one'
      ? t('outbox.waitingOne')
      : t('outbox.waiting', { count });
}

/**
 * The header's word on the outbox while it holds something: a status "N changes waiting" and the
 * "Pending changes" dialog, where each write can be sent now or discarded. The domains that send
 * the kept writes are brought here, whatever the screen.
 */
export function OutboxStatus() {
  const t = useTranslate();
  const portal = usePortal();
  const { store } = portal;
  const entries = useAppState(selectOutboxEntries);
  const domains = useAppState(selectOutboxDomains);
  const waiting = useWaitingLabel();
  const [open, setOpen] = useState(false);
  // the kept writes of a domain still off (its screen not opened yet) wait for its code
  useEffect(() => {
    const off = domains.split(',').filter((name) => name && !selectIsDomainOn(store.getState(), name));
    if (off.length > 0) void domainsReady(portal, off as LazyDomainName[]);
  }, [portal, store, domains]);
  // on a phone the status is read, not shown, and the button shows an icon and the count: the
  // header then holds on one row beside the account corner, the names unchanged (issue 28)
  return (
    <div className="outbox-status">
      {entries.length > 0 && (
        <span role="status" className="badge outbox-status__count visually-hidden-on-phone">
          {waiting(entries.length)}
        </span>
      )}
      <button type="button" className="button outbox-status__open" onClick={() => setOpen(true)}>
        <svg className="outbox-status__icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
          <path
            d="M4.5 12.5h-.25a3 3 0 0 1-.4-5.97 4 4 0 0 1 7.8-.9 3.25 3.25 0 0 1 .6 6.87M8 14V8.5m-2 2 2-2 2 2"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <span className="outbox-status__label visually-hidden-on-phone">{t('outbox.open')}</span>
        {entries.length > 0 && (
          <span className="badge outbox-status__badge" aria-hidden="true">
            {entries.length}
          </span>
        )}
      </button>
      {open && <PendingChangesDialog onClose={() => setOpen(false)} />}
    </div>
  );
}

function PendingChangesDialog({ onClose }: { onClose(): void }) {
  const t = useTranslate();
  const entries = useAppState(selectOutboxEntries);
  return (
    <ModalDialog
      title={t('outbox.title')}
      onClose={onClose}
      returnFocus=".header__actions button"
      footer={
        <button type="button" className="button" onClick={onClose}>
          {t('outbox.close')}
        </button>
      }
    >
      <p>{t('outbox.intro')}</p>
      <ol className="outbox-list">
        {entries.map((entry) => (
          <PendingEntry key={entry.id} entry={entry} />
        ))}
      </ol>
    </ModalDialog>
  );
}
