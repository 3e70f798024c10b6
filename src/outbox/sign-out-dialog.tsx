import { discardAllRequested } from '../../streams/outbox/events';
import { useDispatch } from '../hooks/use-dispatch';
import { useTranslate } from '../i18n/use-translate';
import { ModalDialog } from '../ui/modal-dialog';
import './messages';

/** What to do with the writes still waiting, asked on "Sign out": keep them, discard them, or stay. */
export function SignOutDialog({
  count,
  signOut,
  onClose,
}: {
  count: number;
  signOut(): void;
  onClose(): void;
}) {
  const t = useTranslate();
  const dispatch = useDispatch();
  return (
    <ModalDialog
      title={t('outbox.signOutTitle')}
      onClose={onClose}
      footer={
        <>
          <button
            type="button"
            className="button btn-primary"
            onClick={() => {
              onClose();
              signOut();
            }}
          >
            {t('outbox.keep')}
          </button>
          <button
            type="button"
            className="button"
            onClick={() => {
              onClose();
              dispatch(discardAllRequested({}));
              signOut();
            }}
          >
            {t('outbox.discardAll')}
          </button>
          <button type="button" className="button" onClick={onClose}>
            {t('outbox.cancel')}
          </button>
        </>
      }
    >
      <p>{t('outbox.signOutText', { count })}</p>
    </ModalDialog>
  );
}
