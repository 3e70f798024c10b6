import { type FormEvent, useEffect, useId, useState } from 'react';
import { createRequested, itemsAddRequested } from '../../streams/carts/edit-events';
import { DownloadDialog } from '../downloads/download-dialog';
import { selectMutation } from '../../streams/carts/selectors';
import { useAppState } from '../hooks/use-app-state';
import { useDispatch } from '../hooks/use-dispatch';
import { formatDateTime, plural } from '../i18n/format';
import { useLocale } from '../i18n/use-locale';
import { useTranslate } from '../i18n/use-translate';
import { ErrorMessage } from '../ui/error-message';
import { ModalDialog, SubmitOrCancel } from '../ui/modal-dialog';
import './results/messages';
import type { SelectionDialogProps } from './selection-dialog';

type Step =
  | { at: 'name' }
  | { at: 'create'; requestId: string | null; name: string }
  | { at: 'fill'; requestId: string | null; name: string; cartId: string }
  | { at: 'download'; name: string; cartId: string };

/**
 * "Download selection": the protocol zips carts only (§7: `testZipCart`/`zipCart` take a cart id,
 * and a `selection` must be items of that cart), so the selected assets go into a new private cart
 * of mine, named here ("Selection {date}" unless changed), and that cart is downloaded through the
 * downloads domain's own dialog (profile, contact sheet, progress, splitting). The cart stays in
 * my carts, where it can be deleted once downloaded.
 */
export function SelectionDownloadDialog({ resource, ids, onClose }: SelectionDialogProps) {
  const t = useTranslate();
  const locale = useLocale();
  const dispatch = useDispatch();
  const nameId = useId();
  const [name, setName] = useState(() =>
    t('results.downloadDefaultName', { date: formatDateTime(locale, Date.now()) }),
  );
  // the selection as it was when the download was asked for
  const [items] = useState(() => ({ [resource]: [...ids] }));
  const [step, setStep] = useState<Step>({ at: 'name' });
  const created = useAppState(selectMutation, step.at === 'create' ? step.requestId : null);
  const filled = useAppState(selectMutation, step.at === 'fill' ? step.requestId : null);

  // the cart is created, then filled, then downloaded: each step once the one before has answered
  useEffect(() => {
    if (step.at === 'create' && created?.status === 'loaded' && created.cartId) {
      const request = dispatch(itemsAddRequested({ cartId: created.cartId, items }));
      setStep({ at: 'fill', requestId: request?.meta.id ?? null, name: step.name, cartId: created.cartId });
    }
  }, [step, created, dispatch, items]);
  useEffect(() => {
    if (step.at === 'fill' && filled?.status === 'loaded') {
      setStep({ at: 'download', name: step.name, cartId: step.cartId });
    }
  }, [step, filled]);

  if (step.at === 'download') {
    return <DownloadDialog cartId={step.cartId} cartName={step.name} onClose={onClose} />;
  }

  const start = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return;
    const request = dispatch(
      createRequested({ name: trimmed, description: '', isPrivate: true, collaborators: [] }),
    );
    setStep({ at: 'create', requestId: request?.meta.id ?? null, name: trimmed });
  };
  const failure = [created, filled].find(
    (outcome) => outcome?.status === 'error' || outcome?.status === 'invalid',
  );
  const busy = step.at !== 'name' && !failure;
  return (
    <ModalDialog title={t('results.downloadTitle')} onClose={onClose} className="selection-download-dialog">
      <form className="form" onSubmit={start}>
        <p>
          {plural(locale, ids.length, {
            one: t('results.downloadIntroOne', { count: ids.length }),
            other: t('results.downloadIntroOther', { count: ids.length }),
          })}
        </p>
        <label className="form__field" htmlFor={nameId}>
          <span>{t('results.downloadName')}</span>
        </label>
        <input
          id={nameId}
          type="text"
          value={name}
          required
          disabled={busy}
          onChange={(event) => setName(event.target.value)}
        />
        {busy && <p role="status">{t('results.preparing')}</p>}
        {failure && (
          <ErrorMessage
            lead={t('results.prepareFailed')}
            error={failure.error ?? { code: 'error', message: failure.message ?? '' }}
          />
        )}
        <SubmitOrCancel
          submit={t('results.downloadContinue')}
          cancel={t('results.downloadCancel')}
          onCancel={onClose}
          disabled={busy || !name.trim()}
          primary
        />
      </form>
    </ModalDialog>
  );
}
